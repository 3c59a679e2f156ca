"""Emergency movement, the ED's Admin steps, end scoring and solitaire goals (911
rulebook "Move", "Phase 3: Admin", "End of the Game", "Solitaire Mode"; E17-E19,
E28-E35)."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from core.clinic.construction import BuildConveyor, BuildGarden, BuildParking
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency.admin import admin_area, admin_ed
from core.clinic.expansions.emergency.construction import ed_build
from core.clinic.expansions.emergency.end import EDGoal, end_score, goal_status, solo_rank
from core.clinic.expansions.emergency.movement import (
    EDEndMove,
    EDMove,
    ed_move,
    ed_move_violations,
    finish_ed_move,
    move_options,
    move_time,
)

from .ed_helpers import (
    BREAK,
    DOC,
    HUB,
    NURSE,
    OUTSIDE,
    PAT,
    PRE_ADMISSIONS,
    ROOM,
    D,
    L,
    M,
    area,
    ed_board,
    ed_with,
    sp,
)

BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "C1"), (HUB, "D1"), (ROOM[D], "A2"))


# --- movement -----------------------------------------------------------------------
def test_times_from_the_rulebook():
    """"Moving 1 emergency patient from your emergency pre-admissions to an Emergency
    service hub costs 1 time." "Moving 1 emergency doctor/nurse from outside the grid
    into an Emergency service hub costs 1 time." E17: any hub."""
    assert move_time(BOARD, PRE_ADMISSIONS, sp("A1")) == 1
    assert move_time(BOARD, OUTSIDE, sp("D1")) == 1
    assert move_time(BOARD, PRE_ADMISSIONS, sp("C1")) == 2  # via D1
    assert move_time(BOARD, sp("A2"), sp("C1")) == 3


def test_conveyors_cost_nothing_inside_the_ed():
    """"Moving from one conveyor to an orthogonally aligned conveyor costs 0 time".""" 
    board = ed_build(BOARD, BuildConveyor((sp("A2"), sp("A1"))))
    assert move_time(board, sp("A2"), sp("A1")) == 0


def test_people_cannot_leave():
    """"once a person has entered your emergency department ... they cannot leave the
    spaces of your Emergency Department board.\""""
    ed = ed_with(BOARD, (DOC, "A1", L))
    with pytest.raises(IllegalActionError, match="cannot leave"):
        move_time(BOARD, sp("A1"), sp("A2").above())
    assert all(isinstance(m, (EDMove, EDEndMove)) for m in move_options(ed))
    assert not any(isinstance(m, EDMove) and m.to == OUTSIDE for m in move_options(ed))


def test_patients_can_switch_rooms():
    """"Unlike the usual rules, you are allowed to transfer emergency patients from one
    emergency room to another.\""""
    ed = ed_with(BOARD, (PAT, "B1", M))
    ed = ed_move(ed, 1, sp("C1"))
    assert ed.person(1).where == sp("C1") and ed.move_time == 1
    ed, time = finish_ed_move(ed)
    assert time == 1 and ed.move_time == 0
    ed = ed_move(ed, 1, sp("B1"))  # a later round: still allowed
    assert ed.person(1).where == sp("B1")


def test_end_of_move_checks():
    """E18: nobody outside the grid; patients in functional rooms or pre-admissions;
    capacity "1 emergency doctor, 1 emergency patient, any number of emergency nurses";
    break room: "No one can end up here.\""""
    board = ed_build(ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "C1"), (ROOM[M], "C2")), BuildGarden(sp("D1")))
    ok = ed_with(board, (PAT, PRE_ADMISSIONS, L), (DOC, "B1", L), (NURSE, "B1"), (NURSE, "B1"), (PAT, "B1", L), (DOC, "A1", M))
    assert ed_move_violations(ok) == ()
    assert EDEndMove() in move_options(ok)
    cases = [
        ((DOC, OUTSIDE, L), "outside the grid"),
        ((NURSE, PRE_ADMISSIONS), "patients only"),
        ((PAT, "C2", L), "not functional"),
        ((PAT, "A1", L), "cannot end"),
        ((NURSE, "C1"), "cannot end"),
    ]
    for person, why in cases:
        ed = ed_with(board, person)
        (problem,) = ed_move_violations(ed)
        assert why in problem
        with pytest.raises(IllegalActionError, match="End the emergency move"):
            finish_ed_move(ed)
    crowded = ed_with(board, (DOC, "B1", L), (DOC, "B1", M), (PAT, "B1", L), (PAT, "B1", D))
    problems = ed_move_violations(crowded)
    assert len(problems) == 2 and all("capacity 1" in p for p in problems)
    assert EDEndMove() not in move_options(crowded)


