"""What both games' command lines share: the common flags, their checks, the player
name rules and the refusal of a save file that cannot be opened.

Each app keeps ``main(argv)`` and ``build_parser()`` in its ``__main__.py`` (its own
flags, subcommands) and calls ``add_common_flags`` / ``check_common`` from here.
Kept free of Textual and of the engine so ``--help`` stays quick."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# The level words and seat labels live in ``tui_common.levels``: the server's rooms and
# ``simulate`` use them without this module, which starts both.
from tui_common.levels import (LEVEL_WORDS, SHORT_LEVEL_WORDS, computer_name, level_word,  # noqa: F401
                               seat_label, short_name)

#: The longest player name, in characters (the setup fields and the boards' name
#: columns hold this many); a longer one is cut, and the player told.
MAX_NAME = 14


@dataclass(frozen=True)
class TableOptions:
    """What both games' options hold: the seats (empty: show the setup screen), the
    seed, the computer's pause in seconds, ``--ascii``, the data folder, ``--plain``,
    and how the game is opened (``--resume``, ``--load FILE``, ``--replay FILE``).
    Each app's ``Options`` adds its own fields and the default pause."""

    seats: tuple = ()
    seed: int | None = None
    cpu_delay: float = 0.5
    ascii: bool = False
    data_dir: Path | str | None = None  # --data-dir, else the game's environment variable, else the user data dir
    resume: bool = False  # --resume: play on from the autosave
    plain: bool = False  # --plain: the plain text mode (``tui_common.plain``)
    load: Path | str | None = None  # --load FILE: play on from a save file
    replay: Path | str | None = None  # --replay FILE: open a save in the replay viewer
    daily: str | None = None  # the day (YYYY-MM-DD) of the daily deal played (``tui_common.daily``)
    practice: bool = False  # a daily deal played again or from a past day: not the day's counted try
    learn: bool = False  # ``learn``: the guided first game (each game's lesson module)


def game_parser(prog: str, title: str, *, saves: str, notes: str) -> argparse.ArgumentParser:
    """The game's argument parser: its ``title`` ("Clinic: Deluxe Edition, the
    hospital-building board game"), then an epilog with where the saved games are
    listed (``saves``), the game's own ``notes`` and the subcommands (``daily``,
    ``stats``, ``simulate``)."""
    return argparse.ArgumentParser(
        prog=prog,
        description=f"{title}, in the terminal (keyboard only).",
        epilog=f"Without --players the setup screen opens ({saves}). {notes} "
        f"'{prog} learn': a guided first game. '{prog} daily': today's deal, the same for everyone. '{prog} stats': your record "
        f"of progress. '{prog} simulate --help': computer players only, many games, a table of wins.",
    )


def players_help(levels: tuple[str, ...], rest: str) -> str:
    """The help of ``--players``: seats for people and computers (``levels``), then the
    game's ``rest`` (its own marks and an example)."""
    return ("comma-separated seats, skips the setup screen: names for people, "
            f"cpu:LEVEL for a computer ({', '.join(LEVEL_WORDS[:-1])} or {LEVEL_WORDS[-1]}),"
            " NAME=cpu:LEVEL to name it" + rest)


def parse_seats(text: str, game: str, make_seat: Callable[[str], object]) -> tuple:
    """``--players`` "Ann,Bob,cpu:LEVEL" -> seats: ``make_seat(token)`` for each
    entry (it raises ``ValueError`` for a bad one), repeated names numbered. Raises
    ``ValueError`` for an empty entry or a count outside 1-4 ("``game`` is for 1-4
    players, not 5")."""
    seats = []
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            raise ValueError(f"empty player name in {text!r}")
        seats.append(make_seat(token))
    if not 1 <= len(seats) <= 4:
        raise ValueError(f"{game} is for 1-4 players, not {len(seats)}")
    return numbered_names(seats)


