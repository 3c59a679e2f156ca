"""Buildings and services (rulebook "Buildings", "Service Hubs", "Treatment Rooms",
"Operating Room"; rules-decisions.md "Treatment rooms work")."""

from clinic_helpers import HUB, LAB, OR, PSY, SR, TR, modules, sp

from core.clinic import Service

CARDIO = HUB[Service.CARDIOLOGY]


def test_buildings_are_groups_of_adjacent_modules_up_and_down_included():
    board = modules((PSY, "A1"), (TR, "B1"), (SR, "D1"), (LAB, "D1", 1), (TR, "D3"))
    groups = sorted(sorted(s.name + str(s.floor) for s in b) for b in board.buildings)
    assert groups == [["A10", "B10"], ["D10", "D11"], ["D30"]]


def test_each_floor_of_a_building_offers_its_hub_service():
    board = modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (CARDIO, "B1", 1), (TR, "C1", 1))
    assert board.floor_service(sp("C1")) is Service.PSYCHIATRY
    assert board.floor_service(sp("C1", 1)) is Service.CARDIOLOGY
    assert board.room_service(sp("B1")) is Service.PSYCHIATRY
    assert board.room_service(sp("C1", 1)) is Service.CARDIOLOGY
    assert board.offered_services == {Service.PSYCHIATRY, Service.CARDIOLOGY}


def test_treatment_room_works_with_hub_on_its_floor_and_a_supply_room():
    # TR C2 is next to a supply room but no hub: not connected, so it does not work.
    board = modules((PSY, "A1"), (TR, "B1"), (SR, "B2"), (TR, "C2"))
    assert board.room_service(sp("C2")) is None
    assert board.working_treatment_rooms == {sp("B1")}
    # A hub on another floor does not connect: TR above the hub is not connected.
    board = modules((TR, "A1", 1), board=board)
    assert board.room_service(sp("A1", 1)) is None


def test_supply_rooms_count_per_building_highest_floor_first():
    """Two connected rooms in one building: A2 on floor 0 (psychiatry hub B2) and B2 on
    floor 1 (cardiology hub A2 on floor 1).  One supply room: **house rule** for the
    static list, the higher room works.  Two supply rooms: both work."""
    board = modules((PSY, "B2"), (TR, "A2"), (SR, "C2"), (CARDIO, "A2", 1), (TR, "B2", 1))
    assert board.room_service(sp("A2")) is Service.PSYCHIATRY
    assert board.room_service(sp("B2", 1)) is Service.CARDIOLOGY
    assert len(board.buildings) == 1
    assert board.working_treatment_rooms == {sp("B2", 1)}
    board = modules((SR, "B3"), board=board)
    assert board.working_treatment_rooms == {sp("A2"), sp("B2", 1)}


def test_operating_room_works_next_to_a_hub_on_its_floor():
    board = modules((PSY, "A1"), (OR, "B1"), (TR, "C1"), (OR, "D1", 0))
    assert board.working_operating_rooms() == {sp("B1")}
