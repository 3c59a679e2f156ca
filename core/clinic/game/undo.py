"""Which Clinic actions reveal hidden information (and so cannot be undone): any draw
from the patient or doctor bag (``GameState.draws`` counts them), and the reveal of
the action tiles once the last player has chosen (others' choices are then seen).

Choosing a car (``RemoveCar``, ``ParkStartingCar``) shows nothing hidden, so it may be
taken back like a build or a move, within the player's turn; it does not end the turn
on purpose (``game_record.closes_turn``), so the last car removed may be taken back even
though the game went on by itself, until anyone else acts (core/undo.py)."""

from __future__ import annotations

from .actions import Action
from .state import GameState, Phase


def reveals_hidden(before: GameState, action: Action, after: GameState) -> bool:
    """True if applying ``action`` to ``before`` (giving ``after``) showed anything hidden."""
    if after.draws != before.draws:
        return True
    return before.phase is Phase.SELECT and after.phase is not Phase.SELECT
