"""The front process's worker processes (``--workers N``): the game apps run there, so
drawing (a cursor move costs about 10 ms of CPU) uses every core.

Room ``id`` is served by worker ``id % N``, so all the connections on one room share a
worker. ``WorkerPool.run`` stands in for running the game app in this process: it asks
the room's worker to start the app, passes the client's keys, window size and hang-up
to it and writes its output to the client (through the session's ``Terminal``, so the
unread-bytes limit and the idle timeout stay here). The room stays here: a seat's
action comes back as a request and is played by ``Room.play`` (saved, then told); the
actions of the others (people and computer players) go to the worker as they happen.
See ``worker.py`` for the other side and the messages.

A worker that dies: its connections go back to the lobby with a sentence (their seats
are kept, the rooms untouched) and it is started again the next time it is needed.
``close`` stops every worker and waits for it: no process is left behind.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import socket
import sys
from pathlib import Path
from typing import Any

from core.errors import GameError
from tui_common.server import wire

log = logging.getLogger("hospital_games.server")

#: Said in the lobby to the players of a worker that stopped.
WORKER_DIED = "The game stopped on the server (it is starting again); your seat is kept: choose the room again."
#: Said in the lobby when no worker could be started.
NO_WORKER = "The game could not be opened just now; your seat is kept: please try again."
#: Seconds a worker may take to start, and to close an app or stop when asked.
START_SECONDS, STOP_SECONDS = 60.0, 5.0
#: A worker is asked how it is every PING_SECONDS; one that has not answered for
#: HUNG_SECONDS (its event loop stuck: every table there frozen) is stopped, as if it
#: had died.
PING_SECONDS, HUNG_SECONDS = 5.0, 45.0
#: The room events a worker hears of (the others change nothing in a game app).
FORWARDED = ("action", "left", "back", "watching")


def room_facts(room) -> dict:
    """What a worker's copy of ``room`` keeps up with besides the record."""
    return {"present": dict(room.present), "left_at": dict(room.left_at), "turn_since": room.turn_since,
            "spectators": room.spectators}


class _Session:
    """One connection's game app in a worker, seen from here; it is also the
    terminal's ``app`` and ``driver``, so the connection's keys, resizes and hang-up
    reach the worker."""

    def __init__(self, worker: _Worker, sid: int, term, room, name: str, watch: bool) -> None:
        self.worker, self.sid, self.term, self.room, self.name, self.watch = worker, sid, term, room, name, watch
        self.attached = False
        self.done: asyncio.Future = asyncio.get_running_loop().create_future()

    def finish(self, note: str = "") -> None:
        if not self.done.done():
            self.done.set_result(note)

    def release(self) -> None:
        """The room here forgets this connection (once)."""
        if self.attached:
            self.attached = False
            self.room.detach(self.name, None, watch=self.watch)
            self.worker.tell_facts(self.room)

    # as the terminal's app
    def call_later(self, callback, *args) -> None:
        callback(*args)

    def exit(self) -> None:
        self.worker.send(("hangup", self.sid, self.term.gone))
        asyncio.get_running_loop().call_later(STOP_SECONDS, self.finish)  # a worker that does not answer

    # as the terminal's driver
    def feed(self, text: str) -> None:
        self.worker.send(("keys", self.sid, text))

    def resized(self) -> None:
        self.worker.send(("size", self.sid, *self.term.size))


