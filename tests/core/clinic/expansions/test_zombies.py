"""Zombies in a Clinic (rulebook, base L1153-1198; rulings §4 Z1-Z15): each test quotes
the sentence it checks."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Clinic, Colour, Role, cheapest_path
from core.clinic.components import Garden, Module
from core.clinic.construction import BuildConveyor, BuildGarden, BuildHelipad, build
from core.clinic.expansions import constants as XK
from core.clinic.expansions.zombies import (
    MoveZombie, ZombiesPlayer, left, player_state, stand_up_in_labs, steps, with_player_state, with_zombie_moves,
)
from core.clinic.game import EndMove, MovePerson, apply_action, constants as K, legal_actions
from core.clinic.game.actions import Construct
from core.clinic.game.admin import admin, train_in_labs
from core.clinic.game.business_phase import business_for
from core.clinic.game.end import end_game
from core.clinic.game.state import Phase
from core.errors import IllegalActionError

from clinic_helpers import LAB, PSY, SR, TR, sp
from core.clinic.game.business_phase import business
from game.game_helpers import with_clinic
from .helpers import board_of, in_phase, patient, staff, started

Y, W, R = Colour.YELLOW, Colour.WHITE, Colour.RED
OPTS = ("zombies",)
ROOM, HUB, LAB_AT, SUPPLY = sp("C3"), sp("B3"), sp("A3"), sp("C2")


def base_clinic(*extra):
    """Hub B3, treatment room C3, supply C2, lab A3, entrance south of B3."""
    return Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"), *extra))


def with_zombies(clinic, *spaces):
    return evolve(clinic, board=evolve(clinic.board, zombies=spaces))


def moving(clinic, options=OPTS):
    return in_phase(started(options), Phase.MOVE, clinic)


# --- Move -------------------------------------------------------------------------------
def test_zombies_move_before_anyone_else():
    """L1163 "If you have any zombies in your clinic, they must move ... before anyone
    else." (Z1: exactly one step each)."""
    clinic = staff(base_clinic(), Role.DOCTOR, HUB, W)
    state = moving(with_zombies(clinic, ROOM))
    options = legal_actions(state)
    assert options and all(isinstance(a, MoveZombie) for a in options)
    state = apply_action(state, MoveZombie(ROOM, SUPPLY))
    assert state.players[0].clinic.board.zombies == (SUPPLY,)
    assert not any(isinstance(a, MoveZombie) for a in legal_actions(state))
    assert EndMove() in legal_actions(state) or any(isinstance(a, MovePerson) for a in legal_actions(state))


def test_each_zombie_moves_once():
    """Z1 (house): each zombie one step; two zombies, two steps."""
    state = moving(with_zombies(base_clinic(), ROOM, ROOM))
    state = apply_action(state, MoveZombie(ROOM, SUPPLY))
    assert all(isinstance(a, MoveZombie) and a.start == ROOM for a in legal_actions(state))
    state = apply_action(state, MoveZombie(ROOM, HUB))
    assert not any(isinstance(a, MoveZombie) for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="every zombie of yours has moved"):
        apply_action(state, MoveZombie(HUB, ROOM))


def test_zombies_step_to_adjacent_modules_and_ground_floor_spaces_at_no_time():
    """L1165 "Zombies can move to an adjacent module / ground-floor space. This costs no
    time." (Z2: up and down too; empty spaces and gardens on the ground floor)."""
    clinic = base_clinic((SR, "C3", 1))
    board = build(clinic.board, BuildGarden(sp("D3")))
    assert set(steps(board, ROOM)) == {HUB, SUPPLY, sp("D3"), sp("C3", 1)}
    assert set(steps(board, sp("C3", 1))) == {ROOM}  # floor 1: modules only
    state = moving(with_zombies(evolve(clinic, board=board), ROOM))
    state = apply_action(state, MoveZombie(ROOM, sp("D3")))
    assert state.players[0].clinic.move_time == 0


def test_zombies_never_step_onto_a_helipad():
    """Z2 (house): "Never off the grid, onto entrances, helipads, pre-admissions"."""
    clinic = base_clinic((SR, "C3", 1))
    board = build(clinic.board, BuildHelipad(sp("C3", 2)))
    assert sp("C3", 2) not in steps(board, sp("C3", 1))


