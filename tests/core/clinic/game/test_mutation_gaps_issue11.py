"""Rules of issue 11 (free movement, the players' own car choices, the starting car)
where mutation testing (issue 19) found changes no test noticed.  Fixed positions on the
beginner clinic: psychiatry service hub B3, treatment room C3, supply room C2, entrance
south of B3 (rulebook, Construct your Initial Clinic)."""

from __future__ import annotations

import pytest
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
    walk_time,
)
from core.clinic.build_options import movable_cars
from core.clinic.construction import BuildModule, BuildParking
from core.clinic.errors import IllegalActionError
from core.clinic.game import apply_action, new_game
from core.clinic.game.actions import BuyPopularity, HireDoctor, HireNurse, HireOrderly, MovePerson
from core.clinic.game.hire import can_settle
from core.clinic.game.rules import reject_reason
from core.clinic.game.setup import auto_car_spot, clockwise_borders, starting_car_spots
from core.clinic.game.state import Phase, Turn
from core.clinic.game.view import player_view
from core.clinic.parking import park_car
from core.clinic.people import Clinic

from .game_helpers import with_player
from .test_clinic_game_examples import solo

W = Colour.WHITE
N, E, S, WEST = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST
PSY = Service.PSYCHIATRY


def _board():
    return beginner_initial_board(W)


# --- The starting car: clockwise from the entrance --------------------------------------
def test_the_clockwise_ring_of_outer_borders():
    """Decisions (rules-decisions.md, beginner initial clinics): "the starting car is
    parked on the first free border clockwise from the entrance".  Clockwise on the 4x3
    board: the north edge west to east, the east edge north to south, the south edge
    east to west, the west edge south to north; every outer border exactly once."""
    ring = [str(b) for b in clockwise_borders(_board())]
    assert ring == [
        "north of A1", "north of B1", "north of C1", "north of D1",
        "east of D1", "east of D2", "east of D3",
        "south of D3", "south of C3", "south of B3", "south of A3",
        "west of A3", "west of A2", "west of A1",
    ]


def test_the_starting_car_parks_on_the_first_free_border_clockwise_after_the_entrance():
    """From the entrance south of B3 clockwise: south of A3 is the next border, and free."""
    board = _board()
    assert auto_car_spot(board) == border_of("A3", S)
    board = park_car(board, border_of("A3", S))
    assert auto_car_spot(board) == border_of("A3", WEST)


def test_the_starting_car_may_move_to_each_free_border_once_clockwise_from_the_entrance():
    """Decisions: "the starting car is parked on the first free border clockwise from the
    entrance, or where the player chooses".  With the car on the border west of A1, the
    choices are that border, then every other free border once, clockwise from the
    entrance south of B3 (south of A3 first, which is free)."""
    board = park_car(_board(), border_of("A1", WEST))
    spots = starting_car_spots(board)
    assert len(set(spots)) == len(spots)  # each border offered once
    assert spots[0] == border_of("A1", WEST)
    ring = clockwise_borders(board)
    start = ring.index(board.entrances[0]) + 1
    free_ring = [b for b in ring[start:] + ring[:start] if b in spots[1:]]
    assert free_ring[0] == border_of("A3", S)
    assert list(spots[1 : 1 + len(free_ring)]) == free_ring  # then the inner borders


# --- Building parking: which cars may move in --------------------------------------------
def test_cars_beside_an_empty_space_are_offered_to_move_into_new_parking():
    """Rulebook, Parking: "When you build this, you may immediately move cars into it, up
    to its capacity of 2." and Building: "the primary ways to move a car are either
    sending a patient home, or building parking spaces".  Offered (house rule): the cars
    whose border touches an empty ground-floor space, since moving them frees it; a car
    beside nothing but a parking tile frees nothing."""
    board = _board()
    a1, d3 = border_of("A1", N), border_of("D3", S)
    for spot in (a1, d3):
        board = park_car(board, spot)
    assert movable_cars(board) == (a1, d3)
    board = build(board, BuildParking(parse_space("D3")))
    assert movable_cars(board) == (a1,)


# --- Hire: can a hire reach a place to end the Move phase (computer players' advice) -----
def _entrance():
    return border_of("B3", S)


def test_doctors_and_nurses_settle_in_a_reachable_service_hub():
    """Rulebook, capacity table: doctors and nurses may end the Move phase in a service
    hub (any number).  From the entrance the psychiatry hub at B3 is one step away."""
    clinic = Clinic(_board())
    assert can_settle(clinic, Role.NURSE, _entrance())
    assert can_settle(clinic, Role.DOCTOR, _entrance())


