"""Blood Transfusion (rulebook, base L1018-1063; rulings §1 B1-B14): each test quotes
the sentence it checks."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Clinic, Colour, Role
from core.clinic.components import Garden
from core.clinic.construction import BuildGarden, build
from core.clinic.expansions import constants as XK
from core.clinic.expansions.zombies import with_zombie_moves
from core.clinic.expansions.blood import (
    carrying,
    GiveBlood,
    PickUpBlood,
    draw_blood,
    left,
    transfuse,
    worsen_unless_held,
)
from core.clinic.game import EndMove, MovePerson, apply_action, constants as K, legal_actions
from core.clinic.game.admin import admin
from core.clinic.game.business_phase import business_for
from core.clinic.game.state import Phase
from core.errors import IllegalActionError

from clinic_helpers import LAB, PSY, SR, TR, sp
from game.game_helpers import with_clinic
from .helpers import board_of, in_phase, patient, staff, started

Y, W, O, R = Colour.YELLOW, Colour.WHITE, Colour.ORANGE, Colour.RED
OPTS = ("blood",)
ROOM, HUB, LAB_AT, SUPPLY = sp("C3"), sp("B3"), sp("A3"), sp("C2")


def base_clinic(*extra):
    """Hub B3, treatment room C3, supply C2, lab A3, entrance south of B3."""
    return Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"), *extra))


def moving(clinic, options=OPTS):
    return in_phase(started(options), Phase.MOVE, clinic)


def with_blood(clinic, *spaces):
    return evolve(clinic, board=evolve(clinic.board, blood=spaces))


# --- Giving blood -----------------------------------------------------------------------
def test_an_employee_alone_in_a_service_hub_lies_down_for_three_time():
    """L1036 "Lie down to give blood in an otherwise empty service hub. This takes 3
    time."."""
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    nurse = clinic.last.id
    state = moving(clinic)
    assert GiveBlood(nurse) in legal_actions(state)
    after = apply_action(state, GiveBlood(nurse))
    c = after.players[0].clinic
    assert c.person(nurse).lying and c.move_time == state.players[0].clinic.move_time + 3
    assert not any(isinstance(a, MovePerson) and a.pid == nurse for a in legal_actions(after))


@pytest.mark.parametrize("role", [Role.NURSE, Role.DOCTOR, Role.ORDERLY])
def test_any_staff_may_give(role):
    """L1034 "one of your staff (nurse, doctor, orderly, or janitor)" (B2: no janitors)."""
    clinic = staff(base_clinic(), role, HUB, W if role is Role.DOCTOR else None)
    state = moving(clinic)
    donor = clinic.last.id
    after = apply_action(state, GiveBlood(donor))
    # B4: the donor may end in the hub whatever their kind (an orderly too)
    assert EndMove() in legal_actions(after)


def test_not_a_patient_and_not_in_another_module():
    """L1034 "one of your staff ... to an otherwise empty service hub"."""
    clinic = staff(base_clinic(), Role.NURSE, ROOM)
    nurse = clinic.last.id
    state = moving(clinic)
    assert GiveBlood(nurse) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="not in a service hub"):
        apply_action(state, GiveBlood(nurse))


def test_the_hub_must_be_otherwise_empty():
    """L1034 "If there are other staff in the service hub, you will need to move them out
    before this one can give blood"."""
    clinic = staff(staff(base_clinic(), Role.NURSE, HUB), Role.DOCTOR, HUB, W)
    state = moving(clinic)
    assert not any(isinstance(a, GiveBlood) for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="otherwise empty service hub"):
        apply_action(state, GiveBlood(clinic.last.id))


