"""The record of progress (issue 32): every finished game kept in a small SQLite
history in the game's data folder, and the numbers the stats read from it.

One row a finished game: the game (``clear-ward`` / ``clinic``), when it ended (UTC),
its mode (``solo``, ``daily`` for a day's counted try, ``table`` for 2-4 seats), the
seats and their levels (``person`` or the computer level word), the result of the
first person's seat (``won`` / ``lost``), their score (stars, popularity), the
duration in seconds when the game timed it (the Night Shift clock), the hints used,
the daily deal's day, the game's record (the save JSON, to replay it) and the
player's name (``player``: a served game's account, one row for each person seated,
the history in the server's data folder; ``NULL`` for a local game, which has one
player). A file written before ``player`` existed gains the column when opened.

A game *counts* towards a personal best only when a person played it, its input was
not piped, and it used at most ``HINT_ALLOWANCE`` hints (docs/daily.md, "Record of
progress"). The file is ``0600`` in a ``0700`` folder (``core.private_files``): the
records hold seeds. No Textual here: the plain ``stats`` and the stats screen both
read ``summaries``.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: The history file in a game's data folder.
FILE_NAME = "history.sqlite3"
#: Hints a game may use and still set a personal best.
HINT_ALLOWANCE = 3
#: Results kept in a mode's chart of recent games.
RECENT = 20
#: The modes, in the order the stats show them, with their words.
MODES = {"daily": "daily deal", "solo": "solo", "table": "2-4 seats"}


def title_of(game: str) -> tuple[str, str]:
    """A game's name in sentences and the word for its score (``core.registry``: title,
    score name), from its console script's name (``clear-ward``); an unknown one as
    it is, with "score"."""
    from core import registry

    try:
        found = registry.find(game)
    except (KeyError, LookupError):
        return game, "score"
    return found.title, found.score_name

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    mode TEXT NOT NULL,
    seats INTEGER NOT NULL,
    levels TEXT NOT NULL,
    result TEXT NOT NULL,
    score INTEGER NOT NULL,
    seconds REAL,
    hints INTEGER NOT NULL,
    daily TEXT,
    counts INTEGER NOT NULL,
    record TEXT NOT NULL,
    player TEXT
)"""

#: Columns added since the first version: (name, definition).
_COLUMNS = (("player", "TEXT"),)


@dataclass(frozen=True)
class Finished:
    """One finished game, as a row of the history (see the module doc). ``levels``:
    one word a seat, ``"person"`` or a computer level (``"hard"``); ``daily``: the
    day of a daily deal (``YYYY-MM-DD``) or ``None``; ``counts``: it may set a best;
    ``player``: whose row it is (a served game's account name; ``None`` locally)."""

    game: str
    mode: str
    levels: tuple[str, ...]
    won: bool
    score: int
    hints: int = 0
    seconds: float | None = None
    daily: str | None = None
    counts: bool = True
    record: str = "{}"
    ended_at: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    player: str | None = None


def mode_of(seats: int, daily: str | None, practice: bool) -> str:
    """``"daily"`` for a day's counted try, else ``"solo"`` (one seat) or ``"table"``."""
    if daily and not practice:
        return "daily"
    return "solo" if seats == 1 else "table"


def counts(levels: Sequence[str], hints: int, piped: bool = False) -> bool:
    """Whether a game may set a personal best: a person played, the input was not
    piped, at most ``HINT_ALLOWANCE`` hints."""
    return "person" in levels and not piped and hints <= HINT_ALLOWANCE


def finished_game(game: str, options, record, scores: Sequence[int], winners: Sequence[int],
                  won: bool | None = None, seconds: float | None = None, piped: bool = False, *,
                  level_names: dict[str, str]) -> Finished:
    """A finished game from an app's ``options`` (seats with ``cpu`` levels, ``daily``,
    ``practice``) and ``record`` (a ``GameRecord``, for the hints and the save JSON):
    the first person's seat (seat 0 when only computers played) gives the score, and
    the result unless ``won`` says it (a solo game's goal). Levels are kept as the
    level words (``level_names``: the game's ``LEVEL_NAMES``, bot -> "easy", "medium", "hard")."""
    from core.saves import dumps
    from tui_common.hint import hints_used

    levels = tuple("person" if s.cpu is None else level_names.get(s.cpu, s.cpu) for s in options.seats) or ("person",)
    seat = levels.index("person") if "person" in levels else 0
    hints = hints_used(record)
    try:
        text = dumps(record.to_save()) if record is not None else "{}"
    except Exception:  # noqa: BLE001 - a record that cannot be written is not kept, the game still is
        text = "{}"
    return Finished(
        game=game, mode=mode_of(len(levels), getattr(options, "daily", None), getattr(options, "practice", False)),
        levels=levels, won=(seat in winners) if won is None else won, score=int(scores[seat]), hints=hints,
        seconds=seconds, daily=getattr(options, "daily", None), counts=counts(levels, hints, piped), record=text,
    )


def _connect(folder: Path) -> sqlite3.Connection:
    from core.private_files import private_database

    path = private_database(Path(folder) / FILE_NAME)
    db = sqlite3.connect(path, timeout=5)
    db.execute(_SCHEMA)
    have = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    for name, definition in _COLUMNS:  # a file of an older version: its rows get NULL
        if name not in have:
            db.execute(f"ALTER TABLE games ADD COLUMN {name} {definition}")
    return db


def same_player(a: str | None, b: str | None) -> bool:
    """Whether two names are one player's (Unicode NFKC, then case-folded: the
    server's account ``identity``)."""
    import unicodedata

    def key(name: str) -> str:
        return unicodedata.normalize("NFKC", name).casefold()

    return a is not None and b is not None and key(a) == key(b)


