"""Components of one clinic: colours, services, module kinds, tiles and people.

Rulebook: "A Few Crucial Gameplay Concepts", "Services", "Patients & Staff".
All classes are frozen attrs values.
"""

from __future__ import annotations

import enum

from core.model import frozen


# Enum members are singletons, so hashing by identity is hashing by value; ``Enum``'s
# own ``__hash__`` hashes the name in Python, which the engine's dict lookups by kind,
# role and service felt (issue 13).
_fast_hash = object.__hash__


class Colour(enum.IntEnum):
    """Doctor level / patient severity, in the order of the colour progression."""

    WHITE = 0
    YELLOW = 1
    ORANGE = 2
    RED = 3

    @classmethod
    def _missing_(cls, value):
        """``Colour(4)`` is ``Colour.PURPLE`` (below)."""
        return _PURPLE if value == int(_PURPLE) else None

    @property
    def letter(self) -> str:
        """One-letter name (never colour alone): W, Y, O, R."""
        return self.name[0]

    def __str__(self) -> str:
        return self.name.lower()


# Runs only at import (for Colour.PURPLE), out of a mutation tool's reach: tested by value.
def _purple() -> Colour:  # pragma: no mutate block
    member = int.__new__(Colour, 4)
    member._name_, member._value_ = "PURPLE", 4
    return member


# Workaholic Doctors only: the purple workaholic doctor (``Colour.PURPLE``, ``Colour(4)``),
# who never changes colour.  Not one of the four colours of the progression, so
# ``list(Colour)`` stays white, yellow, orange, red.
_PURPLE = _purple()
Colour.PURPLE = _PURPLE


class Service(enum.Enum):
    """The five medical services, in notepad order top to bottom (rulebook)."""

    __hash__ = _fast_hash

    PSYCHIATRY = "psychiatry"
    CARDIOLOGY = "cardiology"
    OPHTHALMOLOGY = "ophthalmology"
    ORTHOPEDICS = "orthopedics"
    NEUROLOGY = "neurology"

    def __str__(self) -> str:
        return self.value


class TileColour(enum.Enum):
    """Module colours for the "no matches" rule: all service hubs are magenta, all
    special modules blue (rulebook, General Construction Rules)."""

    __hash__ = _fast_hash

    MAGENTA = "magenta"
    ORANGE = "orange"
    PINK = "pink"
    BLUE = "blue"


class ModuleKind(enum.Enum):
    """The seven kinds of module (rulebook: modules have a checkered floor)."""

    __hash__ = _fast_hash

    SERVICE_HUB = "service_hub"
    TREATMENT_ROOM = "treatment_room"
    SUPPLY_ROOM = "supply_room"
    OPERATING_ROOM = "operating_room"
    LAB = "lab"
    OUTPATIENT_SERVICES = "outpatient_services"
    TRIAGE = "triage"

    @property
    def tile_colour(self) -> TileColour:
        """The colour used by the "no two same-colour modules adjacent" rule."""
        return _TILE_COLOURS[self]

    @property
    def is_special(self) -> bool:
        """True for the four blue special modules."""
        return self.tile_colour is TileColour.BLUE

    def __str__(self) -> str:
        return self.value.replace("_", " ")


_TILE_COLOURS = {
    ModuleKind.SERVICE_HUB: TileColour.MAGENTA,
    ModuleKind.TREATMENT_ROOM: TileColour.ORANGE,
    ModuleKind.SUPPLY_ROOM: TileColour.PINK,
    ModuleKind.OPERATING_ROOM: TileColour.BLUE,
    ModuleKind.LAB: TileColour.BLUE,
    ModuleKind.OUTPATIENT_SERVICES: TileColour.BLUE,
    ModuleKind.TRIAGE: TileColour.BLUE,
}

SPECIAL_MODULES = tuple(k for k in ModuleKind if k.is_special)


@frozen
class Module:
    """A module tile: ``kind`` plus, for a service hub only, its ``service``."""

    kind: ModuleKind
    service: Service | None = None

    def __attrs_post_init__(self) -> None:
        assert (self.kind is ModuleKind.SERVICE_HUB) == (self.service is not None), self

    def __str__(self) -> str:
        if self.service is not None:
            return f"{self.service} service hub"
        return str(self.kind)


@frozen
class Garden:
    """A garden tile (not a module): floor 0, or above another garden."""

    def __str__(self) -> str:
        return "garden"


@frozen
class Helipad:
    """A helipad (not a module): an arrival point on top of a module."""

    def __str__(self) -> str:
        return "helipad"


@frozen
class ParkingTile:
    """A parking tile on a ground-floor space: ``capacity`` 2 or 3 cars, ``cars`` parked."""

    capacity: int
    cars: int = 0

    def __str__(self) -> str:
        return f"{self.capacity}-car parking"


Tile = Module | Garden | Helipad | ParkingTile


class Role(enum.Enum):
    """Kinds of people in a clinic (rulebook, Patients & Staff)."""

    __hash__ = _fast_hash

    DOCTOR = "doctor"
    NURSE = "nurse"
    ORDERLY = "orderly"
    PATIENT = "patient"

    def __str__(self) -> str:
        return self.value


STAFF_ROLES = (Role.DOCTOR, Role.NURSE, Role.ORDERLY)


def a_or_an(thing: object) -> str:
    """``thing``'s name with its indefinite article: "an operating room", "a lab"."""
    name = str(thing)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
