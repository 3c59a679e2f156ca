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

Several fronts (``serve`` processes on one machine, docs/server.md "Several fronts")
share one file: SQLite's WAL lets them read at once and queues their writes. A room
number comes from ``new_room_id`` (the ``room_numbers`` table: never handed out twice,
never reused); every write of a room adds 1 to its ``version`` and appends ``(seq,
room id)`` to ``room_changes`` in the same transaction; ``locked`` holds the database's
write lock (``BEGIN IMMEDIATE``) while one change of a room is applied; the other
fronts hear of it through ``wait_for_changes`` (``PRAGMA data_version``, polled) and
read ``changes_after``. A room's computer seats are played by the front holding its
lease in ``bot_leases`` (``bots_mine``).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from core.private_files import private_database
from tui_common.server.names import name_key
from tui_common.server.rooms import Room, SeatSpec, record_rules
from tui_common.server.store_sql import SQLITE, migrate

#: The database's file name in the data folder.
FILE_NAME = "rooms.sqlite3"

#: The tables and their migrations (one text for SQLite and PostgreSQL): ``store_sql``.
#: The accounts table (``accounts.Accounts``) is in the same file; so are, for several
#: fronts, ``room_numbers`` (``new_room_id``), ``room_changes`` (``changes_after``),
#: ``bot_leases`` (``bots_mine``) and ``presence`` (who is at which seat, on which front).

