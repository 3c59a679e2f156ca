"""Construction rules (rulebook "Construction Rules", pp. 7-10; rules-decisions.md):
each rule has a legal and an illegal build, and the error names the rule."""

import pytest
from clinic_helpers import HUB, LAB, OR, OUT, PSY, SR, TR, TRIAGE, E, N, S, W, conveyor, entrance, modules, sp

from core.clinic import (
    Board,
    BoardSide,
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    Colour,
    IllegalActionError,
    Module,
    ModuleKind,
    ParkingTile,
    Service,
    UpgradeParking,
    beginner_initial_board,
    board_violations,
    border_of,
    build,
    build_cost,
    is_legal_build,
    park_car,
)

CARDIO = HUB[Service.CARDIOLOGY]


def white_start() -> Board:
    """The beginner clinic for a white patient: hub B3, treatment room C3, supply C2."""
    return beginner_initial_board(Colour.WHITE)


# --- support -------------------------------------------------------------------------
def test_support_legal_above_a_module():
    board = build(white_start(), BuildModule(LAB, sp("B3", 1)))
    assert board.module_at(sp("B3", 1)) == LAB


def test_support_illegal_without_module_below():
    with pytest.raises(IllegalActionError, match=r"treatment room at floor 1 B2 needs a module below it \(support rule\)"):
        build(white_start(), BuildModule(TR, sp("B2", 1)))


def test_support_rulebook_example_only_spaces_above_modules():
    """Rulebook p. 7: with the three starting modules on floor 0, no floor-1 space can
    be built on except those above them.  A lab (blue) clashes with nothing below."""
    board = white_start()
    legal = {s.name for s in board.spaces(1) if is_legal_build(board, BuildModule(LAB, s))}
    assert legal == {"B3", "C3", "C2"}


# --- no matches ------------------------------------------------------------------------
def test_no_matches_rulebook_example_supply_room():
    """Rulebook p. 8: the same clinic forbids a supply room on the empty spaces next to
    the supply room (C2): B2, D2, C1, and floor 1 C2 above it.  Everywhere else that
    is empty (and supported) is allowed."""
    board = white_start()
    candidates = board.spaces(0) + board.spaces(1)
    legal = {str(s) for s in candidates if is_legal_build(board, BuildModule(SR, s))}
    expected = {f"floor 0 {n}" for n in ("A1", "B1", "D1", "A2", "A3", "D3")}
    expected |= {"floor 1 B3", "floor 1 C3"}
    assert legal == expected
    with pytest.raises(IllegalActionError, match=r"supply room at floor 0 B2 would be adjacent to the supply room at floor 0 C2 \(no two pink modules adjacent\)"):
        build(board, BuildModule(SR, sp("B2")))


def test_no_matches_up_and_down():
    board = modules((TR, "A1"))
    with pytest.raises(IllegalActionError, match=r"treatment room at floor 1 A1 would be adjacent to the treatment room at floor 0 A1"):
        build(board, BuildModule(TR, sp("A1", 1)))
    assert build(board, BuildModule(SR, sp("A1", 1))).module_at(sp("A1", 1)) == SR


def test_all_service_hubs_are_one_colour():
    board = modules((PSY, "A1"))
    with pytest.raises(IllegalActionError, match=r"cardiology service hub at floor 0 B1 would be adjacent to the psychiatry service hub .* \(no two magenta modules adjacent\)"):
        build(board, BuildModule(CARDIO, sp("B1")))
    # Diagonal is not adjacent: a second building with its own hub is fine.
    assert build(board, BuildModule(CARDIO, sp("B2"))).module_at(sp("B2")) == CARDIO


def test_all_special_modules_are_one_colour():
    board = modules((OR, "A1"))
    for special in (LAB, OUT, TRIAGE):
        with pytest.raises(IllegalActionError, match=r"no two blue modules adjacent"):
            build(board, BuildModule(special, sp("B1")))
    legal = modules((TR, "B1"), (LAB, "C1"), board=board)
    assert board_violations(legal) == ()


