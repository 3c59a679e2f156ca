"""Emergency treatment, income, expenses and popularity: every worked example of the 911
rulebook's Business phase (nurses for colour mismatches, off-duty nurses, costs)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from attrs import evolve

from core.clinic.construction import BuildGarden, BuildParking
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency.business import (
    apply_treatment,
    buy_popularity,
    expenses,
    nurses_needed,
    off_duty_choices,
    off_duty_penalty,
    patient_income,
    pay_expenses,
    remove_ed_car,
    treat,
    upkeep,
    wages,
)
from core.clinic.expansions.emergency.construction import ed_build
from core.clinic.parking import free_parking_spots, park_car, parked_spots

from .ed_helpers import BREAK, DOC, HUB, NURSE, PAT, ROOM, D, L, M, ed_board, ed_with, sp


# --- "Examples:" (rulebook, Emergency Rooms) -----------------------------------------
@pytest.mark.parametrize(
    "doctor, room, patient, nurses, sentence",
    [
        (L, L, L, 0, "If a light doctor treats a light patient in a light emergency room, 0 nurses are needed."),
        (M, D, D, 1, "If a medium doctor treats a dark patient in a dark emergency room, 1 nurse is needed"),
        (M, M, L, 2, "If a medium doctor treats a light patient in a medium emergency room, 2 nurses are needed"),
        (D, D, L, 4, "If a dark doctor treats a light patient in a dark emergency room, 4 nurses are required"),
        (L, L, M, 2, "A medium emergency patient is in a light emergency room, getting treated by a light emergency doctor. This will require 2 emergency nurses."),
    ],
)
def test_nurses_needed_examples(doctor, room, patient, nurses, sentence):
    """"For each difference in color from the patient, the doctor needs 1 emergency
    nurse." "Always compare the color with the patient.\""""
    assert nurses_needed(doctor, room, patient) == nurses, sentence


def test_nurses_needed_compares_with_the_patient_not_doctor_with_room():
    """A medium doctor and a light room for a medium patient: 1 (room), not 1+1
    (doctor vs room would wrongly add one)."""
    assert nurses_needed(M, L, M) == 1
    assert nurses_needed(L, D, M) == 2


def _room_board(room_level=L, *extra):
    return ed_board((HUB, "A1"), (ROOM[room_level], "B1"), *extra)


def test_treatment_matches_and_pays_into_the_ed():
    """"Each successfully treated emergency patient generates income for you, based on
    the patient's color" (light $4, medium $7, dark $10, RD); "Always keep your
    emergency department income on your Emergency Department board".  A medium doctor
    treats a dark patient in a dark room with 1 nurse."""
    board = ed_board((HUB, "A1"), (ROOM[D], "B1"))
    ed = ed_with(board, (DOC, "B1", M), (PAT, "B1", D), (NURSE, "B1"), funds=1)
    t = treat(ed)
    (line,) = t.lines
    assert (line.income, line.level, len(line.nurses), line.off_duty) == (10, D, 1, False)
    assert line.room == sp("B1")  # the Business report names the room
    doctor, patient, nurse = (ed.of_role(r)[0].id for r in (DOC, PAT, NURSE))
    assert (line.doctor, line.patient, line.nurses) == (doctor, patient, (nurse,))
    ed2 = apply_treatment(ed, t)
    assert ed2.funds == 11
    assert ed2.of_role(PAT) == ()
    assert ed2.treated == (0, 0, 1)
    assert ed2.cars_owed == 1


def test_not_enough_nurses_no_treatment():
    ed = ed_with(_room_board(M), (DOC, "B1", L), (PAT, "B1", L))  # needs 1
    assert treat(ed).lines == ()


def test_income_by_level_and_gardens():
    """"each successfully treated emergency patient generates an additional $2 for each
    garden adjacent to their emergency room.\""""
    assert [patient_income(lv) for lv in (L, M, D)] == [4, 7, 10]
    board = ed_build(_room_board(), BuildGarden(sp("C1")))
    board = ed_build(board, BuildGarden(sp("B2")))
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", L))
    assert treat(ed).income == 4 + 2 + 2


def test_worked_example_off_duty_nurse():
    """"A medium emergency patient is in a light emergency room, getting treated by a
    light emergency doctor. This will require 2 emergency nurses. You only have 1, who
    is in the room already. Fortunately, the adjacent emergency staff break room can
    provide 1 [grumpy] off-duty emergency nurse for a moment. Now the patient has the 2
    nurses needed and is treated successfully! Unfortunately ... -1 popularity for
    you!\""""
    board = _room_board(L, (BREAK, "C1"))
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"))
    assert treat(ed).lines == ()  # without the off-duty nurse: not treated
    assert off_duty_choices(ed) == {sp("B1")}
    t = treat(ed, frozenset({sp("B1")}))
    (line,) = t.lines
    assert line.off_duty and line.income == 7
    assert t.popularity == -1


def test_off_duty_penalties_grow():
    """"If 1 adjacent emergency room uses an off-duty nurse, -1 popularity. If 2 ...
    -3 popularity (-1 + -2). If 3 ... -7 popularity (-1 + -2 + -4).\""""
    assert [off_duty_penalty(n) for n in range(4)] == [0, -1, -3, -7]
    # Three rooms around the break room at B2 on the 4x2 side, each one nurse short.
    board = ed_board(
        (HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "A2"), (BREAK, "B2"), (HUB, "C1"), (ROOM[D], "C2")
    )
    ed = ed_with(
        board,
        (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"),  # needs 2, has 1
        (DOC, "A2", M), (PAT, "A2", L),  # needs 2... medium doctor, medium room, light patient
        (DOC, "C2", M), (PAT, "C2", D),  # needs 1, has 0
    )
    assert off_duty_choices(ed) == {sp("B1"), sp("C2")}
    t = treat(ed, frozenset({sp("B1"), sp("C2")}))
    assert len(t.lines) == 2 and t.popularity == -3
    ed3 = ed_with(
        board,
        (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"),
        (DOC, "A2", M), (PAT, "A2", L), (NURSE, "A2"),
        (DOC, "C2", M), (PAT, "C2", D),
    )
    assert treat(ed3, off_duty_choices(ed3)).popularity == -7


def test_off_duty_only_next_to_the_break_room_and_only_when_it_helps():
    """"each emergency room adjacent to it can use 1 off-duty emergency nurse" (E22:
    offered only where it makes a treatment succeed)."""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "D1"), (ROOM[M], "A2"))
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"), (DOC, "A2", M), (PAT, "A2", M))
    assert off_duty_choices(ed) == frozenset()
    with pytest.raises(IllegalActionError, match="off-duty"):
        treat(ed, frozenset({sp("B1")}))
    with pytest.raises(IllegalActionError, match="off-duty"):
        treat(ed, frozenset({sp("A2")}))  # needs none


def test_going_home_car_removed():
    """"Remember to remove the treated patient's car from your Emergency Department
    board.\""""
    board = park_car(_room_board(), free_parking_spots(_room_board())[0])
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", L))
    ed = apply_treatment(ed, treat(ed))
    (spot,) = parked_spots(ed.board)
    ed = remove_ed_car(ed, spot)
    assert ed.cars_owed == 0 and ed.board.parked_cars == 0
    with pytest.raises(IllegalActionError, match="no car to remove"):
        remove_ed_car(ed, spot)


# --- expenses ---------------------------------------------------------------------
def test_wages_and_upkeep():
    """Wages: doctor $2, nurse $1 (RD).  "Each module and garden in your emergency
    department costs $1. Each emergency nurse reduces your emergency department upkeep
    by $2"; parking tiles cost nothing (E25)."""
    board = ed_build(_room_board(L, (BREAK, "C1")), BuildGarden(sp("A2")))
    board = ed_build(board, BuildParking(sp("D2")))
    ed = ed_with(board, (DOC, "B1", L), (DOC, "A1", M), (NURSE, "A1"))
    assert wages(ed) == 5
    assert upkeep(ed) == 3 + 1 - 2
    many = ed_with(board, (NURSE, "A1"), (NURSE, "A1"), (NURSE, "A1"))
    assert upkeep(many) == 0  # never below $0
    assert expenses(ed) == 7