#: Seconds a front's lease on a room's computer seats lasts (renewed at each of their
#: moves); a front that stops renewing (it died) hands the seats on after this.
BOT_LEASE_SECONDS = 10.0
#: Seconds a front's word that a seat's player is connected to it lasts (``mark_present``;
#: renewed well before: a front that died stops renewing).
PRESENCE_SECONDS = 30.0
#: Seconds of ``room_changes`` kept (older entries are pruned now and then).
CHANGES_KEPT_SECONDS = 600.0
#: Seconds between two looks at ``PRAGMA data_version`` in ``wait_for_changes``.
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class StoredRoom:
    """A room's row as ``Store.locked`` finds it: its ``version`` (writes so far), its
    seats (JSON, as ``save_room`` writes them), its record (``core.saves.dumps`` text,
    ``None`` before the deal) and when it last ``moved`` (Unix seconds)."""

    version: int
    seats_json: str
    record_text: str | None
    moved: float


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
        # autocommit: one write, one commit; another front's write lock is waited for (30 s)
        self.db = sqlite3.connect(str(path), isolation_level=None, timeout=30.0)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        with self._transaction():  # two fronts starting at once: one migrates, the other finds it done
            migrate(self.db, SQLITE)
        #: this front's name in ``bot_leases``
        self.front = uuid.uuid4().hex
        self._depth = 0  # ``locked`` blocks open (nested ones join the outer one)
        self._writes = 0
        self._data_version = self._read_data_version()

    def close(self) -> None:
        """Close the file, letting go of this front's leases on computer seats (a front
        that dies without closing loses them after ``BOT_LEASE_SECONDS``)."""
        try:
            self.db.execute("DELETE FROM bot_leases WHERE front = ?", (self.front,))
        except (sqlite3.Error, AttributeError):  # closed already, or never fully opened
            pass
        self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``: the file's write lock from the
        start, so two fronts never both read then write); inside ``locked``, it joins the
        open one. Commit on leaving, rollback on an exception."""
        if self._depth_open():
            yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _depth_open(self) -> bool:
        return getattr(self, "_depth", 0) > 0 or self.db.in_transaction

    def new_room_id(self) -> int:
        """A room number no front of this file has handed out before (numbers are not
        reused, even after the room is gone)."""
        with self._transaction():
            row = self.db.execute(
                "INSERT INTO room_numbers (id) SELECT MAX(COALESCE((SELECT MAX(id) FROM rooms), 0), "
                "COALESCE((SELECT MAX(id) FROM room_numbers), 0)) + 1 RETURNING id").fetchone()
            self.db.execute("DELETE FROM room_numbers WHERE id < ?", (row[0],))  # only the last is needed
        return int(row[0])

    def save_room(self, room: Room) -> None:
        """Write ``room`` (its seats and its whole record), its ``version`` one more
        (``room.version`` is set to it), and log the write in ``room_changes``: one
        transaction (or the ``locked`` one it is called in)."""
        from core.saves import dumps

        seats = json.dumps([[s.name, s.cpu] for s in room.seats])
        record = None if room.record is None else dumps(room.record.to_save(snapshot=False))
        with self._transaction():
            (version,) = self.db.execute(
                "INSERT INTO rooms (id, game, seats, seed, options, created_by, record, private, invited, moved, "
                "daily, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) "
                "ON CONFLICT(id) DO UPDATE SET seats=excluded.seats, record=excluded.record, "
                "updated=julianday('now'), moved=excluded.moved, version=rooms.version + 1 RETURNING version",
                (room.id, room.game, seats, room.seed, json.dumps(room.options), room.created_by, record,
                 int(room.private), json.dumps(list(room.invited)), room.moved, room.daily),
            ).fetchone()
            self._log_change(room.id)
        room.version = int(version)

    def delete_room(self, room_id: int) -> None:
        """Remove a room (and its computer seats' lease), logged in ``room_changes``."""
        with self._transaction():
            self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
            self.db.execute("DELETE FROM bot_leases WHERE room_id = ?", (room_id,))
            self._log_change(room_id)

    def _log_change(self, room_id: int) -> None:
        now = time.time()
        self.db.execute("INSERT INTO room_changes (room_id, at) VALUES (?, ?)", (room_id, now))
        self._writes += 1
        if self._writes % 200 == 0:  # now and then: forget what every front has long read
            self.db.execute("DELETE FROM room_changes WHERE at < ? AND seq < (SELECT MAX(seq) FROM room_changes)",
                            (now - CHANGES_KEPT_SECONDS,))

    # -- several fronts -------------------------------------------------------------------

    @contextmanager
    def locked(self, room_id: int) -> Iterator[StoredRoom | None]:
        """Hold the write lock while ONE change of room ``room_id`` is applied: yields
        its stored row (``None``: the room is gone); ``save_room`` called inside joins
        the transaction, committed on leaving the block (rolled back on an exception).
        Nested blocks join the outer one."""
        with self._transaction():
            self._depth += 1
            try:
                row = self.db.execute("SELECT version, seats, record, moved FROM rooms WHERE id = ?",
                                      (room_id,)).fetchone()
                yield None if row is None else StoredRoom(int(row[0]), row[1], row[2], row[3] or 0.0)
            finally:
                self._depth -= 1

    def stored_room(self, room_id: int) -> StoredRoom | None:
        """Room ``room_id``'s row as it is now (no lock), or ``None``: it is gone."""
        row = self.db.execute("SELECT version, seats, record, moved FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return None if row is None else StoredRoom(int(row[0]), row[1], row[2], row[3] or 0.0)

    def changes_after(self, seq: int) -> list[tuple[int, int]]:
        """The room writes and deletions logged after ``seq``: ``(seq, room id)``, oldest
        first (of every front, this one's too)."""
        return [(int(a), int(b)) for a, b in
                self.db.execute("SELECT seq, room_id FROM room_changes WHERE seq > ? ORDER BY seq", (seq,))]

    def last_change(self) -> int:
        """The newest ``room_changes`` seq (0: none yet)."""
        return int(self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM room_changes").fetchone()[0])

    def _read_data_version(self) -> int:
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    async def wait_for_changes(self, timeout: float) -> None:
        """Return soon (``POLL_SECONDS``) after another connection to the file committed
        a write (``PRAGMA data_version`` changes: SQLite's own counter, a cheap read), or
        after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            now = self._read_data_version()
            if now != self._data_version:
                self._data_version = now
                return
            left = deadline - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(min(POLL_SECONDS, left))

    def bots_mine(self, room_id: int) -> bool:
        """Whether this front plays room ``room_id``'s computer seats now: it holds their
        lease (renewed for ``BOT_LEASE_SECONDS``) or takes it, nobody holding it or the
        holder's having run out (that front stopped). One transaction: two fronts
        asking at once never both get it."""
        now = time.time()
        with self._transaction():
            self.db.execute(
                "INSERT INTO bot_leases (room_id, front, until) VALUES (?, ?, ?) ON CONFLICT(room_id) DO UPDATE "
                "SET front = excluded.front, until = excluded.until "
                "WHERE bot_leases.front = excluded.front OR bot_leases.until < ?",
                (room_id, self.front, now + BOT_LEASE_SECONDS, now))
            row = self.db.execute("SELECT front FROM bot_leases WHERE room_id = ?", (room_id,)).fetchone()
        return row is not None and row[0] == self.front

    def mark_present(self, seats: list[tuple[int, int]]) -> None:
        """The ``(room id, seat)`` whose players are connected to this front now (all of
        them: the others this front named before are dropped), for ``PRESENCE_SECONDS``."""
        until = time.time() + PRESENCE_SECONDS
        with self._transaction():
            self.db.execute("DELETE FROM presence WHERE front = ? OR until < ?", (self.front, time.time()))
            self.db.executemany("INSERT INTO presence (room_id, seat, front, until) VALUES (?, ?, ?, ?)",
                                [(room_id, seat, self.front, until) for room_id, seat in seats])

    def present_elsewhere(self) -> dict[int, set[int]]:
        """Room id -> the seats whose players another front says are connected to it."""
        found: dict[int, set[int]] = {}
        for room_id, seat in self.db.execute("SELECT room_id, seat FROM presence WHERE front != ? AND until >= ?",
                                             (self.front, time.time())):
            found.setdefault(int(room_id), set()).add(int(seat))
        return found

    def load_room(self, room_id: int) -> Room | None:
        """Room ``room_id`` as ``load_rooms`` brings it back (``None``: not stored, or
        not restorable)."""
        rooms, _problems = self.load_rooms([room_id])
        return rooms[0] if rooms else None

    def load_rooms(self, ids: list[int] | None = None) -> tuple[list[Room], list[str]]:
        """Every stored room (or those of ``ids``), its record replayed through the
        engine; and a sentence per room that could not be brought back (it is left in
        the file, untouched)."""
        from core.record import GameRecord
        from core.saves import loads

        rooms, problems = [], []
        where = "" if ids is None else f" WHERE id IN ({', '.join('?' * len(ids))})"
        for row in self.db.execute("SELECT id, game, seats, seed, options, created_by, record, private, invited, "
                                   f"moved, daily, version FROM rooms{where} ORDER BY id", tuple(ids or ())).fetchall():
            room_id, game, seats, seed, options, created_by, record, private, invited, moved, daily, version = row
            try:
                room = Room(room_id, game, [SeatSpec(n, c) for n, c in json.loads(seats)], seed,
                            json.loads(options), created_by=created_by, save=self.save_room,
                            private=bool(private), invited=tuple(json.loads(invited)), moved=moved or 0.0,
                            daily=daily, version=version)
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
