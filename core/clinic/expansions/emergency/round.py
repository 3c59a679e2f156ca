"""The 911th Extension's own members of the base round's open enums
(``core.clinic.slots``): its phases, its action tile and its bonus tile, stored in the
game state where the base stores its own (``GameState.phase``, a hand of tiles,
``bonus_tiles``) and saved by the same values as when they were base members.
"""

from __future__ import annotations

import enum

from core.clinic.slots import BonusSlot, PhaseSlot, TileSlot


class EDPhase(PhaseSlot, enum.Enum):
    """The ED's phases of the round (docs/rules/clinic-911.md, "Integration")."""

    EMERGENCY = "emergency"  # the Emergency action
    ED_BUSINESS = "emergency business"  # off-duty emergency nurses, in turn order
    ED_REMOVE_CAR = "emergency remove car"  # an emergency person left: which car goes
    ED_BUY_POPULARITY = "emergency popularity"  # ED popularity at $2, reverse turn order


class EDTile(TileSlot, enum.IntEnum):
    """The Emergency action tile: one a round, resolved after Admit (E8); numbered after
    the base ``ActionTile``'s three."""

    EMERGENCY = 3

    def __str__(self) -> str:
        return "Emergency"


class EDBonus(BonusSlot, enum.Enum):
    """The Emergency Nurse bonus tile (E15)."""

    EMERGENCY_NURSE = "an emergency nurse"

    def __str__(self) -> str:
        return self.value


ED_PHASES = tuple(EDPhase)

__all__ = ["ED_PHASES", "EDBonus", "EDPhase", "EDTile"]
