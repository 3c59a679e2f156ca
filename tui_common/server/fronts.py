"""Several fronts, one store: bringing a front's copy of a room up to date with what
another front stored (docs/server.md, "Several fronts").

Each front (``serve`` process) holds every room in memory (its ``Hall``) and plays the
actions of its own players; another front's change reaches it through the store: the
room's row has a newer ``version`` (``Store.locked`` before a change here, or the
hall's follower hearing ``Store.wait_for_changes``). ``catch_up`` then takes the stored
seats and record: when the stored record extends the one held, only the new actions
are played through the engine, and each is told to the room's listeners as if it had
been played here (``RoomEvent.remote``: the game screens of this front's players move
on; the hall writes no history for it, the front that played the last action did).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tui_common.server.rooms import Room, RoomClosed, RoomEvent, SeatSpec, game_of, record_rules
from tui_common.server.store_sql import StoreUnavailable

log = logging.getLogger("hospital_games.server")

#: Seconds ``follow`` waits for another front's write before looking anyway.
FOLLOW_SECONDS = 1.0
#: Seconds between two renewals of this front's word on who is connected to it
#: (``Store.mark_present``, which lasts ``store.PRESENCE_SECONDS``).
PRESENCE_RENEW = 10.0


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), for comparing actions."""
    return json.loads(json.dumps(value))


def catch_up(room: Room, stored) -> bool:
    """Bring ``room`` up to ``stored`` (a ``store.StoredRoom`` with a newer version):
    its seats, its record and when it moved; its listeners hear "joined", "left",
    "started", "action" and "over" as they would for a change made here, marked
    ``remote``. Returns False (nothing changed) when ``stored`` is not newer. Raises
    ``core.saves.SaveError`` for a stored record that does not replay."""
    if stored.version <= room.version:
        return False
    seats = [SeatSpec(name, cpu) for name, cpu in json.loads(stored.seats_json)]
    for i, (was, now) in enumerate(zip(list(room.seats), seats)):
        if was != now:
            room.seats[i] = now
            if now.name is not None:
                room._tell(RoomEvent("joined", f"{now.name} takes seat {i + 1}.", i, remote=True))
            else:
                room._tell(RoomEvent("left", f"{was.name} gives up seat {i + 1}.", i, remote=True))
    room.moved = stored.moved or room.moved
    if stored.record_text is not None:
        _take_record(room, stored.record_text)
    room.version = stored.version
    return True


def _take_record(room: Room, text: str) -> None:
    """The stored record ``text``: only its new actions played when it extends the
    one held, else the whole record replayed."""
    from core.record import GameRecord
    from core.saves import loads

    save = loads(text, f"room #{room.id}")
    held = room.record
    if held is None:  # dealt by another front
        room.record = GameRecord.from_save(save, record_rules(room.game), f"room #{room.id}")
        room.turn_since = time.monotonic()
        room._make_bots()
        room._tell(RoomEvent("started", f"The game begins: {', '.join(room.names())}.", remote=True))
        if room.record.actions:
            room._tell(RoomEvent("action", "", record=room.record, remote=True))
        return
    rules = held.rules
    known = len(held.actions)
    extends = (save.seed == held.seed and len(save.actions) >= known
               and _plain(list(save.actions[:known])) == _plain([rules.encode_action(a) for a in held.actions]))
    if not extends:  # another story than the one held (should not happen): the store's
        room.record = GameRecord.from_save(save, rules, f"room #{room.id}")
        room._make_bots()
        room.turn_since = time.monotonic()
        room._tell(RoomEvent("action", "", record=room.record, remote=True))
        return
    describe = game_of(room.game).describe
    for encoded in save.actions[known:]:
        before = room.record.state
        action = rules.decode_action(encoded)
        seat = rules.actor(before)
        room.record = room.record.play(action)
        if rules.turn(before) != rules.turn(room.record.state):
            room.turn_since = time.monotonic()
        room._tell(RoomEvent("action", describe(before, action, room.record.state), seat, action, room.record,
                             remote=True))
    if room.record.over and len(save.actions) > known:
        room._tell(RoomEvent("over", "The game is over.", remote=True))


