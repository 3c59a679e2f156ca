"""The actions a player can take in Clear the Ward: small frozen values.

Each has a readable ``__str__`` so the event log, replays and tests use the same words.
``legal_actions(state)`` lists them; ``apply_action(state, action)`` plays one.
"""

from __future__ import annotations

from attrs import frozen

from core.clear_ward.cards import Direction, Patient, StaffCard
from core.clear_ward.ward import cell_name


@frozen
class Move:
    """Move the Doctor ``steps`` spaces (>= 1) in ``direction`` (rulebook: Movement Phase)."""

    direction: Direction
    steps: int

    def __str__(self) -> str:
        return f"move {self.direction} {self.steps}"


@frozen
class DrawStaff:
    """After flipping a face-down patient, draw 2 staff cards (rulebook: Flip and Take)."""

    def __str__(self) -> str:
        return "draw 2 staff cards"


@frozen
class DeclineStaff:
    """After flipping a face-down patient, do not draw staff cards."""

    def __str__(self) -> str:
        return "do not draw staff cards"


@frozen
class KeepStaff:
    """Choose the staff hand after a draw: ``hand`` is the whole new hand (1-2 cards).

    With room in hand: the old hand plus one drawn card. With a full hand: any 2 of the
    held and drawn cards (decision). The rest go to the bottom of the staff deck.
    """

    hand: tuple[StaffCard, ...]

    def __str__(self) -> str:
        return "keep " + " and ".join(str(c) for c in self.hand)


@frozen
class UseStaff:
    """Use a staff card from hand (at most one a turn, on your own turn).

    ``cells``: ward spaces it targets (Pharmacist, Consultant Opinion, Nurse, Junior
    Doctor); ``patient``: the log-book patient the Locum takes.
    """

    card: StaffCard
    cells: tuple[int, ...] = ()
    patient: Patient | None = None

    def __str__(self) -> str:
        text = f"use {self.card}"
        if self.cells:
            text += " on " + ", ".join(cell_name(c) for c in self.cells)
        if self.patient is not None:
            text += f" on {self.patient}"
        return text


@frozen
class JuniorDoctorFlip:
    """Second half of the Junior Doctor: turn ``cell`` face up, or none (``None``)."""

    cell: int | None

    def __str__(self) -> str:
        if self.cell is None:
            return "turn no card face up"
        return f"turn {cell_name(self.cell)} face up"


@frozen
class EndTurn:
    """End the turn after the action (only offered when a staff card could still be used)."""

    def __str__(self) -> str:
        return "end turn"


Action = Move | DrawStaff | DeclineStaff | KeepStaff | UseStaff | JuniorDoctorFlip | EndTurn
