"""The Move phase as the rulebook has it (base L668-L750; rulings 0.2, 0.3, 0.5 in
``clinic-expansion-rulings.md``): several moves a person, capacity checked when the
move ends, the outpatient shortcut, conveyors stop by stop."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from attrs import evolve

from core.clinic import (
    Clinic,
    Colour,
    Module,
    ModuleKind,
    PreAdmissions,
    Role,
    Service,
    admit_patient,
    cheapest_path,
    finish_move,
    hire,
    move_person,
    parse_space,
)
from core.clinic.business import treat
from core.clinic.construction import BuildConveyor, BuildEntrance, BuildModule, build
from core.clinic.board import Board, Direction, border_of
from core.clinic.game import EndMove, MovePerson, apply_action, legal_actions, new_game
from core.clinic.game.move_phase import end_move_problems
from core.clinic.game.rules import reject_reason
from core.clinic.game.state import Phase, Turn
from core.clinic.movement import conveyor_links
from core.clinic.parking import free_parking_spots
from core.errors import IllegalActionError

from .game_helpers import with_clinic

W, R = Colour.WHITE, Colour.RED
PSY = Service.PSYCHIATRY
HUB = Module(ModuleKind.SERVICE_HUB, PSY)
OR = Module(ModuleKind.OPERATING_ROOM)
TR = Module(ModuleKind.TREATMENT_ROOM)
SR = Module(ModuleKind.SUPPLY_ROOM)
LAB = Module(ModuleKind.LAB)
OUT = Module(ModuleKind.OUTPATIENT_SERVICES)

CAPACITY_RULE = "a module's capacity does limit how many people can be in it at the end of this phase"


def sp(name: str, floor: int = 0):
    return parse_space(name, floor)


def board_of(*placements, gate=("B3", Direction.SOUTH)) -> Board:
    board = Board()
    for module, name in placements:
        board = build(board, BuildModule(module, sp(name)))
    return build(board, BuildEntrance(border_of(*gate)))


def spot(clinic):
    return free_parking_spots(clinic.board)[0]


def solo():
    state = new_game(1, 0)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def moving(clinic: Clinic):
    """A solo game in its Move phase with ``clinic`` as the player's clinic."""
    state = with_clinic(solo(), 0, clinic)
    return evolve(state, phase=Phase.MOVE, queue=(0,), step=Turn())


def moves_of(state, pid) -> list:
    return [a.goal for a in legal_actions(state) if isinstance(a, MovePerson) and a.pid == pid]


def swap_position():
    """Psychiatry hub B3 between two operating rooms A3 and C3 (entrance south of B3).
    A3: a white doctor with a red patient; C3: a red doctor with a white patient; both
    patients finished a round there (they stay).  As they stand nobody can be treated
    (white doctor - red patient needs 3 nurses, the room's own nurse is 1; the same
    the other way); swapped, the red doctor treats the red patient ($10) and the white
    doctor the white one ($4): $14."""
    c = Clinic(board_of((HUB, "B3"), (OR, "A3"), (OR, "C3")))
    gate = c.board.entrances[0]
    ids = {}
    for key, colour, room in (("white", W, "A3"), ("red", R, "C3")):
        c = hire(c, Role.DOCTOR, gate, spot(c), colour)
        ids[key] = c.last.id
        c = move_person(c, c.last.id, sp(room))
    for key, colour, room in (("red patient", R, "A3"), ("white patient", W, "C3")):
        c = admit_patient(c, colour, PSY, spot(c))
        ids[key] = c.last.id
        c = move_person(c, c.last.id, sp(room))
    c, _ = finish_move(c)
    return moving(c), ids


def test_two_doctors_in_two_full_operating_rooms_swap_and_both_treat():
    """Base L696 "Although your movement is not limited by the capacity of your modules,
    a module's capacity does limit how many people can be in it at the end of this
    phase."; L698 "A full room never prevents movement through it."; L668 "You can move
    all of your people … as much as you want, but it all takes time"."""
    state, ids = swap_position()
    assert treat(state.players[0].clinic).income == 0
    # The white doctor walks into the full operating room C3 (2 doctors for a moment).
    assert sp("C3") in moves_of(state, ids["white"])
    state = apply_action(state, MovePerson(ids["white"], sp("C3")))
    # Then the red doctor into A3, now empty of doctors.
    assert sp("A3") in moves_of(state, ids["red"])
    state = apply_action(state, MovePerson(ids["red"], sp("A3")))
    clinic = state.players[0].clinic
    assert clinic.move_time == 4  # A3 -> hub -> C3 and back: 2 each
    assert treat(clinic).income == 14
    assert EndMove() in legal_actions(state)
    state = apply_action(state, EndMove())
    assert state.players[0].cured == 2  # Business: both doctors treated
    assert state.players[0].time_spent == 4


