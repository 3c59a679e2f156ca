"""Where an expansion keeps its own values in the game state (docs/architecture.md,
"Expansions").

The base state names no expansion.  ``PlayerState``, ``Turn`` and ``GameState`` (the
table) each have one ``expansions`` field: an ``Expansions`` value holding, by the
expansion's name, that expansion's own ``@frozen`` attrs value (its state for one
player, for the step in progress, for the table).  An expansion reads and writes its
entry through helpers of its own module (``player_state(p)``...); the base
rules never look inside.  An entry equal to the expansion's default is not kept
(``Expansions.put`` with ``None``), so equal games give equal states whatever the
order things happened in, and a base game's are empty.

The base enums of the round (``Phase``, ``ActionTile``, ``BonusTile``) are open the same
way: an expansion's own phases, action tiles and bonus tiles are members of its own
``Enum`` with ``PhaseSlot``, ``TileSlot`` or ``BonusSlot`` as a mixin, stored where the
base stores its members (``state.phase``, a hand of tiles, ``bonus_tiles``).

``SavedPart`` says how the save format writes one expansion's values (``serialize``):
after the base keys, as keys of their own, so saves written when those values were
base fields still load and replay to the same text.

The other markers type an expansion's values: ``PlayerSlot``, ``TurnSlot``,
``TableSlot``, and ``GoalSlot`` for a solitaire goal replacing the base game's
(``GameConfig.ed_goal``; the owner's goals are an ``Enum`` with it as a mixin).
"""

from __future__ import annotations

import enum
from typing import Any

from attrs import field
from core.converters import to_tuple
from core.model import frozen


class PlayerSlot:
    """An expansion's values for one player (an entry of ``PlayerState.expansions``)."""

    __slots__ = ()


class TurnSlot:
    """An expansion's progress through one step (an entry of ``Turn.expansions``)."""

    __slots__ = ()


class TableSlot:
    """An expansion's values shared by the table (an entry of ``GameState.expansions``)."""

    __slots__ = ()


class GoalSlot:
    """An expansion's solitaire goal, replacing the base game's (``GameConfig.ed_goal``).
    The owner's goals are an ``Enum`` with this class as a mixin."""

    __slots__ = ()


class PhaseSlot:
    """Mixin of an expansion's own phases (an ``Enum`` whose values are the phases'
    names, stored in ``GameState.phase`` as the base ``Phase`` members are)."""

    __slots__ = ()


class TileSlot:
    """Mixin of an expansion's own action tiles (an ``IntEnum`` numbered after the base
    ``ActionTile``'s, in resolution order)."""

    __slots__ = ()


class BonusSlot:
    """Mixin of an expansion's own bonus tiles (an ``Enum`` valued by their words, as
    the base ``BonusTile``)."""

    __slots__ = ()


@frozen
class Expansions:
    """The values of the expansions in play at one level (a player, the step, the
    table): ``entries`` are ``(expansion name, its value)`` pairs sorted by name, none
    with a ``None`` value.  Immutable: ``put`` returns a new one."""

    entries: tuple[tuple[str, Any], ...] = field(default=(), converter=to_tuple)

    def get(self, name: str) -> Any:
        """The value kept for expansion ``name``, or None (nothing kept: its default)."""
        for key, value in self.entries:
            if key == name:
                return value
        return None

    def put(self, name: str, value: Any) -> Expansions:
        """These values with expansion ``name``'s replaced by ``value`` (``None``: its
        entry removed)."""
        kept = tuple((k, v) for k, v in self.entries if k != name)
        if value is not None:
            kept = tuple(sorted((*kept, (name, value)), key=lambda kv: kv[0]))
        return Expansions(kept)

    def __bool__(self) -> bool:
        return bool(self.entries)


NONE = Expansions()  #: the empty values (every expansion at its default)


class Level(enum.Enum):
    """Where an expansion keeps values: one player's, the step's, the table's."""

    PLAYER = "player"
    TURN = "turn"
    TABLE = "table"


@frozen
class SavedPart:
    """How a save writes one expansion's values at one ``level``.

    ``kind``: the expansion's attrs class of the values.  With ``key`` None the class's
    fields are the save's keys (``kind()`` is its default, written when nothing is
    kept); with a ``key`` the whole value is written under that key (``null`` when
    nothing is kept).  ``rank`` orders the parts of every expansion after the base
    keys: the order the keys had when they were fields of the base state (the save
    format's; changing it changes every save's snapshot)."""

    level: Level
    kind: type
    rank: int
    key: str | None = None
