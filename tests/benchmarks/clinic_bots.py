"""Benchmark: the Clinic strong player alone (solitaire, no goal) and its time per
decision. Not a test: prints figures for ``docs/bots.md``. Matches between levels are
``clinic simulate --players strong,basic --games 100 --seed 1``.

    python tests/benchmarks/clinic_bots.py --solitaire [SEEDS [LEVEL [FIRST SEED]]]
    python tests/benchmarks/clinic_bots.py --timing [GAMES]
    python tests/benchmarks/clinic_bots.py --last-round [SEEDS [FIRST SEED]]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.clinic.game import apply_action, is_over, new_game  # noqa: E402
from core.clinic.game.bots import make_bot  # noqa: E402


def solitaire(seeds: int = 50, level: str = "strong", first: int = 0) -> None:
    """Final popularity of ``level`` playing solitaire on seeds ``first`` ..
    ``first + seeds - 1``, and its CPU time per decision (alone, the strong player
    tries its decisions out: ``bot_search``)."""
    finals, cpu = [], []
    for seed in range(first, first + seeds):
        bot = make_bot(level, seed)
        state = new_game(["Solo"], seed)
        while not is_over(state):
            start = time.process_time()
            action = bot.choose(state)
            cpu.append(time.process_time() - start)
            state = apply_action(state, action)
        finals.append(state.players[0].final)
    print(f"{level} solitaire, seeds {first}-{first + seeds - 1}: median {statistics.median(finals)}, mean "
          f"{statistics.fmean(finals):.1f}, min {min(finals)}, max {max(finals)}; by seed {finals}")
    print(f"CPU time per decision: {len(cpu)} decisions, median {statistics.median(cpu):.3f} s, "
          f"max {max(cpu):.3f} s")


def last_round(seeds: int = 50, first: int = 0) -> None:
    """Issue 30's A/B: rounds 1-5 played once per seed by the strong player alone (the
    same either way), then round 6 with one playout per candidate and with reshuffled
    bags (``StrongBot.last_round_reshuffles``); both finals per seed, and the medians."""
    from core.clinic.game.bot_strong import StrongBot

    once, reshuffled = [], []
    for seed in range(first, first + seeds):
        bot = make_bot("strong", seed)
        state = new_game(["Solo"], seed)
        while not is_over(state) and state.round < 6:
            state = apply_action(state, bot.choose(state))
        for flag, finals in ((False, once), (True, reshuffled)):
            StrongBot.last_round_reshuffles = flag
            end = state
            while not is_over(end):
                end = apply_action(end, bot.choose(end))
            finals.append(end.players[0].final)
        print(seed, [once[-1], reshuffled[-1]], flush=True)
    StrongBot.last_round_reshuffles = True
    for name, finals in (("round 6 once", once), ("round 6 reshuffled", reshuffled)):
        print(f"{name}: median {statistics.median(finals)}, mean {statistics.fmean(finals):.2f}; by seed {finals}")


def timing(games: int = 4) -> None:
    """Seconds per decision of the strong player against basic (wall clock and CPU)."""
    wall, cpu = [], []
    for game in range(games):
        bots = [make_bot("strong", game), make_bot("basic", game)]
        state = new_game(2, 1000 + game)
        while not is_over(state):
            bot = bots[state.current]
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bot.choose(state)
            if bot.level == "strong":
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            state = apply_action(state, action)
    print(f"strong: {len(wall)} decisions, median {statistics.median(wall):.3f} s, max {max(wall):.3f} s "
          f"(wall clock); CPU time median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--last-round":
        last_round(int(args[1]) if len(args) > 1 else 50, int(args[2]) if len(args) > 2 else 0)
    elif args and args[0] == "--timing":
        timing(int(args[1]) if len(args) > 1 else 4)
    else:
        solitaire(int(args[1]) if len(args) > 1 else 50, args[2] if len(args) > 2 else "strong",
                  int(args[3]) if len(args) > 3 else 0)
