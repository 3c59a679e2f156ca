"""Helpers of the daily deal room tests: a hall on a clock that can move, and a game
played to its end by a computer player in a person's seat."""

from __future__ import annotations

from core import registry
from tui_common.server.hall import Hall
from tui_common.server.store import Store

#: 2026-11-28 12:00 UTC.
NOON = 1_795_867_200.0
DAY = 86400.0


def hall_at(where, now: list[float] | None = None, **kw) -> Hall:
    """A hall over ``where``'s store (a folder: its ``rooms.sqlite3``; or the
    ``store_at`` fixture: a store of either engine), its clock ``now[0]`` (default noon,
    2026-11-28)."""
    clock = now if now is not None else [NOON]
    store = where() if callable(where) else Store(where / "rooms.sqlite3")
    return Hall(store, clock=lambda: clock[0], **kw)


def finish(room, level_index: int = 0, seed: int = 1) -> None:
    """Play ``room``'s person seats to the end with the game's computer player of
    ``levels[level_index]`` (seeded ``seed``), and its computer seats by themselves."""
    found = registry.get(room.game)
    bot = found.make_bot(found.levels[level_index], seed)
    while not room.record.over:
        if not room.cpu_step():
            room.play(room.actor, bot.choose(room.record.state))
