"""Workaholic Doctors (rulebook, base L1099-1151; rulings §3 W1-W12): each test quotes
the sentence it checks."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Clinic, Colour, Role
from core.clinic.business import best_in_room, treat
from core.clinic.expansions import room_treatment, zombies
from core.clinic.expansions.workaholics import exhausted_leave, fill_university
from core.clinic.game import EndMove, apply_action, constants as K, legal_actions, new_game
from core.clinic.expansions import constants as XK
from core.clinic.game.actions import Done, HireDoctor
from core.clinic.game.admin import admin, level_down, level_up
from core.clinic.game.business_phase import business_for
from core.clinic.game.end import end_score
from core.clinic.game.hire import doctor_cost
from core.clinic.game.move_phase import end_move_problems
from core.clinic.game.state import Phase
from core.errors import IllegalActionError

from clinic_helpers import LAB, OR, OUT, PSY, SR, TR, sp
from game.game_helpers import invariant_violations
from .helpers import board_of, in_phase, patient, staff, started

P, R, O, Y, W = Colour.PURPLE, Colour.RED, Colour.ORANGE, Colour.YELLOW, Colour.WHITE
ROOM = sp("C3")
OPTS = ("workaholics",)


def room_clinic(*patients, doctor=P, extra=()):
    """Psychiatry hub B3, supplied treatment room C3 holding ``doctor`` and
    ``patients`` (colours)."""
    clinic = Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"), *extra))
    if doctor is not None:
        clinic = staff(clinic, Role.DOCTOR, ROOM, doctor)
    for c in patients:
        clinic = patient(clinic, c, ROOM)
    return clinic


def care(clinic, options=OPTS):
    state = started(options)
    return treat(clinic, room_treatment(state, clinic, best_in_room))


# --- Setup ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_purple_doctors_join_the_bag(players):
    """L1107-1113 doctor pool table: the purple row "1 2 3 4" for 1-4 players (W11)."""
    state = new_game(players, 5, options=OPTS)
    purples = state.doctor_pool[P] + state.university.count(P)
    assert purples == XK.WORKAHOLICS_IN_BAG[players] == players
    assert sum(state.doctor_pool) + sum(c is not None for c in state.university) == (
        sum(K.DOCTOR_POOL[players]) + players
    )


@pytest.mark.parametrize("seed", range(40))
def test_never_more_than_one_workaholic_at_the_university_and_he_is_leftmost(seed):
    """L1117 "Rearrange them according to the diagram on the university: (purple, red,
    orange, yellow, white)"; L1119 "The university can never have more than 1 workaholic
    doctor"."""
    state = new_game(4, seed, options=OPTS)
    uni = state.university
    assert uni.count(P) <= 1
    assert list(uni) == sorted(uni, reverse=True)
    assert all(c is not None for c in uni)


def test_extra_purples_go_back_to_the_bag_after_filling():
    """L1119 "if you draw additional purple doctors, simply return them to the bag after
    filling the university" (W1: drawing goes on; with only purples left, the spaces
    stay empty)."""
    state = started(OPTS, players=1)
    state = evolve(state, university=(P, None, None), doctor_pool=(0, 0, 0, 0, 3))
    after = fill_university(state)
    assert after.university == (P, None, None)
    assert after.doctor_pool == (0, 0, 0, 0, 3)
    state = evolve(state, university=(P, None, None), doctor_pool=(1, 0, 0, 0, 3))
    after = fill_university(state)
    assert after.university == (P, W, None)
    assert after.doctor_pool == (0, 0, 0, 0, 3)
    assert after.draws == state.draws + 5  # each cube drawn once, then the empty bag


def test_admin_refills_the_university_with_one_purple_at_most():
    """L1143-1145 (Admin) "Draw 1 doctor for each empty space ... then rearrange the
    doctors, left to right: purple, red, orange, yellow, white. Remember: The university
    can never have more than 1 workaholic doctor"."""
    state = started(OPTS, players=4, seed=1)
    state = evolve(state, university=(None,) * 4, doctor_pool=(1, 0, 0, 0, 4))
    after = fill_university(state)
    assert after.university.count(P) == 1 and after.university[:2] == (P, W)
    assert after.doctor_pool == (0, 0, 0, 0, 3)
    assert fill_university.next_round_only  # not in round 6's Admin (rulings 0.1)


