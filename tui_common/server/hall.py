"""The hall: every room of the server, the store behind them, and the computer players'
clock.

Computer players choose after ``cpu_delay``; a slow one (the strong Clear the Ward
player) in a worker process, so no screen on the server waits for it
(``thinking.Thinker``); the action is played on the event loop when it comes back.

``Hall.create`` opens a room (limits: ``max_rooms`` in all, ``MAX_ROOMS_PER_PLAYER``
unfinished rooms created by one name); ``Hall.restore`` brings back the stored rooms
after a restart. Computer seats play through ``call_later(delay, fn)`` (the event
loop's, in the server; tests may pass their own or call ``Room.cpu_step``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from tui_common.server.rooms import OVER, Room, RoomError, RoomEvent, new_seed, parse_options, parse_seats
from tui_common.server.store import Store
from tui_common.server.thinking import SLOW_LEVELS, SLOW_SECONDS, Thinker

log = logging.getLogger("hospital_games.server")

#: Rooms on one server at most (finished rooms count until removed).
MAX_ROOMS = 40
#: Unfinished rooms one player may have created at once.
MAX_ROOMS_PER_PLAYER = 3
#: Seconds between a computer player's actions, so people can follow them.
CPU_DELAY = 0.6


class Hall:
    """The rooms of one server; see the module docstring."""

    def __init__(self, store: Store, *, call_later: Callable[[float, Callable[[], Any]], Any] | None = None,
                 cpu_delay: float = CPU_DELAY, max_rooms: int = MAX_ROOMS) -> None:
        self.store = store
        self.rooms: dict[int, Room] = {}
        self.call_later = call_later
        self.cpu_delay = cpu_delay
        self.max_rooms = max_rooms
        self._cpu_due: set[int] = set()
        #: the worker process for slow computer players (only with an event loop)
        self.thinker = Thinker()
        #: (room id, seat) of the computer seats that think in the worker
        self.slow: set[tuple[int, int]] = set()

    def close(self) -> None:
        """Stop the worker process and close the store."""
        self.thinker.close()
        self.store.close()

    def restore(self) -> list[str]:
        """Load every stored room; returns the problems (rooms left out) as sentences."""
        rooms, problems = self.store.load_rooms()
        for room in rooms:
            self._adopt(room)
            self.schedule_cpu(room)
        return problems

    def create(self, game: str, seats_text: str, creator: str, seed: int | None = None,
               options: dict[str, Any] | str | None = None) -> Room:
        """A new room of ``game`` with the seats typed by ``creator`` (see
        ``rooms.parse_seats``) and its options (a dict, or as typed: ``rooms.parse_options``),
        saved at once; dealt at once when no seat is open.
        Raises ``RoomError`` (bad seats, too many rooms)."""
        seats = parse_seats(game, seats_text, creator)
        options = parse_options(game, options, len(seats)) if isinstance(options, str) else dict(options or {})
        if len(self.rooms) >= self.max_rooms:
            over = [r for r in self.listing() if r.status == OVER and not r.present and not r.spectators]
            if over:  # the oldest finished game nobody is looking at makes room
                self.remove(over[0].id)
        if len(self.rooms) >= self.max_rooms:
            raise RoomError(f"the server holds {self.max_rooms} rooms already; join one or try later")
        mine = [r for r in self.rooms.values() if r.created_by == creator and r.status != OVER]
        if len(mine) >= MAX_ROOMS_PER_PLAYER:
            raise RoomError(f"you have {MAX_ROOMS_PER_PLAYER} unfinished rooms already")
        room = Room(self.store.next_id(), game, list(seats), new_seed() if seed is None else seed,
                    options, created_by=creator, save=self.store.save_room)
        self._adopt(room)
        if not room.free_seats():
            room.start()
        room._save()
        self.schedule_cpu(room)
        return room

    def leave(self, room: Room, name: str) -> None:
        """``name`` gives up their seat in a room still waiting for players; a room left
        with no person in it closes. Raises ``RoomError`` (no seat, game begun)."""
        room.leave_seat(name)
        if room.deserted:
            self.remove(room.id)

    def remove(self, room_id: int) -> None:
        """Close a room for good (finished or abandoned)."""
        self.rooms.pop(room_id, None)
        self.store.delete_room(room_id)

    def listing(self) -> list[Room]:
        return [self.rooms[i] for i in sorted(self.rooms)]

    def _adopt(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.listeners.append(self._heard)

    # -- computer players ----------------------------------------------------------------

    def _heard(self, room: Room, event: RoomEvent) -> None:
        if event.kind in ("started", "action"):
            self.schedule_cpu(room)

    def schedule_cpu(self, room: Room) -> None:
        """Ask for the computer seat's next action after ``cpu_delay`` (once)."""
        if self.call_later is None or room.actor not in room.bots or room.id in self._cpu_due:
            return
        self._cpu_due.add(room.id)

        def act() -> None:
            self._cpu_due.discard(room.id)
            if self.rooms.get(room.id) is room:
                self._think(room)

        self.call_later(self.cpu_delay, act)

    def _think(self, room: Room) -> None:
        """The computer seat to move chooses: in place, or in the worker process (then
        its action is played when it comes back, if the game has not moved on)."""
        seat = room.actor
        if seat is None or seat not in room.bots:
            return
        if (room.game, room.seats[seat].cpu) not in SLOW_LEVELS and (room.id, seat) not in self.slow:
            began = time.perf_counter()
            room.cpu_step()
            if time.perf_counter() - began > SLOW_SECONDS:
                self.slow.add((room.id, seat))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop to hear the answer (a caller without one): here
            room.cpu_step()
            return
        done = len(room.record.actions)
        try:
            future = self.thinker.submit(room.bots[seat], room.record.state)
        except RuntimeError:
            self.thinker.broken()
            room.cpu_step()
            return
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(self._thought, room, seat, done, f))

    def _thought(self, room: Room, seat: int, done: int, future) -> None:
        if self.rooms.get(room.id) is not room or room.actor != seat or len(room.record.actions) != done:
            return  # the room closed or moved on meanwhile
        try:
            action, bot = future.result()
        except Exception as err:  # the worker broke: choose here this once
            log.warning("the computer players' worker failed (%s); choosing in place", err)
            self.thinker.broken()
            room.cpu_step()
            return
        room.bots[seat] = bot
        self.thinker.thought += 1
        room.play(seat, action)
