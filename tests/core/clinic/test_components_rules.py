"""Clinic components' tables, checked by value (rulebook "General Construction Rules":
"all service hubs are magenta, all special modules blue"; "Services"; "Patients & Staff")."""

from __future__ import annotations

from core.clinic import Colour, Module, ModuleKind, Service
from core.clinic.components import SPECIAL_MODULES, STAFF_ROLES, Garden, Helipad, ParkingTile, Role, TileColour


def test_module_colours_for_the_no_matches_rule():
    colours = {k: k.tile_colour for k in ModuleKind}
    assert colours == {
        ModuleKind.SERVICE_HUB: TileColour.MAGENTA,
        ModuleKind.TREATMENT_ROOM: TileColour.ORANGE,
        ModuleKind.SUPPLY_ROOM: TileColour.PINK,
        ModuleKind.OPERATING_ROOM: TileColour.BLUE,
        ModuleKind.LAB: TileColour.BLUE,
        ModuleKind.OUTPATIENT_SERVICES: TileColour.BLUE,
        ModuleKind.TRIAGE: TileColour.BLUE,
    }
    assert SPECIAL_MODULES == (
        ModuleKind.OPERATING_ROOM, ModuleKind.LAB, ModuleKind.OUTPATIENT_SERVICES, ModuleKind.TRIAGE,
    )
    assert [k.is_special for k in ModuleKind] == [False, False, False, True, True, True, True]


def test_colours_progress_white_yellow_orange_red():
    assert list(Colour) == [Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED]
    assert [int(c) for c in Colour] == [0, 1, 2, 3]
    assert [c.letter for c in Colour] == ["W", "Y", "O", "R"]
    assert [str(c) for c in Colour] == ["white", "yellow", "orange", "red"]


def test_the_purple_workaholic_doctor_is_a_fifth_colour_outside_the_progression():
    """Workaholic Doctors: the purple doctor "never changes colour"; it is read as
    "purple" and saved as 4 (made at import: checked by value)."""
    assert Colour.PURPLE not in list(Colour)
    assert Colour(4) is Colour.PURPLE and int(Colour.PURPLE) == 4
    assert (Colour.PURPLE.name, str(Colour.PURPLE), Colour.PURPLE.letter) == ("PURPLE", "purple", "P")


def test_services_in_notepad_order_and_names():
    assert [str(s) for s in Service] == ["psychiatry", "cardiology", "ophthalmology", "orthopedics", "neurology"]


def test_tiles_and_people_read_as_players_say_them():
    assert str(Module(ModuleKind.SERVICE_HUB, Service.CARDIOLOGY)) == "cardiology service hub"
    assert [str(Module(k)) for k in ModuleKind if k is not ModuleKind.SERVICE_HUB] == [
        "treatment room", "supply room", "operating room", "lab", "outpatient services", "triage",
    ]
    assert (str(Garden()), str(Helipad()), str(ParkingTile(3, 1))) == ("garden", "helipad", "3-car parking")
    assert [str(r) for r in Role] == ["doctor", "nurse", "orderly", "patient"]
    assert STAFF_ROLES == (Role.DOCTOR, Role.NURSE, Role.ORDERLY)


def test_only_a_service_hub_has_a_service():
    import pytest

    with pytest.raises(AssertionError):
        Module(ModuleKind.SERVICE_HUB)
    with pytest.raises(AssertionError):
        Module(ModuleKind.LAB, Service.PSYCHIATRY)
