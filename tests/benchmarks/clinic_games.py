"""Benchmark: random full 4-player games of Clinic per second, through the public API.

Each game: ``new_game(4, seed)``, then a random choice among ``legal_actions(state)``
applied with ``apply_action`` until ``is_over``.  Goal (issue 5): at least 20 games per
second on one core.  The second line plays the same games with all four mini-expansions
on (issue 14), beside the base figure.  The figures are CPU time (one core's work,
unspoilt by other jobs on a shared machine), then wall-clock time.

    python tests/benchmarks/clinic_games.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.clinic.game import apply_action, is_over, legal_actions, new_game  # noqa: E402


ALL_EXPANSIONS = ("blood", "extinguishers", "workaholics", "zombies")
WITH_EMERGENCY = (*ALL_EXPANSIONS, "emergency")  # The 911th Extension too


def play(seed: int, players: int = 4, options: tuple[str, ...] = ()) -> int:
    """One random game; returns the number of actions it took."""
    rng = random.Random(seed)
    state = new_game(players, seed, options=options)
    actions = 0
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
        actions += 1
    return actions


def main(games: int = 200) -> None:
    """Play ``games`` 4-player games, base then with every expansion, and print
    games/s and actions/s in CPU time (``time.process_time``: what one quiet core
    takes, the figure the goal is about) and in wall-clock time."""
    for label, options in (("base", ()), ("all four expansions", ALL_EXPANSIONS),
                           ("with the emergency department", WITH_EMERGENCY)):
        start, start_cpu = time.perf_counter(), time.process_time()
        actions = sum(play(seed, options=options) for seed in range(games))
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - start_cpu
        print(
            f"{games} random 4-player games ({label}): CPU {cpu:.2f} s, {games / cpu:,.1f} games/s, "
            f"{actions / cpu:,.0f} actions/s; wall clock {elapsed:.2f} s, {games / elapsed:,.1f} games/s "
            f"({actions / games:.1f} actions a game)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
