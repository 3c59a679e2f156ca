"""A served session's partial screen updates draw only the rows that changed
(``tui_common.server.band_updates``, issue 33: CPU per key), and send exactly what
Textual's own partial update sends."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual._compositor import Compositor

from tests.server.test_key_cost import Session
from tests.server.test_key_cost_cuts import _clinic_room
from tui_common.server import band_updates
from tui_common.server.band_updates import ORIGINAL, row_runs
from tui_common.server.hall import Hall
from tui_common.server.store import Store

pytestmark = pytest.mark.timeout(120)

RIGHT, LEFT, DOWN, UP = b"\x1b[C", b"\x1b[D", b"\x1b[B", b"\x1b[A"


def test_row_runs_are_the_runs_of_consecutive_rows():
    assert list(row_runs([19, 4, 5, 6, 18, 5])) == [(4, 7), (18, 20)]
    assert list(row_runs([0])) == [(0, 1)]
    assert list(row_runs([1, 3])) == [(1, 2), (3, 4)]
    assert list(row_runs([])) == []


def _segments(update, width: int) -> list:
    console = Console(width=width, force_terminal=True, color_system="truecolor")
    return list(update.__rich_console__(console, console.options))


class _Checker:
    """Each partial update the compositor makes, made twice from the same dirty regions:
    Textual's way and the banded way; both kept to compare."""

    def __init__(self) -> None:
        self.pairs: list[tuple[list, list]] = []

    def partial_update(self, compositor: Compositor):
        dirty = set(compositor._dirty_regions)
        banded = Compositor._get_renders
        Compositor._get_renders = ORIGINAL["_get_renders"]
        try:
            textual_own = ORIGINAL["render_partial_update"](compositor)
        finally:
            Compositor._get_renders = banded
        compositor._dirty_regions.update(dirty)
        ours = band_updates._banded_partial_update(compositor)
        width = compositor.size.width
        if textual_own is not None or ours is not None:
            self.pairs.append((_segments(textual_own, width) if textual_own else None,
                               _segments(ours, width) if ours else None))
        return ours


@pytest.mark.parametrize("game", ["clinic", "clear-the-ward"])
async def test_a_served_session_sends_what_textual_would(game, tmp_path, monkeypatch):
    """Cursor moves, a floor change, a menu opened and closed: every partial update sends
    the same bytes as Textual's own (the same spans, each line made of the same widgets
    front to back)."""
    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    room = hall.create(game, "Ann,Bob", "Ann", seed=1)
    session = Session(room, 0, "Ann")
    try:
        await session.start()
        assert band_updates.banded_updates()  # installed by the server's driver
        checker = _Checker()
        monkeypatch.setattr(Compositor, "render_partial_update", lambda compositor: checker.partial_update(compositor))
        for key in (RIGHT, RIGHT, DOWN, DOWN, LEFT, UP, b"2", b"1", b"\t", DOWN, b"\x1b", RIGHT):
            session.term.feed(key)
            await session.settle()
        assert len(checker.pairs) >= 5
        for textual_own, ours in checker.pairs:
            assert ours == textual_own
    finally:
        await session.stop()


async def test_a_clinic_cursor_move_draws_neither_the_key_bar_nor_the_header(tmp_path):
    """A cursor move changes lines of the board and the status line. Textual drew every
    widget whose container's area met the box around them (the key bar, the header, the
    side panel: about 160 lines a move); banded, only the widgets with a changed row."""
    from textual.widget import Widget

    room = _clinic_room(tmp_path)
    session, other = Session(room, 0, "Ann"), Session(room, 1, "Bob")  # (no one waited for: no clock)
    drawn: list[str] = []
    moves: list[list[str]] = []
    real = Widget.render_lines

    def render_lines(widget, crop):
        drawn.append(type(widget).__name__)
        return real(widget, crop)

    try:
        await session.start()
        await other.start()
        await session.settle()
        Widget.render_lines = render_lines
        for key in (RIGHT, LEFT, RIGHT, LEFT, RIGHT, LEFT):
            written, before = session.written, session.app.screen
            session.term.feed(key)
            await session.until(lambda: session.written > written)
            await session.settle()
            on_board = session.app.screen is before and type(before).__name__ == "GameScreen"
            if on_board and "ChoiceDialog" not in drawn:
                moves.append(sorted(set(drawn)))  # (a move, not Ann's first menu opening or closing over it)
            del drawn[:]
        assert len(moves) >= 4
        for widgets in moves:
            assert "ClinicBoard" in widgets and "Static" in widgets  # the board and the status line
            assert "Footer" not in widgets and "TableHeader" not in widgets
    finally:
        Widget.render_lines = real
        await session.stop()
        await other.stop()


async def test_a_ward_cursor_move_draws_nothing_beside_the_ward(tmp_path):
    """A Clear the Ward cursor move changes spaces of the ward and the status line under
    it. The widgets beside the ward's changed rows (the side panel: hand, log book,
    scores) have none of the changed columns, and are not drawn any more."""
    from textual.widget import Widget

    from clear_ward_tui.widgets.ward_grid import WardGrid
    from tests.server.test_key_cost import ward_hall

    _hall, room = ward_hall(tmp_path)
    session, other = Session(room, 0, "Ann"), Session(room, 1, "Bob")
    drawn: list[Widget] = []
    moves: list[list[Widget]] = []
    real = Widget.render_lines

    def render_lines(widget, crop):
        drawn.append(widget)
        return real(widget, crop)

    try:
        await session.start()
        await other.start()
        await session.settle()
        seat = session if room.actor == 0 else other
        Widget.render_lines = render_lines
        for key in (RIGHT, LEFT, RIGHT, LEFT):
            written = seat.written
            seat.term.feed(key)
            await seat.until(lambda: seat.written > written)
            await seat.settle()
            moves.append(list(drawn))
            del drawn[:]
        grid = seat.app.screen.query_one(WardGrid)
        beside = [w for w in seat.app.screen.walk_children(Widget)
                  if w.region.width and (w.region.x >= grid.region.right or w.region.right <= grid.region.x)
                  and w.region.y < grid.region.bottom and w.region.bottom > grid.region.y]
        assert beside, "the ward has widgets beside it"
        for widgets in moves:
            assert grid in widgets
            assert not [w for w in widgets if w in beside], [type(w).__name__ for w in widgets if w in beside]
    finally:
        Widget.render_lines = real
        await session.stop()
        await other.stop()