# --- obstructions ----------------------------------------------------------------------
def test_obstruction_by_a_car_on_a_border():
    board = park_car(Board(), border_of("B2", E))  # touches B2 and C2
    for name in ("B2", "C2"):
        with pytest.raises(IllegalActionError, match=rf"lab at floor 0 {name} is obstructed by a car parked east of B2 \(obstruction rule\)"):
            build(board, BuildModule(LAB, sp(name)))
    assert build(board, BuildModule(LAB, sp("A2"))).module_at(sp("A2")) == LAB


def test_obstruction_by_a_garden_or_parking_tile():
    board = build(build(Board(), BuildGarden(sp("A1"))), BuildParking(sp("B1")))
    with pytest.raises(IllegalActionError, match=r"lab at floor 0 A1 is obstructed by the garden there \(obstruction rule\)"):
        build(board, BuildModule(LAB, sp("A1")))
    with pytest.raises(IllegalActionError, match=r"lab at floor 0 B1 is obstructed by the 2-car parking there"):
        build(board, BuildModule(LAB, sp("B1")))


def test_cars_that_block_spaces_rulebook_example():
    """Rulebook p. 8 (the picture is lost; cars placed by us): the white starting clinic
    with 3 cars, north of A1, east of C1 (between C1 and D1) and east of A2 (between
    A2 and B2).  Every space a car touches is closed to modules, but parking (in the
    northernmost row, C1) and a garden (west of the supply room, B2) may go there."""
    board = white_start()
    for b in (border_of("A1", N), border_of("C1", E), border_of("A2", E)):
        board = park_car(board, b)
    for name in ("A1", "C1", "D1", "A2", "B2"):
        assert not is_legal_build(board, BuildModule(LAB, sp(name))), name
    for name in ("B1", "D2", "A3", "D3"):
        assert is_legal_build(board, BuildModule(LAB, sp(name))), name
    board = build(board, BuildParking(sp("C1")))
    board = build(board, BuildGarden(sp("B2")))
    assert board_violations(board) == ()


# --- separate buildings -----------------------------------------------------------------
def test_separate_buildings_allowed_but_never_joined():
    board = modules((PSY, "A1"), (CARDIO, "C1"))
    assert len(board.buildings) == 2
    with pytest.raises(IllegalActionError, match=r"treatment room at floor 0 B1 would join two separate buildings \(separate building rule\)"):
        build(board, BuildModule(TR, sp("B1")))
    # A garden is not a module: it may touch both.
    assert build(board, BuildGarden(sp("B1"))).tile_at(sp("B1")) is not None


# --- one service hub per floor per building ----------------------------------------------
def test_one_service_hub_per_floor_per_building():
    board = modules((PSY, "A1"), (TR, "B1"))
    with pytest.raises(IllegalActionError, match=r"the building already has the psychiatry service hub at floor 0 A1 on floor 0 \(one service hub per floor per building\)"):
        build(board, BuildModule(CARDIO, sp("C1")))
    # Another floor of the same building, or another building, is fine.
    assert build(board, BuildModule(CARDIO, sp("B1", 1))).floor_service(sp("B1", 1)) is Service.CARDIOLOGY
    assert build(board, BuildModule(CARDIO, sp("D1"))).floor_service(sp("D1")) is Service.CARDIOLOGY


# --- entrances ---------------------------------------------------------------------------
def test_first_entrance_must_point_at_a_service_hub():
    board = modules((PSY, "B3"), (TR, "C3"))
    with pytest.raises(IllegalActionError, match=r"the first entrance south of C3 must point at a ground-floor service hub, not a treatment room \(entrance rule\)"):
        entrance(board, "C3", S)
    board = entrance(board, "B3", S)
    board = entrance(board, "C3", S)  # later entrances: any ground-floor module
    assert board.entrances == (border_of("B3", S), border_of("C3", S))


