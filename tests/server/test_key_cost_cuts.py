"""The server's cost per key and per seated session (issue 33), second pass: what each
cut must keep true. Strips make their caches when first used (``lean_strips``); a new
sub-title ("waiting for Ann 0:12", each second) redraws the header's line, not the
screen; Clinic's cursor move draws the two cells it changes and updates the screen once.
The timings are the benchmarks' (tests/benchmarks/server_key_cost.py, server_load.py)."""

from __future__ import annotations

import asyncio

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.app import App

from tests.server.test_key_cost import Session as KeyCostSession
from tests.server.test_key_cost import ward_hall as _ward_hall
from tui_common.server.hall import Hall
from tui_common.server.store import Store

pytestmark = pytest.mark.timeout(120)

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


def _made(strip, name: str) -> bool:
    """Whether ``strip`` holds its cache ``name`` (without making it)."""
    from tui_common.server.lean_strips import LazyCache

    slot = type(strip).__dict__[name]
    assert isinstance(slot, LazyCache)
    try:
        slot.slot.__get__(strip, type(strip))
    except AttributeError:
        return False
    return True


def test_a_strip_makes_each_cache_when_it_first_uses_it():
    """Textual's Strip made seven caches with every strip (about 0.9 kB); lean, a strip
    holds none until it crops, divides or styles, and then only that one, with the
    same results."""
    from textual.strip import Strip

    from tui_common.server.lean_strips import CACHES, lean_strips

    assert lean_strips() and lean_strips()  # (a second call changes nothing)
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    assert not any(_made(strip, name) for name in CACHES)
    assert strip.crop(1, 8).text == "ello wo"
    assert strip.crop(1, 8) is strip.crop(1, 8)  # kept, as before
    assert [_made(strip, name) for name in CACHES] == [name == "_crop_cache" for name in CACHES]
    assert [part.text for part in strip.divide([3, 7])] == ["hel", "lo w"]
    assert strip.apply_style(Style(italic=True)).text == "hello world"
    assert strip.cell_length == 11 and strip.text == "hello world"
    assert sorted(name for name in CACHES if _made(strip, name)) == ["_crop_cache", "_divide_cache", "_style_cache"]


class Session(KeyCostSession):
    """One seated player's app on the server's driver, counting what it writes; the
    screen counts as still after 0.3 s without output."""

    QUIET = 0.3


def _ward_room(tmp_path):
    """A two-player Clear the Ward room at a person's move (no dialog open)."""
    return _ward_hall(tmp_path)[1]


async def test_a_new_sub_title_redraws_the_header_line_not_the_screen(tmp_path):
    """The server sets a seated player's sub-title each second while the game waits for
    someone ("waiting for Ann 0:12"); Textual's screen repainted everything for it
    (about 9 KB at 100×32). Now only the title's line is sent, and it says the new text."""
    session = Session(_ward_room(tmp_path), 0, "Ann")
    try:
        await session.start()
        screen = session.app.screen
        frames = []
        session._write = lambda data: frames.append(data) or Session._write(session, data)
        session.term._write = session._write
        for n in range(3):
            del frames[:]
            text = f"room #1 · you are Ann · waiting for Bob 0:0{n}"
            session.app.call_later(setattr, screen, "sub_title", text)
            await session.until(lambda: text.encode() in b"".join(frames))
            frame = next(f for f in frames if text.encode() in f)
            assert len(frame) < 1200, len(frame)  # one line of 100 columns, not the 32 lines
    finally:
        await session.stop()


def _clinic_room(tmp_path):
    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    return hall.create("clinic", "Ann,Bob", "Ann", seed=1)


async def test_a_clinic_cursor_move_updates_the_screen_once(tmp_path):
    """The board's lines and the status line about the space under the cursor go out in
    one screen update (one write to the client), not one for the board and one more
    when a ``Moved`` message has bubbled up to the screen."""
    from clinic_tui.widgets.clinic_board import ClinicBoard

    room = _clinic_room(tmp_path)
    session, other = Session(room, 0, "Ann"), Session(room, 1, "Bob")  # (no one waited for: no clock)
    try:
        await session.start()
        await other.start()
        await session.settle()
        board = session.app.screen.query_one(ClinicBoard)
        updates, statuses = [], set()
        for key in (RIGHT, RIGHT, LEFT, LEFT):
            cursor, writes = board.cursor, session.writes
            session.term.feed(key)
            await session.until(lambda: board.cursor != cursor)
            await session.settle()
            updates.append(session.writes - writes)
            statuses.add(session.app.screen.drawing._status_shown)
        assert updates == [1, 1, 1, 1]
        assert len(statuses) > 1  # the status line did follow the cursor
    finally:
        await session.stop()
        await other.stop()


class _Host(App):
    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self):
        yield self.widget