def test_one_donor_a_round():
    """L1026 "Each round, each player can have one employee give blood"."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"), (PSY, "C3", 1))
    clinic = staff(staff(Clinic(board), Role.NURSE, HUB), Role.NURSE, sp("C3", 1))
    state = moving(clinic)
    first, second = (p.id for p in clinic.people)
    state = apply_action(state, GiveBlood(first))
    assert GiveBlood(second) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="one employee a round"):
        apply_action(state, GiveBlood(second))


def test_nobody_else_ends_in_the_donors_hub():
    """B4 (house): "others may pass through, none may *end* the Move phase there"."""
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    nurse = clinic.last.id
    clinic = staff(clinic, Role.DOCTOR, LAB_AT, W)
    doctor = clinic.last.id
    state = apply_action(moving(clinic), GiveBlood(nurse))
    assert MovePerson(doctor, HUB) not in legal_actions(state)
    assert MovePerson(doctor, ROOM) in legal_actions(state)  # through the hub


def test_the_donor_lies_down_once_the_phase_could_end():
    """House rule: GiveBlood is offered only when the Move phase could end right after."""
    clinic = staff(staff(base_clinic(), Role.NURSE, HUB), Role.ORDERLY, LAB_AT)
    state = moving(clinic)  # the orderly may not end in the lab
    nurse = clinic.people[0].id
    assert GiveBlood(nurse) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="the donor lies down once everyone else stands where the Move"
                       " phase may end .house rule"):
        apply_action(state, GiveBlood(nurse))


def test_without_the_expansion_nobody_gives_blood():
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    assert not any(isinstance(a, GiveBlood) for a in legal_actions(moving(clinic, options=())))


# --- Business: the Blood token ----------------------------------------------------------
def _donor_state(players=1, seed=0):
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    clinic = evolve(clinic, people=[evolve(p, lying=True) for p in clinic.people])
    state = started(OPTS, players=players, seed=seed)
    for seat in range(players):
        state = with_clinic(state, seat, clinic)
    return state


def test_the_donor_produces_a_token_on_the_hub_and_stands_up():
    """L1049 "Take a Blood token from the supply and place it on the service hub with the
    employee, and stand the employee up again."."""
    state = _donor_state()
    after = draw_blood(state)
    c = after.players[0].clinic
    assert c.board.blood == (HUB,)
    assert not c.people[0].lying
    assert left(after) == XK.BLOOD_TOKENS - 1 == 5


def test_short_supply_least_popular_first():
    """L1049 "If multiple players are drawing blood, and there's not enough to go
    around, the least popular player draws first." (B5: the others stand up too)."""
    state = _donor_state(players=3)
    pops = (7, 2, 4)
    state = evolve(state, players=[evolve(p, popularity=n) for p, n in zip(state.players, pops)])
    other = state.players[0].clinic
    full = evolve(other, board=evolve(other.board, blood=(sp("D1"),) * (XK.BLOOD_TOKENS - 2)))
    state = with_clinic(state, 0, evolve(full, people=other.people))
    after = draw_blood(state)
    got = [p.clinic.board.blood.count(HUB) for p in after.players]
    assert got == [0, 1, 1]  # seat 1 (2 popularity), seat 2 (4), not seat 0 (7)
    assert not any(q.lying for p in after.players for q in p.clinic.people)


def test_ties_the_first_to_reach_the_popularity_draws_later():
    """B6 (house): "ties broken as in the turn-order reset"."""
    state = _donor_state(players=2)
    state = evolve(state, players=[evolve(p, popularity=3, stamp=s) for p, s in zip(state.players, (5, 9))])
    other = state.players[0].clinic
    state = with_clinic(state, 0, evolve(other, board=evolve(other.board, blood=(sp("D1"),) * (XK.BLOOD_TOKENS - 1))))
    after = draw_blood(state)
    assert after.players[1].clinic.board.blood == (HUB,)  # stamp 9: arrived later, draws first


# --- Carrying ---------------------------------------------------------------------------
def test_a_nurse_carries_blood_at_no_time_and_drops_it_where_she_ends():
    """L1040-1041 "A nurse can carry blood to a treatment room. This takes no time. A
    nurse can drop blood off in a treatment room. This takes no time" (B7)."""
    clinic = with_blood(staff(base_clinic(), Role.NURSE, HUB), HUB)
    nurse = clinic.last.id
    state = moving(clinic)
    state = apply_action(state, PickUpBlood(nurse))
    assert state.players[0].clinic.board.blood == () and carrying(state) == (nurse,)
    assert left(state) == XK.BLOOD_TOKENS - 1
    state = apply_action(state, MovePerson(nurse, ROOM))
    assert state.players[0].clinic.move_time == 1  # the walk only
    state = apply_action(state, EndMove())
    assert state.players[0].clinic.board.blood == (ROOM,)


def test_only_nurses_and_one_token_each():
    """L1038 "any nurse can pick this up" (B7: max 1)."""
    clinic = with_blood(staff(base_clinic(), Role.DOCTOR, HUB, W), HUB)
    state = moving(clinic)
    assert not any(isinstance(a, PickUpBlood) for a in legal_actions(state))
    clinic = with_blood(staff(base_clinic(), Role.NURSE, HUB), HUB, HUB)
    state = apply_action(moving(clinic), PickUpBlood(clinic.last.id))
    assert PickUpBlood(clinic.last.id) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="already"):
        apply_action(state, PickUpBlood(clinic.last.id))


