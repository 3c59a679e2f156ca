"""Rule tests for the Emergency Department's queues, construction, treatment, money
and setup (issue 19: rules the mutation samples showed unguarded).  Each docstring
quotes the 911 rulebook or, where it is silent, the ruling
(``clinic-expansion-rulings.md`` §5)."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.board import Border
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import buy_popularity, off_duty_choices, pay_expenses, treat
from core.clinic.expansions.emergency.components import EDSide
from core.clinic.expansions.emergency.construction import EDBuildModule, ed_build
from core.clinic.expansions.emergency.queues import EDAdmit, EDShift, admit_refusal, shift_options
from core.clinic.expansions.emergency.setup import new_emergency, place_initial
from core.clinic.game.actions import Shift
from core.clinic.parking import free_parking_spots, park_car

from .ed_helpers import BREAK, DOC, HUB, NURSE, PAT, ROOM, D, L, M, area, ed_board, ed_with, sp

BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


# --- queues -------------------------------------------------------------------------------
def test_the_head_of_a_queue_is_its_rightmost_space():
    """"Move 1 Emergency Patient from rightmost column of a queue to emergency
    pre-admissions": a queue with one patient, in its rightmost space, may be admitted
    from; an empty queue may not."""
    one = area(2, queues=((None, None, None, D),))
    assert admit_refusal(one, ed_with(BOARD), 0, 5) is None
    em = A.apply(A.start(one, ed_with(BOARD), 0, 5, 1), A.ChooseEmergency(A.Sub.ADMIT))
    assert {a.queue for a in A.options(em) if isinstance(a, EDAdmit)} == {0}
    empty = area(2, queues=((None, None, None, None),))
    assert admit_refusal(empty, ed_with(BOARD), 0, 5) == "no emergency patient in the rightmost space of that queue"


def test_swapping_two_patients_of_one_level_is_not_offered():
    """"Move 1 Emergency Patient in queues 1 space (swap if target space is occupied)";
    as the base game's house rule, a swap that changes nothing (two patients of one
    level) is not offered, a swap of two levels is."""
    a = area(2, queues=((None, L, L, M),))
    offered = shift_options(a)
    assert EDShift(0, 1, Shift.RIGHT) not in offered and EDShift(0, 2, Shift.LEFT) not in offered
    assert EDShift(0, 2, Shift.RIGHT) in offered and EDShift(0, 3, Shift.LEFT) in offered


# --- construction -------------------------------------------------------------------------
def test_a_module_is_not_built_where_a_car_is_parked_on_its_border():
    """Emergency modules follow the base game's construction rules (E12), among them the
    obstruction rule: a car parked on a border of a space obstructs building there."""
    board = park_car(BOARD, Border(False, 2, 0))  # north of C1
    with pytest.raises(IllegalActionError, match="hub at C1 is obstructed by a car parked north of C1 .obstruction rule."):
        ed_build(board, EDBuildModule(HUB, sp("C1")))
    assert ed_build(board, EDBuildModule(HUB, sp("C2"))).hubs == (sp("A1"), sp("C2"))


def test_emergency_rooms_of_one_colour_never_touch_others_may():
    """"Cannot be built adjacent to another emergency room of the same color. Can be built
    adjacent to emergency rooms of different colors."""
    with pytest.raises(IllegalActionError, match="would be adjacent to the light emergency room at B1 .'cannot be built"
                       " adjacent to another emergency room of the same color'."):
        ed_build(BOARD, EDBuildModule(ROOM[L], sp("C1")))
    with pytest.raises(IllegalActionError, match="'You can't have 2 Emergency service hubs adjacent to each other'"):
        ed_build(BOARD, EDBuildModule(HUB, sp("A2")))


def test_a_break_room_elsewhere_on_the_board_names_the_one_you_have():
    """"Emergency Staff Break Room ... You can only have 1."""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "C1"))
    with pytest.raises(IllegalActionError, match="^Emergency construction: emergency staff break room at B2: you already have one at C1"
                       " .'Emergency Staff Break Room: You can only have 1'.$"):
        ed_build(board, EDBuildModule(BREAK, sp("B2")))