# --- Hire -------------------------------------------------------------------------------
def test_a_workaholic_costs_eight():
    """L1127 "Workaholic doctors cost 2x to hire. Because there can only be 1 at the
    university, and it is always in the leftmost space, this means it will always cost
    $8 to hire a workaholic doctor."."""
    state = started(OPTS, players=4, seed=2)
    state = evolve(state, university=(P, R, Y, W))
    assert [doctor_cost(state, s) for s in range(4)] == [8, 3, 2, 1]
    hiring = in_phase(state, Phase.HIRE, seat=state.turn_order[0])
    seat = hiring.current
    hiring = evolve(hiring, players=tuple(
        evolve(p, money=7) if i == seat else p for i, p in enumerate(hiring.players)))
    assert not any(isinstance(a, HireDoctor) and a.slot == 0 for a in legal_actions(hiring))
    hiring = evolve(hiring, players=tuple(
        evolve(p, money=8) if i == seat else p for i, p in enumerate(hiring.players)))
    hire = next(a for a in legal_actions(hiring) if isinstance(a, HireDoctor) and a.slot == 0)
    after = apply_action(hiring, hire)
    assert after.players[seat].money == 0
    assert after.players[seat].clinic.last.colour is P


# --- Move: capacity -------------------------------------------------------------------
def moving(clinic):
    return in_phase(started(OPTS), Phase.MOVE, clinic)


def test_three_yellow_patients_with_a_workaholic():
    """L1131 "A treatment room with a workaholic doctor in it has greater patient
    capacity for yellow or white patients ...: It can hold 3 yellow patients or 4 white
    patients."."""
    assert end_move_problems(moving(room_clinic(Y, Y, Y))) == ()
    assert end_move_problems(moving(room_clinic(W, W, W, W))) == ()
    assert end_move_problems(moving(room_clinic(Y, Y, Y, Y)))
    assert end_move_problems(moving(room_clinic(W, W, W, W, W)))


def test_not_for_both_colours_at_once():
    """L1131 "(but not for both at the same time)" (W5: a mix keeps the room's 2)."""
    problems = end_move_problems(moving(room_clinic(Y, Y, W)))
    assert problems and "holds 3 patients" in problems[0]
    assert any("3 yellow or 4 white patients (not both)" in p for p in problems)  # W12
    assert end_move_problems(moving(room_clinic(Y, O))) == ()


def test_only_with_a_workaholic_in_the_room():
    """L1131 "A treatment room with a workaholic doctor in it": a white doctor's room
    holds 2."""
    assert end_move_problems(moving(room_clinic(Y, Y, Y, doctor=W)))
    assert end_move_problems(moving(room_clinic(Y, Y, Y, doctor=None)))


def test_a_third_yellow_patient_is_offered_the_room():
    """L1131 in the Move phase: a yellow patient waiting in pre-admissions may walk in
    beside 2 yellows and a workaholic; a white one may not."""
    from core.clinic.game.actions import MovePerson

    clinic = patient(room_clinic(Y, Y), Y)
    waiting = clinic.last.id
    assert MovePerson(waiting, ROOM) in legal_actions(moving(clinic))
    clinic = patient(room_clinic(Y, Y), W)
    assert MovePerson(clinic.last.id, ROOM) not in legal_actions(moving(clinic))


def test_a_room_over_capacity_later_is_accepted():
    """W6 (house): patients who stay are never evicted; the room accepts nobody new."""
    clinic = room_clinic(doctor=None)
    for c in (Y, Y, Y):
        clinic = patient(clinic, c, ROOM, stays=True)
    state = moving(clinic)
    assert end_move_problems(state) == ()
    assert EndMove() in legal_actions(state)


# --- Business ---------------------------------------------------------------------------
@pytest.mark.parametrize(("colour", "most"), [(R, 1), (O, 2), (Y, 3), (W, 4)])
def test_treats_up_to_its_number_of_one_colour_with_no_nurse(colour, most):
    """L1139 "A workaholic doctor can treat either 1 red patient, up to 2 orange
    patients, up to 3 yellow patients, or up to 4 white patients in a single room at
    once, with no need for nurses."."""
    clinic = room_clinic(*[colour] * (most + 1))
    lines = care(clinic).lines
    assert len(lines) == most
    assert all(line.nurses == () for line in lines)
    assert sum(line.income for line in lines) == most * K_INCOME[colour]


K_INCOME = {W: 4, Y: 6, O: 8, R: 10}


def test_one_colour_at_a_time_the_best_one():
    """L1139 "either ... or ..." (W3: one colour; the engine picks the best income)."""
    lines = care(room_clinic(Y, Y, W)).lines
    assert sorted(care(room_clinic(Y, Y, W)).cured) == sorted(
        p.id for p in room_clinic(Y, Y, W).of_role(Role.PATIENT) if p.colour is Y)
    assert sum(line.income for line in lines) == 12


def test_a_second_doctor_treats_another_patient():
    """W5 (house): doctor capacity stays 2, a usual doctor treats beside him."""
    clinic = room_clinic(Y, W)
    clinic = staff(clinic, Role.DOCTOR, ROOM, W)
    treated = care(clinic)
    assert len(treated.lines) == 2 and treated.income == 10