# --- Transfusion ------------------------------------------------------------------------
def _room(*colours, nurses=1, tokens=1, doctor=False, extra=()):
    clinic = base_clinic(*extra)
    for _ in range(nurses):
        clinic = staff(clinic, Role.NURSE, ROOM)
    if doctor:
        clinic = staff(clinic, Role.DOCTOR, ROOM, W)
    for c in colours:
        clinic = patient(clinic, c, ROOM, stays=True)
    return with_blood(clinic, *(ROOM,) * tokens)


def _in_business(clinic):
    return in_phase(started(OPTS), Phase.MOVE, clinic)


def test_a_white_patient_is_cured_by_blood():
    """L1053-1057 "A nurse in a treatment room with a patient and a Blood token, but no
    doctor, can help that patient with the blood. Return the Blood token to the supply.
    If the patient was white, the patient is completely cured: You earn the income, and
    the patient goes home, taking a car, as usual."."""
    state = _in_business(_room(W))
    after = transfuse(state, 0)
    p = after.players[0]
    assert p.clinic.of_role(Role.PATIENT) == () and p.cured == 1 and p.cars_owed == 1
    assert p.income == 4 and p.clinic.board.blood == ()
    assert left(after) == XK.BLOOD_TOKENS


def test_other_colours_improve_by_one_and_stay_with_the_nurse_atop():
    """L1059 "Otherwise, you earn the income as if you'd cured the patient, but the
    patient only improves by 1 color ..., and stays in the treatment room. Stand the
    nurse atop the patient" (B10: the income of the colour before)."""
    state = _in_business(_room(R))
    p = transfuse(state, 0).players[0]
    (pat,) = p.clinic.of_role(Role.PATIENT)
    (nurse,) = p.clinic.of_role(Role.NURSE)
    assert pat.colour is O and pat.where == ROOM and nurse.atop == pat.id
    assert p.income == 10 and p.cured == 0 and p.cured_red == 0


def test_not_with_a_doctor_in_the_room():
    """L1053 "but **no doctor**"."""
    state = _in_business(_room(W, doctor=True))
    assert transfuse(state, 0).players[0].clinic.board.blood == (ROOM,)


def test_one_nurse_and_one_token_a_patient_highest_colour_first():
    """B9 (house): "one nurse + one token per patient ... highest patient colour first"."""
    state = _in_business(_room(W, O, nurses=1, tokens=2))
    p = transfuse(state, 0).players[0]
    assert sorted(q.colour for q in p.clinic.of_role(Role.PATIENT)) == [W, Y]
    assert p.clinic.board.blood == (ROOM,)  # one nurse: one transfusion
    p = transfuse(_in_business(_room(W, O, nurses=2, tokens=1)), 0).players[0]
    assert len(p.clinic.of_role(Role.PATIENT)) == 2 and p.income == 8


def test_gardens_and_extinguishers_add_to_a_transfusion():
    """B10 (house): "+$2 per adjacent garden, +$3 per adjacent extinguisher"."""
    clinic = _room(Y)
    board = build(clinic.board, BuildGarden(sp("D3")))
    board = evolve(board, extinguishers=frozenset({SUPPLY}))
    p = transfuse(_in_business(evolve(clinic, board=board)), 0).players[0]
    assert p.income == 6 + 2 + 3


def test_business_pays_the_transfusion_income():
    """L1059 in play: the income is the round's."""
    state = _in_business(_room(Y))
    after = business_for(state, 0)
    p = after.players[0]
    wages, upkeep = 1, 4
    assert p.income + p.money - state.players[0].money == 6 - wages - upkeep


# --- Admin ------------------------------------------------------------------------------
def test_a_patient_with_a_nurse_on_it_does_not_worsen():
    """L1063 "A patient with a nurse standing on it **does not worsen**; instead, simply
    take the nurse off the patient to stand beside them in the treatment room."."""
    state = transfuse(_in_business(_room(R, W, nurses=1, tokens=1)), 0)
    after = worsen_unless_held(state)
    colours = sorted(q.colour for q in after.players[0].clinic.of_role(Role.PATIENT))
    assert colours == [Y, O]  # the transfused red -> orange stays; the white worsened
    assert all(q.atop is None for q in after.players[0].clinic.people)
    assert admin(state).players[0].clinic.of_role(Role.NURSE)[0].atop is None


