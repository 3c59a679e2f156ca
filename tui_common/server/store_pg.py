"""The store in PostgreSQL (psycopg 3): ``serve --store postgresql://user@host/db``, for
several fronts (``serve`` processes, on one machine or many) sharing one set of rooms,
accounts and daily tries.

``PgStore`` has ``store.Store``'s public methods, the same schema and the same SQL
(``store_sql``: tables made on the first start, versioned migrations; ``PgStore``
inherits the SQL both engines share and has its own where PostgreSQL does it its way):

- ``new_room_id``: the ``room_ids`` sequence, unique across every front.
- ``save_room`` / ``delete_room`` (``Store``'s): one transaction that writes the room
  (``version`` +1), appends ``(seq, room_id)`` to ``room_changes`` and says ``NOTIFY
  rooms`` (heard by every front at the commit); ``changes_after`` / ``last_change`` read
  that log.
- ``locked(room_id)``: a transaction holding the room's row (``SELECT ... FOR
  UPDATE``) while one change is applied; ``save_room`` inside joins it.
- ``wait_for_changes``: ``LISTEN rooms`` on a second, asynchronous connection.
- ``bots_mine``: ``pg_try_advisory_lock`` on this front's session: one front plays a
  room's computer seats; the lock goes when that front's connection closes (or dies).

A lost connection is made again at the next call; when that fails the call raises
``store_sql.StoreUnavailable`` (a sentence for the players) and nothing is written; a
transaction cut short is rolled back by the server, so nothing half-done is kept.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg

from tui_common.server.store import Store, StoredRoom
from tui_common.server.store_sql import POSTGRESQL, StoreUnavailable, migrate
from tui_common.server.stores import shown_url

#: The advisory lock's first key (the second is the room's id): this program's locks.
BOTS_LOCK = 34
#: The migrations' lock, so two fronts starting at once migrate one after the other.
MIGRATION_LOCK = 3400


class PgConnection:
    """One psycopg connection in autocommit mode that speaks like ``sqlite3``'s:
    ``execute(sql, params)`` with ``?`` placeholders, ``IntegrityError``; made again when
    lost (``StoreUnavailable`` when it cannot be); ``transaction()`` nests (an inner one
    joins the outer)."""

    IntegrityError = psycopg.IntegrityError

    def __init__(self, url: str, *, on_reconnect=None) -> None:
        self.url = url
        self.on_reconnect = on_reconnect
        self._depth = 0
        self.conn = self._connect()

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=5)
        except psycopg.OperationalError as err:
            raise StoreUnavailable() from err

    def _lost(self) -> bool:
        return self.conn.closed or self.conn.broken

    def execute(self, sql: str, params: tuple | list = ()) -> psycopg.Cursor:
        """Run one statement (``?`` placeholders); the cursor. A lost connection outside a
        transaction is made again and the statement run once more."""
        query = sql.replace("%", "%%").replace("?", "%s") if params else sql
        for attempt in (1, 2):
            if self._lost():
                if self._depth:
                    raise StoreUnavailable()
                self._reconnect()
            try:
                return self.conn.execute(query, params or None)
            except psycopg.OperationalError as err:
                if not self._lost():
                    raise
                if self._depth or attempt == 2:
                    raise StoreUnavailable() from err
        raise AssertionError("unreachable")

    def executemany(self, sql: str, rows: list[tuple]) -> None:
        """Run one statement (``?`` placeholders) for each of ``rows``."""
        if not rows:
            return
        if self._lost() and not self._depth:
            self._reconnect()
        try:
            with self.conn.cursor() as cursor:
                cursor.executemany(sql.replace("%", "%%").replace("?", "%s"), rows)
        except psycopg.OperationalError as err:
            if self._lost():
                raise StoreUnavailable() from err
            raise

    def _reconnect(self) -> None:
        self.conn.close()
        self.conn = self._connect()
        if self.on_reconnect is not None:
            self.on_reconnect()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A transaction (committed on leaving, rolled back on an exception); inside
        another, it joins it. Its ``BEGIN`` on a connection found lost is sent again on a
        new one (nothing was done yet); a connection lost later raises
        ``StoreUnavailable`` (the server rolls the transaction back)."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.execute("BEGIN")
        self._depth = 1
        try:
            yield
        except BaseException as err:
            self._depth = 0
            try:
                self.conn.execute("ROLLBACK")
            except psycopg.OperationalError:
                pass  # lost: the server rolled it back
            if isinstance(err, psycopg.OperationalError) and self._lost():
                raise StoreUnavailable() from err
            raise
        try:
            self.conn.execute("COMMIT")
        except psycopg.OperationalError as err:
            if self._lost():
                raise StoreUnavailable() from err
            raise
        finally:
            self._depth = 0

    def close(self) -> None:
        self.conn.close()


class PgStore(Store):
    """The store in the PostgreSQL database at ``url`` (module docstring). Raises
    ``StoreUnavailable`` when it cannot be reached, ``store_sql.NewerSchema`` when a newer
    server wrote it."""

    def __init__(self, url: str) -> None:  # noqa: D107 -- Store's __init__ opens SQLite: not called
        #: no folder: the served games' history goes in the data folder (``Hall(history_dir=)``)
        self.path = None
        self.url = url
        #: this front's name in the ``presence`` table
        self.front = uuid.uuid4().hex
        self._bots: set[int] = set()
        self._writes = 0  # (``Store._log_change`` prunes the change log now and then)
        self._listener: psycopg.AsyncConnection | None = None
        try:
            self.db = PgConnection(url, on_reconnect=self._bots.clear)
        except StoreUnavailable as err:
            why = (str(err.__cause__).strip().splitlines() or ["no answer"])[0]  # libpq's first line
            raise StoreUnavailable(f"Cannot reach the PostgreSQL store {shown_url(url)}: {why}") from err.__cause__
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            migrate(self.db, POSTGRESQL)
        self._seen = self.last_change()  # (``wait_for_changes``: what was written before it listened)

    def close(self) -> None:
        """Close both connections; this front's advisory locks are let go first (at
        once; a front that dies loses them when the server sees its connection close)."""
        if self._listener is not None:
            self._listener.pgconn.finish()  # what AsyncConnection.close does, without a loop
            self._listener = None
        if self._bots and not self.db._lost():
            try:
                self.db.conn.execute("SELECT pg_advisory_unlock_all()")
            except psycopg.Error:
                pass  # lost meanwhile: the server lets them go
        self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction (inside ``locked``, it joins the open one): ``Store``'s
        ``save_room`` and ``delete_room`` run in it as they are."""
        with self.db.transaction():
            yield

    def new_room_id(self) -> int:
        """A room number no front has had: the ``room_ids`` sequence."""
        (number,) = self.db.execute("SELECT nextval('room_ids')").fetchone()
        return int(number)

    def delete_room(self, room_id: int) -> None:
        """``Store.delete_room``, and this front's lock on the room's computer seats let go."""
        super().delete_room(room_id)
        if room_id in self._bots:
            self._bots.discard(room_id)
            self.db.execute("SELECT pg_advisory_unlock(?, CAST(? AS INTEGER))", (BOTS_LOCK, room_id))

    def _log_change(self, room_id: int) -> None:
        """``Store._log_change`` (the ``room_changes`` row), and ``NOTIFY rooms``: the
        other fronts hear it at the commit."""
        super()._log_change(room_id)
        self.db.execute("NOTIFY rooms")

    @contextmanager
    def locked(self, room_id: int) -> Iterator[StoredRoom | None]:
        """One transaction holding room ``room_id``'s row (``SELECT ... FOR UPDATE``: a
        second front's ``locked`` of that room waits) while one change is applied; yields
        the stored row, or ``None`` when the room is gone. ``save_room`` inside joins the
        transaction; it commits on leaving the block, rolls back on an exception."""
        with self.db.transaction():
            row = self.db.execute("SELECT version, seats, record, moved FROM rooms WHERE id = ? FOR UPDATE",
                                  (room_id,)).fetchone()
            yield None if row is None else StoredRoom(int(row[0]), row[1], row[2], row[3] or 0.0)

    async def wait_for_changes(self, timeout: float) -> None:
        """Return soon after a front writes a room (``LISTEN rooms``), or after
        ``timeout`` seconds; at once when a room may have been written unheard: between
        the store's opening (or the listening connection's loss) and the start of
        listening. Never raises: while the database is away it waits (at most a second)
        and returns, and the next call connects again."""
        try:
            if self._listener is None or self._listener.closed:
                self._listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                                       connect_timeout=5)
                await self._listener.execute("LISTEN rooms")
                last = self.last_change()
                if last != self._seen:
                    self._seen = last
                    return
            async for _ in self._listener.notifies(timeout=timeout, stop_after=1):
                pass
        except (psycopg.OperationalError, StoreUnavailable):
            if self._listener is not None:
                self._listener.pgconn.finish()
            self._listener = None
            self._seen = None  # what was written meanwhile is said when listening again
            await asyncio.sleep(min(timeout, 1.0))

    def bots_mine(self, room_id: int) -> bool:
        """Whether this front plays room ``room_id``'s computer seats: it holds (or takes
        now) the room's advisory lock, on its own session."""
        if room_id in self._bots and not self.db._lost():
            return True
        (got,) = self.db.execute("SELECT pg_try_advisory_lock(?, CAST(? AS INTEGER))",
                                 (BOTS_LOCK, room_id)).fetchone()
        if got:
            self._bots.add(room_id)
        return bool(got)
