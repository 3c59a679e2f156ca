"""The player board's geometry and what it says about buildings and services, checked
by value (rulebook "Buildings", "Floors", "Service Hubs", "Treatment Rooms", "Parking a
Car"; decisions).  Found by a mutation sample: names, borders and neighbour lists were
only reached indirectly."""

from __future__ import annotations

import pytest
from clinic_helpers import HUB, LAB, OR, OUT, PSY, SR, TR, TRIAGE, E, N, S, W, entrance, modules, sp

from core.clinic import Board, BoardSide, Border, Service, Space, border_of, build, parse_space
from core.clinic.construction import BuildGarden, BuildParking

CARDIO = HUB[Service.CARDIOLOGY]


def test_spaces_are_named_by_column_row_and_floor():
    """Columns A-D west to east, rows 1-3 north to south, floors 0-3."""
    s = Space(2, 1, 0)
    assert s.name == "B1" and str(s) == "floor 2 B1"
    assert parse_space("B1", 2) == s and parse_space("d3") == Space(0, 3, 2)
    assert s.above() == Space(3, 1, 0) and s.below() == Space(1, 1, 0)


@pytest.mark.parametrize(
    "a, b, aligned",
    [
        (sp("A1"), sp("D1"), True),  # same floor and row
        (sp("B1"), sp("B3"), True),  # same floor and column
        (sp("B2"), sp("B2", 3), True),  # straight up
        (sp("A1"), sp("B2"), False),  # diagonal
        (sp("A1"), sp("B1", 1), False),  # another floor and column
        (sp("C2"), sp("C2"), False),  # the same space is not a line
    ],
)
def test_conveyor_alignment_differs_in_exactly_one_coordinate(a, b, aligned):
    assert a.aligned_with(b) is aligned and b.aligned_with(a) is aligned


def test_borders_are_named_by_the_space_west_or_north_of_them():
    assert str(border_of("A2", E)) == "east of A2"
    assert str(border_of("B2", W)) == "east of A2"  # the same border
    assert str(border_of("A2", W)) == "west of A2"
    assert str(border_of("B3", S)) == "south of B3"
    assert str(border_of("B3", N)) == "south of B2"
    assert str(border_of("C1", N)) == "north of C1"
    assert border_of(sp("C1"), N) == Border(False, 2, 0) and border_of("C1", E) == Border(True, 3, 0)


def test_board_sides_and_their_spaces():
    """Rulebook setup: the beginner side is 4x3, the expert side 3x3."""
    assert BoardSide.BEGINNER.size == (4, 3) and BoardSide.EXPERT.size == (3, 3)
    board = Board()
    assert len(board.spaces(0)) == 12 and len(board.spaces()) == 48
    assert board.spaces(1)[:5] == (sp("A1", 1), sp("B1", 1), sp("C1", 1), sp("D1", 1), sp("A2", 1))
    expert = Board(side=BoardSide.EXPERT)
    assert len(expert.spaces(0)) == 9 and not expert.in_bounds(sp("D1"))
    assert board.in_bounds(sp("D3", 3)) and not board.in_bounds(sp("D3", 4))
    assert not board.in_bounds(Space(0, -1, 0)) and not board.in_bounds(sp("A4"))


def test_neighbours_are_orthogonal_up_and_down_included():
    board = Board()
    assert set(board.neighbours(sp("A1"))) == {sp("B1"), sp("A2"), sp("A1", 1)}
    assert set(board.neighbours(sp("B2", 1))) == {
        sp("A2", 1), sp("C2", 1), sp("B1", 1), sp("B3", 1), sp("B2", 0), sp("B2", 2),
    }
    assert set(board.neighbours(sp("D3", 3))) == {sp("C3", 3), sp("D2", 3), sp("D3", 2)}


def test_borders_of_a_space_and_the_spaces_of_a_border():
    board = Board()
    assert board.borders_of(sp("B2")) == (border_of("B2", N), border_of("B2", E), border_of("B2", S), border_of("B2", W))
    assert board.spaces_of_border(border_of("B2", E)) == (sp("B2"), sp("C2"))
    assert board.spaces_of_border(border_of("B2", S)) == (sp("B2"), sp("B3"))
    assert board.spaces_of_border(border_of("A1", W)) == (sp("A1"),)
    assert board.spaces_of_border(border_of("D3", S)) == (sp("D3"),)
    # 4x3: 5 vertical lines x 3 rows + 4 horizontal lines x 4 columns.
    assert len(board.all_borders) == 31 and len(set(board.all_borders)) == 31


