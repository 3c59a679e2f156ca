"""Business for one clinic (rulebook "Phase 2: Business", pp. 16-17; rules-decisions.md
income, wages, "who treats whom")."""

import pytest
from clinic_helpers import HUB, OR, OUT, PSY, SR, TR, S, entrance, modules, sp

from core.clinic import (
    BuildGarden,
    Clinic,
    Colour,
    Payment,
    Role,
    Service,
    admit_patient,
    build,
    clinic_upkeep,
    finish_move,
    free_parking_spots,
    hire,
    move_person,
    nurses_needed,
    pay_expenses,
    parked_spots,
    send_home,
    treat,
    upkeep,
    wages,
)

WHITE, YELLOW, ORANGE, RED = Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED
PSYCH = Service.PSYCHIATRY


# --- the five nurse examples (rulebook p. 16) ---------------------------------------------
@pytest.mark.parametrize(
    "doctor, patient, nurses",
    [
        (RED, RED, 0),
        (ORANGE, YELLOW, 1),
        (YELLOW, ORANGE, 1),  # nurses bridge the gap in either direction
        (RED, YELLOW, 2), (YELLOW, RED, 2),
        (RED, WHITE, 3), (WHITE, RED, 3),
    ],
)
def test_nurses_needed_rulebook_examples(doctor, patient, nurses):
    assert nurses_needed(doctor, patient) == nurses


def test_operating_room_built_in_nurse():
    assert nurses_needed(RED, WHITE, virtual_nurses=1) == 2
    assert nurses_needed(RED, RED, virtual_nurses=1) == 0


# --- the five upkeep examples (rulebook p. 17) --------------------------------------------
@pytest.mark.parametrize(
    "modules_, gardens, used_or, orderlies, expected",
    [
        (4, 1, 0, 0, 5),
        (4, 1, 0, 1, 2),
        (4, 1, 0, 2, 0),  # never below 0 (5 - 6)
        (7, 0, 0, 0, 7),  # an operating room not used this turn
        (7, 0, 1, 0, 9),  # used: $1 + $2
    ],
)
def test_upkeep_rulebook_examples(modules_, gardens, used_or, orderlies, expected):
    assert upkeep(modules_, gardens, used_or, orderlies) == expected


def spot(c):
    return free_parking_spots(c.board)[0]


def room_clinic(extra=()):
    """Psychiatry hub B3 (entrance south), treatment room C3, supply room C2, plus
    ``extra`` modules."""
    board = entrance(modules((PSY, "B3"), (TR, "C3"), (SR, "C2"), *extra), "B3", S)
    return Clinic(board)


def staff(c, role, where, colour=None):
    c = hire(c, role, c.board.entrances[0], spot(c), colour)
    return move_person(c, c.last.id, where)


def patient(c, colour, where):
    c = admit_patient(c, colour, PSYCH, spot(c))
    return move_person(c, c.last.id, where)


def test_upkeep_of_a_clinic_counts_orderlies_in_supply_rooms_only():
    """Rulebook example 2 on a real clinic: 4 modules, 1 garden, 1 orderly: $2."""
    c = room_clinic(extra=((OUT, "D3"),))
    c = Clinic(build(c.board, BuildGarden(sp("A3"))), c.people, c.next_id)
    assert clinic_upkeep(c) == 5
    c = staff(c, Role.ORDERLY, sp("C2"))
    assert clinic_upkeep(c) == 2


def test_red_doctor_white_patient_needs_three_nurses():
    c = room_clinic()
    c = staff(c, Role.DOCTOR, sp("C3"), RED)
    c = patient(c, WHITE, sp("C3"))
    c = staff(c, Role.NURSE, sp("C3"))
    c = staff(c, Role.NURSE, sp("C3"))
    assert treat(c).income == 0  # two nurses are not enough
    c = staff(c, Role.NURSE, sp("C3"))
    t = treat(c)
    assert t.income == 4 and len(t.lines[0].nurses) == 3


def test_income_by_patient_colour_and_best_assignment():
    """Two doctors (white, red), two patients (white, red), no nurses: the engine pairs
    like with like; income $4 + $10 (decisions: white $4, red $10)."""
    c = room_clinic()
    c = staff(c, Role.DOCTOR, sp("C3"), WHITE)
    c = staff(c, Role.DOCTOR, sp("C3"), RED)
    c = patient(c, RED, sp("C3"))
    c = patient(c, WHITE, sp("C3"))
    assert treat(c).income == 14


