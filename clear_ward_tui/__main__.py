"""Console script ``clear-ward``: read the flags, start the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clear_ward_tui.config import CPU_LEVELS, DEFAULT_CPU_DELAY, Options, parse_players


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clear-ward",
        description="Clear the Ward, the hospital card game, in the terminal (keyboard only).",
        epilog=(
            "Without --players the setup screen opens (Ctrl+O there lists the saved games). "
            "Press ? in the game for help; u undoes, Ctrl+S saves under a name."
        ),
    )
    parser.add_argument(
        "--players",
        metavar="LIST",
        help=(
            "comma-separated seats, skips the setup screen: names for people, "
            f"cpu:LEVEL for a computer ({', '.join(CPU_LEVELS)}), NAME=cpu:LEVEL to name it; "
            'e.g. "Ann,Bob,cpu:greedy". One seat plays the Night Shift (solo).'
        ),
    )
    parser.add_argument("--seed", type=int, help="seed for the shuffle (same seed, same deal)")
    parser.add_argument(
        "--start", type=int, metavar="N", help="starting player, 1 for the first seat (default: by the seed)"
    )
    parser.add_argument(
        "--cpu-delay",
        type=float,
        default=DEFAULT_CPU_DELAY,
        metavar="SECONDS",
        help=f"pause between a computer player's actions (default {DEFAULT_CPU_DELAY})",
    )
    parser.add_argument("--ascii", action="store_true", help="ASCII symbols only (* for stars)")
    parser.add_argument(
        "--data-dir", type=Path,
        help="where the saved games and best Night Shift times are kept (default: the user data dir)",
    )
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument(
        "--resume", action="store_true", help="go on with the game in progress (saved after every action)"
    )
    saved.add_argument("--load", type=Path, metavar="FILE", help="play on from a saved game file")
    saved.add_argument(
        "--replay", type=Path, metavar="FILE",
        help="watch a saved game action by action (e.g. last-game.json in the data dir)",
    )
    return parser


def options_from_args(argv: list[str] | None = None) -> Options:
    parser = build_parser()
    args = parser.parse_args(argv)
    seats = ()
    if args.players:
        try:
            seats = parse_players(args.players)
        except ValueError as err:
            parser.error(f"--players: {err}")
    start = None
    if args.start is not None:
        count = len(seats) or 4
        if not 1 <= args.start <= count:
            parser.error(f"--start: choose a seat from 1 to {count}")
        start = args.start - 1
    if args.cpu_delay < 0:
        parser.error("--cpu-delay: must be 0 or more")
    return Options(
        seats=seats, seed=args.seed, start=start, cpu_delay=args.cpu_delay,
        ascii=args.ascii, data_dir=args.data_dir, resume=args.resume, load=args.load, replay=args.replay,
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``clear-ward``; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "simulate":
        from tui_common.simulate import simulate_main

        return simulate_main("clear-ward", argv[1:])
    options = options_from_args(argv)
    from clear_ward_tui.app import ClearWardApp

    from tui_common.app import run_game

    return run_game(ClearWardApp(options))


if __name__ == "__main__":
    sys.exit(main())
