"""Undo for both games, as boardgame.io does it: a player may take back their own
actions within their turn, last first, but never an action that revealed hidden
information, and never a computer player's action.

The app keeps the list of states (the state is immutable, so undo is "the previous
state"); this module only says how far back it may go, and why not further.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen


@frozen
class Step:
    """One applied action in an app's history: who acted (``seat``, ``human``), on which
    turn, and whether it revealed hidden information (``reveals``: a card turned over,
    cards drawn, a bag drawn from)."""

    seat: int
    turn: int
    human: bool
    reveals: bool


def undoable(steps: Sequence[Step]) -> int:
    """How many of the last ``steps`` may be undone (0 if none): the unbroken run at the
    end made by one human seat within one turn, stopping before an action that revealed
    hidden information."""
    if not steps:
        return 0
    last = steps[-1]
    count = 0
    for step in reversed(steps):
        if step.seat != last.seat or step.turn != last.turn or not step.human or step.reveals:
            break
        count += 1
    return count


def refusal(steps: Sequence[Step]) -> str | None:
    """Why the last action cannot be undone, in a sentence for the player; ``None``
    when it can."""
    if not steps:
        return "Nothing to undo yet."
    last = steps[-1]
    if not last.human:
        return "Computer players' actions are not undone."
    if last.reveals:
        return "That action revealed hidden information, so it cannot be undone."
    return None
