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
    EXPANSIONS,
    Options,
    parse_expansions,
    parse_players,
)
from tui_common.cli import add_common_flags, check_common, game_parser, players_help, run_main


def build_parser() -> argparse.ArgumentParser:
    parser = game_parser(
        "clinic", "Clinic: Deluxe Edition, the hospital-building board game",
        saves="its Continue list shows the saved games",
        notes="Every action is autosaved; --resume plays on after a quit or a crash. Press ? in the game for help.",
    )
    add_common_flags(
        parser,
        players_help=players_help(
            CPU_LEVELS, ', a trailing + for the expert side; e.g. "Ann,cpu:medium". One seat plays solitaire.'
        ),
        seed_help="seed for every draw (same seed, same game)",
        cpu_delay=DEFAULT_CPU_DELAY,
        cpu_delay_help=f"pause before each computer action (default {DEFAULT_CPU_DELAY})",
        ascii_help="ASCII marks only",
        data_dir_help=f"folder for saved games (default: ${DATA_DIR_ENV}, else the user data folder, "
        "e.g. ~/.local/share/clinic)",
        resume_help="play on from the autosave (the game in progress)",
        load_help="play on from a save file (autosaves go to the autosave)",
        replay_help="watch a saved game action by action",
        path_type=str,
    )
    parser.add_argument("--expert", action="store_true", help="every seat plays the expert side (free initial clinic)")
    parser.add_argument(
        "--goal",
        choices=sorted(GOAL_TEXT),  # the base goals and The 911th Extension's (ed-...)
        help="solitaire goal (one seat only; default %s: %s)" % (DEFAULT_GOAL, GOAL_TEXT[DEFAULT_GOAL]),
    )
    parser.add_argument(
        "--expansions",
        metavar="LIST",
        default="",
        help=f"comma-separated expansions to play with: {', '.join(EXPANSIONS)} (any combination)",
    )
    return parser


def options_from_args(argv: list[str] | None = None) -> Options:
    parser = build_parser()
    args = parser.parse_args(argv)
    seats = check_common(parser, args, lambda text: parse_players(text, expert=args.expert))
    if args.goal and seats and len(seats) != 1:
        parser.error("--goal: a solitaire goal needs exactly one seat")
    try:
        expansions = parse_expansions(args.expansions)
    except ValueError as err:
        parser.error(f"--expansions: {err}")
    return Options(seats=seats, seed=args.seed, goal=args.goal, cpu_delay=args.cpu_delay, ascii=args.ascii,
                   expert=args.expert, data_dir=args.data_dir, resume=args.resume, load=args.load,
                   replay=args.replay, plain=args.plain, expansions=expansions)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``clinic``; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "daily":  # today's solitaire (tui_common.daily)
        return daily(argv[1:])
    if argv and argv[0] == "learn":  # the guided first game (clinic_tui.lesson)
        return learn(argv[1:])
    if argv and argv[0] == "stats":  # the record of progress (tui_common.stats)
        from clinic_tui.config import data_dir
        from tui_common.stats import stats_main

        return stats_main("clinic", argv[1:], lambda folder: data_dir(Options(data_dir=folder)))
    return run_main("clinic", argv, options_from_args, loader="clinic_tui.saving:load_record", app="clinic_tui.app:ClinicApp",
                    plain="clinic_tui.plain:main")


def daily_options(*, name: str, seed: int, day: str, practice: bool, ascii: bool, plain: bool,
                  data_dir: str | None) -> Options:
    """The options of a daily deal: solitaire with the default goal and the day's seed."""
    from clinic_tui.config import Seat

    return Options(seats=(Seat(name),), seed=seed, goal=DEFAULT_GOAL, ascii=ascii, plain=plain, daily=day,
                   practice=practice, data_dir=data_dir)


def daily(argv: list[str]) -> int:
    """``clinic daily``: today's solitaire, the same deal for everyone (docs/daily.md)."""
    from clinic_tui.config import data_dir
    from tui_common.cli import run_options
    from tui_common.daily import daily_main

    def run(options: Options) -> int:
        return run_options("clinic", options, loader="clinic_tui.saving:load_record", app="clinic_tui.app:ClinicApp",
                           plain="clinic_tui.plain:main")

    return daily_main("clinic", argv, f"solitaire ({GOAL_TEXT[DEFAULT_GOAL]})", daily_options, data_dir, run)


def learn_options(name: str | None = None, *, ascii: bool = False, plain: bool = False,
                  data_dir: str | None = None) -> Options:
    """The options of ``clinic learn``: a solitaire with the lesson's fixed seed and the
    default goal, no expansions (``clinic_tui.lesson``)."""
    from clinic_tui.config import Seat
    from clinic_tui.lesson import LESSON_NAME, LESSON_SEED

    from tui_common.cli import lesson_name

    name = lesson_name(name, LESSON_NAME)
    return Options(seats=(Seat(name),), seed=LESSON_SEED, goal=DEFAULT_GOAL, ascii=ascii,
                   plain=plain, data_dir=data_dir, learn=True)


def learn(argv: list[str]) -> int:
    """``clinic learn``: the guided first Clinic (round 1 step by step, then hints on)."""
    from clinic_tui.lesson import LESSON_NAME
    from tui_common.cli import learn_args, run_options

    args = learn_args(argv, "clinic learn", "A guided first Clinic: a solitaire whose round 1 is shown step by"
                      " step beside the board (select tiles, build, hire, admit, move, Business, Admin), then"
                      " rounds 2-6 with hints on.", "the lesson in plain text, line by line", LESSON_NAME)
    options = learn_options(args.name, ascii=args.ascii, plain=args.plain, data_dir=args.data_dir)
    return run_options("clinic", options, loader="clinic_tui.saving:load_record", app="clinic_tui.app:ClinicApp",
                       plain="clinic_tui.plain:main")


if __name__ == "__main__":
    sys.exit(main())
