"""The ward redraws a row of spaces from strips kept per space look (``_CELL_STRIPS``,
shared by every ward of the process: a server's sessions) instead of drawing the whole
row as one text (issue 33, the server's cost per key). What it draws is the same, line
for line and style for style, and a cursor move draws only the spaces it changes. The
whole ward (the first frame) is drawn a row at a time, the quicker way for every row."""

from __future__ import annotations

import random

import pytest
from rich.segment import Segment
from textual import events
from textual.app import App, ComposeResult
from textual.messages import Prompt

from clear_ward_tui.widgets import ward_grid
from clear_ward_tui.widgets.ward_grid import SIZE, GridView, WardGrid
from core.clear_ward import Move, legal_actions, new_game
from core.clear_ward.rules import apply_action

pytestmark = pytest.mark.timeout(120)


class WardApp(App):
    def compose(self) -> ComposeResult:
        yield WardGrid()


def _states(seed: int, count: int):
    """States of a random two-player game, every few actions."""
    rng = random.Random(seed)
    state = new_game(["Ann", "Bob"], seed=seed)
    out = [state]
    while len(out) < count and state.phase.name != "OVER":
        for _ in range(3):
            actions = legal_actions(state)
            if not actions or state.phase.name == "OVER":
                break
            state = apply_action(state, rng.choice(actions))
        out.append(state)
    return out


def _whole_band_lines(grid: WardGrid, band: int):
    """The band's lines drawn the old way: its whole text at once (``_band_text``)."""
    lines = 1 if band == 0 else grid._cell_h()
    return grid._to_strips(grid._band_text(band), grid.size.width, lines, grid.visual_style)


def _segments(strip):
    return list(Segment.simplify(strip))


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_rows_drawn_from_kept_spaces_match_the_whole_row_drawn_at_once(size):
    app = WardApp()
    async with app.run_test(size=size) as pilot:
        grid = app.query_one(WardGrid)
        await pilot.pause()
        for state in _states(3, 8):
            stops = {}
            for action in legal_actions(state):
                if isinstance(action, Move):
                    stops[(state.doctor + 1) % (SIZE * SIZE)] = action
            targets = frozenset({0, 7}) if state.turn % 2 else frozenset()
            for viewer in (0, None):
                grid.show(GridView(state, stops, targets, (7,) if targets else (), viewer=viewer))
                for cursor in range(0, SIZE * SIZE, 5):
                    grid.cursor = cursor
                    grid.refresh()
                    for band in range(SIZE + 1):
                        start = 0 if band == 0 else 1 + (band - 1) * grid._cell_h()
                        old = _whole_band_lines(grid, band)
                        drawn = [grid.render_line(start + i) for i in range(len(old))]
                        assert [_segments(s) for s in drawn] == [_segments(s) for s in old], (band, cursor)
                        if band:
                            kept = grid._band_strips(band - 1)
                            assert [_segments(s) for s in kept] == [_segments(s) for s in old], (band, cursor)


async def test_a_cursor_move_draws_only_the_spaces_it_changes(monkeypatch):
    """The first frame draws whole rows (no space from the kept strips). With the looks
    kept, a move draws only the spaces it changes (old and new selection), and moving
    back and forth again draws nothing anew. The process's kept strips start empty: another test of the
    same worker that drew these looks would leave nothing to draw (stop 39's CI)."""
    monkeypatch.setattr(ward_grid, "_CELL_STRIPS", {})
    drawn = []
    original = WardGrid._cell_text

    def spy(self, cell, w, h):
        drawn.append(cell)
        return original(self, cell, w, h)

    monkeypatch.setattr(WardGrid, "_cell_text", spy)
    app = WardApp()
    async with app.run_test(size=(100, 32)) as pilot:
        grid = app.query_one(WardGrid)
        state = new_game(["Ann", "Bob"], seed=5)
        grid.show(GridView(state, viewer=0))
        grid.cursor = 14
        grid.focus()
        await pilot.pause()
        assert drawn == [] and ward_grid._CELL_STRIPS == {}, "the first frame: whole rows"
        for row in range(SIZE):  # every space's look kept, as after a few moves
            grid._band_strips(row)
        drawn.clear()
        await pilot.press("right")
        await pilot.pause()
        first = sorted(drawn)
        assert 15 in first and set(first) <= {14, 15, 16} | set(range(12, 18)), first
        assert len(first) <= 3, first  # the old, the new selection, the bracket beside it
        drawn.clear()
        for key in ("left", "right", "left", "right"):
            await pilot.press(key)
            await pilot.pause()
        assert drawn == []


