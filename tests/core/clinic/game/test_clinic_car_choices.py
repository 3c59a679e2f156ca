"""The player's own choices (issue 11, "Your choice, not the engine's"): where a hire
arrives, which car leaves with whoever leaves."""

from __future__ import annotations

from attrs import evolve

from core.clinic import (
    Colour,
    Direction,
    Module,
    ModuleKind,
    PreAdmissions,
    Role,
    Service,
    admit_patient,
    beginner_initial_board,
    border_of,
    build,
    hire,
    parse_space,
)
from core.clinic.construction import BuildEntrance, BuildModule, BuildParking
from core.clinic.game import apply_action, legal_actions
from core.clinic.game.actions import EndMove, HireNurse, RemoveCar
from core.clinic.game.bots import BasicBot
from core.clinic.game.cars import choice_matters, computer_car, settle_cars
from core.clinic.game.outcome import Waiting
from core.clinic.game.flow import start_business
from core.clinic.game.setup import clockwise_borders
from core.clinic.game.hire import can_settle
from core.clinic.game.narration import describe
from core.clinic.game.serialize import action_from_data, action_to_data, state_from_json, state_to_json
from core.clinic.game.state import ActionTile, AfterCars, Phase, Turn
from core.clinic.game.undo import reveals_hidden
from core.clinic.people import Clinic

from .game_helpers import invariant_violations, with_clinic, with_player
from .test_clinic_game_examples import solo

W, R = Colour.WHITE, Colour.RED
PSY = Service.PSYCHIATRY
N, E, S, WEST = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST


# --- Hire: any entrance or helipad ------------------------------------------------------
def _two_entrances():
    """Beginner clinic (hub B3, treatment room C3, supply room C2, entrance south of B3)
    plus a lab at A1 with its own entrance west of A1: no service hub reachable from it."""
    board = beginner_initial_board(W)
    board = build(board, BuildModule(Module(ModuleKind.LAB), parse_space("A1")))
    board = build(board, BuildEntrance(border_of("A1", WEST)))
    return board


def test_every_entrance_is_offered_even_one_whose_hub_cannot_be_reached():
    """Rulebook, Action: Hire: "Place the new hire on any entrance or helipad of your
    choice." The entrance west of A1 leads only into a lab, where a nurse can never end
    the Move phase; it is offered all the same."""
    state = solo()
    lonely = border_of("A1", WEST)
    clinic = Clinic(_two_entrances())
    assert not can_settle(clinic, Role.NURSE, lonely)  # the old house rule hid it
    state = evolve(
        with_clinic(state, 0, clinic), phase=Phase.HIRE, queue=(0,),
        selected=(ActionTile.HIRE,), step=Turn(),
    )
    arrivals = {a.arrival for a in legal_actions(state) if isinstance(a, HireNurse)}
    assert arrivals == set(clinic.board.entrances) == {border_of("B3", S), lonely}


def test_a_hire_stuck_at_the_end_of_the_move_leaves_and_its_owner_chooses_the_car():
    """Rulebook, Taking a Car: "When a person (whether patient or employee) leaves ...
    remove the car of your choice from your board." A nurse hired at the lonely entrance
    cannot get in and is dismissed when the Move phase ends; two cars on two borders:
    the player is asked which goes."""
    state = solo()
    board = _two_entrances()
    doctor_car, nurse_car = border_of("A3", WEST), border_of("D1", N)
    clinic = hire(Clinic(board), Role.DOCTOR, border_of("B3", S), doctor_car, W)
    clinic = evolve(clinic, people=(evolve(clinic.last, where=parse_space("B3")),))
    clinic = hire(clinic, Role.NURSE, border_of("A1", WEST), nurse_car)
    state = with_clinic(evolve(state, cars_lot=state.cars_lot - 2 + 1), 0, clinic)
    state = evolve(state, phase=Phase.MOVE, queue=(0,), step=Turn())
    assert EndMove() in legal_actions(state)
    state = apply_action(state, EndMove())
    assert state.phase is Phase.REMOVE_CAR and state.current == 0
    assert set(legal_actions(state)) == {RemoveCar(doctor_car), RemoveCar(nurse_car)}
    lot = state.cars_lot
    after = apply_action(state, RemoveCar(nurse_car))
    assert after.players[0].clinic.board.border_cars == frozenset({doctor_car})
    assert after.cars_lot == lot + 1 and after.players[0].cars_owed == 0
    assert after.phase is not Phase.REMOVE_CAR
    assert after.players[0].dismissed_nurses == 1


