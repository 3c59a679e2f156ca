"""The server's cost per key and per session (issue 33): seated sessions of one room,
each a real game app on the server's driver (``run_app``, ``ChannelDriver``) writing to a
terminal that counts bytes, keys fed as the SSH channel feeds them. What is measured
here is what a cut must keep true (shared, not recomputed); the timings are the
benchmarks' (tests/benchmarks/server_key_cost.py, server_load.py)."""

from __future__ import annotations

import asyncio
import time

import pytest

from tui_common.server.hall import Hall
from tui_common.server.store import Store

pytestmark = pytest.mark.timeout(90)

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


class Session:
    """One seated player's app on the server's driver."""

    def __init__(self, room, seat: int, name: str) -> None:
        from tui_common.server.driver import Terminal
        from tui_common.server.table import game_app

        self.written, self.writes = 0, 0  # bytes and writes sent to the terminal
        self.term = Terminal(self._write, (100, 32))
        self.app = game_app(room, seat, name)
        self.task = None

    def _write(self, data: bytes) -> None:
        self.written += len(data)
        self.writes += 1

    async def start(self) -> None:
        from tui_common.server.driver import run_app

        self.task = asyncio.ensure_future(run_app(self.app, self.term))
        await self.until(lambda: any(type(s).__name__ == "GameScreen" for s in self.app.screen_stack)
                         and self.written > 2000)
        await self.settle()

    async def until(self, condition, limit: float = 60.0) -> None:
        deadline = time.monotonic() + limit
        while not condition():
            assert time.monotonic() < deadline, "the session never got there"
            await asyncio.sleep(0.02)

    #: seconds without output that count as the screen being still
    QUIET = 0.15

    async def settle(self, quiet: float | None = None, limit: float = 20.0) -> None:
        """Until nothing has been written for ``quiet`` seconds (default ``QUIET``)."""
        quiet = self.QUIET if quiet is None else quiet
        deadline, seen, since = time.monotonic() + limit, self.written, time.monotonic()
        while time.monotonic() < deadline:
            await asyncio.sleep(0.02)
            if self.written != seen:
                seen, since = self.written, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return

    async def key(self, data: bytes) -> int:
        before = self.written
        self.term.feed(data)
        await self.until(lambda: self.written > before)
        await self.settle()
        return self.written - before

    async def stop(self) -> None:
        self.term.hang_up()
        if self.task is not None:
            await asyncio.wait_for(self.task, 20)


def _room(tmp_path):
    """A two-player Clear the Ward room at a person's move (no dialog open)."""
    return ward_hall(tmp_path)[1]


def ward_hall(tmp_path):
    """A hall and its two-player Clear the Ward room at a person's move."""
    import random

    from core.clear_ward import Phase, legal_actions

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=4)
    rng = random.Random(4)
    while not (room.record.state.phase is Phase.MOVE):
        room.play(room.actor, rng.choice(legal_actions(room.record.state)))
    return hall, room


async def test_the_sessions_of_a_room_share_their_parsed_stylesheet(tmp_path):
    """Textual parses each app's stylesheet for itself (about 0.45 MB a session); on the
    server the second session takes the same rule sets the first one parsed."""
    room = _room(tmp_path)
    first, second = Session(room, 0, "Ann"), Session(room, 1, "Bob")
    try:
        await first.start()
        await second.start()
        rules_1, rules_2 = first.app.stylesheet.rules, second.app.stylesheet.rules
        assert len(rules_1) > 50 and len(rules_1) == len(rules_2)
        shared = sum(1 for a, b in zip(rules_1, rules_2) if a is b)
        assert shared == len(rules_1)
        # and each session still draws its own game: a cursor move moves its selection
        from clear_ward_tui.widgets.ward_grid import WardGrid

        grid_1, grid_2 = (s.app.screen.query_one(WardGrid) for s in (first, second))
        cursor_1, cursor_2 = grid_1.cursor, grid_2.cursor
        assert await second.key(LEFT if cursor_2 % 6 else RIGHT) > 0
        assert grid_2.cursor != cursor_2 and grid_1.cursor == cursor_1
    finally:
        await first.stop()
        await second.stop()
