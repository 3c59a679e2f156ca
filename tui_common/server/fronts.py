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
import time
from typing import Any

from tui_common.server.rooms import Room, RoomEvent, SeatSpec, game_of, record_rules


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