async def test_a_clinic_cursor_move_draws_only_the_cells_it_changes():
    """Clinic's board drew every cell of the floor at each cursor move; it now keeps
    the cells (and their rows) by look and draws the two the move changes, and the
    floor it shows is the same, line for line, as one drawn whole."""
    from clinic_tui import saving
    from clinic_tui.config import UNICODE, Options, parse_players
    from clinic_tui.widgets.clinic_board import ClinicBoard
    from core.clinic.board import Space

    state = saving.new_record(Options(seats=parse_players("Ann"), seed=3), 3).state
    clinic = state.players[0].clinic
    board = ClinicBoard(UNICODE)
    drawn = []
    real_cell = board._cell
    board._cell = lambda pic, space, *rest: drawn.append(space) or real_cell(pic, space, *rest)
    async with _Host(board).run_test(size=(100, 40)) as pilot:
        board.draw(clinic, all_floors=False, title="your clinic", cars={}, carrying=frozenset())
        await pilot.pause()
        cells = clinic.board.cols * clinic.board.rows
        assert len(drawn) == cells  # the first picture: every cell once
        start = board.cursor
        right = Space(start.floor, start.col + 1, start.row)
        for step, expected in (((1, 0), {start, right}), ((-1, 0), set())):
            del drawn[:]
            board.step(*step)
            assert sorted(drawn, key=repr) == sorted(expected, key=repr)  # the two cells; back: both kept
        del drawn[:]
        board.step(0, 1)
        assert drawn == [board.cursor]
        kept_lines = [(line.plain, line.spans) for line in board._lines()]
        fresh = ClinicBoard(UNICODE)
        await pilot.app.mount(fresh)
        fresh.draw(clinic, all_floors=False, title="your clinic", cars={}, carrying=frozenset())
        fresh.go_to(board.cursor)
        assert [(line.plain, line.spans) for line in fresh._lines()] == kept_lines


# -- the lobby a player passed through is freed when they sit down ----------------------


def _collector(calls: list[str], pending: list):
    from tui_common.server.collector import Collector

    found = Collector(freeze=lambda: calls.append("freeze"), unfreeze=lambda: calls.append("unfreeze"),
                      collect=lambda: calls.append("collect") or 0,
                      call_later=lambda seconds, callback: pending.append((seconds, callback)))
    found.activate()
    return found


def _run(pending: list) -> list[float]:
    ready, pending[:] = list(pending), []
    for _, callback in ready:
        callback()
    return [seconds for seconds, _ in ready]


def test_a_lobby_is_kept_out_of_the_freeze_and_collected_when_it_closes():
    """While a lobby runs, the game apps' freeze waits (a frozen lobby was held until the
    next sweep, which with players arriving one by one never came); when it closes, one
    collection of what is not frozen frees it: no unfreeze, no full sweep."""
    from tui_common.server.collector import PASSING_FREE, PASSING_RETRY, SETTLE_SECONDS

    calls, pending = [], []
    c = _collector(calls, pending)
    c.app_started()  # Ann's game
    c.app_started(passing=True)  # Bob's lobby
    assert _run(pending) == [SETTLE_SECONDS, SETTLE_SECONDS] and calls == []
    assert _run(pending) == [PASSING_RETRY, PASSING_RETRY] and calls == []  # still waiting
    c.app_closed(passing=True)  # Bob sits down
    assert sorted(_run(pending)) == sorted([PASSING_RETRY, PASSING_RETRY, PASSING_FREE])  # (retries first)
    assert calls == ["collect", "freeze"] and c.running == 1  # no freeze before it; the one waiting after


def test_a_lobby_kept_open_long_is_frozen_after_all():
    from tui_common.server.collector import PASSING_WAIT

    calls, pending = [], []
    c = _collector(calls, pending)
    c.app_started(passing=True)
    waited = 0.0
    while not calls:
        waited += sum(_run(pending))
        assert waited <= PASSING_WAIT + 3
    assert calls == ["collect", "freeze"]


async def test_a_lobby_is_gone_once_its_player_sits_down(tmp_path, monkeypatch):
    """With the real ``gc``, another player's app running (so no idle sweep comes): the
    lobby app a player passed through is freed once they choose a room, although it ran
    longer than the settle time (before: frozen with the rest, held until a sweep; and
    held for good by Textual's parser cache, see ``driver._parser_class``)."""
    import gc
    import weakref

    from tui_common.server import collector as collector_module
    from tui_common.server.collector import Collector
    from tui_common.server.driver import Terminal, run_app
    from tui_common.server.lobby import LobbyApp

    real = Collector()
    real.activate()
    monkeypatch.setattr("tui_common.server.driver.COLLECTOR", real)
    monkeypatch.setattr(collector_module, "SETTLE_SECONDS", 0.2)
    # The loop's worker thread keeps the sys.stderr it was started under (an app's
    # output capture: that app would be held by the thread): start it beforehand.
    await asyncio.get_running_loop().run_in_executor(None, lambda: None)
    hall, room = _ward_hall(tmp_path)
    ann = Session(room, 0, "Ann")
    try:
        await ann.start()
        written = []
        term = Terminal(written.append, (100, 32))

        async def bob():  # as the server runs it: no reference kept once it returns
            return await run_app(LobbyApp(hall, "Bob"), term)

        task = asyncio.ensure_future(bob())
        await ann.until(lambda: sum(map(len, written)) > 2000)
        gone = weakref.ref(term.app)
        await asyncio.sleep(0.6)  # past the settle time: the game app's freeze came and waited
        assert real.passing == 1
        term.feed(b"\r")  # Bob's seat in the highlighted room
        assert await asyncio.wait_for(task, 10) == ("play", room.id)
        await ann.until(lambda: gone() is None, limit=10)
        assert real.freed == 1 and real.sweeps == 0
    finally:
        await ann.stop()
        gc.unfreeze()