def test_without_the_expansion_a_purple_doctor_is_no_workaholic():
    """The rule is the expansion's: the base assignment does not know purple."""
    assert len(care(room_clinic(Y, Y, Y), options=()).lines) <= 1


def test_operating_room_one_patient_no_nurse():
    """W4 (house): "in an OR he treats its 1 patient, any colour, no nurses"."""
    clinic = Clinic(board_of((PSY, "B3"), (OR, "C3"), (SR, "C2")))
    clinic = staff(clinic, Role.DOCTOR, ROOM, P)
    clinic = patient(clinic, W, ROOM)
    lines = care(clinic).lines
    assert len(lines) == 1 and lines[0].nurses == ()


def test_he_lies_down_after_treating():
    """L1139 "After he treats patients, lay him down (exhaustion!)."."""
    state = in_phase(started(OPTS), Phase.MOVE, room_clinic(Y, Y, Y))
    after = business_for(state, 0)
    doc = after.players[0].clinic.of_role(Role.DOCTOR)[0]
    assert doc.lying and after.players[0].cured == 3
    idle = in_phase(started(OPTS), Phase.MOVE, room_clinic())
    assert not business_for(idle, 0).players[0].clinic.of_role(Role.DOCTOR)[0].lying


# --- Admin ------------------------------------------------------------------------------
def test_a_lying_workaholic_leaves_the_game():
    """L1151 "Each purple doctor lying down on your player board leaves the game
    (remember to return the doctor's car to the main lot)." (W10: not to the bag)."""
    state = in_phase(started(OPTS), Phase.MOVE, room_clinic(Y, Y, Y))
    state = business_for(state, 0)
    pool = state.doctor_pool
    after = exhausted_leave(state)
    p = after.players[0]
    assert p.clinic.of_role(Role.DOCTOR) == ()
    assert p.cars_owed == state.players[0].cars_owed + 1
    assert p.dismissed_doctors == state.players[0].dismissed_doctors + 1
    assert after.doctor_pool == pool


def test_a_standing_workaholic_stays():
    """L1151 "lying down": one who treated nobody stays for next round."""
    state = in_phase(started(OPTS), Phase.MOVE, room_clinic())
    assert exhausted_leave(state).players[0].clinic.of_role(Role.DOCTOR)


def test_the_whole_admin_phase_removes_him():
    """L1151 within the Admin phase (``admin.admin`` runs the expansion's step)."""
    state = in_phase(started(OPTS), Phase.MOVE, room_clinic(Y))
    state = business_for(state, 0)
    assert admin(state).players[0].clinic.of_role(Role.DOCTOR) == ()


def test_purple_never_changes_colour():
    """W2 (house): the university level-up and the board level-down leave purple as it
    is."""
    assert level_up(P) is P and level_up(P, 2) is P and level_down(P) is P
    assert level_up(W, 2) is O and level_down(R) is O


def test_in_a_lab_he_gives_one_popularity():
    """W2 (house) with base L936: "In a lab it gives +1 popularity with no change, like a
    red doctor"."""
    from core.clinic.game.admin import train_in_labs

    clinic = Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3")))
    clinic = staff(clinic, Role.DOCTOR, sp("A3"), P)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    after = train_in_labs(state)
    assert after.players[0].popularity == state.players[0].popularity + 1
    assert after.players[0].clinic.of_role(Role.DOCTOR)[0].colour is P


def test_four_points_at_the_end():
    """W8 (house): "a purple scores 4"."""
    clinic = room_clinic(doctor=P)
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    white = in_phase(started(OPTS), Phase.MOVE, room_clinic(doctor=W))
    assert end_score(state.players[0]).doctors - end_score(white.players[0]).doctors == 3


def test_a_game_with_workaholics_keeps_every_doctor_accounted_for():
    """Conservation: purples come from the box (``supply_doctors``)."""
    state = new_game(3, 9, options=OPTS)
    assert invariant_violations(state) == []


def test_the_report_says_whom_the_workaholic_treated():
    """W12 "Business shows whom he treated" (L1139 "up to 3 yellow patients ... with no
    need for nurses. After he treats patients, lay him down"): the Business report and
    the event log name his patients; the log says he leaves in Admin (L1151)."""
    from core.clinic.expansions import events
    from core.clinic.game.business_report import business_report
    from core.clinic.game.narration import describe

    clinic = room_clinic(Y, Y, Y)
    doc = clinic.of_role(Role.DOCTOR)[0].id
    a, b, c = (q.id for q in clinic.of_role(Role.PATIENT))
    state = in_phase(started(OPTS), Phase.MOVE, clinic)
    after = apply_action(state, EndMove())
    said = f"workaholic doctor {doc} treated yellow patient {a}, yellow patient {b} and yellow patient {c}, then lies down"
    report = business_report(state, after)[1]
    assert said in report and said in describe(state, EndMove(), after)
    assert report.count(f"(doctor {doc}): +$6 (the workaholic, no nurses)") == 3
    treated = business_for(state, 0)
    assert any("leaves the game" in e for e in events(treated, exhausted_leave(treated)))