def test_over_capacity_end_move_is_refused_naming_the_room_and_the_rule():
    """Base L750 "Everyone must be on a valid destination before you start the next
    phase."; L696 (capacity at the end of this phase)."""
    state, ids = swap_position()
    state = apply_action(state, MovePerson(ids["white"], sp("C3")))
    assert EndMove() not in legal_actions(state)
    message = (
        "End the move: the operating room at floor 0 C3 holds 2 doctors"
        f" (capacity 1: '{CAPACITY_RULE}')"
    )
    assert reject_reason(state, EndMove()) == message
    with pytest.raises(IllegalActionError) as err:
        apply_action(state, EndMove())
    assert str(err.value) == message


def test_a_move_after_a_move_is_offered_and_costs_its_time():
    """Base L668 "as much as you want, but it all takes time": each move costs the
    cheapest path from where the person stands (2 into C3, then 1 back to the hub: 3,
    not the 1 of walking straight to the hub)."""
    state, ids = swap_position()
    state = apply_action(state, MovePerson(ids["white"], sp("C3")))
    assert sp("B3") in moves_of(state, ids["white"])
    state = apply_action(state, MovePerson(ids["white"], sp("B3")))
    assert state.players[0].clinic.move_time == 3
    assert state.step.moved == (ids["white"], ids["white"])
    assert EndMove() in legal_actions(state)


def test_at_most_two_moves_per_person_are_offered():
    """Ruling 0.2 (house): at most 2 moves per person per Move phase in
    ``legal_actions``, so random and computer games stay finite."""
    state, ids = swap_position()
    state = apply_action(state, MovePerson(ids["white"], sp("B3")))
    state = apply_action(state, MovePerson(ids["white"], sp("A3")))
    assert moves_of(state, ids["white"]) == []
    assert moves_of(state, ids["red"])  # the other doctor has not moved
    assert "has moved 2 times this phase (at most 2" in reject_reason(state, MovePerson(ids["white"], sp("B3")))


def test_patients_who_finished_a_round_in_a_room_never_move():
    """Base L684 "Once a patient finishes a round in a treatment room, operating room,
    or outpatient services, they stay there until cured... or until they meet their
    end."""
    state, ids = swap_position()
    assert moves_of(state, ids["red patient"]) == []
    assert moves_of(state, ids["white patient"]) == []


def test_the_outpatient_shortcut_ends_that_patients_movement():
    """Base L746 "Patients find their own way (effectively teleporting) directly to
    outpatient services from pre-admissions, ignoring the usual step-by-step movement,
    and taking no time."; L672 "(in fact, you cannot move them to any other
    destination)"; ruling 0.3: the patient ends its movement there."""
    c = Clinic(board_of((HUB, "B3"), (TR, "C3"), (SR, "D3"), (OUT, "A3")))
    c = admit_patient(c, W, PSY, spot(c))
    pid = c.last.id
    state = moving(c)
    assert sp("A3") in moves_of(state, pid) and sp("C3") in moves_of(state, pid)
    state = apply_action(state, MovePerson(pid, sp("A3")))
    assert state.players[0].clinic.move_time == 0
    assert moves_of(state, pid) == []  # a wrong rule would offer the treatment room C3
    assert "stays at floor 0 A3" in reject_reason(state, MovePerson(pid, sp("C3")))


def test_the_outpatient_shortcut_needs_no_path_of_modules():
    """Base L746 "Patients find their own way (effectively teleporting) directly to
    outpatient services from pre-admissions, ignoring the usual step-by-step movement,
    and taking no time": an outpatient services in a building of its own, which no
    entrance leads to, is still offered to a patient in pre-admissions, first (time 0);
    never to the staff, who walk."""
    from core.clinic.game.narration import option_text

    c = Clinic(board_of((HUB, "B3"), (TR, "C3"), (SR, "D3"), (OUT, "A1")))
    c = hire(c, Role.NURSE, c.board.entrances[0], spot(c))
    nurse = c.last.id
    c = admit_patient(c, W, PSY, spot(c))
    pid = c.last.id
    state = moving(c)
    assert moves_of(state, pid) == [sp("A1"), sp("C3")]
    assert sp("A1") not in moves_of(state, nurse)
    assert option_text(state, MovePerson(pid, sp("A1"))) == (
        "move white psychiatry patient 2 from psychiatry pre-admissions to the outpatient"
        " services at floor 0 A1 (time 0)"
    )


def test_the_menu_lists_a_persons_destinations_by_time_then_by_place():
    """What a player sees in the move menu: the nearest first, and places as near as
    each other in board order (the treatment rooms A3 and C3 are both 2 away from the
    entrance south of B3, past the service hub B3 at 1)."""
    c = Clinic(board_of((HUB, "B3"), (TR, "A3"), (TR, "C3"), (SR, "C2")))
    c = hire(c, Role.DOCTOR, c.board.entrances[0], spot(c), W)
    assert moves_of(moving(c), c.last.id) == [sp("B3"), sp("A3"), sp("C3")]