async def test_two_wards_share_the_spaces_they_drew():
    """A second ward of the process (another session at the same table) draws the same
    spaces, after the same cursor move, from the strips the first one kept."""
    state = new_game(["Ann", "Bob"], seed=8)
    ward_grid._CELL_STRIPS.clear()
    kept = {}
    for app in (WardApp(), WardApp()):
        async with app.run_test(size=(100, 32)) as pilot:
            grid = app.query_one(WardGrid)
            grid.show(GridView(state, viewer=0))
            grid.focus()
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
        kept = kept or dict(ward_grid._CELL_STRIPS)
    assert kept
    assert all(ward_grid._CELL_STRIPS[key] is strips for key, strips in kept.items())


async def test_a_cursor_move_posts_no_message(monkeypatch):
    """The screen follows the selection with ``watch``; a message at each key (the old
    ``WardGrid.Moved``, which nothing handled) bubbled through every container to the
    app: a task wake-up for each, at each key."""
    app = WardApp()
    async with app.run_test(size=(100, 32)) as pilot:
        grid = app.query_one(WardGrid)
        grid.show(GridView(new_game(["Ann", "Bob"], seed=5), viewer=0))
        grid.cursor = 14
        grid.focus()
        await pilot.pause()
        posted = []
        original = WardGrid.post_message

        def spy(self, message):
            if message.bubble and not isinstance(message, (events.Event, Prompt)):  # keys come in as events
                posted.append(type(message).__name__)
            return original(self, message)

        monkeypatch.setattr(WardGrid, "post_message", spy)
        await pilot.press("right", "down")
        await pilot.pause()
        assert grid.cursor == 21
        assert posted == []


async def test_the_status_lines_draw_each_line_alone_as_the_static_drew_them_together(monkeypatch):
    """``StatusLines`` draws a line alone and keeps it until its text changes: the same
    strips as ``Static`` drawing all its lines, and a cursor move draws only the line
    about the space under the cursor."""
    from textual.visual import Visual
    from textual.widgets import Static

    from clear_ward_tui.screens.status import StatusLines

    class StatusApp(App):
        def compose(self) -> ComposeResult:
            yield StatusLines(id="status")

    app = StatusApp(css_path=None)
    app.CSS = "#status { height: 3; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }"
    async with app.run_test(size=(60, 10)) as pilot:
        lines = app.query_one(StatusLines)
        samples = [["Ann to play: move the [b]Doctor[/b] (Enter)", "C3 · Cardio 2★ · a very long line " * 3, "→ east"],
                   ["Ann to play: move the [b]Doctor[/b] (Enter)", "D4 · empty", "→ east"]]
        for sample in samples:
            lines.show(sample)
            await pilot.pause()
            whole = [Static.render_line(lines, y) for y in range(3)]
            alone = [lines.render_line(y) for y in range(3)]
            assert [_segments(s) for s in alone] == [_segments(s) for s in whole]
        drawn = []
        original = Visual.to_strips

        def spy(widget, visual, *args, **kwargs):
            drawn.append(str(visual))
            return original(widget, visual, *args, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", spy)
        lines.show(samples[0])
        await pilot.pause()
        assert drawn == [samples[0][1]]
