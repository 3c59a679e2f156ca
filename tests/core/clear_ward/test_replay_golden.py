"""Random games replay exactly as they did before the engine speed-ups (issue 13).

A saved game is replayed from its seed and action log, and a bot's game from its seed:
both need ``legal_actions`` to list the same actions in the same order and
``apply_action`` to make the same states as the code the records were made with. The
figures here were taken from the engine at commit 07678ce (before the second speed-up
pass): 200 random games, the benchmark's (``tests/benchmarks/clear_ward_games.py``:
seed ``s``, ``s % 4 + 1`` players, ``random.Random(s).choice`` of the legal actions).
A cache that returned a stale move list, a changed order of the actions, or a state
that differed in any field would change the digest.
"""

import hashlib
import random

from core.clear_ward import EndReason, GameState, apply_action, is_over, legal_actions, new_game, scores


def record(seed: int, players: int) -> tuple[list[str], GameState]:
    """(one line per step: every legal action, then the one chosen; the final state)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    lines = []
    while not is_over(state):
        options = legal_actions(state)
        action = rng.choice(options)
        lines.append(" | ".join(map(str, options)) + " -> " + str(action))
        state = apply_action(state, action)
    return lines, state


def test_a_four_player_game_from_seed_7_ends_as_before():
    lines, state = record(7, 4)
    assert len(lines) == 50
    assert scores(state) == (39, 10, 36, 23)
    assert state.end_reason is EndReason.NO_LEGAL_MOVE
    assert lines[-1] == "move up 5 -> move up 5"


def test_a_two_player_game_from_seed_1_ends_as_before():
    lines, state = record(1, 2)
    assert len(lines) == 64
    assert scores(state) == (70, 51)
    assert state.end_reason is EndReason.WARD_CLEAR
    assert lines[-1] == "move down 2 | use Consultant Opinion on E6 -> use Consultant Opinion on E6"


def test_200_random_games_list_the_same_actions_and_end_in_the_same_states():
    digest = hashlib.sha256()
    for seed in range(200):
        lines, state = record(seed, seed % 4 + 1)
        digest.update("\n".join(lines).encode())
        digest.update(repr(state).encode())
    assert digest.hexdigest() == "e613bfd6cd41c750382174fb774d0c55921efddaa789e129daa44b5976dedd63"