def test_entrance_spaces_are_the_east_south_and_west_edges():
    """Rulebook: entrances on the outer edges, none on the north."""
    board = Board()
    assert board.entrance_spaces == frozenset(
        [border_of(f"A{r}", W) for r in (1, 2, 3)]
        + [border_of(f"D{r}", E) for r in (1, 2, 3)]
        + [border_of(f"{c}3", S) for c in "ABCD"]
    )
    assert board.entrance_target(border_of("D2", E)) == sp("D2")
    assert board.entrance_target(border_of("B3", S)) == sp("B3")


def test_buildings_and_the_service_of_each_floor():
    """Rulebook "Buildings": adjacent modules (up and down included) form one building;
    each floor of a building offers the service of its service hub."""
    board = entrance(modules((PSY, "B3"), (TR, "C3"), (SR, "C2"), (OUT, "A1"), (CARDIO, "C3", 1),
                             (TR, "B3", 1)), "B3", S)
    assert board.buildings == (
        frozenset({sp("B3"), sp("C3"), sp("C2"), sp("C3", 1), sp("B3", 1)}),
        frozenset({sp("A1")}),
    )
    assert board.floor_service(sp("C2")) is Service.PSYCHIATRY
    assert board.floor_service(sp("B3", 1)) is Service.CARDIOLOGY
    assert board.floor_service(sp("A1")) is None and board.floor_service(sp("D1")) is None
    assert board.room_service(sp("C3")) is Service.PSYCHIATRY
    assert board.room_service(sp("B3", 1)) is Service.CARDIOLOGY
    assert board.offered_services == {Service.PSYCHIATRY, Service.CARDIOLOGY}
    assert board.modules_of_kind(TR.kind) == (sp("C3"), sp("B3", 1))


def test_a_room_is_connected_only_by_a_hub_beside_it_on_its_own_floor():
    """Rulebook "Treatment Rooms": a room needs a service hub adjacent on the same floor;
    a hub directly above or below does not connect it."""
    board = modules((PSY, "B3"), (TR, "B2"), (TR, "B3", 1))
    assert board.room_service(sp("B2")) is Service.PSYCHIATRY
    assert board.room_service(sp("B3", 1)) is None
    assert board.connected_treatment_rooms(board.buildings[0]) == (sp("B2"),)


def test_supplies_go_to_the_highest_connected_rooms_first():
    """Decisions: one supply room per working treatment room in the building; house
    rule: when short, the highest floors first."""
    board = modules((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "D3"),
                    (PSY, "C3", 1), (TR, "B3", 1), (TR, "D3", 1))
    building = board.buildings[0]
    assert board.supply_rooms_in(building) == 1
    assert board.connected_treatment_rooms(building) == (sp("C3"), sp("B3", 1), sp("D3", 1))
    assert board.working_treatment_rooms == {sp("B3", 1)}
    board = modules((SR, "A3"), board=board)
    assert board.supply_rooms_in(board.buildings[0]) == 2
    assert board.working_treatment_rooms == {sp("B3", 1), sp("D3", 1)}


def test_operating_rooms_work_beside_a_hub_on_their_floor():
    board = modules((PSY, "B3"), (OR, "A3"), (OR, "D3"))
    assert board.working_operating_rooms() == {sp("A3")}


def test_gardens_count_only_orthogonally():
    """Rulebook: +$2 per adjacent garden: beside, not diagonal."""
    board = modules((PSY, "B3"), (TR, "B2"))
    for g in ("A2", "C2", "A1"):
        board = build(board, BuildGarden(sp(g)))
    assert board.adjacent_gardens(sp("B2")) == 2
    assert board.adjacent_gardens(sp("B3")) == 0


def test_triage_and_parked_cars_and_modules_touching_borders():
    board = modules((PSY, "B3"), (TR, "C3"))
    assert not board.has_triage
    assert modules((TRIAGE, "A3"), board=board).has_triage
    assert board.module_touches_border(border_of("B3", S)) and board.module_touches_border(border_of("B2", S))
    assert not board.module_touches_border(border_of("A1", N))
    parked = build(board, BuildParking(sp("A1")))
    assert parked.parked_cars == 0
    assert Board(border_cars=[border_of("A1", N), border_of("A1", W)]).parked_cars == 2