def test_expenses_ed_then_savings_then_popularity():
    """"1. As usual, pay from your emergency department funds if you can. 2. ... pay the
    difference from your main clinic savings. 3. If you're still short, pay the
    difference from your popularity at a 1:1 ratio.\""""
    ed = ed_with(_room_board(), (DOC, "A1", L), (DOC, "A1", L), funds=2)  # $4 + $2 = $6
    assert expenses(ed) == 6
    ed2, savings, pop = pay_expenses(ed, 3)
    assert (ed2.funds, savings, pop) == (0, 0, -1)
    ed2, savings, pop = pay_expenses(evolve(ed, funds=7), 3)
    assert (ed2.funds, savings, pop) == (1, 3, 0)


def test_ed_popularity_costs_two_dollars_from_ed_funds():
    """"each 1 popularity your emergency department buys is just $2"; "Emergency
    department popularity doesn't need to be bought from the current round's income.\""""
    ed = ed_with(_room_board(), funds=5)
    ed2, points = buy_popularity(ed, 2)
    assert (ed2.funds, points) == (1, 2)
    with pytest.raises(IllegalActionError, match="\\$6"):
        buy_popularity(ed, 3)


def test_off_duty_options_are_every_subset_of_the_choices():
    """E22: a Business choice of rooms, offered only where it makes a treatment succeed."""
    from core.clinic.expansions.emergency.business import EDOffDuty, off_duty_options

    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "A2"), (BREAK, "B2"), (HUB, "C1"), (ROOM[D], "C2"))
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"), (DOC, "C2", M), (PAT, "C2", D))
    opts = off_duty_options(ed)
    assert opts[0] == EDOffDuty() and len(opts) == 4
    assert EDOffDuty(frozenset({sp("B1"), sp("C2")})) in opts
    assert "-3 popularity" in str(EDOffDuty(frozenset({sp("B1"), sp("C2")})))
    assert off_duty_options(ed_with(board)) == [EDOffDuty()]


