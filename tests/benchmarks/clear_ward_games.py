"""Benchmark: random full games of Clear the Ward per second, through the public API.

Each game: ``new_game`` from its own seed, then a random choice among
``legal_actions(state)`` applied with ``apply_action`` until ``is_over``. Player counts
cycle 1, 2, 3, 4. Goal (issue 2): at least 2,000 games per second on one core.

    python tests/benchmarks/clear_ward_games.py [GAMES] [--cpu]

``--cpu`` also prints the figures in CPU time of this process (``time.process_time``),
which other programs on a shared machine do not spoil.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.clear_ward import apply_action, is_over, legal_actions, new_game  # noqa: E402


def play(seed: int, players: int) -> int:
    """One random game; returns the number of actions it took."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    actions = 0
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
        actions += 1
    return actions


def main(games: int = 4000, cpu: bool = False) -> None:
    """Play ``games`` games and print games/s and actions/s (wall clock; with ``cpu``
    also in CPU time)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    actions = sum(play(seed, seed % 4 + 1) for seed in range(games))
    elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    print(
        f"{games} random games in {elapsed:.2f} s: {games / elapsed:,.0f} games/s, "
        f"{actions / elapsed:,.0f} actions/s ({actions / games:.1f} actions a game)"
    )
    if cpu:
        print(
            f"CPU time {elapsed_cpu:.2f} s: {games / elapsed_cpu:,.0f} games/s, "
            f"{actions / elapsed_cpu:,.0f} actions/s"
        )


if __name__ == "__main__":
    _args = [a for a in sys.argv[1:] if a != "--cpu"]
    main(int(_args[0]) if _args else 4000, cpu="--cpu" in sys.argv[1:])