def test_the_basic_player_keeps_its_own_hire():
    """``bot_preference`` only replaces ending the Hire action, never another hire."""
    from core.clinic.expansions.workaholics import EXPANSION
    from core.clinic.game.actions import HireNurse

    state = started(OPTS, players=4, seed=2)
    state = in_phase(evolve(state, university=(P, R, Y, W)), Phase.HIRE, seat=state.turn_order[0])
    seat = state.current
    state = evolve(state, players=tuple(evolve(p, money=30) if i == seat else p for i, p in enumerate(state.players)))
    options = legal_actions(state)
    nurse = next(a for a in options if isinstance(a, HireNurse))
    assert EXPANSION.bot_preference(state, options, None, nurse) is None
    choice = EXPANSION.bot_preference(state, options, None, Done())
    assert isinstance(choice, HireDoctor) and choice.slot == 0
    moving = in_phase(state, Phase.MOVE, seat=seat)
    assert EXPANSION.bot_preference(moving, options, None, Done()) is None


# --- Gaps decided in the rulings (§3) -----------------------------------------------------
def test_in_outpatient_services_like_any_doctor_then_he_lies_down():
    """W4 (house): "in outpatient like any doctor ($6); he lies down after *any*
    treatment" (L1139 "After he treats patients, lay him down")."""
    clinic = Clinic(board_of((PSY, "B3"), (OUT, "C3"), (SR, "C2")))
    clinic = staff(clinic, Role.DOCTOR, ROOM, P)
    clinic = patient(clinic, R, ROOM)
    lines = care(clinic).lines
    assert len(lines) == 1 and lines[0].income == 6 and lines[0].nurses == ()
    after = business_for(in_phase(started(OPTS), Phase.MOVE, clinic), 0)
    assert after.players[0].clinic.of_role(Role.DOCTOR)[0].lying


def test_his_wage_is_a_doctors():
    """W7 (house) with base L862 "pay each employee as follows:": "purple wage $2"."""
    from core.clinic.business import wages

    assert wages(room_clinic()) == wages(room_clinic(doctor=W)) == 2


def test_a_workaholic_donor_stands_up_in_business_and_stays():
    """W9 (house): "as a blood donor he stands up in Business (B5)", so Admin keeps him
    (L1151 takes only those lying down)."""
    from core.clinic.expansions.blood import draw_blood

    opts = ("blood", "workaholics")
    clinic = staff(Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"))), Role.DOCTOR, sp("B3"), P)
    clinic = evolve(clinic, people=tuple(evolve(q, lying=True) for q in clinic.people))
    state = in_phase(started(opts), Phase.MOVE, clinic)
    up = draw_blood(state)
    assert not up.players[0].clinic.of_role(Role.DOCTOR)[0].lying
    assert admin(up).players[0].clinic.of_role(Role.DOCTOR)


def test_lying_in_a_lab_after_a_zombie_cure_he_leaves():
    """W9 (house): "Lying in a lab after a zombie cure, he leaves in Admin; the
    workaholic step runs before the zombie lab stand-up" (L1182 "lay the doctor down";
    L1151; L1192 "Each doctor lying in a lab stands up")."""
    from core.clinic.game.business_phase import business

    opts = ("workaholics", "zombies")
    clinic = staff(Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"))), Role.DOCTOR, sp("A3"), P)
    clinic = evolve(clinic, board=evolve(clinic.board, zombies=(sp("A3"),)))
    state = business(in_phase(started(opts), Phase.MOVE, clinic))
    p = state.players[0]
    assert zombies.player_state(p).zombies_cured == 1 and p.clinic.of_role(Role.DOCTOR)[0].lying
    assert admin(state).players[0].clinic.of_role(Role.DOCTOR) == ()


def test_one_player_hires_him_for_eight_from_the_single_space():
    """W11 (rulebook arithmetic) with L1127 "it will always cost $8 to hire a
    workaholic doctor": 1 player, 1 purple in the bag, one university space."""
    state = new_game(1, 5, options=OPTS)
    assert len(state.university) == 1
    assert sum(1 for c in state.university if c is P) + state.doctor_pool[int(P)] == 1
    assert doctor_cost(evolve(state, university=(P,)), 0) == 8
