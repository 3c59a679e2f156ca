"""Clear the Ward's part of a game record (``core.record``): how a save starts a game,
how actions and states are written, whose turn it is and what counts as one turn.

A save's ``options`` hold ``{"starting_player": seat or None}``; its seats are the
players in seat order.
"""

from __future__ import annotations

from core.clear_ward.actions import EndTurn
from core.clear_ward.rules import apply_action
from core.clear_ward.setup import new_game
from core.clear_ward.state import GameState, Phase
from core.clear_ward.undo import reveals_hidden
from core.record import RecordRules, imported_later
from core.saves import SaveGame

#: The save's ``game`` name.
GAME = "clear-the-ward"
#: The rules version this engine plays (the registry's ``Game.rules_version`` says the
#: same: ``clear_ward_tui/registration.py``). 2: issue 30 (the Night Shift's staff deck
#: has no Locum, so a solo seed deals another staff deck).
RULES_VERSION = 2


def start(save: SaveGame) -> GameState:
    """The deal of a saved game: ``new_game`` with its players, seed and starting seat
    (raises ``SetupError`` for a bad seat count or starting seat)."""
    return new_game([s.name for s in save.seats], save.seed, save.options.get("starting_player"))


def actor(state: GameState) -> int | None:
    """The seat to act, ``None`` once the game is over."""
    return None if state.phase is Phase.OVER else state.current


def turn(state: GameState) -> int:
    """The turn number (``GameState.turn``): an action that ends a turn changes it."""
    return state.turn


def closes_turn(action) -> bool:
    """True for the actions that end a turn on purpose (EndTurn)."""
    return isinstance(action, EndTurn)


def progress(state: GameState) -> str:
    """Where the game stands: ``"turn 5, 23 patients left"`` or ``"game over"``."""
    if state.phase is Phase.OVER:
        return "game over"
    left = state.patients_in_ward
    return f"turn {state.turn + 1}, {left} patient{'s' if left != 1 else ''} left"


#: Clear the Ward's rules for ``core.record.GameRecord`` (cattrs is imported on first
#: save or load, not at startup).
RULES = RecordRules(
    game=GAME,
    title="Clear the Ward",
    rules_version=RULES_VERSION,
    start=start,
    apply=apply_action,
    encode_action=imported_later("core.clear_ward.serialize", "action_to_data"),
    decode_action=imported_later("core.clear_ward.serialize", "action_from_data"),
    encode_state=imported_later("core.clear_ward.serialize", "state_to_json"),
    reveals_hidden=reveals_hidden,
    actor=actor,
    turn=turn,
    closes_turn=closes_turn,
    progress=progress,
)
