"""The Emergency Department board, its setup and its construction rules (911 rulebook:
"Setup", "Action: Build Onto Your Emergency Department", "The Modules"; E10-E14)."""

from __future__ import annotations

import random

import pytest

from core.clinic.board import Border
from core.clinic.construction import BuildConveyor, BuildEntrance, BuildGarden, BuildHelipad, BuildModule, BuildParking
from core.clinic.components import Module, ModuleKind
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency import constants as K
from core.clinic.expansions.emergency.board import EDBoard
from core.clinic.expansions.emergency.components import EDSide
from core.clinic.expansions.emergency.construction import (
    EDBuildModule,
    beginner_initial_ed,
    ed_build,
    ed_build_cost,
)
from core.clinic.expansions.emergency.setup import (
    initial_options,
    new_area,
    new_emergency,
    nurse_columns,
    place_initial,
    starting_car_spot,
)
from core.clinic.parking import free_parking_spots

from .ed_helpers import BREAK, DOC, HUB, OUTSIDE, ROOM, D, L, M, ed_board, sp


def test_board_sides_and_borders():
    """"4 Emergency Department board (Floor 0, 4 spaces x 2 spaces)"; "Each EXPERT can
    choose which side they wish to play (3x2 is challenging!)". E12: its own borders,
    4x2: 22, 3x2: 17."""
    beginner, expert = EDBoard(side=EDSide.BEGINNER), EDBoard(side=EDSide.EXPERT)
    assert (beginner.cols, beginner.rows) == (4, 2)
    assert (expert.cols, expert.rows) == (3, 2)
    assert len(beginner.all_borders) == 22 and len(expert.all_borders) == 17
    assert len(beginner.spaces()) == 8 and len(expert.spaces()) == 6
    assert not beginner.in_bounds(sp("A1").above())  # one floor


@pytest.mark.parametrize(
    "level, hub, room", [(L, "A1", "B1"), (M, "B2", "C2"), (D, "C1", "D1")]
)
def test_beginner_layouts(level, hub, room):
    """"Each beginner takes a random patient. Set up your emergency department according
    to the diagram below that matches the patient you drew." (RD: light A1/B1, medium
    B2/C2, dark C1/D1.)"""
    board = beginner_initial_ed(level)
    assert board.hubs == (sp(hub),)
    assert board.functional_rooms == (sp(room),)
    assert board.room_level(sp(room)) is L


def test_new_emergency_beginner_has_ten_dollars_a_light_doctor_and_a_car():
    """"An additional $10 ... Keep this money separate"; "1 light emergency doctor + 1
    car"; E14: the car on the first free outer border clockwise from the north-west
    corner, the doctor outside the grid."""
    ed = new_emergency(EDSide.BEGINNER, random.Random(3))
    assert ed.funds == 10
    (doc,) = ed.people
    assert (doc.role, doc.where, doc.level) == (DOC, OUTSIDE, L)
    assert ed.board.parked_cars == 1
    (car,) = ed.board.border_cars
    # North edge west to east: the first border no module touches.
    north_free = [Border(False, x, 0) for x in range(4) if not ed.board.module_touches_border(Border(False, x, 0))]
    assert car == north_free[0]


def test_starting_car_goes_clockwise():
    """E14: clockwise from the north-west corner: north edge, then east edge."""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "C1"), (HUB, "D1"))
    assert starting_car_spot(board) == Border(True, 4, 1)  # east of D2


def test_beginners_use_the_4x2_side():
    """"BEGINNERS should use the 4x2 side.\""""
    with pytest.raises(IllegalActionError, match="4x2"):
        new_emergency(EDSide.EXPERT, random.Random(0))


def test_expert_places_hub_then_light_room_free_then_doctor_arrives():
    """E13: "free ED hub + light room, one at a time ..., no adjacency required"."""
    ed = new_emergency(EDSide.EXPERT, expert=True)
    assert ed.people == () and ed.board.modules == ()
    assert {a.module for a in initial_options(ed)} == {HUB}
    with pytest.raises(IllegalActionError, match="emergency service hub first"):
        place_initial(ed, EDBuildModule(ROOM[L], sp("A1")))
    ed = place_initial(ed, EDBuildModule(HUB, sp("A1")))
    assert {a.module for a in initial_options(ed)} == {ROOM[L]}
    ed = place_initial(ed, EDBuildModule(ROOM[L], sp("C2")))  # not adjacent: allowed
    assert ed.board.functional_rooms == ()
    assert len(ed.people) == 1 and ed.board.parked_cars == 1
    assert initial_options(ed) == []


@pytest.mark.parametrize("players, bag, doctors, rooms, breaks", [
    (1, 10, 3, 3, 1), (2, 20, 6, 2, 1), (3, 30, 9, 1, 2), (4, 40, 12, 0, 3),
])
def test_new_area_counts(players, bag, doctors, rooms, breaks):
    """Patient bag "E3 1 2 3 4 / E2 3 6 9 12 / E1 6 12 18 24", doctors "E2 1 2 3 4 / E1 3
    6 9 12", residency "from the left, up through the player count", break rooms "1 1 2
    3" (E1, E2, E4, E11); queues start with 1; 2; 2+1; 2+2 patients."""
    area = new_area(players, random.Random(1))
    starting = {1: (1,), 2: (2,), 3: (2, 1), 4: (2, 2)}[players]
    queued = [sum(c is not None for c in q) for q in area.queues]
    assert queued == list(starting)
    assert sum(area.bag_patients) + sum(queued) == bag
    assert sum(area.bag_doctors) + len(area.residency) == doctors + players
    assert None not in area.residency and len(area.residency) == players
    assert area.stock.rooms == (rooms, 4, 4)
    assert area.stock.hubs == 8 - players and area.stock.break_rooms == breaks
    assert all(len(q) == K.QUEUE_LENGTH for q in area.queues)
    for q in area.queues:  # the rightmost spaces
        n = sum(c is not None for c in q)
        assert all(c is not None for c in q[K.QUEUE_LENGTH - n :])