def test_move_options_only_where_one_may_end_and_at_most_two_moves():
    ed = ed_with(BOARD, (PAT, PRE_ADMISSIONS, L), (DOC, OUTSIDE, M))
    opts = move_options(ed)
    assert {m.to for m in opts if isinstance(m, EDMove) and m.pid == 1} == {sp("B1"), sp("C1"), sp("A2")}
    assert {m.to for m in opts if isinstance(m, EDMove) and m.pid == 2} == {
        sp("A1"), sp("B1"), sp("C1"), sp("D1"), sp("A2")
    }
    ed = ed_move(ed_move(ed, 2, sp("A1")), 2, sp("B1"))
    assert not any(isinstance(m, EDMove) and m.pid == 2 for m in move_options(ed))


# --- admin --------------------------------------------------------------------------
def test_residency_flips_refills_and_nurses_leave():
    """"Light emergency doctors level up ... medium doctors level down"; "Fill each empty
    space of the Emergency Residency from the left ... Do not rearrange them by color";
    "Remove the round's unhired emergency nurses"; "Emergency patients all stay in
    their queues.\""""
    a = area(3, residency=(L, None, M), bag_doctors=(0, 1), nurses=(2, 1, 2, 1, 2, 1))
    a2 = admin_area(a, random.Random(0), round=2)
    assert a2.residency == (M, M, L)
    assert a2.bag_doctors == (0, 0)
    assert a2.nurses == (2, 0, 2, 1, 2, 1) and a2.nurses_gone == 1
    assert a2.queues == a.queues
    empty_bag = admin_area(evolve(a, bag_doctors=(0, 0)), random.Random(0), round=1)
    assert empty_bag.residency == (M, None, L)  # E3: the space stays empty


def test_ed_doctors_flip_and_patients_worsen_dark_die():
    """"Light emergency doctors become medium, while at the same time, medium emergency
    doctors become light." "Each emergency patient on your Emergency Department board
    worsens. Dark patients die and you get -5 popularity ... return a car ... Medium
    patients become dark, and light become medium.\""""
    ed = ed_with(
        BOARD,
        (DOC, "A1", L), (DOC, "B1", M), (NURSE, "B1"),
        (PAT, "B1", L), (PAT, "C1", M), (PAT, "A2", D), (PAT, PRE_ADMISSIONS, D),
    )
    ed2, report = admin_ed(ed)
    assert [p.level for p in ed2.of_role(DOC)] == [M, L]
    assert [p.level for p in ed2.of_role(PAT)] == [M, D]
    assert report.died == (6, 7) and report.popularity == -10
    assert ed2.cars_owed == 2
    assert len(ed2.of_role(NURSE)) == 1


# --- end of the game ----------------------------------------------------------------
def test_end_score_lines():
    """"Each emergency doctor and nurse earns you ..." (+2, +1); "Each functional
    emergency room ... depending on its color" (+1/+2/+3); "Each emergency patient still
    on your Emergency Department board, including those in your emergency
    pre-admissions area, loses you ..." (-1/-2/-3) (RD, E29)."""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "C1"), (ROOM[D], "A2"), (ROOM[D], "D2"))
    ed = ed_with(
        board, (DOC, "A1", L), (DOC, "B1", M), (NURSE, "B1"),
        (PAT, "B1", L), (PAT, "A2", D), (PAT, PRE_ADMISSIONS, M),
    )
    score = end_score(ed)
    assert (score.staff, score.rooms, score.patients) == (5, 1 + 3, -6)  # C1 and D2 not functional
    assert score.total == 3


