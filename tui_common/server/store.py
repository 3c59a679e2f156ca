"""Rooms and their game records in SQLite (standard library ``sqlite3``, WAL journal),
in ``rooms.sqlite3`` in the server's data folder.

One row per room: its game, seats (JSON: name or null for an open seat, computer
level), seed, options, whether it is private and the names it invited (JSON), when it
last moved (``moved``: wall-clock seconds, for expiry), and the game record as a save (``core.saves.dumps`` of
``GameRecord.to_save``: seed, seats and every action). It is written after every
action, before any player is told of it, so a restart (or a crash) brings every room
back exactly where it was: ``load_rooms`` replays each record through the engine.

A file written before rooms could be private is brought up to date when opened
(``store_sql.migrate``: versioned migrations, shared with PostgreSQL): its rooms are
public, invite nobody, and last moved when their row was last written (``updated``); one written before the daily deal room gets the
``daily`` column (the day of a daily deal's room, ``YYYY-MM-DD``; its old rooms:
``NULL``, none is daily) and the ``daily_tries`` table.

The daily deal (docs/daily.md, "On the server"): ``daily_tries`` holds one row for each
account, game and UTC day whose counted try was dealt (``claim_daily``: written when the
room is made, so a second try is refused even after the room is gone), with the room
and, once the game is over, its score (``daily_result``); ``daily_results`` is the
day's table.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from core.private_files import private_database
from tui_common.server.names import name_key
from tui_common.server.rooms import Room, SeatSpec, record_rules
from tui_common.server.store_sql import SQLITE, migrate

#: The database's file name in the data folder.
FILE_NAME = "rooms.sqlite3"

#: The tables and their migrations (one text for SQLite and PostgreSQL): ``store_sql``.
#: The accounts table (``accounts.Accounts``) is in the same file.

@dataclass(frozen=True)
class DailyTry:
    """One account's counted try of a game's daily deal on a day: ``name`` (as shown),
    the ``room`` it was dealt in, and ``score`` / ``won`` once it is over (``None``
    while it is played)."""

    name: str
    room: int
    score: int | None
    won: bool | None


class Store:
    """The rooms table of one database file (``path``; ``":memory:"`` for tests)."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            private_database(Path(path))  # 0600 in a 0700 folder: the seeds deal every hidden card
        self.path = path
        self.db = sqlite3.connect(str(path), isolation_level=None)  # autocommit: one write, one commit
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("BEGIN IMMEDIATE")  # one migration at a time, all or nothing
        try:
            migrate(self.db, SQLITE)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

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
            "INSERT INTO rooms (id, game, seats, seed, options, created_by, record, private, invited, moved, daily) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET seats=excluded.seats, record=excluded.record, updated=julianday('now'), "
            "moved=excluded.moved",
            (room.id, room.game, seats, room.seed, json.dumps(room.options), room.created_by, record,
             int(room.private), json.dumps(list(room.invited)), room.moved, room.daily),
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
                                   "moved, daily FROM rooms ORDER BY id"):
            room_id, game, seats, seed, options, created_by, record, private, invited, moved, daily = row
            try:
                room = Room(room_id, game, [SeatSpec(n, c) for n, c in json.loads(seats)], seed,
                            json.loads(options), created_by=created_by, save=self.save_room,
                            private=bool(private), invited=tuple(json.loads(invited)), moved=moved or 0.0,
                            daily=daily)
                if record is not None:
                    room.record = GameRecord.from_save(loads(record, f"room #{room_id}"), record_rules(game),
                                                       f"room #{room_id}")
                    room._make_bots()
                rooms.append(room)
            except Exception as err:  # one bad row must not keep the others out
                problems.append(f"room #{room_id} not restored: {err}")
        return rooms, problems

    # -- the daily deal -------------------------------------------------------------------

    def claim_daily(self, game: str, day: str, name: str, room_id: int) -> bool:
        """Write down ``name``'s counted try of ``game``'s deal of ``day`` (``YYYY-MM-DD``),
        dealt in room ``room_id``; False (nothing written) when that account has one
        already (names compared by ``names.name_key``)."""
        done = self.db.execute(
            "INSERT INTO daily_tries (game, day, player, name, room) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (game, day, name_key(name), name, room_id))
        return done.rowcount == 1

    def daily_try(self, game: str, day: str, name: str) -> DailyTry | None:
        """``name``'s counted try of ``game``'s deal of ``day``, or ``None``."""
        row = self.db.execute("SELECT name, room, score, won FROM daily_tries WHERE game = ? AND day = ? AND player = ?",
                              (game, day, name_key(name))).fetchone()
        if row is None:
            return None
        return DailyTry(row[0], row[1], row[2], None if row[3] is None else bool(row[3]))

    def daily_result(self, game: str, day: str, name: str, score: int, won: bool, when: float) -> None:
        """The score of ``name``'s try of ``game``'s deal of ``day``, over at ``when``
        (Unix seconds); the first result written stays."""
        self.db.execute("UPDATE daily_tries SET score = ?, won = ?, finished = ? "
                        "WHERE game = ? AND day = ? AND player = ? AND score IS NULL",
                        (int(score), int(won), when, game, day, name_key(name)))

    def daily_results(self, game: str, day: str) -> list[DailyTry]:
        """The finished tries of ``game``'s deal of ``day``, best first (highest score;
        on a tie, the one finished first)."""
        rows = self.db.execute("SELECT name, room, score, won FROM daily_tries "
                               "WHERE game = ? AND day = ? AND score IS NOT NULL ORDER BY score DESC, finished, name",
                               (game, day))
        return [DailyTry(name, room, score, bool(won)) for name, room, score, won in rows]
