"""Rooms and their game records in SQLite (standard library ``sqlite3``, WAL journal),
in ``rooms.sqlite3`` in the server's data folder.

One row per room: its game, seats (JSON: name or null for an open seat, computer
level), seed, options, whether it is private and the names it invited (JSON), when it
last moved (``moved``: wall-clock seconds, for expiry), and the game record as a save (``core.saves.dumps`` of
``GameRecord.to_save``: seed, seats and every action). It is written after every
action, before any player is told of it, so a restart (or a crash) brings every room
back exactly where it was: ``load_rooms`` replays each record through the engine.

A file written before rooms could be private is brought up to date when opened
(``ROOM_COLUMNS``): its rooms are public, invite nobody, and last moved when their row
was last written (``updated``).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from core.private_files import private_database
from tui_common.server.rooms import Room, SeatSpec, record_rules

#: The database's file name in the data folder.
FILE_NAME = "rooms.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    created_by TEXT NOT NULL,
    record TEXT,
    updated REAL NOT NULL DEFAULT (julianday('now'))
)
"""

#: Player accounts (``accounts.Accounts``), in the same file: one row a name. ``identity``
#: is the name NFKC-normalized and case-folded, ``display`` as first typed, ``skeleton``
#: what it looks like (``names.skeleton``: unique, so no two accounts look alike);
#: ``public_key`` ("ssh-ed25519 AAAA...") or ``password`` (scrypt, salted) says who
#: owns it. ``counters`` holds the last guest number.
ACCOUNTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    identity TEXT PRIMARY KEY,
    display TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    public_key TEXT,
    password TEXT,
    created REAL NOT NULL DEFAULT (julianday('now')),
    last_login REAL
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
"""

#: Columns added to the rooms table since its first version: (name, definition, how an
#: existing row gets its value: an SQL expression, or None for the default).
ROOM_COLUMNS = (
    ("private", "INTEGER NOT NULL DEFAULT 0", None),
    ("invited", "TEXT NOT NULL DEFAULT '[]'", None),
    ("moved", "REAL", "(updated - 2440587.5) * 86400.0"),  # julian day -> Unix seconds
)


class Store:
    """The rooms table of one database file (``path``; ``":memory:"`` for tests)."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            private_database(Path(path))  # 0600 in a 0700 folder: the seeds deal every hidden card
        self.path = path
        self.db = sqlite3.connect(str(path), isolation_level=None)  # autocommit: one write, one commit
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(SCHEMA)
        self.db.executescript(ACCOUNTS_SCHEMA)
        self._migrate_rooms()

    def _migrate_rooms(self) -> None:
        """Add the ``ROOM_COLUMNS`` a file of an older version lacks, filling them in for
        the rooms it holds."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(rooms)")}
        for name, definition, value in ROOM_COLUMNS:
            if name in have:
                continue
            self.db.execute(f"ALTER TABLE rooms ADD COLUMN {name} {definition}")
            if value is not None:
                self.db.execute(f"UPDATE rooms SET {name} = {value}")

    def close(self) -> None:
        self.db.close()

    def next_id(self) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM rooms").fetchone()
        return int(row[0])

    def save_room(self, room: Room) -> None:
        """Write ``room`` (its seats and its whole record) in one statement."""
        from core.saves import dumps

        seats = json.dumps([[s.name, s.cpu] for s in room.seats])
        record = None if room.record is None else dumps(room.record.to_save(snapshot=False))
        self.db.execute(
            "INSERT INTO rooms (id, game, seats, seed, options, created_by, record, private, invited, moved) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET seats=excluded.seats, record=excluded.record, updated=julianday('now'), "
            "moved=excluded.moved",
            (room.id, room.game, seats, room.seed, json.dumps(room.options), room.created_by, record,
             int(room.private), json.dumps(list(room.invited)), room.moved),
        )

    def delete_room(self, room_id: int) -> None:
        self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))

    def load_rooms(self) -> tuple[list[Room], list[str]]:
        """Every stored room, its record replayed through the engine; and a sentence per
        room that could not be brought back (it is left in the file, untouched)."""
        from core.record import GameRecord
        from core.saves import loads

        rooms, problems = [], []
        for row in self.db.execute("SELECT id, game, seats, seed, options, created_by, record, private, invited, "
                                   "moved FROM rooms ORDER BY id"):
            room_id, game, seats, seed, options, created_by, record, private, invited, moved = row
            try:
                room = Room(room_id, game, [SeatSpec(n, c) for n, c in json.loads(seats)], seed,
                            json.loads(options), created_by=created_by, save=self.save_room,
                            private=bool(private), invited=tuple(json.loads(invited)), moved=moved or 0.0)
                if record is not None:
                    room.record = GameRecord.from_save(loads(record, f"room #{room_id}"), record_rules(game),
                                                       f"room #{room_id}")
                    room._make_bots()
                rooms.append(room)
            except Exception as err:  # one bad row must not keep the others out
                problems.append(f"room #{room_id} not restored: {err}")
        return rooms, problems