def _full_board():
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[D], "A2"), (HUB, "C1"), (ROOM[D], "C2"))
    board = ed_build(board, BuildGarden(sp("D1")))
    board = ed_build(board, BuildParking(sp("B2")))
    return ed_build(board, BuildParking(sp("D2")))


def test_solo_goals():
    """E33: (a) "build 100% of your Emergency Department board (parking space tiles
    count as built spaces)"; (b) "build 2 dark emergency rooms"; (c) "treat 6 light
    emergency patients"; (d) dark: 4 (the icon); (e) "treat only medium emergency
    patients" (at least one)."""
    full = ed_with(_full_board())
    assert goal_status(full, EDGoal.FULL_BOARD).met
    assert not goal_status(ed_with(BOARD), EDGoal.FULL_BOARD).met
    assert goal_status(full, EDGoal.DARK_ROOMS).met
    assert not goal_status(ed_with(BOARD), EDGoal.DARK_ROOMS).met
    assert goal_status(evolve(full, treated=(6, 0, 0)), EDGoal.LIGHT_TREATED).met
    assert not goal_status(evolve(full, treated=(5, 9, 9)), EDGoal.LIGHT_TREATED).met
    assert goal_status(evolve(full, treated=(0, 0, 4)), EDGoal.DARK_TREATED).met
    assert not goal_status(evolve(full, treated=(9, 9, 3)), EDGoal.DARK_TREATED).met
    assert goal_status(evolve(full, treated=(0, 2, 0)), EDGoal.ONLY_MEDIUM).met
    assert not goal_status(evolve(full, treated=(0, 0, 0)), EDGoal.ONLY_MEDIUM).met
    assert not goal_status(evolve(full, treated=(1, 5, 0)), EDGoal.ONLY_MEDIUM).met


def test_hall_of_fame_only_if_goal_met():
    """"If you achieved your goal, check your score against the Hall of Fame" (E35)."""
    full = ed_with(_full_board())
    assert solo_rank(full, EDGoal.FULL_BOARD, 18) == "resident"
    assert solo_rank(full, EDGoal.FULL_BOARD, 9) == "orderly"
    assert solo_rank(full, EDGoal.LIGHT_TREATED, 130) is None


def test_coming_in_only_where_there_is_room():
    """House value (as the base game's ruling 0.2 house rule): a move in from
    pre-admissions or outside the grid goes only where there is room now, so the
    Move phase can always be ended legally."""
    ed = ed_with(BOARD, (PAT, "B1", L), (PAT, PRE_ADMISSIONS, M), (DOC, "B1", L), (DOC, OUTSIDE, M))
    opts = move_options(ed)
    assert EDMove(2, sp("B1")) not in opts and EDMove(2, sp("C1")) in opts
    assert EDMove(4, sp("B1")) not in opts and EDMove(4, sp("A1")) in opts
    # From inside, a first move may overfill a room (a swap); a last one may not.
    assert EDMove(1, sp("C1")) in opts
    ed = ed_move(ed, 2, sp("C1"))
    assert EDMove(1, sp("C1")) in move_options(ed)
    ed = ed_move(ed, 1, sp("A2"))
    assert EDMove(1, sp("C1")) not in move_options(ed)


def test_full_board_goal_on_the_expert_side():
    """E33(a) on the 3x2 side: 6 spaces."""
    from core.clinic.expansions.emergency.components import EDSide

    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (HUB, "C1"), (ROOM[M], "A2"), (ROOM[D], "C2"), side=EDSide.EXPERT)
    assert not goal_status(ed_with(board), EDGoal.FULL_BOARD).met
    board = ed_build(board, BuildGarden(sp("B2")))
    status = goal_status(ed_with(board), EDGoal.FULL_BOARD)
    assert status.met and status.progress == "6/6 spaces built"