def test_an_orderly_settles_only_in_a_supply_room_nobody_else_takes():
    """Rulebook, Move: "Each orderly must end up in a supply room." and the capacity
    table: a supply room holds 1 orderly.  One free supply room: a first orderly can
    settle; not once an orderly stands in it, nor while another orderly waits at an
    entrance for it; a waiting nurse does not take it."""
    board = _board()
    clinic = Clinic(board)
    assert can_settle(clinic, Role.ORDERLY, _entrance())
    car = border_of("A1", N)
    waiting = hire(clinic, Role.ORDERLY, _entrance(), car)
    assert not can_settle(waiting, Role.ORDERLY, _entrance())
    inside = evolve(waiting, people=(evolve(waiting.last, where=parse_space("C2")),))
    assert not can_settle(inside, Role.ORDERLY, _entrance())
    nurse = hire(clinic, Role.NURSE, _entrance(), car)
    assert can_settle(nurse, Role.ORDERLY, _entrance())


# --- Walking time ------------------------------------------------------------------------
def test_a_walk_takes_one_time_per_step():
    """Rulebook, Move: 1 time from an entrance into the module it points at and 1 time per
    orthogonally adjacent module: entrance -> hub B3 -> treatment room C3 -> supply room
    C2 is 3 time."""
    board = _board()
    path = (_entrance(), parse_space("B3"), parse_space("C3"), parse_space("C2"))
    assert walk_time(board, path) == 3
    assert walk_time(board, path[:2]) == 1


def test_a_step_that_is_not_a_move_is_refused():
    board = _board()
    with pytest.raises(IllegalActionError, match="Movement: cannot step from"):
        walk_time(board, (_entrance(), parse_space("C2")))


def test_patients_reach_outpatient_services_from_pre_admissions_at_no_time():
    """Rulebook, Move 3: "Patients find their own way (effectively teleporting) directly
    to outpatient services from pre-admissions, ignoring the usual step-by-step
    movement, and taking no time."  Only patients, only to outpatient services."""
    board = build(_board(), BuildModule(Module(ModuleKind.OUTPATIENT_SERVICES), parse_space("B2")))
    pre = PreAdmissions(PSY)
    assert walk_time(board, (pre, parse_space("B2")), patient=True) == 0
    with pytest.raises(IllegalActionError):
        walk_time(board, (pre, parse_space("C3")), patient=True)
    with pytest.raises(IllegalActionError):
        walk_time(board, (pre, parse_space("B2")), patient=False)


# --- Hire actions as the player reads them ------------------------------------------------
def test_hire_actions_say_where_the_hire_arrives_and_the_car_parks():
    """Rulebook, Action: Hire: "Place the new hire on any entrance or helipad of your
    choice" and "Park the car in any available parking space"."""
    car = border_of("A1", N)
    assert str(HireNurse(_entrance(), car)) == "hire a nurse at the entrance south of B3, car parked north of A1"
    assert str(HireOrderly(_entrance(), car)) == "hire an orderly at the entrance south of B3, car parked north of A1"
    assert str(HireDoctor(1, _entrance(), car)) == (
        "hire the doctor on university space 2 at the entrance south of B3, car parked north of A1"
    )
    helipad = parse_space("B3", floor=1)
    assert str(HireNurse(helipad, car)).startswith("hire a nurse at the helipad at ")


# --- Refusals name the rule ---------------------------------------------------------------
def test_moving_outside_the_move_phase_and_an_unknown_person_are_refused_by_rule():
    state = solo()
    move = MovePerson(99, parse_space("B3"))
    text = reject_reason(state, move)
    assert text.endswith(": people move in the Move phase")
    moving = evolve(state, phase=Phase.MOVE, queue=(0,), step=Turn())
    assert reject_reason(moving, move).endswith(": Move: you have no person 99")
    with pytest.raises(IllegalActionError, match="Move: you have no person 99"):
        apply_action(moving, move)


def test_buying_too_much_popularity_is_refused_by_the_business_rule():
    """Rulebook, Business: "Each 1 popularity costs $3" and "You can only use this round's
    income to buy popularity."  With $5 of income, 2 popularity ($6) is refused."""
    state = solo()
    buying = with_player(evolve(state, phase=Phase.BUY_POPULARITY, queue=(0,), step=Turn()), 0, income=5)
    assert reject_reason(buying, BuyPopularity(2)).endswith(
        ": Business: popularity costs $3, from this round's income only"
    )
    assert reject_reason(state, BuyPopularity(1)).endswith(": popularity is bought in the Business phase")
    after = apply_action(buying, BuyPopularity(1))
    assert after.players[0].popularity == state.players[0].popularity + 1


# --- What a player sees ---------------------------------------------------------------------
def test_a_player_sees_everything_public_as_it_is():
    """Only the face-down action tiles are hidden (rulebook, Select Action: chosen "face
    down"); every public part of the game is shown as it is: whose turn it is, the
    supply, the boards, the parking lot, the bonus tiles."""
    state = new_game(["Ann", "Bob"], 5)
    for seat in (0, 1, None):
        view = player_view(state, seat)
        for name in (
            "phase", "round", "action", "current", "turn_order", "players", "services", "notepad",
            "patient_pool", "doctor_pool", "university", "nurses", "orderlies", "hub_stacks",
            "special_stacks", "supply_rooms", "cars_lot", "bonus_tiles", "step", "config",
        ):
            assert getattr(view, name) == getattr(state, name), name
        assert view.viewer == seat and not view.hidden
    assert player_view(state, 0).current == state.current is not None


