"""Console script ``clinic``: read the flags, start the app."""

from __future__ import annotations

import argparse
import sys

from clinic_tui.config import (
    CPU_LEVELS,
    DATA_DIR_ENV,
    DEFAULT_CPU_DELAY,
    DEFAULT_GOAL,
    GOAL_TEXT,
    GOALS,
    Options,
    parse_players,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clinic",
        description="Clinic: Deluxe Edition, the hospital-building board game, in the terminal (keyboard only).",
        epilog=(
            "Without --players the setup screen opens (its Continue list shows the saved games). "
            "Every action is autosaved; --resume plays on after a quit or a crash. Press ? in the game for help."
        ),
    )
    parser.add_argument(
        "--players",
        metavar="LIST",
        help=(
            "comma-separated seats, skips the setup screen: names for people, "
            f"cpu:LEVEL for a computer ({', '.join(CPU_LEVELS)}), NAME=cpu:LEVEL to name it, "
            'a trailing + for the expert side; e.g. "Ann,cpu:basic". One seat plays solitaire.'
        ),
    )
    parser.add_argument("--seed", type=int, help="seed for every draw (same seed, same game)")
    parser.add_argument("--expert", action="store_true", help="every seat plays the expert side (free initial clinic)")
    parser.add_argument(
        "--goal",
        choices=sorted(GOALS),
        help="solitaire goal (one seat only; default %s: %s)" % (DEFAULT_GOAL, GOAL_TEXT[DEFAULT_GOAL]),
    )
    parser.add_argument(
        "--cpu-delay",
        type=float,
        default=DEFAULT_CPU_DELAY,
        metavar="SECONDS",
        help=f"pause before each computer action (default {DEFAULT_CPU_DELAY})",
    )
    parser.add_argument("--ascii", action="store_true", help="ASCII marks only")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"folder for saved games (default: ${DATA_DIR_ENV}, else the user data folder, "
        "e.g. ~/.local/share/clinic)",
    )
    opened = parser.add_mutually_exclusive_group()
    opened.add_argument("--resume", action="store_true", help="play on from the autosave (the game in progress)")
    opened.add_argument("--load", metavar="FILE", help="play on from a save file (autosaves go to the autosave)")
    opened.add_argument("--replay", metavar="FILE", help="watch a saved game action by action")
    return parser


def options_from_args(argv: list[str] | None = None) -> Options:
    parser = build_parser()
    args = parser.parse_args(argv)
    seats = ()
    if args.players:
        try:
            seats = parse_players(args.players, expert=args.expert)
        except ValueError as err:
            parser.error(f"--players: {err}")
    if args.goal and seats and len(seats) != 1:
        parser.error("--goal: a solitaire goal needs exactly one seat")
    if args.cpu_delay < 0:
        parser.error("--cpu-delay: must be 0 or more")
    if (args.resume or args.load or args.replay) and (args.players or args.seed is not None):
        parser.error("--resume, --load and --replay take the players and seed from the save")
    return Options(seats=seats, seed=args.seed, goal=args.goal, cpu_delay=args.cpu_delay, ascii=args.ascii,
                   expert=args.expert, data_dir=args.data_dir, resume=args.resume, load=args.load,
                   replay=args.replay)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``clinic``; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "simulate":
        from tui_common.simulate import simulate_main

        return simulate_main("clinic", argv[1:])
    options = options_from_args(argv)
    from clinic_tui.app import ClinicApp

    from tui_common.app import run_game

    return run_game(ClinicApp(options))


if __name__ == "__main__":
    sys.exit(main())
