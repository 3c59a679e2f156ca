"""Which Clear the Ward actions reveal hidden information (and so cannot be undone):
turning over a face-down patient (a move onto it, the Junior Doctor), drawing staff
cards, looking at face-down patients, removing a face-down patient (its face is then
shown)."""

from __future__ import annotations

from core.clear_ward.actions import Action, DrawStaff, UseStaff
from core.clear_ward.cards import StaffCard
from core.clear_ward.state import GameState


def reveals_hidden(before: GameState, action: Action, after: GameState) -> bool:
    """True if applying ``action`` to ``before`` (giving ``after``) showed anything hidden."""
    if isinstance(action, DrawStaff):
        return True
    if isinstance(action, UseStaff) and action.card is StaffCard.JUNIOR_DOCTOR:
        return True
    return any(
        old is not None and not old.face_up and (new is None or new.face_up)
        for old, new in zip(before.ward, after.ward)
    )