def test_one_nurse_assists_one_doctor():
    """Two yellow doctors, two white patients, one nurse: only one patient is cured."""
    c = room_clinic()
    for _ in range(2):
        c = staff(c, Role.DOCTOR, sp("C3"), YELLOW)
        c = patient(c, WHITE, sp("C3"))
    c = staff(c, Role.NURSE, sp("C3"))
    t = treat(c)
    assert len(t.lines) == 1 and t.income == 4


def test_gardens_add_two_dollars_for_treatment_rooms_only():
    c = room_clinic(extra=((OR, "A3"),))
    c = Clinic(build(build(c.board, BuildGarden(sp("D3"))), BuildGarden(sp("A2"))), c.people, c.next_id)
    c = staff(c, Role.DOCTOR, sp("C3"), YELLOW)
    c = patient(c, YELLOW, sp("C3"))
    c = staff(c, Role.DOCTOR, sp("A3"), YELLOW)
    c = patient(c, YELLOW, sp("A3"))
    t = treat(c)
    by_kind = {line.kind.value: line.income for line in t.lines}
    assert by_kind == {"treatment_room": 6 + 2, "operating_room": 6}  # garden D3 next to C3
    assert t.used_operating_rooms == 1


def test_outpatient_pays_six_whatever_the_colours():
    c = room_clinic(extra=((OUT, "D3"),))
    c = staff(c, Role.DOCTOR, sp("D3"), WHITE)
    c = patient(c, RED, sp("D3"))
    assert treat(c).income == 6


def test_treatment_room_without_supply_room_does_not_work():
    board = entrance(modules((PSY, "B3"), (TR, "C3"), (TR, "A3")), "B3", S)
    c = Clinic(board)
    c = staff(c, Role.DOCTOR, sp("C3"), WHITE)
    c = patient(c, WHITE, sp("C3"))
    assert treat(c).income == 0
    c = Clinic(modules((SR, "C2"), board=c.board), c.people, c.next_id)
    assert treat(c).income == 4


def test_cured_patients_go_home_with_a_car():
    c = room_clinic()
    c = staff(c, Role.DOCTOR, sp("C3"), WHITE)
    c = patient(c, WHITE, sp("C3"))
    c, _ = finish_move(c)
    cars = c.board.parked_cars
    t = treat(c)
    home = send_home(c, t, parked_spots(c.board)[:1])
    assert home.board.parked_cars == cars - 1
    assert [p.role for p in home.people] == [Role.DOCTOR]


def test_wages():
    c = room_clinic()
    c = staff(c, Role.DOCTOR, sp("C3"), RED)
    c = staff(c, Role.NURSE, sp("C3"))
    c = staff(c, Role.ORDERLY, sp("C2"))
    c = patient(c, WHITE, sp("C3"))
    assert wages(c) == 2 + 1 + 1


@pytest.mark.parametrize(
    "expenses, income, savings, popularity, expected",
    [
        (5, 10, 3, 7, Payment(5, 3, 7, 0)),  # from income only
        (12, 10, 3, 7, Payment(0, 1, 7, 0)),  # then savings
        (15, 10, 3, 7, Payment(0, 0, 5, 0)),  # then popularity 1:1
        (30, 10, 3, 7, Payment(0, 0, 0, 10)),  # popularity hits 0: the rest is forgiven
    ],
)
def test_paying_expenses(expenses, income, savings, popularity, expected):
    assert pay_expenses(expenses, income, savings, popularity) == expected


def test_short_of_supplies_the_richer_room_works():
    """**House rule**: two connected treatment rooms, one supply room: the supply goes
    to the room that earns more (red patient $10 over white $4)."""
    board = entrance(modules((PSY, "B3"), (TR, "C3"), (TR, "A3"), (SR, "C2")), "B3", S)
    c = Clinic(board)
    c = staff(c, Role.DOCTOR, sp("A3"), WHITE)
    c = patient(c, WHITE, sp("A3"))
    c = staff(c, Role.DOCTOR, sp("C3"), RED)
    c = patient(c, RED, sp("C3"))
    t = treat(c)
    assert [(line.room, line.income) for line in t.lines] == [(sp("C3"), 10)]
    assert len(c.board.working_treatment_rooms) == 1


def test_patient_of_another_service_is_not_treated():
    board = entrance(modules((PSY, "B3"), (TR, "C3"), (SR, "C2")), "B3", S)
    board = modules((HUB[Service.CARDIOLOGY], "A1"), board=board)
    c = Clinic(board)
    c = staff(c, Role.DOCTOR, sp("C3"), WHITE)
    c = admit_patient(c, WHITE, Service.CARDIOLOGY, spot(c))
    c = move_person(c, c.last.id, sp("C3"))
    assert treat(c).income == 0
