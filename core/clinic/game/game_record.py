"""Clinic's part of a game record (``core.record``): how a save starts a game, how
actions and states are written, whose turn it is and what counts as one turn.

A save's ``options`` hold ``{"expert": [bool per seat], "sides": ["beginner" |
"expert" per seat], "solo_goal": SoloGoal name or None, "expansions": [names], only
when there are some, "ed_goal": the name of an expansion's solitaire goal (the 911th's EDGoal), only when chosen}``; its seats are the players in
seat order. Its ``rules`` is Clinic's rules version (``RULES_VERSION`` below, and the
registry's ``Game.rules_version``): raise both whenever a rules change makes older action
logs replay differently.
"""

from __future__ import annotations

from core.clinic.board import BoardSide
from core.record import RecordRules, imported_later
from core.saves import SaveGame

from . import constants as K
from .actions import Done, EndMove, SelectTile
from .rules import apply_action
from .setup import new_game
from .state import GameState, Phase, SoloGoal
from .undo import reveals_hidden

#: The save's ``game`` name.
GAME = "clinic"


def options(expert, sides, solo_goal: SoloGoal | None, expansions=(), ed_goal=None) -> dict:
    """A save's options from ``new_game``'s keyword arguments (per-seat ``expert``
    flags, ``BoardSide`` per seat, the solitaire goal or ``None``, the expansion names;
    ``"expansions"`` is written only when there are some, so base saves stay as before)."""
    out = {
        "expert": [bool(e) for e in expert],
        "sides": [BoardSide(s).value for s in sides],
        "solo_goal": None if solo_goal is None else SoloGoal(solo_goal).name,
    }
    if expansions:
        out["expansions"] = sorted(expansions)
    if ed_goal is not None:  # an expansion's solitaire goal (the 911th's), only when chosen
        out["ed_goal"] = ed_goal.name
    return out


def start(save: SaveGame) -> GameState:
    """The first state of a saved game: ``new_game`` with its players, seed, expert
    flags, board sides and solitaire goal (raises ``SetupError``, ``KeyError`` or
    ``ValueError`` for bad options)."""
    names = [s.name for s in save.seats]
    opts = save.options
    goal = opts.get("solo_goal")
    ed_goal = opts.get("ed_goal")  # its name: ``new_game`` asks the expansions for it
    return new_game(
        names,
        save.seed,
        expert=list(opts.get("expert", [False] * len(names))),
        sides=[BoardSide(s) for s in opts.get("sides", ["beginner"] * len(names))],
        solo_goal=None if goal is None else SoloGoal[goal],
        options=tuple(opts.get("expansions", ())),
        ed_goal=ed_goal,
    )


def actor(state: GameState) -> int | None:
    """The seat to decide, ``None`` once the game is over."""
    return state.current


def turn(state: GameState) -> tuple:
    """What stays the same during one player's turn: round, action, phase and seat."""
    return (state.round, state.action, state.phase.value, state.current)


def closes_turn(action) -> bool:
    """True for the actions that end a turn on purpose (Done, EndMove, SelectTile, and
    an expansion's action whose class says ``closes_turn = True``, the 911th's Done)."""
    return isinstance(action, (Done, EndMove, SelectTile)) or getattr(action, "closes_turn", False)


def progress(state: GameState) -> str:
    """Where the game stands: ``"round 3 of 6, build"`` or ``"game over"``."""
    if state.phase is Phase.OVER:
        return "game over"
    return f"round {state.round} of {K.ROUNDS}, {state.phase.value}"


#: The rules version this engine plays (the registry's ``Game.rules_version`` says the
#: same: ``clinic_tui/registration.py``; ``tests/core/test_registry.py`` compares them).
#: Written here, not read from the registry: that read scans every installed package's
#: entry points, a tenth of Clinic's start to the board (issue 33). 2: issue 11 (secret
#: tiles, free movement, own choices, Admin in round 6).
RULES_VERSION = 2

#: Clinic's rules for ``core.record.GameRecord`` (cattrs is imported on first save or
#: load, not at startup).
RULES = RecordRules(
    game=GAME,
    title="Clinic",
    rules_version=RULES_VERSION,
    start=start,
    apply=apply_action,
    encode_action=imported_later("core.clinic.game.serialize", "action_to_data"),
    decode_action=imported_later("core.clinic.game.serialize", "action_from_data"),
    encode_state=imported_later("core.clinic.game.serialize", "state_to_json"),
    reveals_hidden=reveals_hidden,
    actor=actor,
    turn=turn,
    closes_turn=closes_turn,
    progress=progress,
)