def add_common_flags(parser: argparse.ArgumentParser, *, players_help: str, seed_help: str,
                     cpu_delay: float, cpu_delay_help: str, ascii_help: str, data_dir_help: str,
                     resume_help: str, load_help: str, replay_help: str, path_type: type = Path) -> None:
    """--players, --seed, --cpu-delay, --ascii, --data-dir and one of --resume / --load /
    --replay, with each game's own help sentences (``path_type``: how the three paths
    are kept in the options)."""
    parser.add_argument("--players", metavar="LIST", help=players_help)
    parser.add_argument("--seed", type=int, help=seed_help)
    parser.add_argument("--cpu-delay", type=float, default=cpu_delay, metavar="SECONDS", help=cpu_delay_help)
    parser.add_argument("--ascii", action="store_true", help=ascii_help)
    parser.add_argument(
        "--plain", action="store_true",
        help="play in plain text, line by line (for screen readers, braille displays and SSH): "
        "numbered actions, every change said in words; see docs/accessibility.md",
    )
    parser.add_argument("--data-dir", type=path_type, metavar="DIR", help=data_dir_help)
    opened = parser.add_mutually_exclusive_group()
    opened.add_argument("--resume", action="store_true", help=resume_help)
    opened.add_argument("--load", type=path_type, metavar="FILE", help=load_help)
    opened.add_argument("--replay", type=path_type, metavar="FILE", help=replay_help)


def check_common(parser: argparse.ArgumentParser, args: argparse.Namespace,
                 parse_players: Callable[[str], tuple]) -> tuple:
    """Check the common flags (``parser.error`` exits with status 2 and the reason) and
    return the seats of ``--players`` (empty without it). ``--players ""`` is an error."""
    seats = ()
    if args.players is not None:
        if not args.players.strip():
            parser.error("--players: name at least one player (e.g. --players Ann)")
        try:
            seats = parse_players(args.players)
        except ValueError as err:
            parser.error(f"--players: {err}")
        for seat in seats:
            if getattr(seat, "cut_from", None):
                print(f"{parser.prog}: the name {seat.cut_from!r} is longer than {MAX_NAME} characters; "
                      f"playing as {seat.name!r}.", file=sys.stderr)
    if args.cpu_delay < 0:
        parser.error("--cpu-delay: must be 0 or more")
    if (args.resume or args.load or args.replay) and (args.players is not None or args.seed is not None):
        parser.error("--resume, --load and --replay take the players and seed from the save")
    return seats


def player_name(text: str, limit: int = MAX_NAME) -> tuple[str, str | None]:
    """A player's name from what was typed: spaces trimmed, at most ``limit`` characters.
    Returns the name and, when it was cut, the name as typed (else ``None``).
    Raises ``ValueError`` for an empty name."""
    name = " ".join(text.split())
    if not name:
        raise ValueError("a player's name cannot be empty")
    if len(name) > limit:
        return name[:limit].rstrip(), name
    return name, None