# --- Going Home: the car of your choice -----------------------------------------------
def _cured_patient_state(doctor_car, patient_car, parking=None):
    """Solo, Move phase just ended: a white doctor and a white psychiatry patient in the
    treatment room C3 (beginner white layout), their cars at the given spots."""
    state = solo()
    board = beginner_initial_board(W)
    if parking is not None:
        board = build(board, BuildParking(parking))
    clinic = hire(Clinic(board), Role.DOCTOR, border_of("B3", S), doctor_car, W)
    clinic = admit_patient(clinic, W, PSY, patient_car)
    room = parse_space("C3")
    clinic = evolve(clinic, people=tuple(evolve(p, where=room) for p in clinic.people))
    state = with_clinic(evolve(state, cars_lot=state.cars_lot - 1), 0, clinic)
    return evolve(state, phase=Phase.MOVE, queue=(), step=Turn())


def test_a_cured_patient_takes_the_car_its_owner_chooses():
    """Rulebook, Going Home: "Each successfully treated patient ... takes a car — any car
    (see Taking a Car, p.12) — and goes home"; Taking a Car: "remove the car of your
    choice". Two cars on two different borders: the player chooses, and the chosen one
    goes (the engine used to take the first border in board order)."""
    first, second = border_of("A1", N), border_of("D3", E)
    state = start_business(_cured_patient_state(first, second))
    assert state.players[0].cured == 1
    assert state.phase is Phase.REMOVE_CAR and state.cars_then is AfterCars.BUSINESS
    assert set(legal_actions(state)) == {RemoveCar(first), RemoveCar(second)}
    after = apply_action(state, RemoveCar(second))
    assert after.players[0].clinic.board.border_cars == frozenset({first})
    assert after.phase in (Phase.BUY_POPULARITY, Phase.SELECT)
    assert "removes the car on the border east of D3" in describe(state, RemoveCar(second), after)
    assert after.cars_lot == state.cars_lot + 1


def test_no_question_when_every_car_is_alike():
    """Both cars on one parking tile: any car is the same car, so the engine removes one
    without asking."""
    tile = parse_space("A1")
    state = _cured_patient_state(tile, tile, parking=tile)
    assert not choice_matters(state.players[0].clinic.board, 1)
    after = start_business(state)
    assert after.phase is not Phase.REMOVE_CAR
    assert after.players[0].clinic.board.parked_cars == 1 and after.players[0].cars_owed == 0


def test_deaths_in_admin_are_settled_in_turn_order_before_the_round():
    """Red patients die in Admin ("Taking a Car": "even if due to unfortunate
    circumstances"): every player owing a car with a choice is asked, in turn order,
    before the next round begins."""
    from core.clinic.game import new_game

    state = new_game(["Ann", "Bob"], 3, turn_order=(1, 0))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    for seat in (0, 1):
        clinic = state.players[seat].clinic
        spot = border_of("A1", N) if border_of("A1", N) not in clinic.board.border_cars else border_of("B1", N)
        clinic = admit_patient(clinic, R, PSY, spot)
        state = with_player(with_clinic(state, seat, clinic), seat, cars_owed=1)
        state = with_clinic(state, seat, evolve(clinic, people=clinic.people[:-1]))
    state = evolve(state, cars_lot=state.cars_lot - 2)
    waiting = settle_cars(state, AfterCars.ROUND)
    assert isinstance(waiting, Waiting)  # players choose: the round waits for them
    state = waiting.state
    assert state.phase is Phase.REMOVE_CAR and state.queue == (1, 0)
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.REMOVE_CAR and state.current == 0
    state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is Phase.SELECT and state.queue == state.turn_order
    assert not invariant_violations(state)


# --- Computer players' rule --------------------------------------------------------------
def test_computer_removes_a_border_car_first_clockwise_from_the_entrance():
    """The stated rule (docs/rules/clinic.md): a car on a border before one on a parking
    tile, the first border clockwise from the entrance (south of B3: the ring goes on
    west along the south edge, so south of A3 comes before north of A1)."""
    board = beginner_initial_board(W)
    board = build(board, BuildParking(parse_space("D1")))
    clinic = hire(Clinic(board), Role.DOCTOR, border_of("B3", S), parse_space("D1"), W)
    clinic = hire(clinic, Role.NURSE, border_of("B3", S), border_of("A1", N))
    assert computer_car(clinic.board) == border_of("A1", N)  # border before the tile
    clinic = hire(clinic, Role.NURSE, border_of("B3", S), border_of("A3", S))
    assert computer_car(clinic.board) == border_of("A3", S)  # first clockwise
    board_tiles_only = evolve(clinic.board, border_cars=frozenset())
    assert computer_car(board_tiles_only) == parse_space("D1")


