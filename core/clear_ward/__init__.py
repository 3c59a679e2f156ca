"""Clear the Ward rules engine: one frozen ``GameState``, pure functions around it.

    state = new_game(["Ann", "Bob"], seed=7)
    while not is_over(state):
        state = apply_action(state, legal_actions(state)[0])
    print(result(state))

See ``docs/api.md`` and ``docs/rules/clear-the-ward.md``.
"""

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
from core.clear_ward.cards import SPECIALITIES, Direction, Patient, Speciality, StaffCard
from core.clear_ward.narration import describe
from core.clear_ward.preview import preview
from core.clear_ward.rules import apply_action, legal_actions
from core.clear_ward.scoring import (
    DecidedBy,
    GameResult,
    current_player,
    is_over,
    result,
    score,
    scores,
    victory_cards,
    winners,
)
from core.clear_ward.setup import format_layout, from_layout, new_game
from core.clear_ward.state import EndReason, GameState, Phase, PlayerState, WardCard
from core.clear_ward.view import PlayerView, player_view
from core.clear_ward.ward import cell_name, parse_cell
from core.errors import GameError, IllegalActionError, SetupError

__all__ = [
    "SPECIALITIES", "Action", "DecidedBy", "DeclineStaff", "Direction", "DrawStaff",
    "EndReason", "EndTurn", "GameError", "GameResult", "GameState", "IllegalActionError",
    "JuniorDoctorFlip", "KeepStaff", "Move", "Patient", "Phase", "PlayerState",
    "PlayerView", "SetupError", "Speciality", "StaffCard", "UseStaff", "WardCard",
    "apply_action", "cell_name", "current_player", "describe", "format_layout",
    "from_layout", "is_over", "legal_actions", "new_game", "parse_cell", "player_view", "preview",
    "result", "score", "scores", "state_from_json", "state_to_json", "victory_cards",
    "winners",
]


def __getattr__(name: str):
    """``state_to_json`` / ``state_from_json`` load cattrs only when first used, so the
    app starts faster (PEP 562 lazy attributes)."""
    if name in ("state_to_json", "state_from_json"):
        from core.clear_ward import serialize

        return getattr(serialize, name)
    raise AttributeError(f"module 'core.clear_ward' has no attribute {name!r}")