class _Worker:
    """One worker process and what runs there."""

    def __init__(self, pool: WorkerPool, index: int) -> None:
        self.pool, self.index = pool, index
        self.proc: asyncio.subprocess.Process | None = None
        self.pid: int | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.ready: asyncio.Future = asyncio.get_running_loop().create_future()
        self.alive = True
        self.answered = 0.0
        self.sessions: dict[int, _Session] = {}
        #: room id -> (the room, its listener forwarding its news here)
        self.rooms: dict[int, tuple[Any, Any]] = {}
        self.task = asyncio.create_task(self._live())

    def send(self, message: tuple) -> None:
        if self.alive and self.writer is not None and not self.writer.is_closing():
            self.writer.write(wire.frame(message))

    async def _live(self) -> None:
        """Start the process, then hear it until it stops; then tidy up."""
        mine, theirs = socket.socketpair()
        watchdog = None
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tui_common.server.worker", "--fd", str(theirs.fileno()),
                *(["--data-dir", str(self.pool.data_dir)] if self.pool.data_dir else []),
                pass_fds=[theirs.fileno()], stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                start_new_session=True)  # a Ctrl-C at the server's terminal is the front's to handle
            theirs.close()
            reader, self.writer = await asyncio.open_unix_connection(sock=mine)
            if self.pool.closing:  # the server began to stop while this one started
                self.send(("quit",))
            watchdog = asyncio.create_task(self._watch())
            while True:
                message = await wire.read(reader)
                if message is None:
                    break
                try:
                    getattr(self, "on_" + message[0].replace("-", "_"))(*message[1:])
                except Exception:
                    log.exception("worker %d: %s failed", self.index, message[0])
        except Exception as err:
            log.error("worker %d could not run: %s", self.index, err)
        finally:
            if watchdog is not None:
                watchdog.cancel()
            theirs.close()
            if self.writer is None:
                mine.close()
            self._gone()
            if self.proc is not None:
                if self.proc.returncode is None:
                    try:
                        await asyncio.wait_for(self.proc.wait(), STOP_SECONDS)
                    except asyncio.TimeoutError:
                        self.proc.kill()
                        await self.proc.wait()
                if not self.pool.closing:
                    log.error("worker %d (pid %s) stopped (exit status %s); it starts again when needed",
                              self.index, self.pid, self.proc.returncode)

    async def _watch(self) -> None:
        """Stop the worker if its event loop stops answering (see ``HUNG_SECONDS``), or
        if it is not ready after ``START_SECONDS``."""
        loop = asyncio.get_running_loop()
        self.answered = loop.time()
        while True:
            await asyncio.sleep(PING_SECONDS)
            if loop.time() - self.answered > (HUNG_SECONDS if self.ready.done() else START_SECONDS):
                log.error("worker %d (pid %s) has not answered for %.0f s: stopping it", self.index, self.pid,
                          loop.time() - self.answered)
                self.proc.kill()
                return
            self.send(("ping",))

    def _gone(self) -> None:
        """The process stopped (or never started): its connections go back to the lobby."""
        self.alive = False
        if not self.ready.done():
            self.ready.set_exception(RuntimeError("the worker stopped before it was ready"))
            self.ready.exception()  # (read: no "never retrieved" warning)
        for session in list(self.sessions.values()):
            session.finish(WORKER_DIED)
        for room, listener in self.rooms.values():
            if listener in room.listeners:
                room.listeners.remove(listener)
        self.rooms.clear()
        if self.writer is not None:
            self.writer.close()

    # -- rooms --------------------------------------------------------------------------

    def open_room(self, room) -> None:
        """The worker loads ``room`` (if it has not got it) and hears its news from now on."""
        known = self.rooms.get(room.id)
        if known is not None and known[0] is room:
            return
        if known is not None:  # a room of the same number before it: gone
            self.close_room(room.id)
        from core.saves import dumps

        facts = {"game": room.game, "seats": [(s.name, s.cpu) for s in room.seats], "seed": room.seed,
                 "options": room.options, "created_by": room.created_by,
                 "save": dumps(room.record.to_save(snapshot=False)), **room_facts(room)}
        self.send(("open", room.id, facts))

        def forward(room, event) -> None:
            if event.kind in FORWARDED:
                index = len(event.record.actions) - 1 if event.kind == "action" else None
                self.send(("event", room.id, event.kind, event.text, event.seat, index, event.action,
                           room_facts(room)))

        room.listeners.append(forward)
        self.rooms[room.id] = (room, forward)

    def tell_facts(self, room) -> None:
        """Who is at ``room``'s table now (an arrival or a departure that the room told
        nobody of, e.g. a first connection: no "is back")."""
        if room.id in self.rooms:
            self.send(("facts", room.id, room_facts(room)))

    def close_room(self, room_id: int, *, tell: bool = True) -> None:
        room, listener = self.rooms.pop(room_id, (None, None))
        if room is not None and listener in room.listeners:
            room.listeners.remove(listener)
        if tell:
            self.send(("close", room_id))

    # -- the worker's messages ----------------------------------------------------------

    def on_pong(self) -> None:
        self.answered = asyncio.get_running_loop().time()

    def on_ready(self, pid: int) -> None:
        self.answered = asyncio.get_running_loop().time()
        self.pid = pid
        if not self.ready.done():
            self.ready.set_result(None)

    def on_out(self, sid: int, data: bytes) -> None:
        session = self.sessions.get(sid)
        if session is not None:
            session.term.write_bytes(data)

    def on_attach(self, sid: int) -> None:
        session = self.sessions.get(sid)
        if session is not None and not session.attached:
            session.attached = True
            session.room.attach(session.name, None, watch=session.watch)
            self.tell_facts(session.room)

    def on_detach(self, sid: int) -> None:
        session = self.sessions.get(sid)
        if session is not None:
            session.release()

    def on_exit(self, sid: int, note: str) -> None:
        session = self.sessions.get(sid)
        if session is not None:
            session.finish(note)

    def on_play(self, room_id: int, seat: int, index: int, action: Any) -> None:
        room = self.pool.hall.rooms.get(room_id)
        try:
            if room is None or room.record is None or len(room.record.actions) != index:
                raise GameError("the game has moved on")
            room.play(seat, action)
        except Exception as err:  # GameError: refused; anything else: a bug, refused too
            self.send(("refused", room_id, str(err)))

    def on_log(self, level: int, text: str) -> None:
        log.log(level, "worker %d: %s", self.index, text)

    def on_out_of_step(self, room_id: int) -> None:
        self.close_room(room_id, tell=False)


