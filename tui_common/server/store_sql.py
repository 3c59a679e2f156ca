"""The store's schema and its versioned migrations, one text for both engines: SQLite
(``store.Store``, the embedded default) and PostgreSQL (``store_pg.PgStore``).

The tables (``rooms``, ``accounts``, ``counters``, ``daily_tries``, ``room_changes``)
are described in ``store.py``'s and ``accounts.py``'s docstrings. Types are those both
engines read alike: ``TEXT``, ``INTEGER``, ``BIGINT`` (seeds: 63 bits), ``DOUBLE
PRECISION`` (SQLite's ``REAL``; PostgreSQL's ``REAL`` would be 4 bytes); JSON is kept as
text. Dates are SQLite's julian days (``julianday('now')``), shown with
``datetime(...)``; PostgreSQL gets those two functions as SQL functions (``PG_FUNCTIONS``),
so one SQL text serves both engines (placeholders are written ``?``; ``PgStore``
passes them to psycopg as ``%s``).

``migrate`` brings a database to ``LATEST``: ``schema_version`` holds one row per step
applied (its number, when). A database without that table (new, or an SQLite file of
a version from before it) gets every step, each skipping what is already there (a
table: ``CREATE TABLE IF NOT EXISTS``; a column: looked up first), so the files every
earlier version wrote still open, their rooms filled in as ``Step.column`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from core.errors import IllegalActionError
from tui_common.server.rooms import RoomError

#: The engines' names (``migrate``'s ``engine``).
SQLITE, POSTGRESQL = "sqlite", "postgresql"

#: SQLite's date functions the SQL uses, for PostgreSQL: julian days (UTC).
PG_FUNCTIONS = (
    """CREATE OR REPLACE FUNCTION julianday(moment TEXT) RETURNS DOUBLE PRECISION
       LANGUAGE sql STABLE AS $$ SELECT EXTRACT(EPOCH FROM moment::timestamptz)::float8 / 86400.0 + 2440587.5 $$""",
    """CREATE OR REPLACE FUNCTION datetime(day DOUBLE PRECISION) RETURNS TEXT
       LANGUAGE sql IMMUTABLE AS $$ SELECT to_char(to_timestamp((day - 2440587.5) * 86400.0) AT TIME ZONE 'UTC',
                                                   'YYYY-MM-DD HH24:MI:SS') $$""",
)

ROOMS = """
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    created_by TEXT NOT NULL,
    record TEXT,
    updated DOUBLE PRECISION NOT NULL DEFAULT (julianday('now'))
)"""

#: Player accounts (``accounts.Accounts``): one row a name. ``identity`` is the name
#: NFKC-normalized and case-folded, ``display`` as first typed, ``skeleton`` what it
#: looks like (``names.skeleton``: unique, so no two accounts look alike);
#: ``public_key`` ("ssh-ed25519 AAAA...") or ``password`` (scrypt, salted) says who
#: owns it. ``counters`` holds the last guest number.
ACCOUNTS = """
CREATE TABLE IF NOT EXISTS accounts (
    identity TEXT PRIMARY KEY,
    display TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    public_key TEXT,
    password TEXT,
    created DOUBLE PRECISION NOT NULL DEFAULT (julianday('now')),
    last_login DOUBLE PRECISION
)"""
COUNTERS = "CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)"

#: The daily deal's counted tries: one a (game, day, account identity); ``name`` as
#: shown, ``room`` the room dealt, ``score`` / ``won`` once the game is over (``NULL``
#: before), ``finished`` when (Unix seconds).
DAILY_TRIES = """
CREATE TABLE IF NOT EXISTS daily_tries (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    room INTEGER NOT NULL,
    score INTEGER,
    won INTEGER,
    finished DOUBLE PRECISION,
    PRIMARY KEY (game, day, player)
)"""

#: Several fronts: every write or delete of a room (``changes_after``: ``seq`` grows,
#: ``at`` when, Unix seconds, for pruning); on SQLite, the room numbers handed out
#: (``new_room_id``; PostgreSQL has the ``room_ids`` sequence) and who plays each room's
#: computer seats (``bots_mine``: ``front`` until ``until``, Unix seconds; PostgreSQL
#: has advisory locks). The tables are the same on both engines.
ROOM_CHANGES = """
CREATE TABLE IF NOT EXISTS room_changes (
    seq {serial},
    room_id INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL
)"""
ROOM_NUMBERS = "CREATE TABLE IF NOT EXISTS room_numbers (id INTEGER PRIMARY KEY)"
BOT_LEASES = ("CREATE TABLE IF NOT EXISTS bot_leases (room_id INTEGER PRIMARY KEY, front TEXT NOT NULL, "
              "until DOUBLE PRECISION NOT NULL)")
#: Who sits at a seat now, on which front, until when (Unix seconds; renewed while there).
PRESENCE = ("CREATE TABLE IF NOT EXISTS presence (room_id INTEGER NOT NULL, seat INTEGER NOT NULL, "
            "front TEXT NOT NULL, until DOUBLE PRECISION NOT NULL, PRIMARY KEY (room_id, seat, front))")
SERIAL = {SQLITE: "INTEGER PRIMARY KEY AUTOINCREMENT", POSTGRESQL: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"}

SCHEMA_VERSION = ("CREATE TABLE IF NOT EXISTS schema_version "
                  "(version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)")


class Column(NamedTuple):
    """A column a step adds: its table, name, definition, and how a row already there
    gets its value (an SQL expression, or ``None``: the default)."""

    table: str
    name: str
    definition: str
    fill: str | None = None


@dataclass(frozen=True)
class Step:
    """One migration: ``version`` reached once applied; ``first``: statements for one
    engine only, run before the rest (``(engine, sql)``); ``tables``: ``CREATE TABLE IF
    NOT EXISTS`` statements (``{serial}`` is the engine's growing key); ``columns``
    added (skipped when there); ``then``: statements for one engine, run last."""

    version: int
    what: str
    first: tuple[tuple[str, str], ...] = ()
    tables: tuple[str, ...] = ()
    columns: tuple[Column, ...] = ()
    then: tuple[tuple[str, str], ...] = ()


STEPS = (
    Step(1, "rooms, accounts and the guest counter",
         first=tuple((POSTGRESQL, sql) for sql in PG_FUNCTIONS), tables=(ROOMS, ACCOUNTS, COUNTERS)),
    Step(2, "private rooms", columns=(Column("rooms", "private", "INTEGER NOT NULL DEFAULT 0"),)),
    Step(3, "the names a room invites", columns=(Column("rooms", "invited", "TEXT NOT NULL DEFAULT '[]'"),)),
    Step(4, "when a room last moved (Unix seconds)",
         columns=(Column("rooms", "moved", "DOUBLE PRECISION", "(updated - 2440587.5) * 86400.0"),)),
    Step(5, "the daily deal's rooms and counted tries", tables=(DAILY_TRIES,),
         columns=(Column("rooms", "daily", "TEXT"),)),
    Step(6, "several fronts: a room's version, the change log, room numbers from a sequence",
         tables=(ROOM_NUMBERS, ROOM_CHANGES, BOT_LEASES, PRESENCE), columns=(Column("rooms", "version", "INTEGER NOT NULL DEFAULT 0"),),
         then=((POSTGRESQL, "CREATE SEQUENCE IF NOT EXISTS room_ids"),
               (POSTGRESQL, "SELECT setval('room_ids', COALESCE(MAX(id), 0) + 1, false) FROM rooms"))),
)

#: The schema version this code writes.
LATEST = STEPS[-1].version


class StoreError(Exception):
    """The store cannot be opened or used; the message is one sentence."""


class NewerSchema(StoreError):
    """The database was written by a newer version of the server (a sentence)."""


def _columns(db: Any, engine: str, table: str) -> set[str]:
    if engine == SQLITE:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
    rows = db.execute("SELECT column_name FROM information_schema.columns "
                      "WHERE table_schema = current_schema() AND table_name = ?", (table,))
    return {row[0] for row in rows}


def schema_version(db: Any) -> int:
    """The version ``db`` is at (0: none yet, or a file from before versions)."""
    (version,) = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    return int(version)


def migrate(db: Any, engine: str) -> list[int]:
    """Apply the steps ``db`` lacks, in order (module docstring); returns their numbers.
    ``db``: an object with ``execute(sql, params)`` (``?`` placeholders) inside a
    transaction the caller opened and commits. Raises ``NewerSchema`` for a database of
    a later version."""
    db.execute(SCHEMA_VERSION)
    at = schema_version(db)
    if at > LATEST:
        raise NewerSchema(f"The store is at schema version {at}, written by a newer version of the server "
                          f"(this one knows {LATEST}): upgrade the server.")
    done = []
    for step in STEPS:
        if step.version <= at:
            continue
        for only, sql in step.first:
            if only == engine:
                db.execute(sql)
        for sql in step.tables:
            db.execute(sql.format(serial=SERIAL[engine]))
        for column in step.columns:
            if column.name in _columns(db, engine, column.table):
                continue
            db.execute(f"ALTER TABLE {column.table} ADD COLUMN {column.name} {column.definition}")
            if column.fill is not None:
                db.execute(f"UPDATE {column.table} SET {column.name} = {column.fill}")
        for only, sql in step.then:
            if only == engine:
                db.execute(sql)
        db.execute("INSERT INTO schema_version (version, applied) VALUES (?, julianday('now'))", (step.version,))
        done.append(step.version)
    return done


class StoreUnavailable(StoreError, RoomError, IllegalActionError):
    """The store cannot be reached (its database connection is lost and could not be
    made again); nothing was written. A ``RoomError`` and an ``IllegalActionError``, so
    the lobby and the game table say it to the player as they say a refusal (the
    message is their one sentence; the room stays as it was, ``rooms.Room._change``),
    and the player tries again: the next call connects again."""

    def __init__(self, message: str = "the game store cannot be reached just now, so nothing was saved: "
                 "try again in a moment") -> None:
        super().__init__(message)
