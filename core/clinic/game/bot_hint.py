"""The hint (key h in the app): the ``strong`` player's choice for the player to move,
with a one-line reason in players' words.

Decided like the strong player from ``player_view`` only (``bot_strong.determinize``),
and the reason is told from that same state: the action's own sentence of the event
log (``narration.describe``, its first part only: what follows, such as the round's
end, would come from the replaced seed), then what the care plan (``bot_plan``) makes
of the clinic after it: patients treated this round and the income, when it changes.
"""

from __future__ import annotations

from core.model import frozen

from .actions import Action, SelectTile
from .bot_plan import plan_care
from .bot_strong import StrongBot, determinize
from .narration import describe
from .rules import apply_action
from .state import GameState


@frozen
class Hint:
    """The suggested ``action`` and a one-line ``reason`` ("admits a red Cardiology
    patient into pre-admissions, car parked at P3: treats 3 this round, income $8 → $14")."""

    action: Action
    reason: str


def _plan_words(before: GameState, after: GameState, seat: int) -> str:
    """What the care plan says the action changes: patients treated and income."""
    if after.players[seat].clinic is before.players[seat].clinic or after.phase is not before.phase:
        return ""  # nothing changed, or the phase ended (Business may have treated them)
    old, new = plan_care(before.players[seat].clinic), plan_care(after.players[seat].clinic)
    if (len(old.treated), old.income) == (len(new.treated), new.income):
        return ""
    return f"treats {len(new.treated)} this round, income ${old.income} → ${new.income}"


def explain(state: GameState, action: Action) -> str:
    """The one-line reason for ``action`` of ``state.current`` (told from what that
    player sees: module doc)."""
    seat = state.current
    det = determinize(state, seat)
    if isinstance(action, SelectTile):
        text = f"select the {action.tile} tile"
        extra = ""
    else:
        after = apply_action(det, action)
        text = describe(det, action, after).split(". ")[0].rstrip(".")
        name = det.players[seat].name + " "
        text = text[len(name):] if text.startswith(name) else text
        extra = _plan_words(det, after, seat)
    text = text[0].upper() + text[1:]
    return f"{text}: {extra}" if extra else text


def hint(state: GameState, seed: int = 0) -> Hint:
    """The strong player's suggestion for ``state.current`` (not over), decided from
    their view only: two states with the same view give the same hint."""
    action = StrongBot(seed).choose(state)
    return Hint(action, explain(state, action))
