"""A worker process of the SSH server: it runs the game apps (drawing is what costs the
server's CPU) of the rooms the front process gives it, so the server uses every core.

Started by the front (``pool.py``) as ``python -m tui_common.server.worker --fd N
--data-dir DIR``, with one end of a socket pair as file descriptor N; the two speak in
``wire`` messages. The front keeps the SSH connections, the lobby and the rooms (the
one true record, the store, the computer players); this process keeps, per room it
serves, a copy of the room (``WorkerRoom``) whose record is kept in step: loaded from
the room's save when it opens here, then every action the front reports is played
through the engine here too (the engines are deterministic: the states are equal).

A player's action is played here first, with the checks and the refusal wording of
``Room.play`` (the same code), so the player sees it at once; then it goes to the front,
which plays it on the true record, saves it, and tells everyone. Should the front refuse
it (the copy had fallen out of step: a bug, not a game event) the room's players here go
back to the lobby with a sentence, and the room is loaded afresh the next time.

Messages from the front: ``("open", room_id, facts)``, ``("close", room_id)``,
``("start", sid, room_id, seat, name, (width, height))``, ``("keys", sid, text)``,
``("size", sid, width, height)``, ``("hangup", sid, gone)``,
``("event", room_id, kind, text, seat, index, action, facts)``, ``("facts", room_id, facts)``,
``("refused", room_id, text)``, ``("ping",)``, ``("quit",)``. To the front:
``("ready", pid)``, ``("out", sid, bytes)``, ``("attach", sid)``, ``("detach", sid)``,
``("play", room_id, seat, index, action)``, ``("exit", sid, note)``,
``("out-of-step", room_id)``, ``("log", level, text)``, ``("pong",)``. The front
closing the socket stops this process.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any

from tui_common.server import wire
from tui_common.server.rooms import Room, RoomEvent, SeatSpec, record_rules

log = logging.getLogger("hospital_games.server.worker")

#: Said in the lobby when a room's copy here fell out of step with the front.
OUT_OF_STEP = "This table lost step with the server; your seat is kept: choose the room again."
#: Said in the lobby when a room's game app could not be made.
CANNOT_OPEN = "This room's game could not be opened; your seat is kept."


class WorkerRoom(Room):
    """A worker's copy of a room (see the module docstring). ``send`` sends a message
    to the front."""

    send: Any = None

    def play(self, seat: int, action: Any) -> None:
        """As ``Room.play`` (the same checks, the same refusals, this worker's apps
        told), then the front is asked to play it on the true record."""
        super().play(seat, action)
        self.send(("play", self.id, seat, len(self.record.actions) - 1, action))

    def set_facts(self, facts: dict) -> None:
        """Who is here and since when (``waiting()``), as the front knows it."""
        self.present = dict(facts["present"])
        self.left_at = dict(facts["left_at"])
        self.turn_since = facts["turn_since"]
        self.spectators = facts["spectators"]

    def heard(self, kind: str, text: str, seat: int | None, index: int | None, action: Any, facts: dict) -> bool:
        """News from the front; False when this copy is out of step with it."""
        self.set_facts(facts)
        if kind != "action":
            self._tell(RoomEvent(kind, text, seat))
            return True
        done = len(self.record.actions)
        if index < done:  # played here first: known
            return self.record.actions[index] == action
        if index > done:
            return False
        self.record = self.record.play(action)
        self._tell(RoomEvent("action", text, seat, action, self.record))
        if self.record.over:
            self._tell(RoomEvent("over", "The game is over."))
        return True


def load_room(room_id: int, facts: dict) -> WorkerRoom:
    """The worker's copy of a room from the front's ``facts`` (its save replayed)."""
    from core.record import GameRecord
    from core.saves import loads

    room = WorkerRoom(room_id, facts["game"], [SeatSpec(n, c) for n, c in facts["seats"]], facts["seed"],
                      dict(facts["options"]), created_by=facts["created_by"])
    where = f"room #{room_id}"
    room.record = GameRecord.from_save(loads(facts["save"], where), record_rules(room.game), where)
    room.set_facts(facts)
    return room


class SessionRoom:
    """What one game app sees of its room: the room itself, except that attaching and
    detaching are told to the front for this session (the lobby's "away", "is back")."""

    def __init__(self, room: WorkerRoom, sid: int, send) -> None:
        self._room, self._sid, self._send = room, sid, send

    def __getattr__(self, name: str) -> Any:
        return getattr(self._room, name)

    def attach(self, name: str, listener, *, watch: bool = False) -> int | None:
        self._room.listeners.append(listener)
        self._send(("attach", self._sid))
        return None if watch else self._room.seat_of(name)

    def detach(self, name: str, listener, *, watch: bool = False) -> None:
        if listener in self._room.listeners:
            self._room.listeners.remove(listener)
        self._send(("detach", self._sid))


class _ToFront(logging.Handler):
    """This process's warnings and errors go to the front's log (one log for the server)."""

    def __init__(self, worker: Worker) -> None:
        super().__init__(logging.WARNING)
        self.worker = worker

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.worker.send(("log", record.levelno, self.format(record)))
        except Exception:
            pass


class Worker:
    """The worker's side of the socket: its rooms and its sessions (one game app each)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, data_dir: Path | None) -> None:
        self.reader, self.writer, self.data_dir = reader, writer, data_dir
        self.rooms: dict[int, WorkerRoom] = {}
        #: sid -> (terminal, room id, task)
        self.sessions: dict[int, tuple[Any, int, asyncio.Task]] = {}
        self.notes: dict[int, str] = {}
        self._pending: dict[int, list[bytes]] = {}
        self._flush_due = False

    def send(self, message: tuple) -> None:
        if not self.writer.is_closing():
            self.writer.write(wire.frame(message))

    async def serve(self) -> None:
        from core import registry

        for game in registry.games().values():  # imported before the first game, not during it
            game.load_ui().preload()

        handler = _ToFront(self)
        log.addHandler(handler)
        log.propagate = False
        self.send(("ready", os.getpid()))
        while True:
            message = await wire.read(self.reader)
            if message is None or message[0] == "quit":
                break
            try:
                getattr(self, "on_" + message[0].replace("-", "_"))(*message[1:])
            except Exception:  # one bad message must not stop the others' games
                log.exception("%s failed", message[0])
        await self.stop()

    async def stop(self) -> None:
        """Every app exits (its terminal restored), then the socket closes."""
        for term, _, _ in list(self.sessions.values()):
            term.hang_up()
        tasks = [task for _, _, task in self.sessions.values()]
        if tasks:
            await asyncio.wait(tasks, timeout=3)
        self._flush()
        self.writer.close()

    # -- output -------------------------------------------------------------------------

    def _out(self, sid: int, data: bytes) -> None:
        """A frame is written in many pieces: they go to the front together, once the
        event loop has finished this turn."""
        self._pending.setdefault(sid, []).append(data)
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        pending, self._pending = self._pending, {}
        for sid, parts in pending.items():
            self.send(("out", sid, b"".join(parts)))

    # -- the front's messages -------------------------------------------------------------

    def on_ping(self) -> None:
        self.send(("pong",))

    def on_open(self, room_id: int, facts: dict) -> None:
        try:
            room = load_room(room_id, facts)
        except Exception:
            log.exception("room #%d could not be loaded", room_id)
            self.rooms.pop(room_id, None)
            self.send(("out-of-step", room_id))
            return
        room.send = self.send
        self.rooms[room_id] = room

    def on_close(self, room_id: int) -> None:
        if not any(r == room_id for _, r, _ in self.sessions.values()):
            self.rooms.pop(room_id, None)

    def on_start(self, sid: int, room_id: int, seat: int | None, name: str, size: tuple[int, int]) -> None:
        from tui_common.server.driver import Terminal
        from tui_common.server.table import game_app

        room = self.rooms.get(room_id)
        if room is None:
            self.send(("exit", sid, OUT_OF_STEP))
            return
        try:
            term = Terminal(lambda data: self._out(sid, data), size)
            app = game_app(SessionRoom(room, sid, self.send), seat, name, self.data_dir)
        except Exception:
            log.exception("the game of room #%d could not be opened", room_id)
            self.send(("exit", sid, CANNOT_OPEN))
            return
        self.sessions[sid] = (term, room_id, asyncio.create_task(self._run(sid, app, term)))

    async def _run(self, sid: int, app, term) -> None:
        from tui_common.server.driver import run_app

        try:
            await run_app(app, term)
        except Exception:
            log.exception("a game app failed")
        finally:
            self._flush()
            self.sessions.pop(sid, None)
            self.send(("exit", sid, self.notes.pop(sid, "")))

    def on_keys(self, sid: int, text: str) -> None:
        session = self.sessions.get(sid)
        if session is not None and session[0].driver is not None:
            session[0].driver.feed(text)

    def on_size(self, sid: int, width: int, height: int) -> None:
        session = self.sessions.get(sid)
        if session is not None:
            session[0].resize(width, height)

    def on_hangup(self, sid: int, gone: bool) -> None:
        session = self.sessions.get(sid)
        if session is not None:
            session[0].hang_up(gone=gone)

    def on_event(self, room_id: int, kind: str, text: str, seat, index, action, facts: dict) -> None:
        room = self.rooms.get(room_id)
        if room is not None and not room.heard(kind, text, seat, index, action, facts):
            self.out_of_step(room_id)

    def on_facts(self, room_id: int, facts: dict) -> None:
        room = self.rooms.get(room_id)
        if room is not None:
            room.set_facts(facts)

    def on_refused(self, room_id: int, text: str) -> None:
        log.warning("room #%d: the server refused an action played here: %s", room_id, text)
        self.out_of_step(room_id)

    def out_of_step(self, room_id: int) -> None:
        """The room's copy is wrong: its players go back to the lobby, and the room is
        loaded afresh next time."""
        if self.rooms.pop(room_id, None) is None:
            return
        for sid, (term, r, _) in list(self.sessions.items()):
            if r == room_id:
                self.notes[sid] = OUT_OF_STEP
                app = term.app
                if app is not None:
                    app.call_later(app.exit)
        self.send(("out-of-step", room_id))


async def main_async(fd: int, data_dir: Path | None) -> None:
    sock = socket.socket(fileno=fd)
    reader, writer = await asyncio.open_unix_connection(sock=sock)
    await Worker(reader, writer, data_dir).serve()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui_common.server.worker")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--data-dir")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.__stderr__, format="%(asctime)s %(message)s")
    from tui_common.server.collector import COLLECTOR

    COLLECTOR.activate()
    try:
        asyncio.run(main_async(args.fd, Path(args.data_dir) if args.data_dir else None))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