def test_only_adjacent_gardens_pay():
    board = ed_build(_room_board(), BuildGarden(sp("D2")))
    ed = ed_with(board, (DOC, "B1", L), (PAT, "B1", D), (NURSE, "B1"), (NURSE, "B1"), (NURSE, "B1"), (NURSE, "B1"))
    assert treat(ed).income == 10


_LEVELS = st.sampled_from([L, M, D])


@given(st.sampled_from([L, M]), _LEVELS, _LEVELS, st.integers(0, 4), st.booleans())
def test_treated_exactly_when_enough_nurses(doctor, room, patient, nurses, break_room):
    """A room treats its patient iff its nurses (plus an off-duty one, when chosen)
    cover one per level step doctor-patient and room-patient; the income is the
    patient's level's."""
    extra = ((BREAK, "B2"),) if break_room else ()
    board = ed_board((HUB, "A1"), (ROOM[room], "B1"), *extra)
    ed = ed_with(board, (DOC, "B1", doctor), (PAT, "B1", patient), *[(NURSE, "B1")] * nurses)
    need = abs(doctor - patient) + abs(room - patient)
    off = off_duty_choices(ed)
    assert off == ({sp("B1")} if break_room and need == nurses + 1 else set())
    t = treat(ed, off)
    assert bool(t.lines) == (need <= nurses + len(off))
    if t.lines:
        assert t.income == (4, 7, 10)[patient]
        assert len(t.lines[0].nurses) == need - len(off)
    assert t.popularity == -len(off)


def test_base_car_helpers_work_on_the_ed_board():
    """The base game's "Taking a Car" helpers (``cars.choice_matters``,
    ``cars.computer_car``) serve the ED board as they are (docs: Integration 8)."""
    from core.clinic.board import Border
    from core.clinic.game.cars import choice_matters, computer_car

    board = _room_board()
    board = park_car(park_car(board, Border(True, 4, 1)), Border(False, 3, 0))
    assert computer_car(board) == Border(False, 3, 0)  # first clockwise from the north-west
    assert choice_matters(board, 1) and not choice_matters(board, 2)