class WorkerPool:
    """``count`` worker processes for the game apps of the rooms in ``hall``."""

    def __init__(self, hall, count: int, data_dir: Path | None = None) -> None:
        self.hall, self.count, self.data_dir = hall, count, data_dir
        self.workers: list[_Worker | None] = [None] * count
        self.closing = False
        self._ids = itertools.count(1)

    def start(self) -> None:
        """Start every worker now (they take a second or two to be ready)."""
        for index in range(self.count):
            self._worker(index)

    def _worker(self, index: int) -> _Worker:
        worker = self.workers[index]
        if worker is None or not worker.alive:
            worker = self.workers[index] = _Worker(self, index)
        return worker

    def pids(self) -> list[int]:
        """The worker processes running now."""
        return [w.proc.pid for w in self.workers if w is not None and w.proc is not None and w.proc.returncode is None]

    async def run(self, term, room, seat: int | None, name: str) -> str:
        """Run ``room``'s game app for ``seat`` (``None``: watching) of ``name`` on the
        connection's ``term``, in the room's worker, until it ends; returns a sentence for
        the lobby ("" when the player simply left the table)."""
        if term.closed or self.closing:
            return ""
        worker = self._worker(room.id % self.count)
        try:
            await asyncio.wait_for(asyncio.shield(worker.ready), START_SECONDS)
        except Exception as err:
            log.warning("worker %d is not ready: %s", worker.index, err)
            return NO_WORKER
        if not worker.alive:
            return WORKER_DIED
        worker.open_room(room)
        session = _Session(worker, next(self._ids), term, room, name, seat is None)
        worker.sessions[session.sid] = session
        term.app = term.driver = session
        worker.send(("start", session.sid, room.id, seat, name, term.size))
        try:
            return await session.done
        finally:
            term.app = term.driver = None
            worker.sessions.pop(session.sid, None)
            session.release()
            if worker.alive and not any(s.room is room for s in worker.sessions.values()):
                worker.close_room(room.id)

    async def close(self) -> None:
        """Stop every worker (its apps exit first) and wait until each has."""
        self.closing = True
        for worker in self.workers:
            if worker is not None:
                worker.send(("quit",))
        tasks = [w.task for w in self.workers if w is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=2 * STOP_SECONDS)
        for worker in self.workers:  # (only if the wait above ran out)
            if worker is not None and worker.proc is not None and worker.proc.returncode is None:
                worker.proc.kill()
                await worker.proc.wait()


def default_workers() -> int:
    """``--workers`` by default: 1, the games drawn in the server's own process. Worker
    processes are opt-in (``--workers 2``..4) until Clinic's latency with them is
    understood: measured on a loaded machine, its p95 went from about 20 ms to about
    1.1 s (docs/server.md, "Measuring")."""
    return 1
