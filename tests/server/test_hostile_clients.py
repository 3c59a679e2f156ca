"""Clients that attack the server (issue 29): each attack against a real server on
127.0.0.1, through real asyncssh clients. The server must draw no window larger than
``bounds.MAX_COLUMNS`` × ``MAX_ROWS``, hold a bounded amount of any client's input,
drop the clients that stall, and keep answering everyone else meanwhile.

The limits themselves (sizes, key buckets, paste screening) are unit-tested in
``test_bounds.py``; the benchmark ``tests/benchmarks/server_hostile.py`` measures the
server's memory and another player's key latency under a 65535×65535 client."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pyte
import pytest

from tests.server.client import Player
from tests.server.test_ssh import join, running
from tui_common.server.bounds import (CHANNELS_PER_CONNECTION, ENV_BYTES, ENV_VARS, KEY_BURST, KEYS_PER_SECOND,
                                      MAX_COLUMNS, MAX_ROWS, PASTE_CHARS, QUIET_SECONDS, READ_BURST,
                                      READ_BYTES_PER_SECOND, READ_SIZE)
from tui_common.server.ssh import Limits

pytestmark = pytest.mark.timeout(90)


class Raw:
    """An SSH client that asks for any window and keeps the raw bytes it gets (no
    screen of its own: a 100000×100000 pyte screen would cost the test what the
    server must not spend). ``reading=False``: it never reads what the server sends."""

    def __init__(self, name: str, size: tuple[int, int], *, reading: bool = True) -> None:
        self.name, self.size, self.reading = name, size, reading
        self.raw = bytearray()
        self.closed = asyncio.Event()
        self.conn = self.process = None

    async def connect(self, port: int) -> Raw:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None,
                                           client_keys=None, preferred_auth="none,password",
                                           password=f"pw-{self.name}")  # a name's first password owns it
        if self.reading:
            self.process = await self.conn.create_process(term_type="xterm", term_size=self.size, encoding=None)
            asyncio.create_task(self._read())
        else:
            raw = self

            class Stalled(asyncssh.SSHClientSession):
                def connection_made(self, chan):
                    chan.pause_reading()  # the server's output piles up on its side

                def connection_lost(self, exc):
                    raw.closed.set()

            self.process, _ = await self.conn.create_session(Stalled, term_type="xterm", term_size=self.size,
                                                             encoding=None, window=32768)
        return self

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.raw += data
        except Exception:
            pass
        finally:
            self.closed.set()

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data) if self.reading else self.process.write(data)

    async def close(self) -> None:
        self.conn.close()
        try:
            await asyncio.wait_for(self.conn.wait_closed(), 5)
        except Exception:
            pass


async def until(condition, timeout: float = 20.0, what: str = "the condition"):
    """Poll ``condition()`` until it is true (returned) or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def terminal_named(server, name: str):
    found = [t for t in server.sessions if t.process.get_extra_info("username") == name]
    return found[-1] if found else None


async def press_until(player: Player, key: str, text: str) -> None:
    """``player`` presses ``key`` until ``text`` shows, as a person would press again
    (input right after a flood is dropped until the client has been quiet a moment)."""
    for _ in range(20):
        await player.press(key)
        try:
            await player.wait_for(text, timeout=1.0)
            return
        except AssertionError:
            pass
    raise AssertionError(f"{player.name}: {key!r} never brought {text!r}:\n{player.text()}")


async def screen_of(client: Raw, width: int, height: int, text: str) -> pyte.Screen:
    """``client``'s bytes drawn on a ``width``×``height`` screen, once ``text`` shows."""
    def drawn():
        screen = pyte.Screen(width, height)
        pyte.ByteStream(screen).feed(bytes(client.raw))
        return screen if text in "\n".join(screen.display) else None
    return await until(drawn, what=f"{text!r} on {client.name}'s screen")


async def test_a_huge_first_window_is_drawn_at_the_cap(tmp_path):
    """``stty rows 65535 cols 65535; ssh ...`` took the host down: the first window (the
    pty request) was not capped. Now the app is drawn at 300×100 and its first frame is
    a frame of that size."""
    async with running(tmp_path) as server:
        huge = await Raw("Ann", (100000, 100000)).connect(server.port)
        try:
            term = await until(lambda: terminal_named(server, "Ann"), what="Ann's session")
            assert term.size == (MAX_COLUMNS, MAX_ROWS)
            screen = await screen_of(huge, MAX_COLUMNS, MAX_ROWS, "Welcome, Ann")
            app = await until(lambda: term.app, what="Ann's lobby")
            assert (app.size.width, app.size.height) == (MAX_COLUMNS, MAX_ROWS)
            # The frame uses the whole capped width, and is a frame of that size (at most
            # 25 bytes a cell: colours, attributes, a cursor move a line).
            assert any(line[MAX_COLUMNS - 5:].strip() for line in screen.display)
            assert len(huge.raw) < MAX_COLUMNS * MAX_ROWS * 25
        finally:
            await huge.close()


