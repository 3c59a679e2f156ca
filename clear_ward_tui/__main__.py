"""Console script ``clear-ward``: read the flags, start the app."""

from __future__ import annotations

import argparse
import sys

from clear_ward_tui.config import CPU_LEVELS, DEFAULT_CPU_DELAY, Options, Seat, parse_players
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
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "daily":  # today's Night Shift (tui_common.daily)
        return daily(argv[1:])
    if argv and argv[0] == "learn":  # the guided first turn (clear_ward_tui.lesson)
        return learn(argv[1:])
    if argv and argv[0] == "stats":  # the record of progress (tui_common.stats)
        from clear_ward_tui.config import data_dir
        from tui_common.stats import stats_main

        return stats_main("clear-ward", argv[1:], lambda folder: data_dir(Options(data_dir=folder)))
    return run_main("clear-ward", argv, options_from_args, loader="clear_ward_tui.autosave:load", app="clear_ward_tui.app:ClearWardApp",
                    plain="clear_ward_tui.plain:main")


def daily_options(*, name: str, seed: int, day: str, practice: bool, ascii: bool, plain: bool,
                  data_dir: str | None) -> Options:
    """The options of a daily deal: the Night Shift (one seat) with the day's seed."""
    from pathlib import Path

    return Options(seats=(Seat(name),), seed=seed, ascii=ascii, plain=plain, daily=day, practice=practice,
                   data_dir=Path(data_dir) if data_dir else None)


def daily(argv: list[str]) -> int:
    """``clear-ward daily``: today's Night Shift, the same deal for everyone (docs/daily.md)."""
    from clear_ward_tui.config import data_dir
    from tui_common.cli import run_options
    from tui_common.daily import daily_main

    def run(options: Options) -> int:
        return run_options("clear-ward", options, loader="clear_ward_tui.autosave:load",
                           app="clear_ward_tui.app:ClearWardApp", plain="clear_ward_tui.plain:main")

    return daily_main("clear-ward", argv, "the Night Shift (solo)", daily_options, data_dir, run)


def learn_options(name: str | None = None, *, ascii: bool = False, plain: bool = False,
                  data_dir=None) -> Options:
    """The options of ``clear-ward learn``: a Night Shift with the lesson's fixed seed."""
    from pathlib import Path

    from clear_ward_tui.lesson import LESSON_NAME, LESSON_SEED

    from tui_common.cli import lesson_name

    name = lesson_name(name, LESSON_NAME)
    return Options(seats=(Seat(name),), seed=LESSON_SEED, ascii=ascii, plain=plain,
                   data_dir=Path(data_dir) if data_dir else None, learn=True)


def learn(argv: list[str]) -> int:
    """``clear-ward learn``: a Night Shift whose first turn opens the guided first turn."""
    from clear_ward_tui.lesson import LESSON_NAME
    from tui_common.cli import learn_args, run_options

    args = learn_args(argv, "clear-ward learn", "A guided first turn: a Night Shift whose first turn explains"
                      " the ward, the Doctor's move, treating patients, stars and staff cards.",
                      "the lesson in plain text, said before turn 1", LESSON_NAME)
    options = learn_options(args.name, ascii=args.ascii, plain=args.plain, data_dir=args.data_dir)
    return run_options("clear-ward", options, loader="clear_ward_tui.autosave:load",
                       app="clear_ward_tui.app:ClearWardApp", plain="clear_ward_tui.plain:main")


if __name__ == "__main__":
    sys.exit(main())