class SharedHall:
    """What a ``Hall`` does to share its rooms with the other fronts of its store: each
    change in the store's lock (``_guard``), the other fronts' writes followed
    (``follow``, ``follow_changes``) and who is connected shared (``share_presence``).
    Uses the hall's ``store``, ``rooms``, ``seen_change``, ``_shared``,
    ``_shared_at``, ``_warned``, ``_adopt``, ``schedule_cpu`` and ``clock``."""

    rooms: dict[int, Room]

    @contextmanager
    def _guard(self, room: Room) -> Iterator[None]:
        """One change of ``room`` in the store's lock: the room is first brought up to
        what another front stored (``fronts.catch_up``); the change's ``save_room``
        joins the lock's transaction, committed on leaving. Raises ``RoomClosed`` when
        the room is gone from the store (another front closed it)."""
        with self.store.locked(room.id) as stored:
            if stored is None:
                self._forget(room)
                raise RoomClosed(f"room #{room.id} has closed")
            catch_up(room, stored)
            yield

    def _forget(self, room: Room) -> None:
        """Another front removed ``room``: out of this hall too (its players are told)."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self._warned.pop(room.id, None)
            room._tell(RoomEvent("closed", f"Room #{room.id} is closed.", remote=True))

    async def follow(self) -> None:
        """Bring this hall's rooms up to what the other fronts write, for good (the
        server runs it as a task; cancel it to stop)."""
        away = False  # the store unreachable: said once, not every round
        while True:
            await self.store.wait_for_changes(FOLLOW_SECONDS)
            try:
                self.follow_changes()
                self.share_presence()
                if away:
                    log.warning("the store is back")
                away = False
            except StoreUnavailable as err:
                if not away:
                    log.warning("the store is away (%s); trying again every second", err)
                away = True
            except Exception:  # the next round tries again; the rooms here carry on
                log.exception("the other fronts' changes could not be read")

    def share_presence(self, now: float | None = None) -> None:
        """Tell the store which seats' players are connected here (when that changed,
        and every ``PRESENCE_RENEW`` seconds), and learn those connected to the other
        fronts: a seat whose player came or went there is told here as "back" or
        "left", and is not "away" or waited for while its player is connected
        anywhere."""
        now = time.monotonic() if now is None else now
        mine = sorted((room_id, seat) for room_id, room in self.rooms.items()
                      for seat, count in room.present.items() if count)
        if mine != self._shared or now - self._shared_at >= PRESENCE_RENEW:
            self.store.mark_present(mine)
            self._shared, self._shared_at = mine, now
        others = self.store.present_elsewhere()
        for room_id, room in self.rooms.items():
            seats = others.get(room_id, set())
            if seats == room.elsewhere:
                continue
            names = room.names()
            for seat in sorted(seats - room.elsewhere):
                room.elsewhere.add(seat)
                if not room.present.get(seat) and room.left_at.pop(seat, None) is not None:
                    room._tell(RoomEvent("back", f"{names[seat]} is back.", seat, remote=True))
            for seat in sorted(room.elsewhere - seats):
                room.elsewhere.discard(seat)
                if not room.present.get(seat):
                    room.left_at[seat] = time.monotonic()
                    room._tell(RoomEvent("left", f"{names[seat]} left; the seat is kept for them.", seat,
                                         remote=True))

    def follow_changes(self) -> list[int]:
        """Look at the store's changes since the last look: rooms new to this hall are
        brought in, rooms another front moved are caught up (their listeners hear the
        news), rooms gone from the store leave. Returns the room numbers that changed
        here."""
        changes = self.store.changes_after(self.seen_change)
        if not changes:
            return []
        self.seen_change = changes[-1][0]
        changed = []
        for room_id in dict.fromkeys(room_id for _, room_id in changes):
            room = self.rooms.get(room_id)
            stored = self.store.stored_room(room_id)
            if stored is None:
                if room is not None:
                    self._forget(room)
                    changed.append(room_id)
            elif room is None:
                room = self.store.load_room(room_id)
                if room is not None:
                    room.clock = self.clock
                    self._adopt(room)
                    self.schedule_cpu(room)
                    changed.append(room_id)
            else:
                try:
                    if catch_up(room, stored):
                        changed.append(room_id)
                except Exception as err:  # a record that does not replay: the room is left as it was
                    log.warning("room #%d could not follow the store: %s", room_id, err)
        return changed