async def test_no_size_at_first_is_80x24_and_a_zero_window_change_keeps_the_size(tmp_path):
    async with running(tmp_path) as server:
        blank = await Raw("Ann", (0, 0)).connect(server.port)
        try:
            term = await until(lambda: terminal_named(server, "Ann"), what="Ann's session")
            await screen_of(blank, 80, 24, "Welcome, Ann")
            assert term.size == (80, 24)
            blank.process.change_terminal_size(0, 0)
            blank.process.change_terminal_size(120, 0)
            await until(lambda: term.size == (120, 24), what="the 120-column resize")
        finally:
            await blank.close()


async def test_a_window_change_to_a_huge_window_is_capped_and_the_player_plays_on(tmp_path):
    async with running(tmp_path) as server:
        server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=1)
        ann = await join(server, "Ann")
        term = terminal_named(server, "Ann")
        ann.process.change_terminal_size(100000, 100000)  # the pyte screen stays 100×32
        await until(lambda: term.size == (MAX_COLUMNS, MAX_ROWS), what="the capped resize")
        await until(lambda: term.app is not None and term.app.size.width == MAX_COLUMNS, what="the app's resize")
        ann.resize(100, 32)
        await until(lambda: term.app.size.width == 100, what="the way back")
        await ann.wait_for("you are Ann")


async def test_a_100_kb_paste_of_keys_costs_a_burst_of_keys_and_the_server_answers_on(tmp_path):
    """100 KB typed in one go (a paste without paste brackets): the server parses at
    most ``READ_BURST`` bytes of it, passes at most a burst of keys (``KEY_BURST``) to the
    app and drops the rest; another client is answered, and so is the player's next key."""
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port)
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")
        term = terminal_named(server, "Ann")
        started = time.monotonic()
        ann.send(b"j" * 100_000)
        budget, reads = term.driver.budget, term.reads
        await until(lambda: reads.dropped + budget.dropped + budget.passed >= 100_000, what="the paste read")
        took = time.monotonic() - started  # the buckets refill meanwhile (parsing is slow)
        assert budget.passed <= KEY_BURST + KEYS_PER_SECOND * took
        assert 100_000 - reads.dropped <= READ_BURST + READ_BYTES_PER_SECOND * took + READ_SIZE
        await ann.wait_quiet()
        bob = await Player("Bob").connect(server.port)  # the server answers another client
        server.players.append(bob)
        await bob.wait_for("Welcome, Bob")
        await press_until(ann, "n", "New room")


async def test_a_100_kb_bracketed_paste_is_dropped_whole_and_the_keys_after_it_work(tmp_path):
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port)
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")
        await ann.press("n")
        await ann.wait_for("New room")
        await ann.wait_quiet()
        await ann.press("enter")  # Clear the Ward; the seats field ("me,open") has the focus
        await ann.wait_quiet()
        term = terminal_named(server, "Ann")
        driver = term.driver
        reads = term.reads
        seen = reads.taken + reads.dropped
        ann.send(b"\x1b[200~" + b"Z" * 100_000 + b"\x1b[201~")
        await until(lambda: reads.taken + reads.dropped >= seen + 100_012, what="the paste read")
        # Once the client has been quiet a moment, a paste of a few characters is taken.
        await until(lambda: time.monotonic() - term.reads.last > QUIET_SECONDS, what="a quiet moment")
        ann.send(b"\x1b[200~-42\x1b[201~")
        await ann.wait_for("-42")  # in the seats field (its text was selected: replaced)
        assert "ZZZZ" not in ann.text()
        assert term.driver is driver and driver.budget._pasted is None


def paste_held(driver) -> int:
    """Characters of a paste Textual's parser holds (a local of its parsing generator)."""
    return len(driver._parser._gen.gi_frame.f_locals.get("paste_buffer", ()))


