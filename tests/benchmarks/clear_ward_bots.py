"""Benchmark: Clear the Ward computer players against each other, and the strong
player's time per decision. Not a test: prints figures for ``docs/bots.md``.

Two-player games, seats rotating (game ``i`` puts the first level in seat ``i % 2`` and
the starting player is fixed by the seed). A shared victory counts half a win each.

    python tests/benchmarks/clear_ward_bots.py strong greedy 400 [SEED [FIRST_GAME]]
    python tests/benchmarks/clear_ward_bots.py --timing [DECISIONS]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.clear_ward import apply_action, is_over, legal_actions, new_game, result  # noqa: E402
from core.clear_ward.bots import make_bot as _make_bot  # noqa: E402


def make_bot(level: str, seed: int):
    """A bot by level; ``strong:SAMPLES:ROUNDS`` tries other settings of the strong one."""
    if level.startswith("strong:"):
        from core.clear_ward.strong import StrongBot

        samples, rounds = (int(x) for x in level.split(":")[1:])
        return StrongBot(seed, samples, rounds)
    return _make_bot(level, seed)


def play(first: str, second: str, game: int, seed: int) -> float:
    """One game of ``first`` against ``second``; ``first``'s share of the win (0, ½, 1)."""
    swap = game % 2
    levels = (second, first) if swap else (first, second)
    game_seed = seed * 100_000 + game
    bots = [make_bot(level, game_seed * 10 + i) for i, level in enumerate(levels)]
    state = new_game(2, game_seed)
    while not is_over(state):
        state = apply_action(state, bots[state.current].choose(state))
    won = result(state).winners
    return (1.0 / len(won)) if swap in won else 0.0


def match(first: str, second: str, games: int, seed: int = 1, offset: int = 0) -> None:
    """Play games ``offset`` .. ``offset + games - 1`` and print ``first``'s win rate
    (run several offsets in parallel processes and add the wins up)."""
    start = time.perf_counter()
    wins = 0.0
    for n, game in enumerate(range(offset, offset + games), 1):
        wins += play(first, second, game, seed)
        if n % 25 == 0:
            print(f"  {n} games: {first} {wins / n:.1%}", flush=True)
    elapsed = time.perf_counter() - start
    print(f"{first} vs {second}: {first} wins {wins:g}/{games} = {wins / games:.1%} ({elapsed:.0f} s)")


def timing(decisions: int = 200, seed: int = 1) -> None:
    """Median and max seconds per decision of the strong player (against greedy): wall
    clock, and CPU time of this process (what a quiet machine would take), with the
    number of legal actions of the slowest decision."""
    times: list[float] = []
    cpu: list[float] = []
    slowest = (0.0, 0)
    game = 0
    while len(times) < decisions:
        bots = [make_bot("strong", game), make_bot("greedy", game)]
        state = new_game(2, seed * 100_000 + game)
        while not is_over(state) and len(times) < decisions:
            bot = bots[state.current]
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bot.choose(state)
            if bot.level == "strong":
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                slowest = max(slowest, (cpu[-1], len(legal_actions(state))))
            state = apply_action(state, action)
        game += 1
    print(
        f"strong: {len(times)} decisions, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s, mean {statistics.fmean(times):.3f} s (wall clock); "
        f"CPU time median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s "
        f"({slowest[1]} legal actions)"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--timing":
        timing(int(args[1]) if len(args) > 1 else 200)
    else:
        rest = [int(a) for a in args[3:]]
        match(args[0], args[1], int(args[2]), *rest)
