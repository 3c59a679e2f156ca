"""Slots an expansion owns in the game state (docs/architecture.md, "Expansions").

The base state keeps a few fields for an expansion's own values (the 911th Extension's
Emergency Department, its Emergency action, its Emergency Waiting Area and its
solitaire goal).  The base rules never look inside them and never import their types:
each field is typed by one of the marker classes below, the expansion that owns the
field subclasses the marker (an attrs class, or an ``Enum`` for a goal), and its
``configure`` hook teaches the save format which subclass to read
(``core.clinic.expansions``).
"""

from __future__ import annotations


class PlayerSlot:
    """An expansion's values for one player (``PlayerState.emergency``: the player's
    Emergency Department)."""

    __slots__ = ()


class TurnSlot:
    """An expansion's progress through one action (``Turn.emergency``: the Emergency
    action's sub-actions)."""

    __slots__ = ()


class TableSlot:
    """An expansion's values shared by the table (``GameState.emergency``: the
    Emergency Waiting Area and bag)."""

    __slots__ = ()


class GoalSlot:
    """An expansion's solitaire goal, replacing the base game's (``GameConfig.ed_goal``:
    the 911th Extension's goals, E33-E34).  The owner's goals are an ``Enum`` with this
    class as a mixin."""

    __slots__ = ()
