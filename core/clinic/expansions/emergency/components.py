"""Components of the Emergency Department: levels, modules, people and where they stand.

Rulebook (911): "Components", "New Icon Legend", "The Modules".  Frozen attrs values.
"""

from __future__ import annotations

import enum

from core.model import frozen

from core.clinic.board import Space
from core.clinic.components import TileColour
from core.clinic.slots import GoalSlot

from . import constants as K


class Level(enum.IntEnum):
    """The mauve levels of emergency patients, rooms and doctors: light (least urgent)
    to dark (most urgent).  There are no dark emergency doctors (rulebook L274)."""

    LIGHT = 0
    MEDIUM = 1
    DARK = 2

    @property
    def letter(self) -> str:
        """``L``, ``M`` or ``D`` (E37)."""
        return self.name[0]

    def __str__(self) -> str:
        return self.name.lower()


DOCTOR_LEVELS = (Level.LIGHT, Level.MEDIUM)


class EDSide(enum.Enum):
    """Side of the Emergency Department board: beginner 4x2 or expert 3x2 (rulebook)."""

    BEGINNER = "beginner"
    EXPERT = "expert"

    @property
    def size(self) -> tuple[int, int]:
        """(columns, rows) of its one floor."""
        return K.ED_BOARD_SIZES[self.value]


class EDKind(enum.Enum):
    """The three modules of the expansion."""

    HUB = "emergency service hub"
    ROOM = "emergency room"
    BREAK_ROOM = "emergency staff break room"

    def __str__(self) -> str:
        return self.value


@frozen
class EDModule:
    """An emergency module tile: ``kind``, and a ``level`` for an emergency room only."""

    kind: EDKind
    level: Level | None = None

    def __attrs_post_init__(self) -> None:
        assert (self.kind is EDKind.ROOM) == (self.level is not None), self

    @property
    def tile_colour(self) -> TileColour | Level:
        """Colour for the "no matches" rule: hubs are magenta, the break room is a blue
        special module; "the three different levels of emergency room are three
        different colors" (rulebook L237)."""
        if self.kind is EDKind.HUB:
            return TileColour.MAGENTA
        if self.kind is EDKind.BREAK_ROOM:
            return TileColour.BLUE
        assert self.level is not None
        return self.level

    def __str__(self) -> str:
        if self.level is not None:
            return f"{self.level} emergency room"
        return str(self.kind)


ED_HUB = EDModule(EDKind.HUB)
BREAK_ROOM = EDModule(EDKind.BREAK_ROOM)
ED_ROOM = {level: EDModule(EDKind.ROOM, level) for level in Level}


class EDRole(enum.Enum):
    """Kinds of people in the Emergency Department."""

    DOCTOR = "emergency doctor"
    NURSE = "emergency nurse"
    PATIENT = "emergency patient"

    def __str__(self) -> str:
        return self.value


class Place(enum.Enum):
    """Where someone stands off the grid: new hires outside the grid, admitted patients
    in the emergency pre-admissions (rulebook L270, L284)."""

    OUTSIDE = "outside the grid"
    PRE_ADMISSIONS = "emergency pre-admissions"

    def __str__(self) -> str:
        return self.value


OUTSIDE = Place.OUTSIDE
PRE_ADMISSIONS = Place.PRE_ADMISSIONS

EDLocation = Space | Place


@frozen
class EDPerson:
    """An emergency doctor, nurse or patient: ``level`` for doctors and patients."""

    id: int
    role: EDRole
    where: EDLocation
    level: Level | None = None

    def __str__(self) -> str:
        lead = f"{self.level} " if self.level is not None else ""
        return f"{lead}{self.role} {self.id}"


class EDGoal(GoalSlot, enum.Enum):
    """The Emergency Department's solitaire goals (rulebook; E33: pick one, it replaces
    the base goal, E34)."""

    FULL_BOARD = "build 100% of your Emergency Department board"
    DARK_ROOMS = "build 2 dark emergency rooms"
    LIGHT_TREATED = "treat 6 light emergency patients"
    DARK_TREATED = "treat 4 dark emergency patients"
    ONLY_MEDIUM = "treat only medium emergency patients"

    def __str__(self) -> str:
        return self.value

    @property
    def kind_words(self) -> str:
        """What such a goal is, for messages (``setup.new_game``'s refusal)."""
        return "an emergency department goal"