def record_game(folder: Path | str, game: Finished) -> str | None:
    """Add ``game`` to the history in ``folder``. Never raises: returns a sentence
    saying why it was not kept (the file is left as it was), else ``None``."""
    try:
        with _connect(Path(folder)) as db:
            db.execute(
                "INSERT INTO games (game, ended_at, mode, seats, levels, result, score, seconds, hints, daily,"
                " counts, record, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game.game, game.ended_at, game.mode, len(game.levels), ",".join(game.levels),
                 "won" if game.won else "lost", int(game.score), game.seconds, int(game.hints), game.daily,
                 int(game.counts), game.record, game.player),
            )
        db.close()
    except (OSError, sqlite3.Error) as err:
        return f"The game was not added to the history ({err})."
    return None


def read_games(folder: Path | str, game: str, player: str | None = None) -> list[Finished]:
    """The finished games of ``game`` in ``folder``'s history, oldest first (``[]``
    without a history); ``player``: only that player's rows (``same_player``; a
    server's history). ``game``: the console script (``clear-ward``). Raises ``OSError`` / ``sqlite3.Error`` for a file that
    cannot be read."""
    path = Path(folder) / FILE_NAME
    if not path.exists():
        return []
    db = _connect(Path(folder))
    try:
        rows = db.execute(
            "SELECT game, mode, levels, result, score, hints, seconds, daily, counts, record, ended_at, player"
            " FROM games WHERE game = ? ORDER BY ended_at, id", (game,)
        ).fetchall()
    finally:
        db.close()
    return [Finished(g, m, tuple(lv.split(",")), r == "won", s, h, sec, d, bool(c), rec, at, who)
            for g, m, lv, r, s, h, sec, d, c, rec, at, who in rows
            if player is None or same_player(who, player)]


@dataclass(frozen=True)
class ModeStats:
    """The numbers of one game's mode: games played and won, the win streak now and
    the longest, the days in a row a daily deal was played (daily mode), the best score
    and best time of games that count (``None``: none yet), the average score and the
    recent scores, oldest first (for the chart)."""

    game: str
    mode: str
    played: int
    won: int
    streak: int
    longest: int
    day_streak: int
    best_score: int | None
    best_seconds: float | None
    average: float
    recent: tuple[int, ...]


def _streaks(results: Sequence[bool]) -> tuple[int, int]:
    now = longest = 0
    for won in results:
        now = now + 1 if won else 0
        longest = max(longest, now)
    return now, longest


def _day_streak(days: Sequence[str]) -> int:
    """Days in a row up to the last one played."""
    played = sorted({_dt.date.fromisoformat(d) for d in days if d})
    run = 0
    for i in range(len(played) - 1, -1, -1):
        if i == len(played) - 1 or (played[i + 1] - played[i]).days == 1:
            run += 1
        else:
            break
    return run


def summaries(games: Sequence[Finished]) -> list[ModeStats]:
    """``ModeStats`` for each mode played (``MODES`` order) of ``games`` (one game's,
    oldest first)."""
    out = []
    for mode in MODES:
        mine = [g for g in games if g.mode == mode]
        if not mine:
            continue
        now, longest = _streaks([g.won for g in mine])
        best = [g for g in mine if g.counts]
        timed = [g.seconds for g in best if g.won and g.seconds is not None]
        out.append(ModeStats(
            game=mine[0].game, mode=mode, played=len(mine), won=sum(g.won for g in mine), streak=now,
            longest=longest, day_streak=_day_streak([g.daily for g in mine]) if mode == "daily" else 0,
            best_score=max((g.score for g in best), default=None), best_seconds=min(timed, default=None),
            average=sum(g.score for g in mine) / len(mine), recent=tuple(g.score for g in mine[-RECENT:]),
        ))
    return out


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m:02d}:{s:02d}"


def sentences(stats: ModeStats) -> list[str]:
    """A mode's numbers as sentences (the plain ``stats`` and the stats screen)."""
    title, score = title_of(stats.game)
    rate = round(100 * stats.won / stats.played)
    lines = [f"{title}, {MODES[stats.mode]}: {stats.played} game{'s' if stats.played != 1 else ''}, "
             f"{stats.won} won ({rate}%)."]
    if stats.mode == "daily":
        lines.append(f"Daily deals in a row: {stats.day_streak} day{'s' if stats.day_streak != 1 else ''}.")
    lines.append(f"Win streak: {stats.streak} now, {stats.longest} at best.")
    best = "none yet (only games a person played count)" if stats.best_score is None else str(stats.best_score)
    lines.append(f"Best {score}: {best}; average {score}: {stats.average:.1f}.")
    if stats.best_seconds is not None:
        lines.append(f"Best time: {_clock(stats.best_seconds)}.")
    lines.append(f"Last {len(stats.recent)} {score}: {' '.join(str(s) for s in stats.recent)}.")
    return lines


def plain_text(folder: Path | str, game: str) -> str:
    """Every mode's sentences for ``game``, or a sentence saying there is nothing yet
    or why the history cannot be read."""
    try:
        games = read_games(folder, game)
    except (OSError, sqlite3.Error) as err:
        return f"The history in {Path(folder) / FILE_NAME} cannot be read ({err}); it was left as it was."
    if not games:
        return f"No finished games of {title_of(game)[0]} yet: the stats start with the first."
    return "\n\n".join("\n".join(sentences(s)) for s in summaries(games))
