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

from attrs import frozen


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


def undoable(steps: Sequence[Step], seat: int | None = None, turn: Hashable = None) -> int:
    """How many of the last ``steps`` may be undone (0 if none): the unbroken run at the
    end made by one human seat within one turn, stopping before an action that revealed
    hidden information. Given the ``seat`` and ``turn`` deciding now, only actions of
    that seat in that turn count, or the actions of a turn that ended by itself (not one
    ended on purpose)."""
    if not steps:
        return 0
    last = steps[-1]
    if seat is not None and (last.seat, last.turn) != (seat, turn) and last.closes:
        return 0
    count = 0
    for step in reversed(steps):
        if step.seat != last.seat or step.turn != last.turn or not step.human or step.reveals:
            break
        count += 1
    return count


def refusal(steps: Sequence[Step], seat: int | None = None, turn: Hashable = None) -> str | None:
    """Why the last action cannot be undone, in a sentence for the player; ``None``
    when it can. ``seat`` and ``turn``: who decides now, as for ``undoable``."""
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
