"""Rooms and their game records in SQLite (standard library ``sqlite3``, WAL journal),
in ``rooms.sqlite3`` in the server's data folder.

One row per room: its game, seats (JSON: name or null for an open seat, computer
level), seed, options, and the game record as a save (``core.saves.dumps`` of
``GameRecord.to_save``: seed, seats and every action). It is written after every
action, before any player is told of it, so a restart (or a crash) brings every room
back exactly where it was: ``load_rooms`` replays each record through the engine.
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
            "INSERT INTO rooms (id, game, seats, seed, options, created_by, record) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET seats=excluded.seats, record=excluded.record, updated=julianday('now')",
            (room.id, room.game, seats, room.seed, json.dumps(room.options), room.created_by, record),
        )

    def delete_room(self, room_id: int) -> None:
        self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))

    def load_rooms(self) -> tuple[list[Room], list[str]]:
        """Every stored room, its record replayed through the engine; and a sentence per
        room that could not be brought back (it is left in the file, untouched)."""
        from core.record import GameRecord
        from core.saves import loads

        rooms, problems = [], []
        for row in self.db.execute("SELECT id, game, seats, seed, options, created_by, record FROM rooms ORDER BY id"):
            room_id, game, seats, seed, options, created_by, record = row
            try:
                room = Room(room_id, game, [SeatSpec(n, c) for n, c in json.loads(seats)], seed,
                            json.loads(options), created_by=created_by, save=self.save_room)
                if record is not None:
                    room.record = GameRecord.from_save(loads(record, f"room #{room_id}"), record_rules(game),
                                                       f"room #{room_id}")
                    room._make_bots()
                rooms.append(room)
            except Exception as err:  # one bad row must not keep the others out
                problems.append(f"room #{room_id} not restored: {err}")
        return rooms, problems