def test_without_an_entrance_the_computers_ring_starts_north_of_a1():
    """The stated rule's ring starts after the first entrance; a board without one
    starts it at the north border of A1, the first border of the ring."""
    board = evolve(beginner_initial_board(W), entrances=())
    ring = clockwise_borders(board)
    assert ring[0] == border_of("A1", N) and ring[1] == border_of("B1", N)
    both = evolve(board, border_cars=frozenset({ring[1], ring[0]}))
    assert computer_car(both) == border_of("A1", N)
    assert computer_car(evolve(board, border_cars=frozenset({ring[1], ring[-1]}))) == border_of("B1", N)


def test_basic_bot_removes_by_the_stated_rule():
    first, second = border_of("A1", N), border_of("A3", S)
    state = start_business(_cured_patient_state(first, second))
    assert BasicBot().choose(state) == RemoveCar(second)


# --- Saves, undo ---------------------------------------------------------------------------
def test_remove_car_is_saved_and_undoable():
    """A car choice reveals nothing hidden, so it may be undone within the turn."""
    state = start_business(_cured_patient_state(border_of("A1", N), parse_space("D1"), parking=parse_space("D1")))
    for action in legal_actions(state):
        assert action_from_data(action_to_data(action)) == action
    assert state_from_json(state_to_json(state)) == state
    action = legal_actions(state)[0]
    assert not reveals_hidden(state, action, apply_action(state, action))


def test_pre_admissions_patient_car_choice_keeps_invariants():
    state = _cured_patient_state(border_of("A1", N), border_of("A2", WEST))
    clinic = state.players[0].clinic
    clinic = admit_patient(clinic, W, PSY, border_of("D3", E))
    assert clinic.last.where == PreAdmissions(PSY)
    state = with_clinic(evolve(state, cars_lot=state.cars_lot - 1), 0, clinic)
    state = start_business(state)
    assert set(legal_actions(state)) == {RemoveCar(border_of("A1", N)), RemoveCar(border_of("A2", WEST)), RemoveCar(border_of("D3", E))}


# --- The starting car ------------------------------------------------------------------------
def test_beginners_choose_where_the_starting_car_stands_first_clockwise_offered_first():
    """Decisions (rules-decisions.md, beginner initial clinics): "the starting car is
    parked on the first free border clockwise from the entrance, or where the player
    chooses." Each beginner chooses in turn order; the first clockwise is offered first
    (and already stands there), and the chosen border gets the car."""
    from core.clinic.game import new_game
    from core.clinic.game.actions import ParkStartingCar
    from core.clinic.game.setup import clockwise_borders

    state = new_game(["Ann", "Bob"], 7, turn_order=(1, 0))
    assert state.phase is Phase.START_CAR and state.queue == (1, 0)
    board = state.players[1].clinic.board
    options = legal_actions(state)
    assert all(isinstance(a, ParkStartingCar) for a in options)
    assert options[0].spot in board.border_cars  # where the engine parked it
    ring = clockwise_borders(board)
    start = ring.index(board.entrances[0])
    first_free = next(b for b in ring[start + 1 :] + ring[:start] if not board.module_touches_border(b))
    assert options[0].spot == first_free
    other = options[3].spot
    state = apply_action(state, options[3])
    assert state.players[1].clinic.board.border_cars == frozenset({other})
    assert state.phase is Phase.START_CAR and state.current == 0
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.BONUS
    assert not invariant_violations(state)


def test_experts_choose_the_starting_car_after_their_entrance():
    from core.clinic import BoardSide
    from core.clinic.game import new_game
    from core.clinic.game.actions import ParkStartingCar

    state = new_game(1, 3, expert=True, sides=[BoardSide.EXPERT])
    while not isinstance(legal_actions(state)[0], ParkStartingCar):
        state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.EXPERT_SETUP
    choice = legal_actions(state)[-1]
    state = apply_action(state, choice)
    assert state.players[0].clinic.board.border_cars == frozenset({choice.spot})
    assert state.phase is Phase.BONUS and not invariant_violations(state)


def test_owing_more_cars_than_are_parked_takes_every_car_and_forgives_the_rest():
    """Rulebook, Move: whoever leaves "takes a car" back to the parking lot.  A player who
    owes 2 cars with 1 parked has no choice to make: that car goes back to the lot, and
    the car that is not there is not owed any more (nothing left to take)."""
    from core.clinic.game.cars import remove_without_choice
    from core.clinic.parking import park_car

    board = park_car(beginner_initial_board(W), border_of("A1", N))
    state = with_player(with_clinic(solo(), 0, Clinic(board)), 0, cars_owed=2)
    after = remove_without_choice(state, 0)
    assert after.players[0].cars_owed == 0
    assert after.players[0].clinic.board.parked_cars == 0
    assert after.cars_lot == state.cars_lot + 1
