"""The Hire action: one doctor and/or one nurse or orderly (rulebook "Action: Hire").

Costs (decisions): university space from the left $4, $3, $2, $1; the cheapest nurse
left in the current round's column, $1-$4 by row from the bottom; orderlies $1.  The
hire stands on an entrance or helipad of the player's choice and its car parks on a free
spot of the player's choice, or there is no hire.  **House rule:** a hire is only offered
at an arrival point from which the new employee can reach a place to end the Move phase
(a service hub for doctors and nurses; a supply room with no orderly for an orderly).
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from core.clinic.board import Border, Space
from core.clinic.components import Helipad, Role
from core.clinic.constants import CAPACITY
from .memo import for_spots, free_parking_spots, reach_from
from core.clinic.people import Clinic, Location, Person, hire

from . import constants as K
from .actions import Done, HireDoctor, HireNurse, HireOrderly
from .outcome import Outcome, waiting_or
from .state import GameState, set_player

_ROLE_INDEX = {Role.DOCTOR: 0, Role.NURSE: 1, Role.ORDERLY: 2}


def arrival_points(clinic: Clinic) -> tuple[Location, ...]:
    """Entrances, then helipads."""
    board = clinic.board
    return tuple(board.entrances) + board.spaces_with(Helipad)


def on_arrival_point(clinic: Clinic, person: Person) -> bool:
    """True while ``person`` stands on an entrance or helipad (not yet inside)."""
    w = person.where
    return isinstance(w, Border) or (
        isinstance(w, Space) and isinstance(clinic.board.tile_at(w), Helipad)
    )


def can_settle(clinic: Clinic, role: Role, arrival: Location) -> bool:
    """Can a new ``role`` standing on ``arrival`` reach a place to end the Move phase (a
    service hub for doctors and nurses; a supply room with no orderly for an orderly)?
    Advice for computer players only: every arrival point is offered."""
    board = clinic.board
    idx = _ROLE_INDEX[role]
    if role is Role.ORDERLY:
        taken = {p.where for p in clinic.people if p.role is Role.ORDERLY}
        waiting = sum(
            1 for p in clinic.people if p.role is Role.ORDERLY and on_arrival_point(clinic, p)
        )
        free = [
            s for s in reach_from(board, arrival, role)
            if isinstance(s, Space) and (m := board.module_at(s)) is not None
            and CAPACITY[m.kind.value][idx] and s not in taken
        ]
        return len(free) > waiting
    return any(
        isinstance(s, Space) and (m := board.module_at(s)) is not None
        and CAPACITY[m.kind.value][idx] is None
        for s in reach_from(board, arrival, role)
    )


def doctor_cost(state: GameState, slot: int) -> int:
    """Dollars for the doctor on university space ``slot`` (0 = leftmost): $4, $3, $2,
    $1 (decisions), changed by the expansions in play (``hooks.hire_cost``)."""
    from core.clinic.game.hooks import hire_cost

    cost = K.UNIVERSITY_COSTS[slot]
    return hire_cost(state, slot, cost) if state.config.options else cost


def nurse_cost(state: GameState) -> int | None:
    """Cost of the cheapest nurse left in this round's column, or None if none left."""
    left = state.nurses[state.round - 1]
    if left <= 0:
        return None
    return K.NURSE_COSTS[state.player_count - left]


def hire_options(state: GameState) -> list:
    """Every hire the current player may make now (every entrance and helipad, every
    free parking spot), then ``Done``."""
    seat = state.current
    p = state.players[seat]
    clinic = p.clinic
    spots = free_parking_spots(clinic.board)
    out: list = []
    if spots and state.cars_lot > 0:
        arrivals = arrival_points(clinic)
        if not state.step.hired_doctor:
            for slot, colour in enumerate(state.university):
                if colour is not None and doctor_cost(state, slot) <= p.money:
                    out += _hires(HireDoctor, (slot,), arrivals, spots)
        if not state.step.hired_other:
            cost = nurse_cost(state)
            if cost is not None and cost <= p.money:
                out += _hires(HireNurse, (), arrivals, spots)
            if state.orderlies > 0 and K.ORDERLY_COST <= p.money:
                out += _hires(HireOrderly, (), arrivals, spots)
    out.append(Done())
    return out


def _hires(kind: type, first: tuple, arrivals: tuple, spots: tuple) -> tuple:
    """``kind(*first, a, c)`` for each arrival point ``a``, then each car spot ``c``
    (kept: ``memo.for_spots``)."""
    return for_spots((kind, first, arrivals), spots,
                     lambda: tuple(kind(*first, a, c) for a in arrivals for c in spots))


def apply_hire(state: GameState, action) -> Outcome:
    """Pay, take the person off the main board, take a car, place both; the action is
    ``Finished`` once a doctor and another person are hired."""
    seat = state.current
    p = state.players[seat]
    if isinstance(action, HireDoctor):
        colour = state.university[action.slot]
        cost = doctor_cost(state, action.slot)
        uni = state.university[: action.slot] + (None,) + state.university[action.slot + 1 :]
        clinic = hire(p.clinic, Role.DOCTOR, action.arrival, action.car, colour)
        state = evolve(state, university=uni, step=evolve(state.step, hired_doctor=True))
    elif isinstance(action, HireNurse):
        cost = nurse_cost(state)
        i = state.round - 1
        nurses = state.nurses[:i] + (state.nurses[i] - 1,) + state.nurses[i + 1 :]
        clinic = hire(p.clinic, Role.NURSE, action.arrival, action.car)
        state = evolve(state, nurses=nurses, step=evolve(state.step, hired_other=True))
    else:
        cost = K.ORDERLY_COST
        clinic = hire(p.clinic, Role.ORDERLY, action.arrival, action.car)
        state = evolve(state, orderlies=state.orderlies - 1, step=evolve(state.step, hired_other=True))
    p = evolve(p, clinic=clinic, money=p.money - cost)
    state = evolve(state, players=set_player(state, seat, p), cars_lot=state.cars_lot - 1)
    return waiting_or(state, state.step.hired_doctor and state.step.hired_other)


