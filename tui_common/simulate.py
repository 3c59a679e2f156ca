"""The ``simulate`` command of both console scripts: ``clear-ward simulate --players
strong,greedy --games 400 --seed 1`` plays bot-only games on all cores with a progress
bar and prints a table of wins, mean score and its 95% interval per player (``--json``:
the same as JSON). The games and the tally are ``core.simulate``'s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from core.simulate import game_of, levels_of, simulate
from tui_common.levels import LEVEL_WORDS


def build_parser(game: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{game} simulate",
        description=(
            "Play computer players against each other and count the wins. Seats rotate, so "
            "each player starts in turn."
        ),
    )
    parser.add_argument(
        "--players", required=True, metavar="LIST",
        help=f"comma-separated computer levels, one per seat ({', '.join(LEVEL_WORDS)}); e.g. hard,easy",
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the match (same seed, same games)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, metavar="N",
        help="processes playing at once (default: all cores)",
    )
    parser.add_argument("--json", action="store_true", help="print the tally as JSON (no progress bar)")
    return parser


def simulate_main(game: str, argv: list[str]) -> int:
    """Run ``<game> simulate`` with ``argv`` (the arguments after ``simulate``)."""
    parser = build_parser(game)
    args = parser.parse_args(argv)
    known = levels_of(game)
    named = dict(zip(LEVEL_WORDS, known))  # the level words; the bots' own names work too
    words = {bot: word for word, bot in named.items()}
    players = [p.strip().lower().removeprefix("cpu:") for p in args.players.split(",") if p.strip()]
    players = [named.get(p, p) for p in players]
    bad = [p for p in players if p not in known]
    if bad:
        parser.error(f"--players: unknown computer level {bad[0]!r}; choose from {', '.join(LEVEL_WORDS)}")
    if not 1 <= len(players) <= 4:
        parser.error("--players: name 1 to 4 computer levels")
    if args.games < 1:
        parser.error("--games: play at least 1 game")
    workers = max(1, min(args.workers, args.games))
    if args.json:
        summary = simulate(game, players, args.games, args.seed, workers)
        print(json.dumps(summary.as_json()))
        return 0

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    console = Console()
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True,
    ) as progress:
        task = progress.add_task(" vs ".join(words.get(p, p) for p in players), total=args.games)
        summary = simulate(
            game, players, args.games, args.seed, workers, on_game=lambda _o: progress.advance(task)
        )
    score = game_of(game).score_name  # what the game calls its score
    table = Table(title=f"{game}: {summary.games} games, seed {args.seed}, seats rotating")
    table.add_column("#")
    table.add_column("player")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column(f"mean {score}", justify="right")
    table.add_column("95% interval", justify="right")
    for j, name in enumerate(summary.players):
        mean, half = summary.mean_score[j], summary.interval[j]
        table.add_row(
            str(j + 1), words.get(name, name), str(summary.wins[j]), f"{100 * summary.wins[j] / summary.games:.1f}",
            f"{mean:.2f}", f"{mean - half:.2f} – {mean + half:.2f}",
        )
    console.print(table)
    shared = summary.games - sum(summary.wins)
    if shared:
        console.print(f"{shared} games shared or won by nobody (counted for no one).")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(simulate_main(sys.argv[1], sys.argv[2:]))