async def test_an_endless_paste_holds_no_memory(tmp_path):
    """A paste whose end never comes (``ESC [200~`` then bytes, within the read rate):
    Textual's parser held every character until the end marker, for ever; now the
    parser holds at most ``PASTE_CHARS`` and the rest is dropped as it comes."""
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port)
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")
        term = terminal_named(server, "Ann")
        ann.send(b"\x1b[200~" + b"x" * (READ_BURST - 2 * READ_SIZE))
        await until(lambda: term.driver.budget._pasted == -1, what="the paste dropped")
        assert term.reads.dropped == 0  # all of it was parsed (or screened)
        assert paste_held(term.driver) <= PASTE_CHARS
        await until(lambda: time.monotonic() - term.reads.last > QUIET_SECONDS, what="a quiet moment")
        await press_until(ann, "n", "New room")  # the paste is over: keys are keys again


async def test_a_client_that_never_reads_is_dropped(tmp_path):
    """Logs in, asks for the largest window, never reads: its output waits on the server
    until ``unread_bytes``, then it is closed (the existing limit, checked)."""
    async with running(tmp_path, limits=Limits(unread_bytes=64 * 1024)) as server:
        stalled = await Raw("Ann", (MAX_COLUMNS, MAX_ROWS), reading=False).connect(server.port)
        try:
            term = await until(lambda: terminal_named(server, "Ann"), what="Ann's session")
            await until(lambda: term.written > 64 * 1024 or term.closed, what="the first frame")
            for _ in range(200):  # keys make frames: the server writes, sees the pile, hangs up
                if term.closed:
                    break
                stalled.send(b"n" if _ % 2 == 0 else b"\x1b")
                await asyncio.sleep(0.05)
            await until(lambda: term not in server.sessions, what="the stalled client dropped")
            assert term.gone
        finally:
            await stalled.close()


async def test_a_client_that_logs_in_and_opens_no_session_is_closed_at_twice_the_login_limit(tmp_path):
    async with running(tmp_path, limits=Limits(login_seconds=1.0)) as server:
        lurker = await asyncssh.connect("127.0.0.1", server.port, username="Ann", known_hosts=None,
                                        client_keys=None, preferred_auth="none,password", password="pw-Ann")
        try:
            await asyncio.wait_for(lurker.wait_closed(), 10)
        finally:
            lurker.close()
        ann = await Player("Ann").connect(server.port)  # a player who does open one stays
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")
        await until(lambda: time.monotonic() - terminal_named(server, "Ann").last_input > 2.5, what="a wait")
        assert not ann.closed.is_set()


async def test_fifty_hostile_clients_at_once_leave_a_table_playing(tmp_path):
    """50 connections at once, each with a 100000×100000 window, a 10 KB paste and never
    reading; meanwhile a player at a table presses a key and sees it answered."""
    limits = Limits(connections=60, per_address=100, unread_bytes=256 * 1024)
    async with running(tmp_path, limits=limits) as server:
        server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        hostile = await asyncio.gather(*(Raw(f"H{i}", (100000, 100000), reading=i % 2 == 0).connect(server.port)
                                         for i in range(50)))
        try:
            for client in hostile:
                client.send(b"\x1b[B" * 3000)
            await until(lambda: len(server.sessions) >= 30, what="the hostile sessions")
            mover = ann if server.hall.rooms[1].actor == 0 else bob
            await mover.wait_quiet(0.2, timeout=30)
            before = mover.text()
            await mover.press("n")
            await until(lambda: mover.text() != before, timeout=15, what="the mover's screen answering a key")
            players = (terminal_named(server, "Ann"), terminal_named(server, "Bob"))
            assert all(t.size == (MAX_COLUMNS, MAX_ROWS) for t in server.sessions if t not in players)
        finally:
            await asyncio.gather(*(client.close() for client in hostile))


async def test_environment_variables_and_sessions_on_one_connection_are_bounded(tmp_path):
    """asyncssh keeps every environment variable a client sends and opens any number of
    sessions on one connection: 3000 variables of 30 KB grew the server by 100 MB."""
    async with running(tmp_path) as server:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="Ann", known_hosts=None, client_keys=None,
                                      preferred_auth="none,password", password="pw-Ann")
        try:
            flood = {f"V{i}": "x" * (ENV_BYTES if i % 2 else 10) for i in range(200)}
            process = await conn.create_process(term_type="xterm", term_size=(80, 24), env={"LANG": "C.UTF-8", **flood},
                                                encoding=None)
            term = await until(lambda: terminal_named(server, "Ann"), what="Ann's session")
            kept = term.process.env
            assert kept["LANG"] == "C.UTF-8" and len(kept) == ENV_VARS
            assert all(len(value) < ENV_BYTES for value in kept.values())
            opened = [process]
            with pytest.raises(asyncssh.ChannelOpenError):
                for _ in range(CHANNELS_PER_CONNECTION):
                    opened.append(await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None))
            assert len(opened) == CHANNELS_PER_CONNECTION
        finally:
            conn.close()