def test_a_patient_bound_for_a_room_walks_from_an_entrance():
    """Ruling 0.3: the 0-time shortcut is not a free arrival point.  Pre-admissions ->
    entrance 0 -> hub A1 1 -> B1 1 -> treatment room C1 1 = 3; through the outpatient
    services C2 beside the room it would be 0 + 1."""
    board = board_of((HUB, "A1"), (SR, "B1"), (TR, "C1"), (OUT, "C2"), gate=("A1", Direction.WEST))
    time, path = cheapest_path(board, PreAdmissions(PSY), sp("C1"), patient=True)
    assert time == 3 and path[1] == board.entrances[0]
    assert cheapest_path(board, PreAdmissions(PSY), sp("C2"), patient=True) == (0, (PreAdmissions(PSY), sp("C2")))


def test_conveyors_link_consecutive_stops_only():
    """Base L690 "some expansions rely on the individual stops, so always think through
    each step of moving by conveyor." (ruling 0.5): a line of stops A1, C1, D1 links
    A1-C1 and C1-D1, not A1-D1; the ride still takes 0 time, past C1."""
    board = board_of((HUB, "A1"), (TR, "B1"), (SR, "C1"), (LAB, "D1"), gate=("A1", Direction.WEST))
    board = build(board, BuildConveyor((sp("A1"), sp("C1"))))
    board = build(board, BuildConveyor((sp("D1"),)))
    links = conveyor_links(board)
    assert links[sp("A1")] == (sp("C1"),)
    assert set(links[sp("C1")]) == {sp("A1"), sp("D1")}
    assert links[sp("D1")] == (sp("C1"),)
    assert cheapest_path(board, sp("A1"), sp("D1")) == (0, (sp("A1"), sp("C1"), sp("D1")))
    # Entrance -> A1 1, then the ride: same time as before.
    assert cheapest_path(board, board.entrances[0], sp("D1"))[0] == 1


def test_nobody_comes_in_to_a_limited_place_while_a_swap_is_half_done():
    """House rule (ruling 0.2's cap): while a module is over capacity, a new doctor on
    the entrance is offered only service hubs (unlimited), so the swap can always be
    finished; the first move inside may overfill, the last one may not."""
    state, ids = swap_position()
    clinic = state.players[0].clinic
    clinic = hire(clinic, Role.DOCTOR, clinic.board.entrances[0], spot(clinic), W)
    new = clinic.last.id
    state = with_clinic(state, 0, clinic)
    assert set(moves_of(state, new)) == {sp("B3")}  # both operating rooms are full
    state = apply_action(state, MovePerson(ids["white"], sp("C3")))
    assert set(moves_of(state, new)) == {sp("B3")}  # A3 is free, but C3 is overfull
    # The white doctor's last move goes only where there is room: back to A3 or the hub.
    assert set(moves_of(state, ids["white"])) == {sp("A3"), sp("B3")}
    assert any("on south of B3 can still go in" in p for p in end_move_problems(state))


def test_the_basic_computer_player_swaps_the_doctors_too():
    """The basic bot plans a room's doctor places by who will end there (L696), so it
    finds the swap worth $14 and ends the move legally (before: no move, $0)."""
    from core.clinic.game.bots import make_bot

    state, ids = swap_position()
    bot = make_bot("basic")
    played = []
    while state.phase is Phase.MOVE:
        played.append(bot.choose(state))
        state = apply_action(state, played[-1])
    assert played == [MovePerson(ids["white"], sp("C3")), MovePerson(ids["red"], sp("A3")), EndMove()]
    assert state.players[0].cured == 2


def test_each_move_can_be_undone_within_the_turn():
    """Undo (house rule, ``core/undo.py``): a person's move, the second one too, is
    taken back last first; the count of moves goes back with it."""
    from core.clinic.game.game_record import RULES
    from core.record import GameRecord
    from core.saves import Seat

    state, ids = swap_position()
    record = GameRecord(RULES, 0, (Seat("Ann"),), {}, (state,))
    record = record.play(MovePerson(ids["white"], sp("C3"))).play(MovePerson(ids["white"], sp("B3")))
    assert record.can_undo
    record = record.undo()
    assert record.state.step.moved == (ids["white"],)
    assert record.state.players[0].clinic.person(ids["white"]).where == sp("C3")
    assert MovePerson(ids["white"], sp("B3")) in legal_actions(record.state)
    record = record.undo()
    assert record.state == state


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4))
def test_moving_everyone_as_much_as_offered_always_ends_legally(seed, players):
    """House rules (ruling 0.2): a player who takes every move offered, at random,
    into and out of full rooms, still reaches a legal End move: once no move is left,
    ``EndMove`` is legal (a module over capacity always has someone who can walk to a
    place with room), and nobody moves more than twice."""
    import random

    from core.clinic.game import is_over

    rng = random.Random(seed)
    state = new_game(players, seed)
    while not is_over(state):
        options = legal_actions(state)
        assert options, f"no legal action in {state.phase}"
        if state.phase is Phase.MOVE:
            moves = [a for a in options if isinstance(a, MovePerson)]
            if not moves:
                assert EndMove() in options, end_move_problems(state)
            action = rng.choice(moves) if moves else EndMove()
            if isinstance(action, MovePerson):
                assert state.step.moved.count(action.pid) < 2
        else:
            action = rng.choice(options)
        state = apply_action(state, action)
