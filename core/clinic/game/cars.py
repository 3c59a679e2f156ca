"""Taking a car: "When a person (whether patient or employee) leaves, even if due to
unfortunate circumstances, remove the car of your choice from your board, and return it
to the supply." (rulebook, Taking a Car).

People leave in three places: cured patients go home in Business, red patients die in
Admin, and anyone still stuck on an entrance or helipad when a player ends the Move
phase is dismissed.  Each leaver adds one to the owner's ``PlayerState.cars_owed``; the
car is still parked until it is removed (and only then goes back to the lot).

``settle_cars(state, then)`` removes without asking whatever involves no choice (every
car owed sits on one spot, or every parked car goes), then asks each player still owing
cars, in turn order, for ``RemoveCar(spot)`` actions (``Phase.REMOVE_CAR``); when every
car is removed the round goes on after ``then`` (``AfterCars``): both return an outcome
(``outcome.Waiting`` while a player chooses, ``outcome.Finished`` naming the round's
point to go on at), and ``flow`` goes on.  After the last Admin no
choice matters any more, so ``remove_all_owed`` takes the computer's car then.

Computer players (and the end of the game) choose by ``computer_car``.
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from core.clinic.board import Board, Border
from core.clinic.parking import CarSpot, parked_spots, remove_car

from .actions import RemoveCar
from .setup import clockwise_borders
from .outcome import Finished, Outcome, Resume, Waiting
from .state import AfterCars, GameState, Phase, set_player

#: Where the round goes on once the cars are removed.
RESUME = {AfterCars.MOVE: Resume.NEXT_MOVER, AfterCars.BUSINESS: Resume.BUYING, AfterCars.ROUND: Resume.ROUND}


def choice_matters(board: Board, owed: int) -> bool:
    """True when removing ``owed`` cars from ``board`` can leave different boards: fewer
    cars owed than parked, and cars on at least two different spots (cars on one parking
    tile are all alike)."""
    return 0 < owed < board.parked_cars and len(parked_spots(board)) >= 2


def computer_car(board: Board) -> CarSpot:
    """The car a computer player removes (the stated rule): a car on a border before one
    on a parking tile, since a border car blocks building on the two spaces beside it
    and a parking-tile car blocks nothing; among border cars the first clockwise from the
    first entrance (as the starting car is parked; without an entrance, from the north
    border of A1); among parking tiles the first in board order.  Raises ValueError
    when no car is parked."""
    spots = parked_spots(board)
    if not spots:
        raise ValueError("Taking a car: no car is parked on this board")
    borders = [s for s in spots if isinstance(s, Border)]
    if borders:
        ring = clockwise_borders(board)
        start = ring.index(board.entrances[0]) + 1 if board.entrances and board.entrances[0] in ring else 0
        order = ring[start:] + ring[:start]
        for b in order:
            if b in borders:
                return b
        return borders[0]
    return spots[0]


def take_car(state: GameState, seat: int, spot: CarSpot) -> GameState:
    """``seat`` removes one car owed from ``spot``; it goes back to the lot.  Raises
    IllegalActionError when no car is parked there."""
    p = state.players[seat]
    board = remove_car(p.clinic.board, spot)
    p = evolve(p, clinic=evolve(p.clinic, board=board), cars_owed=p.cars_owed - 1)
    return evolve(state, players=set_player(state, seat, p), cars_lot=state.cars_lot + 1)


def owe_cars(state: GameState, seat: int, count: int) -> GameState:
    """``count`` of ``seat``'s people left: their cars are owed (removed later)."""
    if count == 0:
        return state
    p = state.players[seat]
    return evolve(state, players=set_player(state, seat, evolve(p, cars_owed=p.cars_owed + count)))


def remove_without_choice(state: GameState, seat: int) -> GameState:
    """Remove the cars ``seat`` owes while no choice is involved (all from one spot, or
    every parked car); the rest stays owed."""
    while True:
        p = state.players[seat]
        board = p.clinic.board
        if p.cars_owed <= 0 or choice_matters(board, p.cars_owed):
            return state
        spots = parked_spots(board)
        if not spots:  # nobody left a car: nothing to take
            return evolve(state, players=set_player(state, seat, evolve(p, cars_owed=0)))
        state = take_car(state, seat, spots[0])


def remove_all_owed(state: GameState) -> GameState:
    """Every car owed removed by ``computer_car`` (the game is over: no choice is left
    that could change anything)."""
    for seat in range(state.player_count):
        state = remove_without_choice(state, seat)
        while state.players[seat].cars_owed > 0:
            state = take_car(state, seat, computer_car(state.players[seat].clinic.board))
    return state


def owing(state: GameState) -> bool:
    return any(p.cars_owed for p in state.players)


def settle_cars(state: GameState, then: AfterCars) -> Outcome:
    """Remove what involves no choice, then ask the players still owing cars in turn
    order (``Waiting`` in ``Phase.REMOVE_CAR``, ``cars_then`` saying where the round
    stands), or ``Finished`` at once (the round goes on after ``then``).  With ``then``
    MOVE only the current player owes cars and the Move phase's queue is kept."""
    for seat in state.turn_order:
        state = remove_without_choice(state, seat)
    seats = tuple(s for s in state.turn_order if state.players[s].cars_owed)
    if not seats:
        return Finished(state, RESUME[then])
    queue = state.queue if then is AfterCars.MOVE else seats
    return Waiting(evolve(state, phase=Phase.REMOVE_CAR, queue=queue, cars_then=then))


def remove_car_options(state: GameState) -> list[RemoveCar]:
    """One ``RemoveCar`` per spot holding a car of the current player, the computer's
    choice first."""
    board = state.players[state.current].clinic.board
    first = computer_car(board)
    return [RemoveCar(first)] + [RemoveCar(s) for s in parked_spots(board) if s != first]


def apply_remove_car(state: GameState, action: RemoveCar) -> Outcome:
    """The current player removes the car at ``action.spot``; once they owe no more,
    the next player owing cars chooses, or the round goes on after ``cars_then``."""
    seat = state.current
    state = remove_without_choice(take_car(state, seat, action.spot), seat)
    if state.players[seat].cars_owed:
        return Waiting(state)
    then = state.cars_then
    assert then is not None
    if then is AfterCars.MOVE:
        return Finished(evolve(state, cars_then=None), RESUME[then])
    queue = state.queue[1:]
    if queue:
        return Waiting(evolve(state, queue=queue))
    return Finished(evolve(state, cars_then=None, queue=()), RESUME[then])