def _business_texts(state):
    """The Business report's body and the event log's sentence of the ``EndMove`` that
    starts Business in ``state``."""
    from core.clinic.game.business_report import business_report
    from core.clinic.game.narration import describe

    after = apply_action(state, EndMove())
    return business_report(state, after)[1], describe(state, EndMove(), after)


def test_the_report_and_the_log_say_each_transfusion():
    """B14: 'line "transfusion +$N, Y→W"' in the Business report and the event log
    (L1059 "you earn the income as if you'd cured the patient, but the patient only
    improves by 1 color": red $10, red -> orange)."""
    nurse = _room(R).of_role(Role.NURSE)[0].id
    report, log = _business_texts(_in_business(_room(R)))
    pid = _room(R).of_role(Role.PATIENT)[0].id
    line = f"transfusion +$10, R→O: psychiatry patient {pid} in the treatment room at {ROOM} (nurse {nurse})"
    assert line in report and line in log
    assert "income $10 ·" in report  # the transfusion is this round's income
    state = _in_business(_room(R))
    wages, upkeep = 1, 4  # a nurse; hub, room, supply room and lab
    money = state.players[0].money
    assert "$5 of this round's income may buy popularity ($3 each)" in report
    assert f"savings ${money} -> ${money + 10 - wages - upkeep} less what it buys" in report
    report, log = _business_texts(_in_business(_room(W)))
    assert "transfusion +$4, W→home" in report and "W→home" in log  # L1057 completely cured


def test_the_forecast_counts_a_patient_a_transfusion_sends_home():
    """L1057 "If the patient was white, the patient is completely cured: You earn the
    income, and the patient goes home": the forecast shown during the Move phase counts
    that cure and its $4, as the Business phase then does (a random game found the
    forecast saying 0 cured)."""
    from core.clinic.game.business_phase import business_for, forecast

    state = _in_business(_room(W))
    f = forecast(state, 0)
    after = business_for(state, 0).players[0]
    assert (f.cured, f.income) == (1, 4)
    assert after.cured - state.players[0].cured == 1


def test_the_report_says_the_donor_gives_blood_or_gets_none():
    """L1049 "Take a Blood token from the supply and place it on the service hub with
    the employee, and stand the employee up again" (B14: the report says so; B5: with
    none left the donor stands up without one)."""
    from core.clinic.game.business_report import at_business, business_details

    state = in_phase(_donor_state(), Phase.MOVE)
    (d,) = business_details(at_business(state))
    assert d.first[0].startswith(f"blood drawn: nurse {state.players[0].clinic.people[0].id} gives a Blood token")
    clinic = with_blood(state.players[0].clinic, *(LAB_AT,) * XK.BLOOD_TOKENS)
    (d,) = business_details(with_clinic(state, 0, clinic))
    assert d.first[0].startswith("no Blood token left for nurse")


def test_a_donor_refusing_to_move_names_the_rule():
    """B3 (house): "the donor moves no more"; B4: "none may *end* the Move phase there"
    (IllegalActionError names the rule in players' words)."""
    clinic = staff(base_clinic(), Role.NURSE, HUB)
    donor = clinic.last.id
    clinic = staff(clinic, Role.NURSE, ROOM)
    other = clinic.last.id
    state = apply_action(moving(clinic), GiveBlood(donor))
    with pytest.raises(IllegalActionError, match="lies down giving blood and moves no more"):
        apply_action(state, MovePerson(donor, ROOM))
    with pytest.raises(IllegalActionError, match="otherwise empty service hub") as refused:
        apply_action(state, MovePerson(other, HUB))
    assert str(refused.value).endswith(
        f"Move: the blood donor lies in the service hub at {HUB} ('lie down to give blood in an"
        " otherwise empty service hub'): nobody else may end the phase there"
    )


def test_blood_is_given_in_the_move_phase_only():
    """L1032 "Move — New! Give Blood": refused in another phase, naming the rule."""
    from core.clinic.game.rules import reject_reason

    clinic = staff(base_clinic(), Role.NURSE, HUB)
    state = in_phase(started(OPTS), Phase.BUILD, clinic)
    assert reject_reason(state, GiveBlood(clinic.last.id)).endswith(": blood is given and carried in the Move phase")