def test_nurse_display_checkerboard():
    """"Fill each row of the display from the bottom, up through the player count, with
    1 emergency nurse per colored space (each row offers 1 emergency nurse every 2
    rounds)" (E5: 12 nurses at 4 players, + the bonus tile's = 13)."""
    assert nurse_columns(1) == (1, 0, 1, 0, 1, 0)
    assert nurse_columns(2) == (1, 1, 1, 1, 1, 1)
    assert nurse_columns(4) == (2, 2, 2, 2, 2, 2)
    assert sum(nurse_columns(4)) + 1 == 13


# --- construction -------------------------------------------------------------------
def test_costs():
    """E10: room light $2, medium $3, dark $4; ED hub $3; break room $4; garden $1,
    parking $2, conveyor $2 ("Usual price")."""
    s = sp("A1")
    assert [ed_build_cost(EDBuildModule(ROOM[lv], s)) for lv in (L, M, D)] == [2, 3, 4]
    assert ed_build_cost(EDBuildModule(HUB, s)) == 3
    assert ed_build_cost(EDBuildModule(BREAK, s)) == 4
    assert ed_build_cost(BuildGarden(s)) == 1
    assert ed_build_cost(BuildParking(s)) == 2
    assert ed_build_cost(BuildConveyor((s, sp("B1")))) == 2


def test_rooms_of_different_levels_may_touch_same_level_may_not():
    """"a Level-1 (light) emergency room can be adjacent to both a Level-2 (medium)
    emergency room and a Level-3 (dark) emergency room!"; "Cannot be built adjacent to
    another emergency room of the same color.\""""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "C1"), (ROOM[D], "B2"))
    assert board.room_level(sp("B2")) is D
    with pytest.raises(IllegalActionError, match="same color"):
        ed_build(board, EDBuildModule(ROOM[M], sp("C2")))


def test_hubs_never_touch():
    """"You can't have 2 Emergency service hubs adjacent to each other because they are
    the same color!\""""
    board = ed_board((HUB, "A1"))
    with pytest.raises(IllegalActionError, match="2 Emergency service hubs adjacent"):
        ed_build(board, EDBuildModule(HUB, sp("B1")))
    # A second hub elsewhere is fine: "You may build more than 1 of these."
    board = ed_build(ed_board((HUB, "A1"), (ROOM[L], "B1")), EDBuildModule(HUB, sp("C1")))
    assert len(board.hubs) == 2


def test_one_break_room():
    """"Emergency Staff Break Room ... You can only have 1.\""""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "C1"))
    with pytest.raises(IllegalActionError, match="You can only have 1"):
        ed_build(board, EDBuildModule(BREAK, sp("A2")))


def test_functional_only_next_to_a_hub():
    """"To be functional, an emergency room must be adjacent to an Emergency service hub.\""""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "C1"), (ROOM[D], "D2"))
    assert board.functional_rooms == (sp("B1"),)
    assert board.queue_points == 1


def test_separate_buildings_not_joined():
    """Base construction rules apply (E12): a module may not join two buildings."""
    board = ed_board((HUB, "A1"), (HUB, "C1"))
    with pytest.raises(IllegalActionError, match="separate building"):
        ed_build(board, EDBuildModule(ROOM[L], sp("B1")))


@pytest.mark.parametrize("action", [
    BuildModule(Module(ModuleKind.TREATMENT_ROOM), sp("A2")),
    BuildHelipad(sp("A1").above()),
    BuildEntrance(Border(True, 0, 1)),
])
def test_nothing_from_the_base_game_but_gardens_parking_conveyors(action):
    """"You can't build components from the base game or other expansions on your
    Emergency Department board, except gardens, parking spaces, and conveyors.\""""
    with pytest.raises(IllegalActionError, match="except gardens, parking spaces, and conveyors"):
        ed_build(ed_board((HUB, "A1")), action)


def test_gardens_parking_conveyors_as_usual_with_own_two_for_one():
    """"the emergency conveyor system is completely separate from the main clinic. So
    the first conveyor purchase for the emergency department is a 2-for-the-price-of-1
    deal"; gardens and parking: "Usual price and rules.\""""
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "A2"))
    board = ed_build(board, BuildConveyor((sp("A1"), sp("A2"))))
    assert board.conveyor_stops == (sp("A1"), sp("A2"))
    board = ed_build(board, BuildGarden(sp("C1")))
    board = ed_build(board, BuildParking(sp("D2")))
    assert isinstance(board, EDBoard)
    with pytest.raises(IllegalActionError, match="obstructed"):
        ed_build(board, EDBuildModule(ROOM[D], sp("C1")))
    # A parking tile is a place to park: the spots listed include it.
    assert sp("D2") in free_parking_spots(board)


def test_emergency_nurse_bonus_tile():
    """"Start the game with an emergency nurse from the supply (not from the board) and
    an accompanying car" (E15: outside the ED grid, car on the ED board)."""
    from core.clinic.expansions.emergency.setup import emergency_nurse_bonus

    from .ed_helpers import NURSE

    ed = emergency_nurse_bonus(new_emergency(EDSide.BEGINNER, random.Random(0)))
    nurse = ed.people[-1]
    assert (nurse.role, nurse.where) == (NURSE, OUTSIDE)
    assert ed.board.parked_cars == 2