def test_no_entrance_on_the_north_side():
    board = modules((PSY, "B1"))
    with pytest.raises(IllegalActionError, match=r"entrance north of B1 is not on an entrance space \(east, south and west edges only, none on the north\)"):
        entrance(board, "B1", N)
    with pytest.raises(IllegalActionError, match=r"not on an entrance space"):
        build(modules((PSY, "B2")), BuildEntrance(border_of("B2", S)))  # inner border
    assert entrance(modules((PSY, "A1")), "A1", W).entrances


def test_entrance_must_point_at_a_module_and_space_taken():
    board = modules((PSY, "A1"))
    with pytest.raises(IllegalActionError, match=r"must point at a ground-floor module \(floor 0 A3 is empty\)"):
        entrance(board, "A3", W)
    board = entrance(board, "A1", W)
    with pytest.raises(IllegalActionError, match=r"that entrance space is taken"):
        entrance(board, "A1", W)


# --- conveyors ---------------------------------------------------------------------------
def test_first_conveyor_two_aligned_stops():
    board = modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (LAB, "C2"))
    with pytest.raises(IllegalActionError, match=r"the first conveyor purchase is two aligned stops, not 1"):
        build(board, BuildConveyor((sp("A1"),)))
    with pytest.raises(IllegalActionError, match=r"conveyor stops at floor 0 A1 and floor 0 C2 are not orthogonally aligned \(conveyor rule\)"):
        build(board, BuildConveyor((sp("A1"), sp("C2"))))
    board = build(board, BuildConveyor((sp("A1"), sp("C1"))))  # aligned, not adjacent
    assert board.conveyor_stops == (sp("A1"), sp("C1"))
    assert build_cost(BuildConveyor((sp("A1"), sp("C1")))) == 2


def test_later_conveyor_stop_aligned_with_an_existing_stop():
    board = conveyor(modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (LAB, "C2"), (SR, "B2")), sp("A1"), sp("B1"))
    with pytest.raises(IllegalActionError, match=r"conveyor stop at floor 0 C2 must align with an existing stop \(one conveyor network\)"):
        build(board, BuildConveyor((sp("C2"),)))
    with pytest.raises(IllegalActionError, match=r"a later conveyor purchase is one stop, not 2"):
        build(board, BuildConveyor((sp("C1"), sp("C2"))))
    board = build(board, BuildConveyor((sp("B2"),)))  # aligned with B1
    board = build(board, BuildConveyor((sp("C2"),)))  # now aligned with B2
    assert len(board.conveyor_stops) == 4


def test_conveyor_stops_only_on_modules():
    board = build(modules((PSY, "A1"), (TR, "B1")), BuildGarden(sp("C1")))
    with pytest.raises(IllegalActionError, match=r"conveyor stop at floor 0 C1 must be on a module \(conveyor rule\)"):
        build(board, BuildConveyor((sp("A1"), sp("C1"))))


# --- helipads, gardens, parking ----------------------------------------------------------
def test_helipad_on_top_of_a_module():
    board = modules((PSY, "A1"), (TR, "A1", 1))
    board = build(board, BuildHelipad(sp("A1", 2)))
    assert board.arrival_points == 1
    with pytest.raises(IllegalActionError, match=r"helipad at floor 0 B1 must be on top of a module \(helipad rule\)"):
        build(board, BuildHelipad(sp("B1")))
    with pytest.raises(IllegalActionError, match=r"helipad at floor 1 B1 must be on top of a module \(helipad rule\)"):
        build(board, BuildHelipad(sp("B1", 1)))
    with pytest.raises(IllegalActionError, match=r"helipad at floor 1 A1: the space already holds a treatment room"):
        build(board, BuildHelipad(sp("A1", 1)))
    with pytest.raises(IllegalActionError, match=r"needs a module below it \(support rule\)"):
        build(board, BuildModule(LAB, sp("A1", 3)))


def test_garden_on_ground_floor_or_above_a_garden():
    board = build(Board(), BuildGarden(sp("A1")))
    board = build(board, BuildGarden(sp("A1", 1)))
    board = modules((PSY, "B1"), board=board)
    with pytest.raises(IllegalActionError, match=r"a garden at floor 1 B1 must be on floor 0 or above a garden \(garden rule\)"):
        build(board, BuildGarden(sp("B1", 1)))
    with pytest.raises(IllegalActionError, match=r"a garden at floor 0 B1: the space already holds a psychiatry service hub"):
        build(board, BuildGarden(sp("B1")))


