"""The hint (key h in the app): the ``strong`` player's choice for the player to move,
with a one-line reason in players' words.

Like the strong player it decides from ``player_view`` only, and the reason says
nothing the player cannot see: what the action does is narrated (``narration``) in the
dealt games the strong player searched, and only when every deal tells the same story
(a move onto a face-down patient, a Consultant Opinion on one, a draw: the general
words instead, never a patient from a deal).
"""

from __future__ import annotations

from attrs import frozen

from core.clear_ward.actions import (
    Action,
    DeclineStaff,
    DrawStaff,
    EndTurn,
    JuniorDoctorFlip,
    KeepStaff,
    Move,
    UseStaff,
)
from core.clear_ward.bots import greedy_scores
from core.clear_ward.movement import destination
from core.clear_ward.narration import describe
from core.clear_ward.rules import apply_action
from core.clear_ward.state import GameState
from core.clear_ward.strong import StrongBot, determinize
from core.clear_ward.view import player_view
from core.clear_ward.ward import cell_name


@frozen
class Hint:
    """The suggested ``action`` and a one-line ``reason`` ("treats 3 Cardiology
    patients: +6 stars; lead in two rounds +4.5★, next best +2.0★")."""

    action: Action
    reason: str


def action_words(state: GameState, action: Action) -> str:
    """What ``action`` is, in the imperative, without anything hidden ("move the Doctor
    right 3 to C4", "use the Porter", "keep Registrar, Nurse")."""
    if isinstance(action, Move):
        return f"move the Doctor {action.direction.value} {action.steps} to {cell_name(destination(state, action)[0])}"
    if isinstance(action, UseStaff):
        where = " on " + " and ".join(cell_name(c) for c in action.cells) if action.cells else ""
        whom = f" for {action.patient}" if action.patient is not None else ""
        return f"use the {action.card.value}{whom}{where}"
    if isinstance(action, DrawStaff):
        return "draw staff cards"
    if isinstance(action, DeclineStaff):
        return "draw no staff cards"
    if isinstance(action, KeepStaff):
        return "keep " + ", ".join(card.value for card in action.hand)
    if isinstance(action, JuniorDoctorFlip):
        return "turn no patient face up" if action.cell is None else f"turn over {cell_name(action.cell)}"
    if isinstance(action, EndTurn):
        return "end the turn"
    return str(action)


def _outcome(deals: list[GameState], action: Action) -> str:
    """What ``action`` does, narrated, when every deal agrees (else "")."""
    told = set()
    name = deals[0].players[deals[0].current].name + " "
    for deal in deals:
        text = describe(deal, action, apply_action(deal, action))
        told.add(text.removeprefix(name).rstrip("."))  # without the player's name
    if len(told) != 1:
        return ""
    text = told.pop()
    # The narration's "moves the Doctor right 3, treats …": keep what follows the move.
    head, sep, tail = text.partition(", ")
    return tail if sep and head.startswith("moves the Doctor") else ""


def explain(state: GameState, action: Action, deals: list[GameState], value: float | None,
            runner_up: float | None) -> str:
    """The one-line reason for ``action``: what it is, what it does when that is known
    to the player (``_outcome``), and the look-ahead's average lead in stars for it and
    for the next best option (``value`` / ``runner_up``; ``None``: not searched)."""
    words = action_words(state, action)
    outcome = _outcome(deals, action) if deals else ""
    text = words[0].upper() + words[1:] + (f": {outcome}" if outcome else "")
    if value is not None:
        text += f" (lead in two rounds {value:+.1f}★"
        text += f", next best {runner_up:+.1f}★)" if runner_up is not None else ")"
    return text


def hint(state: GameState, seed: int = 0) -> Hint:
    """The strong player's suggestion for ``state.current``, decided from their
    ``player_view`` only (``seed``: its random deals; the same seed and view give the
    same hint). ``state`` must not be over."""
    view = player_view(state, state.current)
    bot = StrongBot(seed)
    if len(view.seats) == 1:
        deal = determinize(view, bot.rng)
        options, values = greedy_scores(deal)
        best = values.index(max(values))
        return Hint(options[best], explain(deal, options[best], [deal], None, None))
    options, totals, deals = bot.evaluate(view)
    best = totals.index(max(totals))
    if len(options) == 1:
        return Hint(options[0], explain(deals[0], options[0], deals, None, None) + " (the only choice)")
    mean = [t / len(deals) for t in totals]
    others = [v for i, v in enumerate(mean) if i != best]
    return Hint(options[best], explain(deals[0], options[best], deals, mean[best], max(others)))
