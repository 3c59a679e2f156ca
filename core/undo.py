"""Undo for both games, as boardgame.io does it: a player may take back their own
actions within their turn, last first, but never an action that revealed hidden
information, and never a computer player's action.

A turn the player ended on purpose (End turn, Done) stays ended. A turn that ended by
itself with the player's last action (in Clear the Ward a move ends the turn when no
staff card can follow) may still be taken back until anyone else acts, or a misplaced
move could never be undone (decision in docs/rules/clear-the-ward.md, "Undo").

The app keeps the list of states (the state is immutable, so undo is "the previous
state"); this module only says how far back it may go, and why not further.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from core.model import frozen


@frozen
class Step:
    """One applied action in an app's history: who acted (``seat``, ``human``), on which
    turn, and whether it revealed hidden information (``reveals``: a card turned over,
    cards drawn, a bag drawn from), and whether it was the player ending their turn on
    purpose (``closes``: End turn, Done)."""

    seat: int
    turn: Hashable
    human: bool
    reveals: bool
    closes: bool = False


def refusal(steps: Sequence[Step], seat: int | None = None, turn: Hashable = None) -> str | None:
    """Why the last action cannot be undone, in a sentence for the player; ``None``
    when it can. Only the last action is judged: once it is undone, the one before it
    is the last. ``seat`` and ``turn``: who decides now; when given, a turn ended on
    purpose (``closes``) before them is not reopened, while one that ended by itself
    with the player's action is."""
    if not steps:
        return "Nothing to undo yet."
    last = steps[-1]
    if not last.human:
        return "Computer players' actions are not undone."
    if seat is not None and (last.seat, last.turn) != (seat, turn) and last.closes:
        return "Nothing to undo in this turn: a turn that was ended stays ended."
    if last.reveals:
        return "That action revealed hidden information, so it cannot be undone."
    return None