def test_parking_tile_ground_floor_and_upgrade():
    board = park_car(park_car(Board(), border_of("A1", N)), border_of("A1", W))
    board = build(board, BuildParking(sp("A1"), (border_of("A1", N), border_of("A1", W))))
    assert board.tile_at(sp("A1")) == ParkingTile(2, 2) and not board.border_cars
    with pytest.raises(IllegalActionError, match=r"parking at floor 1 A1 must be on the ground floor"):
        build(board, BuildParking(sp("A1", 1)))
    with pytest.raises(IllegalActionError, match=r"Parking: there is no parking tile|no car is parked"):
        build(board, BuildParking(sp("B1"), (border_of("C1", N),)))
    board = build(board, UpgradeParking(sp("A1")))
    assert board.tile_at(sp("A1")) == ParkingTile(3, 2)
    with pytest.raises(IllegalActionError, match=r"the parking at floor 0 A1 is already upgraded"):
        build(board, UpgradeParking(sp("A1")))
    with pytest.raises(IllegalActionError, match=r"no parking tile to upgrade at floor 0 B1"):
        build(board, UpgradeParking(sp("B1")))


def test_one_component_per_space_and_board_edges():
    board = white_start()
    with pytest.raises(IllegalActionError, match=r"floor 0 B3: the space already holds a psychiatry service hub \(one component per space\)"):
        build(board, BuildModule(LAB, sp("B3")))
    expert = Board(side=BoardSide.EXPERT)
    with pytest.raises(IllegalActionError, match=r"off the board"):
        build(expert, BuildModule(LAB, sp("D1")))  # expert side is 3x3
    assert build(Board(), BuildModule(LAB, sp("D1"))).module_at(sp("D1")) == LAB


# --- costs (rules-decisions.md "Construction costs by floor 0/1/2/3") ----------------------
@pytest.mark.parametrize(
    "action_for_floor, costs",
    [
        (lambda f: BuildModule(PSY, sp("A1", f)), (3, 4, 5, 6)),
        (lambda f: BuildModule(TR, sp("A1", f)), (2, 3, 4, 5)),
        (lambda f: BuildModule(SR, sp("A1", f)), (1, 2, 3, 4)),
        (lambda f: BuildModule(OR, sp("A1", f)), (4, 5, 6, 7)),
        (lambda f: BuildModule(TRIAGE, sp("A1", f)), (4, 5, 6, 7)),
        (lambda f: BuildGarden(sp("A1", f)), (1, 2, 3, 4)),
        (lambda f: BuildHelipad(sp("A1", f)), (None, 3, 4, 5)),
        (lambda f: BuildParking(sp("A1", f)), (2, None, None, None)),
    ],
)
def test_costs_by_floor(action_for_floor, costs):
    for floor, cost in enumerate(costs):
        if cost is None:
            with pytest.raises(IllegalActionError, match=rf"is not possible on floor {floor}"):
                build_cost(action_for_floor(floor))
        else:
            assert build_cost(action_for_floor(floor)) == cost


def test_fixed_costs():
    assert build_cost(BuildEntrance(border_of("A1", W))) == 2
    assert build_cost(UpgradeParking(sp("A1"))) == 1
    assert build_cost(BuildConveyor((sp("A1"),))) == 2


@pytest.mark.parametrize("colour", list(Colour))
def test_beginner_initial_clinics_are_legal_and_working(colour):
    board = beginner_initial_board(colour)
    assert board_violations(board) == ()
    assert len(board.working_treatment_rooms) == 1
    assert board.module_at(board.entrance_target(board.entrances[0])).kind is ModuleKind.SERVICE_HUB
    assert board.offered_services == {Service.PSYCHIATRY}
    assert Module(ModuleKind.SUPPLY_ROOM) in dict(board.tiles).values()