def test_a_patient_who_stays_is_refused_with_the_rule():
    """Rulebook, Move: "Once a patient finishes a round in a treatment room, operating
    room, or outpatient services, they stay there until cured"."""
    state = solo()
    clinic = state.players[0].clinic
    clinic = admit_patient(clinic, W, PSY, border_of("A1", N))
    patient = evolve(clinic.last, where=parse_space("C3"), stays=True)
    clinic = evolve(clinic, people=clinic.people[:-1] + (patient,))
    moving = evolve(with_player(state, 0, clinic=clinic), phase=Phase.MOVE, queue=(0,), step=Turn())
    text = reject_reason(moving, MovePerson(patient.id, parse_space("B3")))
    assert text.endswith(
        f"Move: {patient} stays at {patient.where} (patients who finished a round in a room"
        " never move; a patient sent straight to outpatient services ends its movement there)"
    )


# --- End move: every problem is named ------------------------------------------------------
def test_end_move_names_every_person_in_a_wrong_place():
    """Rulebook, Move: "Each orderly must end up in a supply room", nobody may stay on an
    entrance (L750), "A patient cannot end up in a lab, a service hub, a supply room ...".
    Capacity is checked when the move ends (issue 11): each misplaced person is named,
    not only the first."""
    from core.clinic import end_of_move_violations

    clinic = Clinic(_board())
    clinic = admit_patient(clinic, W, PSY, border_of("A1", N))  # waits in pre-admissions: fine
    spots = iter([border_of("A2", WEST), border_of("A3", WEST), border_of("D1", N), border_of("D1", E)])
    clinic = hire(clinic, Role.NURSE, _entrance(), next(spots))  # stays on the entrance
    clinic = hire(clinic, Role.DOCTOR, _entrance(), next(spots), W)
    clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=parse_space("A1")),))
    clinic = admit_patient(clinic, W, PSY, next(spots))
    clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=parse_space("C2")),))
    clinic = hire(clinic, Role.ORDERLY, _entrance(), next(spots))
    clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=parse_space("D1")),))
    problems = end_of_move_violations(clinic)
    nurse, doctor, patient, orderly = clinic.people[1:]
    assert len(problems) == 4
    assert problems[0].startswith(f"{nurse} is on the entrance south of B3")
    assert problems[1].startswith(f"{doctor} is at floor 0 A1, which is not a module")
    assert problems[2].startswith(f"{patient} cannot end in the supply room at floor 0 C2")
    assert problems[3].startswith(f"{orderly} is at floor 0 D1, which is not a module")


def test_a_turn_order_that_is_not_the_seats_is_refused_naming_them():
    from core.clinic.game.setup import SetupError

    with pytest.raises(SetupError, match=r"Setup: turn order \(0, 0\) is not the seats 0-1$"):
        new_game(["Ann", "Bob"], 1, turn_order=(0, 0))


def test_no_choice_of_car_when_every_car_must_go():
    """Rulebook, Taking a Car: "remove the car of your choice"; owing as many cars as are
    parked leaves nothing to choose (all go), owing fewer does, given two spots."""
    from core.clinic.game.cars import choice_matters

    board = park_car(park_car(_board(), border_of("A1", N)), border_of("D3", S))
    assert choice_matters(board, 1)
    assert not choice_matters(board, 2)
    assert not choice_matters(board, 0)


# --- Free movement: when a move may overfill a room ------------------------------------------
def test_only_a_first_move_from_inside_may_overfill_a_room():
    """House rule (docs/rules/clinic.md, Move; move_phase): "a move may overfill a module
    only as a person's first move, from inside the clinic (the swap of two full rooms); a
    person's last offered move ... goes only where there is room for them now".  The
    treatment room at C3 holds 2 doctors (capacity table) and has 2: a third doctor in
    the hub at B3 is offered C3 on a first move, not on a second; one still at the
    entrance is not offered it at all."""
    from core.clinic.game.move_phase import destinations

    clinic = Clinic(_board())
    cars = iter([border_of("A1", N), border_of("B1", N), border_of("D1", N), border_of("D1", E)])
    for where in ("C3", "C3", "B3"):
        clinic = hire(clinic, Role.DOCTOR, _entrance(), next(cars), W)
        clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=parse_space(where)),))
    third = clinic.last
    room = parse_space("C3")
    assert room in destinations(clinic, third, made=0)
    assert room not in destinations(clinic, third, made=1)
    assert destinations(clinic, third, made=2) == []
    clinic = hire(clinic, Role.DOCTOR, _entrance(), next(cars), W)
    assert room not in destinations(clinic, clinic.last, made=0)
    assert parse_space("B3") in destinations(clinic, clinic.last, made=0)