def test_zombies_cannot_use_conveyors():
    """L1166 "Zombies cannot use conveyors."."""
    clinic = base_clinic((LAB, "C1"))
    board = build(clinic.board, BuildConveyor((ROOM, sp("C1"))))
    assert sp("C1") not in steps(board, ROOM)


def test_nobody_moves_into_a_zombie_space():
    """L1168 "no one is allowed to move into a module or space with a zombie in it"."""
    clinic = staff(base_clinic(), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    state = moving(with_zombies(clinic, SUPPLY))
    state = apply_action(state, MoveZombie(SUPPLY, ROOM))
    assert MovePerson(doctor, ROOM) not in legal_actions(state)
    assert MovePerson(doctor, LAB_AT) in legal_actions(state)


def test_nor_through_it():
    """Z3 (house): "also not through": the way round or no way at all."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "D3"), (LAB, "A3"))
    zombie = evolve(board, zombies=(ROOM,))
    assert cheapest_path(board, HUB, sp("D3"))[0] == 2
    with pytest.raises(IllegalActionError, match="no path"):
        cheapest_path(zombie, HUB, sp("D3"))


def test_people_may_move_out():
    """L1168 "They can move out of one, however"."""
    clinic = staff(base_clinic(), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    state = moving(with_zombies(clinic, HUB))
    state = apply_action(state, MoveZombie(HUB, ROOM))
    state = apply_action(state, MovePerson(doctor, LAB_AT))
    assert state.players[0].clinic.person(doctor).where == LAB_AT


def _ended(clinic, zombies=(), popularity=10):
    """End the move with ``zombies`` already moved this phase."""
    state = moving(with_zombies(clinic, *zombies))
    state = evolve(state, step=with_zombie_moves(state.step, tuple(zombies)))
    state = evolve(state, players=(evolve(state.players[0], popularity=popularity),))
    return apply_action(state, EndMove())


def test_anyone_with_a_zombie_at_the_end_of_movement_is_removed():
    """L1170 "At the end of movement, anyone (staff and patients) in a space with a
    zombie is removed from the game ... You must leave their cars parked on your board.
    ... Any patients that die this way give you the usual penalty for letting a patient
    die!"."""
    clinic = staff(base_clinic(), Role.DOCTOR, ROOM, W)
    clinic = staff(clinic, Role.NURSE, ROOM)
    clinic = patient(clinic, Y, ROOM, stays=True)
    before = clinic
    after = _ended(clinic, zombies=(ROOM,))
    p = after.players[0]
    assert p.clinic.people == ()
    assert p.clinic.abandoned_cars == 3
    assert p.clinic.board.parked_cars == before.board.parked_cars
    assert p.popularity == 10 - K.DEATH_PENALTY
    assert p.dead == 1 and p.dismissed_doctors == 1 and p.dismissed_nurses == 1


def test_one_doctor_in_a_lab_with_one_zombie_survives():
    """L1170 "(except 1 doctor in a lab with 1 zombie)"."""
    clinic = staff(base_clinic(), Role.DOCTOR, LAB_AT, W)
    assert _ended(clinic, zombies=(LAB_AT,)).players[0].clinic.of_role(Role.DOCTOR)
    assert not _ended(clinic, zombies=(LAB_AT, LAB_AT)).players[0].clinic.of_role(Role.DOCTOR)
    nurse = staff(base_clinic(), Role.NURSE, HUB)
    assert not _ended(nurse, zombies=(HUB,)).players[0].clinic.people


def test_patients_in_their_room_cannot_flee():
    """Z4 (house) with base L684 "they stay there until cured... or until they meet
    their end": a patient staying in its room is offered no move out."""
    clinic = patient(base_clinic(), Y, ROOM, stays=True)
    pid = clinic.last.id
    state = moving(with_zombies(clinic, SUPPLY))
    state = apply_action(state, MoveZombie(SUPPLY, ROOM))
    assert not any(isinstance(a, MovePerson) and a.pid == pid for a in legal_actions(state))


def test_the_end_move_check_counts_the_dead_out():
    """Z6 (house): kills come before the check: a room over capacity whose extra person
    dies may end the phase."""
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    state = moving(with_zombies(clinic, HUB))
    state = evolve(state, step=with_zombie_moves(state.step, (HUB,)))
    assert EndMove() in legal_actions(state)


# --- Business ---------------------------------------------------------------------------
def test_two_yellow_patients_alone_become_a_zombie():
    """L1178 "In any treatment room that has 2 yellow patients, but neither doctors nor
    nurses, replace the 2 yellow patients with 1 zombie." and L1184 "each zombie should
    have 2 cars"."""
    clinic = patient(patient(base_clinic(), Y, ROOM, stays=True), Y, ROOM, stays=True)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    after = business_for(state, 0)
    p = after.players[0]
    assert p.clinic.board.zombies == (ROOM,)
    assert p.clinic.of_role(Role.PATIENT) == ()
    assert p.clinic.abandoned_cars == 2 and player_state(p).mutated == 2
    assert p.popularity == state.players[0].popularity  # no -5 (Z7)
    assert left(after) == XK.ZOMBIES_IN_GAME - 1


def test_not_with_a_nurse_or_a_doctor_or_other_colours():
    """L1178 "but neither doctors nor nurses"; "2 yellow patients"."""
    base = patient(patient(base_clinic(), Y, ROOM, stays=True), Y, ROOM, stays=True)
    for clinic in (staff(base, Role.NURSE, ROOM), staff(base, Role.DOCTOR, ROOM, R)):
        state = in_phase(started(OPTS), Phase.MOVE, clinic)
        assert business_for(state, 0).players[0].clinic.board.zombies == ()
    mixed = patient(patient(base_clinic(), Y, ROOM, stays=True), W, ROOM, stays=True)
    assert business_for(in_phase(started(OPTS), Phase.MOVE, mixed), 0).players[0].clinic.board.zombies == ()


def test_no_zombie_left_no_mutation():
    """L1178 "If there aren't enough zombies to go around, players earlier in the turn
    order get them first, and for everyone else, the pair of yellow patients remains,
    unmutated."."""
    clinic = patient(patient(base_clinic(), Y, ROOM, stays=True), Y, ROOM, stays=True)
    state = in_phase(started(OPTS, players=2), Phase.MOVE, clinic, seat=0)
    state = in_phase(state, Phase.MOVE, clinic, seat=1)
    first, second = state.turn_order
    seven = evolve(clinic, board=evolve(clinic.board, zombies=(HUB,) * (XK.ZOMBIES_IN_GAME - 1)))
    state = with_clinic(state, first, seven)
    after = business(state)
    # the first in turn order took the last zombie; the second's pair stays
    assert len(after.players[first].clinic.board.zombies) == XK.ZOMBIES_IN_GAME
    assert after.players[second].clinic.board.zombies == ()
    assert len(after.players[second].clinic.of_role(Role.PATIENT)) == 2


def test_a_lab_doctor_cures_a_zombie_for_32():
    """L1182 "1 doctor of any color in a lab with 1 zombie can cure the zombie, earning
    $32. If you do this, set the zombie beside your board (for car accounting), and lay
    the doctor down."."""
    clinic = with_zombies(staff(base_clinic(), Role.DOCTOR, LAB_AT, Y), LAB_AT)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    state = evolve(state, players=(evolve(state.players[0], money=0),))
    after = business_for(state, 0)
    p = after.players[0]
    assert p.clinic.board.zombies == () and player_state(p).zombies_cured == 1
    assert p.clinic.abandoned_cars == clinic.abandoned_cars  # L1184: the cars stay abandoned
    assert p.clinic.of_role(Role.DOCTOR)[0].lying
    wages, upkeep = 2, 4
    assert p.income + p.money == XK.ZOMBIE_CURE_INCOME - wages - upkeep
    assert left(after) == XK.ZOMBIES_IN_GAME - 1  # never back to the supply (Z12)


def test_no_cure_with_two_zombies():
    """L1182 "with 1 zombie"."""
    clinic = with_zombies(staff(base_clinic(), Role.DOCTOR, LAB_AT, Y), LAB_AT, LAB_AT)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    assert player_state(business_for(state, 0).players[0]).zombies_cured == 0


def test_no_cure_outside_a_lab():
    """L1182 "1 doctor of any color in a *lab* with 1 zombie can cure the zombie": a
    doctor alone with a zombie in a treatment room cures nobody."""
    clinic = with_zombies(staff(base_clinic(), Role.DOCTOR, ROOM, Y), ROOM)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    p = business_for(state, 0).players[0]
    assert player_state(p).zombies_cured == 0 and p.clinic.board.zombies == (ROOM,)


# --- Admin and the end ------------------------------------------------------------------
def test_a_lying_lab_doctor_stands_up_untrained():
    """L1192 "Each doctor lying in a lab stands up." (Z9: "no level-up, level-down or
    +1"); L1190 "Each doctor standing in a lab levels up twice"."""
    clinic = staff(base_clinic(), Role.DOCTOR, LAB_AT, W)
    doc = clinic.last
    clinic = clinic.__class__(clinic.board, tuple(evolve(p, lying=True) for p in clinic.people), clinic.next_id)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    trained = train_in_labs(state)
    assert trained.players[0].clinic.person(doc.id).colour is W
    assert trained.players[0].popularity == state.players[0].popularity
    up = stand_up_in_labs(trained).players[0].clinic.person(doc.id)
    assert not up.lying and up.colour is W
    after = admin(state).players[0].clinic.person(doc.id)
    assert not after.lying and after.colour is W


def test_nine_popularity_a_zombie_at_the_end():
    """L1198 "You gain 9 popularity for each zombie still in your clinic"."""
    clinic = with_zombies(base_clinic(), ROOM, sp("D1"))
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    plain = in_phase(started(OPTS), Phase.MOVE, base_clinic())
    assert end_game(state).players[0].popularity - end_game(plain).players[0].popularity == 18


def test_a_zombie_obstructs_its_ground_floor_space():
    """Z11 (house) with base L461 "You cannot build a module in a space with any of
    these obstructions"."""
    clinic = with_zombies(base_clinic(), sp("D3"))
    state = in_phase(started(OPTS), Phase.BUILD, clinic)
    state = evolve(state, players=(evolve(state.players[0], money=30),))
    spaces = {getattr(a.build, "space", None) for a in legal_actions(state) if isinstance(a, Construct)}
    assert sp("D3") not in spaces
    free = in_phase(started(OPTS), Phase.BUILD, base_clinic())
    free = evolve(free, players=(evolve(free.players[0], money=30),))
    assert sp("D3") in {getattr(a.build, "space", None) for a in legal_actions(free) if isinstance(a, Construct)}


def test_the_basic_player_walks_a_zombie_to_a_lone_lab_doctor_and_its_people_out():
    """``bot_preference``: the basic player steers a zombie to a cure and keeps its
    people out of a zombie's space when it can."""
    from core.clinic.game.bots import make_bot
    from core.clinic.game.serialize import action_from_data, action_to_data

    clinic = staff(base_clinic(), Role.DOCTOR, LAB_AT, W)
    state = moving(with_zombies(clinic, HUB))
    choice = make_bot("basic").choose(state)
    assert choice == MoveZombie(HUB, LAB_AT)
    assert action_from_data(action_to_data(choice)) == choice
    nurse = staff(base_clinic(), Role.NURSE, HUB)
    state = moving(with_zombies(nurse, HUB))
    state = evolve(state, step=with_zombie_moves(state.step, (HUB,)))
    choice = make_bot("basic").choose(state)
    assert isinstance(choice, MovePerson) and choice.pid == nurse.last.id


def test_the_basic_player_walks_a_zombie_away_from_its_people():
    """``bot_preference``: with no cure on offer, the zombie steps where the fewest of the
    player's people stand (a zombie's space is deadly at the end of movement, Z-rulings):
    the lab A3 or the empty B2, never the treatment room C3 with a doctor and a nurse."""
    from core.clinic.game.bots import make_bot

    clinic = staff(staff(base_clinic(), Role.DOCTOR, ROOM, W), Role.NURSE, ROOM)
    state = moving(with_zombies(clinic, HUB))
    goals = {a.goal for a in legal_actions(state) if isinstance(a, MoveZombie)}
    assert ROOM in goals and len(goals) == 3
    choice = make_bot("basic").choose(state)
    assert isinstance(choice, MoveZombie) and choice.goal != ROOM


def test_the_event_log_says_who_a_zombie_removed():
    """Z15: the log names what the zombies did (``events``)."""
    from core.clinic.game.narration import describe

    clinic = staff(base_clinic(), Role.NURSE, HUB)
    state = moving(with_zombies(clinic, HUB))
    state = evolve(state, step=with_zombie_moves(state.step, (HUB,)))
    after = apply_action(state, EndMove())
    assert "1 person left with a zombie removed from the game" in describe(state, EndMove(), after)
    clinic = staff(clinic, Role.ORDERLY, HUB)
    state = moving(with_zombies(clinic, HUB))
    state = evolve(state, step=with_zombie_moves(state.step, (HUB,)))
    after = apply_action(state, EndMove())
    assert "2 people left with a zombie removed from the game" in describe(state, EndMove(), after)


def test_zombies_move_in_the_move_phase_only():
    """L1161-1163 "Move: If you have any zombies in your clinic, they must move":
    refused in another phase, naming the rule."""
    from core.clinic.game.rules import reject_reason

    state = in_phase(started(OPTS), Phase.BUILD, with_zombies(base_clinic(), ROOM))
    assert reject_reason(state, MoveZombie(ROOM, SUPPLY)).endswith(": zombies move in the Move phase")


# --- What the screen says (Z15) ---------------------------------------------------------
def test_a_move_refused_for_a_zombie_names_the_rule():
    """L1168 "no one is allowed to move into a module or space with a zombie in it"
    (Z3: nor through it) and L1163 "they must move ... before anyone else": the
    IllegalActionError says so in players' words."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "D3"), (LAB, "A3"))
    clinic = staff(Clinic(board), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    state = moving(with_zombies(clinic, ROOM))
    with pytest.raises(IllegalActionError, match="zombies move first .'they must move ... before anyone else'."):
        apply_action(state, MovePerson(doctor, LAB_AT))
    state = evolve(state, step=with_zombie_moves(state.step, (ROOM,)))  # it has moved
    with pytest.raises(IllegalActionError, match=r"a zombie is at floor 0 C3, and 'no one is allowed to move into"):
        apply_action(state, MovePerson(doctor, ROOM))
    with pytest.raises(IllegalActionError, match="goes through a zombie's space"):
        apply_action(state, MovePerson(doctor, sp("D3")))
    empty = moving(clinic)  # no zombie: the base words
    with pytest.raises(IllegalActionError) as err:
        apply_action(empty, MovePerson(doctor, sp("D1")))
    assert "zombie" not in str(err.value)


def test_the_business_report_says_cures_and_mutations():
    """Z15 with L1182 "1 doctor ... in a lab with 1 zombie can cure the zombie, earning
    $32 ... and lay the doctor down" and L1178 "replace the 2 yellow patients with 1
    zombie": the report says both, the income line counts the $32."""
    from core.clinic.game.business_report import business_report

    clinic = with_zombies(staff(base_clinic(), Role.DOCTOR, LAB_AT, Y), LAB_AT)
    doctor = clinic.last.id
    clinic = patient(patient(clinic, Y, ROOM, stays=True), Y, ROOM, stays=True)
    state = moving(clinic)
    state = evolve(state, step=with_zombie_moves(state.step, (LAB_AT,)))
    report = business_report(state, apply_action(state, EndMove()))[1]
    assert f"zombie cured +$32: yellow doctor {doctor} in the lab at {LAB_AT} (he lies down)" in report
    assert f"2 yellow patients alone in the treatment room at {ROOM} become a zombie" in report
    assert "income $32 ·" in report


def test_the_end_screen_counts_the_corpses():
    """Z15 "corpse/abandoned-car counts" for L1170 "removed from the game ..., but lay
    them near your player board": the end line counts whom the zombies killed, the
    cures and the zombies left (+9 each, L1198)."""
    from core.clinic.expansions.zombies import tally, victims

    clinic = staff(base_clinic(), Role.NURSE, HUB)
    clinic = patient(clinic, W, HUB)
    after = _ended(clinic, zombies=(HUB,))
    p = after.players[0]
    assert victims(p) == 2 and p.dead == 1
    assert tally(p) == "zombies: 2 people killed, 0 cured, 1 still in the clinic (+9 each)"
    mutated = with_player_state(evolve(p, clinic=evolve(p.clinic, abandoned_cars=4)), ZombiesPlayer(mutated=2))
    assert victims(mutated) == 2  # the mutated patients' cars are not corpses


# --- Gaps decided in the rulings (§4) -----------------------------------------------------
def test_killed_staff_cost_nothing_more():
    """Z5 (house): "Killed staff: no penalty, wages or end points" (L1170 "removed from
    the game")."""
    from core.clinic.business import wages
    from core.clinic.game.end import end_score

    clinic = staff(staff(base_clinic(), Role.NURSE, HUB), Role.DOCTOR, HUB, R)
    after = _ended(clinic, zombies=(HUB,))
    p = after.players[0]
    assert p.popularity == 10 and p.dead == 0
    assert wages(p.clinic) == 0 and end_score(p).doctors == end_score(p).nurses == 0


def test_short_supply_the_lowest_room_first():
    """Z7 (house): "a player's own rooms by floor, row, column when short" with L1178
    "If there aren't enough zombies to go around"."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "B2"), (TR, "A2"), (SR, "C3", 1), (TR, "C2", 1))
    clinic = Clinic(board)
    for room in (sp("C2", 1), sp("C3"), sp("A2")):
        clinic = patient(patient(clinic, Y, room, stays=True), Y, room, stays=True)
    clinic = with_zombies(clinic, *(HUB,) * (XK.ZOMBIES_IN_GAME - 2))
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    zombies = business_for(state, 0).players[0].clinic.board.zombies
    assert sorted(z for z in zombies if z != HUB) == [sp("A2"), sp("C3")]  # floor 0 first, then by row
    p = business_for(state, 0).players[0]
    assert [q.where for q in p.clinic.of_role(Role.PATIENT)] == [sp("C2", 1)] * 2  # unmutated


def test_a_cure_is_no_treatment():
    """Z8 (house): "$32 is this round's income; not a goal treatment" (rulings 0.4c:
    "zombie cures do not count")."""
    clinic = with_zombies(staff(base_clinic(), Role.DOCTOR, LAB_AT, Y), LAB_AT)
    p = business_for(in_phase(started(OPTS), Phase.MOVE, clinic), 0).players[0]
    assert player_state(p).zombies_cured == 1 and p.cured == 0 and p.cured_red == 0


def test_zombies_are_no_patients_and_ignore_capacities():
    """Z10 (house): "Zombies ignore module capacities and are not patients: no
    worsening, no −2 at the end" (L1194 "Each non-zombie patient ... worsens")."""
    from core.clinic.game.end import end_score

    clinic = with_zombies(base_clinic(), SUPPLY, SUPPLY, SUPPLY)
    state = moving(clinic)
    state = evolve(state, step=with_zombie_moves(state.step, (SUPPLY,) * 3))
    assert EndMove() in legal_actions(state)  # 3 zombies in a supply room
    after = admin(state)
    assert after.players[0].clinic.board.zombies == (SUPPLY,) * 3 and after.players[0].dead == 0
    assert end_score(after.players[0]).patients == 0


def test_a_zombie_step_in_words():
    """Z15 'a "zombies must move" step first' in the plain mode's words and the log
    (L1165 "This costs no time")."""
    from core.clinic.game.narration import describe, option_text

    state = moving(with_zombies(base_clinic(), ROOM))
    step = MoveZombie(ROOM, SUPPLY)
    said = "move the zombie on the treatment room at floor 0 C3 to the supply room at floor 0 C2 (no time)"
    assert option_text(state, step) == said
    assert describe(state, step, apply_action(state, step)).startswith("Player 1 " + said.replace("move ", "moves ", 1))