def test_a_dropped_token_is_no_longer_carried():
    """B7: at the end of the move the token lies in the room, no longer carried: with
    the last token just dropped nothing is missing from the supply at Business."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"), (PSY, "C3", 1))
    clinic = staff(Clinic(board), Role.NURSE, HUB)
    nurse = clinic.last.id
    clinic = staff(clinic, Role.DOCTOR, sp("C3", 1), W)
    clinic = evolve(clinic, people=[evolve(q, lying=True) if q.role is Role.DOCTOR else q for q in clinic.people])
    clinic = with_blood(clinic, HUB, *(LAB_AT,) * (XK.BLOOD_TOKENS - 2))
    state = apply_action(moving(clinic), PickUpBlood(nurse))
    assert left(state) == 1
    after = apply_action(state, EndMove())  # the nurse drops it; Business: the donor gives the last
    assert len(after.players[0].clinic.board.blood) == XK.BLOOD_TOKENS


# --- Gaps decided in the rulings (§1) -----------------------------------------------------
def test_a_workaholic_may_give_blood():
    """B2 (house) with L1034 "one of your staff (nurse, doctor, orderly, or janitor)":
    "workaholics may donate"."""
    clinic = staff(base_clinic(), Role.DOCTOR, HUB, Colour.PURPLE)
    state = moving(clinic, ("blood", "workaholics"))
    assert GiveBlood(clinic.last.id) in legal_actions(state)


def test_the_three_time_counts_before_triage():
    """B3 (house): "+3 on top of the walk, before Triage" (L1036 "This takes 3 time."):
    with a triage the donation's 3 time is what the triage takes off."""
    from core.clinic.components import Module, ModuleKind

    clinic = staff(base_clinic((Module(ModuleKind.TRIAGE), "B2")), Role.NURSE, HUB)
    state = apply_action(moving(clinic), GiveBlood(clinic.last.id))
    assert state.players[0].clinic.move_time == 3
    assert apply_action(state, EndMove()).players[0].time_spent == 0  # 3 - 3 (triage)
    plain = staff(base_clinic(), Role.NURSE, HUB)
    plain = apply_action(apply_action(moving(plain), GiveBlood(plain.last.id)), EndMove())
    assert plain.players[0].time_spent == 3


def test_a_token_drops_where_a_zombie_kills_its_nurse():
    """B7 (house): "at `EndMove` it drops in her module and stays until used (also if a
    zombie kills her)" with L1170 "anyone ... in a space with a zombie is removed"."""
    clinic = with_blood(staff(base_clinic(), Role.NURSE, HUB), HUB)
    nurse = clinic.last.id
    clinic = evolve(clinic, board=evolve(clinic.board, zombies=(HUB,)))
    state = moving(clinic, ("blood", "zombies"))
    state = evolve(state, step=with_zombie_moves(state.step, (HUB,)))
    state = apply_action(state, PickUpBlood(nurse))
    after = apply_action(state, EndMove()).players[0].clinic
    assert after.of_role(Role.NURSE) == () and after.board.blood == (HUB,)


@pytest.mark.parametrize("where", ["idle room", "operating room"])
def test_only_working_treatment_rooms_transfuse(where):
    """B8 (house) with L1040 "A nurse can carry blood to a treatment room": "working
    treatment rooms only (RD: hub + supply); not operating rooms"."""
    if where == "idle room":  # no supply room: the treatment room does not work
        clinic = Clinic(board_of((PSY, "B3"), (TR, "C3"), (LAB, "A3")))
    else:
        from clinic_helpers import OR

        clinic = Clinic(board_of((PSY, "B3"), (OR, "C3"), (SR, "C2"), (LAB, "A3")))
    clinic = staff(clinic, Role.NURSE, ROOM)
    clinic = with_blood(patient(clinic, Y, ROOM, stays=True), ROOM)
    after = transfuse(_in_business(clinic), 0).players[0]
    assert after.clinic.board.blood == (ROOM,) and after.income == 0


def test_tokens_score_nothing_at_the_end():
    """B13 (house): "Tokens score nothing at the end"."""
    from core.clinic.game.end import end_game

    state = _in_business(_room(Y))
    bare = _in_business(with_blood(_room(Y)))
    assert end_game(state).players[0].popularity == end_game(bare).players[0].popularity