# --- treatment and money ------------------------------------------------------------------
def test_an_off_duty_nurse_helps_only_a_functional_room():
    """"each emergency room adjacent to it can use 1 off-duty emergency nurse"; "To be
    functional, an emergency room must be adjacent to an Emergency service hub": a room
    beside the break room but away from every hub treats nobody, with or without one."""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "C1"), (ROOM[M], "D1"))
    ed = ed_with(board, (DOC, "D1", M), (PAT, "D1", D))  # one nurse short, not functional
    assert off_duty_choices(ed) == frozenset()
    with pytest.raises(IllegalActionError, match="the room at D1 cannot use an off-duty nurse"):
        treat(ed, frozenset({sp("D1")}))
    functional = ed_with(board, (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1"))
    assert off_duty_choices(functional) == {sp("B1")}


def test_ed_expenses_with_no_savings_cost_popularity_dollar_for_dollar():
    """"3. If you're still short, pay the difference from your popularity at a 1:1 ratio
    (1 popularity per $1)": no ED funds and no savings, $4 of expenses: -4 popularity."""
    ed = ed_with(BOARD, (DOC, "A1", L), funds=0)  # a doctor $2, a hub and a room $1 each
    assert pay_expenses(ed, 0) == (ed, 0, -4)
    assert pay_expenses(ed, 1) == (ed, 0, -3)


def test_the_ed_may_buy_no_popularity_and_never_less():
    """"If your emergency department still has money, you can use it to buy popularity"
    (a choice: none is a choice too, E26)."""
    ed = ed_with(BOARD, funds=5)
    assert buy_popularity(ed, 0) == (ed, 0)
    with pytest.raises(IllegalActionError, match="Emergency department popularity: -1 popularity costs"):
        buy_popularity(ed, -1)


# --- setup -------------------------------------------------------------------------------
def test_an_expert_places_the_light_room_after_the_hub():
    """E13: "free ED hub + light room, one at a time": with the hub placed, a second hub
    is refused, naming the light emergency room still to place."""
    ed = place_initial(new_emergency(EDSide.EXPERT, expert=True), EDBuildModule(HUB, sp("A1")))
    with pytest.raises(IllegalActionError) as err:
        place_initial(ed, EDBuildModule(HUB, sp("C2")))
    assert str(err.value) == (
        "Emergency setup: place a light emergency room first ('1 Emergency Service Hub tile', '1 light Emergency Room tile')"
    )
    with pytest.raises(IllegalActionError, match="place a light emergency room first"):
        place_initial(ed, EDBuildModule(ROOM[M], sp("B1")))
    ed = place_initial(ed, EDBuildModule(ROOM[L], sp("B1")))
    assert ed.board.functional_rooms == (sp("B1"),) and free_parking_spots(ed.board)


# --- solitaire goals ------------------------------------------------------------------------
@pytest.mark.parametrize("goal, treated, words", [
    ("FULL_BOARD", (0, 0, 0), "build 100% of your Emergency Department board: 2/8 spaces built (not met)"),
    ("DARK_ROOMS", (0, 0, 0), "build 2 dark emergency rooms: 1/2 dark rooms (not met)"),
    ("LIGHT_TREATED", (6, 1, 0), "treat 6 light emergency patients: 6/6 light treated (met)"),
    ("DARK_TREATED", (0, 0, 3), "treat 4 dark emergency patients: 3/4 dark treated (not met)"),
    ("ONLY_MEDIUM", (1, 3, 1), "treat only medium emergency patients: 3 medium, 2 other treated (not met)"),
    ("ONLY_MEDIUM", (0, 3, 0), "treat only medium emergency patients: 3 medium, 0 other treated (met)"),
])
def test_the_solitaire_goal_says_how_far_the_ed_is(goal, treated, words):
    """E33: "build 100% of your Emergency Department board"; "build 2 dark emergency
    rooms"; "treat 6 light emergency patients"; dark: 4 (the icon); "treat only medium
    emergency patients": the goal's progress as the player reads it."""
    from core.clinic.expansions.emergency.components import EDGoal
    from core.clinic.expansions.emergency.end import goal_status

    ed = evolve(ed_with(ed_board((HUB, "A1"), (ROOM[D], "B1"))), treated=treated)
    assert str(goal_status(ed, EDGoal[goal])) == words
