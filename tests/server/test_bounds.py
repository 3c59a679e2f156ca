"""What one client may send, bounded (``tui_common/server/bounds.py``): window sizes,
the key and byte rates, pastes. Fast unit tests with a fake clock; the same limits
against a real server and real SSH clients are in ``test_hostile_clients.py``."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

from tui_common.server.bounds import (DEFAULT_SIZE, KEY_BURST, KEYS_PER_SECOND, MAX_COLUMNS, MAX_ROWS, PASTE_CHARS,
                                      QUIET_SECONDS, READ_BURST, READ_BYTES_PER_SECOND, InputBudget, ReadBudget,
                                      clamp_size)
from tui_common.server.driver import ChannelDriver, Terminal


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("asked, drawn", [
    ((100000, 100000), (MAX_COLUMNS, MAX_ROWS)),
    ((65535, 65535), (MAX_COLUMNS, MAX_ROWS)),
    ((2**32 - 1, 40), (MAX_COLUMNS, 40)),
    ((120, 40), (120, 40)),
    ((79, 23), (79, 23)),  # kept: the app shows its "too small" notice
    ((-5, -1), (1, 1)),
    ((0, 0), (90, 30)),  # RFC 4254: a 0 is ignored, the size stays
    ((0, 50), (90, 50)),
    (("wide", None), (90, 30)),  # a browser's JSON may say anything
    ((float("inf"), float("nan")), (90, 30)),
    ((12.7, "40"), (12, 40)),
])
def test_a_window_size_is_clamped(asked, drawn):
    assert clamp_size(*asked, (90, 30)) == drawn


def test_a_terminal_is_capped_from_its_first_size_on():
    term = Terminal(lambda data: None, (100000, 100000))
    assert term.size == (MAX_COLUMNS, MAX_ROWS)
    assert Terminal(lambda data: None, (0, 0)).size == DEFAULT_SIZE
    term.resize(150, 0)
    assert term.size == (150, MAX_ROWS)
    term.resize(10**9, 10**9)
    assert term.size == (MAX_COLUMNS, MAX_ROWS)


def test_keys_beyond_the_burst_are_dropped_until_the_bucket_refills():
    clock = Clock()
    budget = InputBudget(clock)
    key = events.Key("j", "j")
    assert all(budget.admit(key) for _ in range(KEY_BURST))
    assert not budget.admit(key)
    clock.now += 1.0
    passed = sum(budget.admit(key) for _ in range(int(KEYS_PER_SECOND) * 3))
    assert passed == int(KEYS_PER_SECOND)
    assert budget.dropped == 1 + int(KEYS_PER_SECOND) * 2 and budget.passed == KEY_BURST + passed


def test_mouse_motion_has_its_own_bucket():
    budget = InputBudget(Clock())
    while budget.admit(events.Key("j", "j")):
        pass
    move = events.MouseMove(None, 1, 1, 0, 0, 0, False, False, False)
    assert sum(budget.admit(move) for _ in range(KEY_BURST + 10)) == KEY_BURST


def test_bytes_beyond_the_burst_are_dropped_until_the_client_is_quiet():
    clock = Clock()
    reads = ReadBudget(clock)
    assert all(reads.take(1024) for _ in range(READ_BURST // 1024))
    assert not reads.take(1024)
    for _ in range(20):  # a client that goes on sending: the bucket refills, still dropped
        clock.now += QUIET_SECONDS / 2
        assert not reads.take(1024)
    clock.now += QUIET_SECONDS * 2  # quiet: then taken again
    assert reads.take(16)
    assert reads.taken == READ_BURST + 16 and reads.dropped == 21 * 1024
    assert READ_BYTES_PER_SECOND * QUIET_SECONDS >= 16


class StubApp:
    """What ``ChannelDriver`` needs of an app: it collects the messages posted."""

    def __init__(self) -> None:
        self.net_terminal = Terminal(lambda data: None, (80, 24))
        self.net_drawn = asyncio.Event()
        self.got: list = []

    def post_message(self, message) -> None:
        self.got.append(message)


async def driver_with(clock=None) -> tuple[ChannelDriver, StubApp]:
    app = StubApp()
    driver = ChannelDriver(app)
    if clock is not None:
        driver.budget = InputBudget(clock)
    driver.start_application_mode()
    app.got.clear()
    return driver, app


def typed(app: StubApp) -> str:
    return "".join(m.character or "" for m in app.got if isinstance(m, events.Key))


def pastes(app: StubApp) -> list[str]:
    return [m.text for m in app.got if isinstance(m, events.Paste)]


async def test_a_paste_split_anywhere_between_reads_arrives_whole():
    text = "ab\x1b[200~hello, world\x1b[201~cd"
    for cut in range(1, len(text)):
        for second in range(cut + 1, len(text)):
            driver, app = await driver_with()
            for piece in (text[:cut], text[cut:second], text[second:]):
                driver.feed(piece)
            assert (typed(app), pastes(app)) == ("abcd", ["hello, world"]), (cut, second)


async def test_a_paste_over_the_limit_is_dropped_whole_and_the_keys_after_it_pass():
    driver, app = await driver_with()
    text = "a\x1b[200~" + "Z" * 100_000 + "\x1b[201~bc"
    held = 0
    for start in range(0, len(text), 1000):  # as the server reads: a KB at a time
        driver.feed(text[start:start + 1000])
        held = max(held, len(driver._parser._gen.gi_frame.f_locals.get("paste_buffer", ())))
    assert (typed(app), pastes(app)) == ("abc", [])
    assert held <= PASTE_CHARS + 1000  # Textual's parser alone held all 100,000
    driver.feed("\x1b[200~short\x1b[201~")
    assert pastes(app) == ["short"]


async def test_a_paste_that_stops_for_a_quiet_moment_is_over():
    """Its end marker dropped (the client flooded): the keys after a pause are keys."""
    clock = Clock()
    driver, app = await driver_with(clock)
    driver.feed("\x1b[200~" + "Z" * (PASTE_CHARS + 10))
    driver.feed("more of it")
    clock.now += QUIET_SECONDS * 2
    driver.feed("xy")
    assert typed(app) == "xy" and pastes(app) == []


@pytest.mark.parametrize("cut", range(1, 6))
async def test_a_long_paste_is_dropped_even_with_its_markers_split_between_reads(cut):
    driver, app = await driver_with()
    start, end = "\x1b[200~", "\x1b[201~"
    for piece in ("a" + start[:cut], start[cut:] + "Z" * 3000, "Z" * 3000, "Z" * 3000 + end[:cut], end[cut:] + "k"):
        driver.feed(piece)
    assert (typed(app), pastes(app)) == ("ak", [])


def test_the_browser_doors_resize_message_is_clamped_whatever_it_holds():
    import io

    from tui_common.server.web_door import Door

    door = Door(2222, out=io.BytesIO())
    door.on_meta({"type": "resize", "width": 100000, "height": 100000})
    assert door.size == (MAX_COLUMNS, MAX_ROWS)
    door.on_meta({"type": "resize", "width": "wide", "height": 40})
    assert door.size == (MAX_COLUMNS, 40)
    door.on_meta(["resize", 1, 2])  # not an object: ignored
    door.on_meta({"type": "resize", "width": 0, "height": -3})
    assert door.size == (MAX_COLUMNS, 1)
