"""The ``daily`` command of both console scripts and the one counted try a day.

``clear-ward daily`` / ``clinic daily`` play today's deal (``core.daily``: the seed
from the UTC date and the game's name) with one seat; ``--date YYYY-MM-DD`` plays a
past day's deal as practice, ``--practice`` today's again. The first try of a day is
the counted one: it is written to ``daily-tries.json`` in the game's data folder
(``0600``, ``core.saves.write_atomic``) when the game starts, so quitting and starting
again does not deal a second counted try. See docs/daily.md.

Kept free of Textual and of the engine: it only makes the game's options.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import sys
from collections.abc import Callable
from pathlib import Path

from core.daily import DailyDateError, daily_seed, deal_day, today_utc

#: The file of counted tries, in the game's data folder: ``{"<game>": ["2026-11-27"]}``.
TRIES_FILE = "daily-tries.json"
#: The largest tries file read (a line a day for years is far below it).
MAX_BYTES = 200_000
#: The name of the seat when ``--name`` is not given.
DEFAULT_NAME = "Ann"  # as on the setup screen (narration says "Ann parks", never "You parks")


def build_parser(game: str, what: str) -> argparse.ArgumentParser:
    """The parser of ``<game> daily``; ``what``: the mode it deals ("the Night Shift")."""
    parser = argparse.ArgumentParser(
        prog=f"{game} daily",
        description=f"Play today's daily deal: {what}, the same deal for everyone on the same UTC day. "
        "One counted try a day; --practice plays it again, --date a past day's deal (practice).",
    )
    parser.add_argument("--date", metavar="YYYY-MM-DD", help="play the deal of a past day, as practice")
    parser.add_argument("--practice", action="store_true", help="play today's deal again, as practice")
    parser.add_argument("--name", default=DEFAULT_NAME, help=f"your name at the table (default {DEFAULT_NAME!r})")
    parser.add_argument("--ascii", action="store_true", help="ASCII symbols only (the share text too)")
    parser.add_argument("--plain", action="store_true", help="play in plain text, line by line")
    parser.add_argument("--data-dir", metavar="DIR", help="where the saves and the daily tries are kept")
    return parser


def _read_tries(folder: Path) -> dict[str, list[str]]:
    """The counted tries in ``folder`` (``{}`` without a file). Raises ``OSError`` /
    ``ValueError`` for a file that cannot be read or is not a tries file."""
    from core.saves import SaveError, parse_json, read_text

    path = Path(folder) / TRIES_FILE
    if not path.exists():
        return {}
    try:
        data = parse_json(read_text(path, MAX_BYTES), str(path))
    except SaveError as err:
        raise ValueError(str(err)) from None
    if not isinstance(data, dict) or not all(
        isinstance(days, list) and all(isinstance(d, str) for d in days) for days in data.values()
    ):
        raise ValueError(f"{path} is not a daily tries file")
    return data


def tried(folder: Path, game: str, day: _dt.date) -> bool:
    """Whether ``game``'s counted try of ``day`` was played (started) from ``folder``.
    A file that cannot be read counts as tried (it is never overwritten)."""
    try:
        return day.isoformat() in _read_tries(folder).get(game, [])
    except (OSError, ValueError):
        return True


def claim_try(folder: Path, game: str, day: _dt.date) -> None:
    """Write ``game``'s counted try of ``day`` into ``folder``'s tries file (kept for
    the last 400 days). Raises ``OSError`` / ``ValueError`` when it cannot."""
    from core.saves import write_atomic

    data = _read_tries(folder)
    days = sorted(set(data.get(game, [])) | {day.isoformat()})[-400:]
    data[game] = days
    import json  # here: not at a game's start (issue 33)

    write_atomic(Path(folder) / TRIES_FILE, json.dumps(data, indent=1, sort_keys=True))


def refusal(game: str, day: _dt.date) -> str:
    """The sentence refusing a second counted try of ``day``."""
    return (f"You have played today's daily deal ({day.isoformat()}) already; one counted try a day. "
            f"Play it again as practice: {game} daily --practice")


def start(game: str, folder: Path, day: _dt.date, today: _dt.date, practice: bool) -> tuple[int, bool]:
    """The seed of ``day``'s deal and whether it is played as practice (a past day, a
    practice asked for, or today's try already used: never a refusal here, the setup
    screen plays it as practice). Claims today's counted try otherwise; a tries file
    that cannot be written makes the game practice."""
    practice = practice or day != today or tried(folder, game, day)
    if not practice:
        try:
            claim_try(folder, game, day)
        except (OSError, ValueError):
            practice = True
    return daily_seed(game, day), practice


def daily_main(game: str, argv: list[str], what: str, make_options: Callable[..., object],
               folder_of: Callable[[object], Path], run: Callable[[object], int],
               today: _dt.date | None = None) -> int:
    """Run ``<game> daily`` with ``argv``: ``make_options(name=, seed=, day=, practice=,
    ascii=, plain=, data_dir=)`` makes the game's options, ``folder_of(options)`` is its
    data folder and ``run(options)`` plays it (its exit status is returned). A bad or
    future ``--date`` and a second counted try are refused with a sentence on stderr
    (status 2 and 1)."""
    parser = build_parser(game, what)
    args = parser.parse_args(argv)
    today = today or today_utc()
    try:
        day = deal_day(args.date, today)
    except DailyDateError as err:
        print(f"{game} daily: {err}", file=sys.stderr)
        return 2
    from tui_common.cli import player_name

    try:
        name, _cut = player_name(args.name)
    except ValueError as err:
        print(f"{game} daily: --name: {err}.", file=sys.stderr)
        return 2
    practice = args.practice or day != today
    options = make_options(name=name, seed=daily_seed(game, day), day=day.isoformat(), practice=practice,
                           ascii=args.ascii, plain=args.plain, data_dir=args.data_dir)
    folder = folder_of(options)
    if not practice and tried(folder, game, day):
        print(f"{game} daily: {refusal(game, day)}", file=sys.stderr)
        return 1
    if not practice:
        try:
            claim_try(folder, game, day)
        except (OSError, ValueError) as err:
            print(f"{game} daily: today's try could not be written down ({err}); "
                  "the game is played as practice.", file=sys.stderr)
            import dataclasses

            options = dataclasses.replace(options, practice=True)
    return run(options)


def header_words(options) -> str:
    """The game screen's words for a daily deal: ``" · daily deal 2026-11-28"`` (with
    ``" (practice)"`` for a try that does not count), or ``""`` when ``options`` (a game's
    ``Options``, with ``daily`` and ``practice``) is not a daily deal."""
    day = getattr(options, "daily", None)
    if not day:
        return ""
    return f" · daily deal {day}" + (" (practice)" if getattr(options, "practice", False) else "")