def learn_args(argv: list[str], prog: str, description: str, plain_help: str,
               default_name: str) -> argparse.Namespace:
    """The flags of ``<game> learn`` (both games): ``--name`` (default ``default_name``;
    trimmed and cut like a seat's name, a blank one is ``default_name``), ``--ascii``,
    ``--plain``, ``--data-dir``. Exits with argparse's message on a bad flag."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--name", default=None, help=f"your name (default: {default_name})")
    parser.add_argument("--ascii", action="store_true", help="ASCII marks only")
    parser.add_argument("--plain", action="store_true", help=plain_help)
    parser.add_argument("--data-dir", metavar="DIR", help="folder for saved games")
    args = parser.parse_args(argv)
    args.name = lesson_name(args.name, default_name)
    return args


def lesson_name(name: str | None, default_name: str) -> str:
    """A lesson's player name: ``name`` trimmed and cut to ``MAX_NAME``, or ``default_name``
    when it is missing or blank."""
    try:
        return player_name(name or default_name)[0]
    except ValueError:  # a blank --name
        return default_name


def refuse_bad_save(prog: str, path: Path | str, read: Callable[[Path], object]) -> int | None:
    """``--load`` / ``--replay``: read the save at ``path`` before the app starts; when it
    cannot be used, print why to stderr and return the exit status 1 (else ``None``)."""
    from core.saves import SaveError

    try:
        read(Path(path))
    except SaveError as err:
        print(f"{prog}: {err}. The file was left as it was.", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"{prog}: cannot open {path}: {err.strerror or err}.", file=sys.stderr)
        return 1
    return None


def data_folder(given: Path | str | None, env: str, app_name: str) -> Path:
    """Where a game keeps its saves: ``given`` (``--data-dir``), else the folder in the
    environment variable ``env``, else the user data folder of ``app_name``."""
    import os

    if given:
        return Path(given)
    if os.environ.get(env):
        return Path(os.environ[env])
    from platformdirs import user_data_dir

    return Path(user_data_dir(app_name))


def seat_token(token: str, levels: tuple[str, ...],
               shown: dict[str, str] | None = None) -> tuple[str, str | None, str | None]:
    """One ``--players`` entry: ``NAME``, ``cpu:LEVEL`` (named "CPU (hard)") or
    ``NAME=cpu:LEVEL``; ``shown`` maps a level to its setup name (``cpu:easy`` works
    for ``random``). Returns (name, computer level or ``None``, the name as typed
    when it was cut to ``MAX_NAME``). Raises ``ValueError`` for an unknown level or an
    empty name."""
    shown = shown or {}
    name, _, kind = token.rpartition("=") if "=" in token else ("", "", token)
    cpu = None
    if kind.lower().startswith("cpu:"):
        cpu = kind.split(":", 1)[1].strip().lower()
        cpu = {label: level for level, label in shown.items()}.get(cpu, cpu)  # cpu:easy
        if cpu not in levels:
            names = ", ".join(shown.values()) if shown else ", ".join(levels)
            raise ValueError(f"unknown computer level {cpu!r}; choose from {names}")
        name = name.strip() or computer_name(level_word(cpu, shown))
    else:
        name = (name + "=" + kind if name else kind).strip()
    name, cut_from = player_name(name)
    return name, cpu, cut_from


def numbered_names(seats: list) -> tuple:
    """Seats (dataclasses with ``name``) with repeated names numbered ("CPU (hard)",
    "CPU (hard) 2") so the log stays clear."""
    from dataclasses import replace

    seen: dict[str, int] = {}
    out = []
    for seat in seats:
        n = seen[seat.name] = seen.get(seat.name, 0) + 1
        out.append(seat if n == 1 else replace(seat, name=f"{seat.name} {n}"))
    return tuple(out)


def _imported(path: str):
    """The object named ``"module:name"``, imported now (keeps ``--help`` quick)."""
    import importlib

    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def run_main(game: str, argv: list[str] | None, options_from_args: Callable, *, loader: str, app: str,
             plain: str) -> int:
    """A console script's ``main``: ``simulate`` goes to ``tui_common.simulate`` and
    ``serve`` to the game server (``tui_common.server``); else the options are read
    (``options_from_args(argv)``), a ``--load`` / ``--replay`` file is checked with
    ``loader`` ("module:function"; a bad one: stderr, status 1), and ``--plain`` runs
    the plain text mode (``plain``, "module:function", before any Textual import), else
    the app ("module:Class", made from the options). Returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "simulate":
        from tui_common.simulate import simulate_main

        return simulate_main(game, argv[1:])
    if argv and argv[0] == "serve":
        from tui_common.server.cli import serve_main

        return serve_main(game, argv[1:])
    return run_options(game, options_from_args(argv), loader=loader, app=app, plain=plain)


def run_options(game: str, options, *, loader: str, app: str, plain: str) -> int:
    """Play with ``options`` (``run_main`` after the flags are read; ``daily`` too).
    After the app, a daily deal's share text (``app.share_text``) is printed."""
    path = options.load or options.replay
    if path:
        refused = refuse_bad_save(game, path, _imported(loader))
        if refused is not None:
            return refused
    if options.plain:
        return _imported(plain)(options)
    from tui_common import startup

    startup.begin()  # the first screen sooner (tui_common.startup)
    try:
        from tui_common.app import run_game

        table = _imported(app)(options)
        status = run_game(table)
        if getattr(table, "share_text", None):
            print(table.share_text)
        return status
    finally:
        startup.end()  # the app may have failed before its first screen
        from tui_common import css_cache

        css_cache.save()  # the stylesheets of screens opened after the first
