"""Console script ``clear-ward``: read the flags, start the app."""

from __future__ import annotations

import argparse
import sys

from clear_ward_tui.config import CPU_LEVELS, DEFAULT_CPU_DELAY, Options, parse_players
from tui_common.cli import add_common_flags, check_common, game_parser, players_help, run_main


def build_parser() -> argparse.ArgumentParser:
    parser = game_parser("clear-ward", "Clear the Ward, the hospital card game", saves="Ctrl+O there lists the saved games",
                         notes="Press ? in the game for help; u undoes, Ctrl+S saves under a name.")
    add_common_flags(
        parser,
        players_help=players_help(CPU_LEVELS, '; e.g. "Ann,Bob,cpu:medium". One seat plays the Night Shift (solo).'),
        seed_help="seed for the shuffle (same seed, same deal)",
        cpu_delay=DEFAULT_CPU_DELAY,
        cpu_delay_help=f"pause between a computer player's actions (default {DEFAULT_CPU_DELAY})",
        ascii_help="ASCII symbols only (* for stars)",
        data_dir_help="where the saved games and best Night Shift times are kept (default: the user data dir)",
        resume_help="go on with the game in progress (saved after every action)",
        load_help="play on from a saved game file",
        replay_help="watch a saved game action by action (e.g. last-game.json in the data dir)",
    )
    parser.add_argument(
        "--start", type=int, metavar="N", help="starting player, 1 for the first seat (default: by the seed)"
    )
    return parser


def options_from_args(argv: list[str] | None = None) -> Options:
    parser = build_parser()
    args = parser.parse_args(argv)
    seats = check_common(parser, args, parse_players)
    start = None
    if args.start is not None:
        count = len(seats) or 4
        if not 1 <= args.start <= count:
            parser.error(f"--start: choose a seat from 1 to {count}")
        start = args.start - 1
    return Options(
        seats=seats, seed=args.seed, start=start, cpu_delay=args.cpu_delay,
        ascii=args.ascii, data_dir=args.data_dir, resume=args.resume, load=args.load, replay=args.replay,
        plain=args.plain,
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``clear-ward``; returns the exit status."""
    return run_main("clear-ward", argv, options_from_args, loader="clear_ward_tui.autosave:load", app="clear_ward_tui.app:ClearWardApp",
                    plain="clear_ward_tui.plain:main")

if __name__ == "__main__":
    sys.exit(main())
