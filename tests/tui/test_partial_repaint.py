"""A cursor move repaints only what changed (a few hundred bytes over SSH, issue 17),
and what it leaves alone is still right: the terminal, fed only the partial updates,
shows exactly what a full repaint shows afterwards. Both games."""

from __future__ import annotations

import pyte
from textual._compositor import CompositorUpdate

GOAL = 2048


class Glass:
    """A terminal (pyte) fed with every screen update the app sends, from the first;
    ``sent`` counts the bytes (as ``bytes_sent.BytesSent`` does)."""

    def __init__(self, app, size) -> None:
        self.screen = pyte.Screen(*size)
        self.stream = pyte.Stream(self.screen)
        self.sent = 0
        original = app._display

        def display(screen, renderable):
            if isinstance(renderable, CompositorUpdate):
                text = renderable.render_segments(app.console)
                self.sent += len(text.encode())
                self.stream.feed(text)
            return original(screen, renderable)

        app._display = display

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def cells(self) -> list:
        """Every cell with its colours and marks (a stale colour is wrong too)."""
        return [(y, x, c.data, c.fg, c.bg, c.bold, c.reverse, c.underscore)
                for y, row in sorted(self.screen.buffer.items()) for x, c in sorted(row.items())]


async def _until_still(pilot, glass, tries: int = 10) -> None:
    """Pause until a pause sends nothing more. On a busy machine (CI, several test
    workers) part of a key's repaint can come after the first pause; counted with the
    next key, it made that key look twice as dear."""
    sent = None
    for _ in range(tries):
        await pilot.pause()
        if glass.sent == sent:
            return
        sent = glass.sent


async def _moves_then_full_repaint(app, pilot, glass, keys) -> list[int]:
    """Press ``keys`` (cursor moves); then check the glass against a full repaint of
    every widget. Returns the bytes each key cost, sorted."""
    costs = []
    await _until_still(pilot, glass)
    for key in keys:
        before = glass.sent
        await pilot.press(key)
        await _until_still(pilot, glass)
        costs.append(glass.sent - before)
    shown, cells = glass.text(), glass.cells()
    for widget in app.screen.walk_children():
        widget.refresh()
    await pilot.pause()
    assert glass.text() == shown
    assert glass.cells() == cells
    return sorted(costs)


async def _after_a_theme_change(app, pilot, glass, keys) -> None:
    """Another theme (every widget's styles updated), then cursor moves: what was kept
    drawn is drawn again in the new colours, and still matches a full repaint."""
    app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
    await pilot.pause()
    await _moves_then_full_repaint(app, pilot, glass, keys)


async def test_ward_cursor_moves_repaint_two_rows_and_leave_the_rest_right(tmp_path):
    from test_clear_ward_driver import make_app, settle

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    glass = Glass(app, (100, 32))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        costs = await _moves_then_full_repaint(app, pilot, glass, ["right", "down", "left", "up", "down"] * 2)
        assert costs[len(costs) // 2] <= GOAL and "1 " in glass.text()
        await pilot.press("n", "enter")  # a move played: the whole ward changes
        await settle(pilot, app)
        await _moves_then_full_repaint(app, pilot, glass, ["left", "up", "right"])
        await _after_a_theme_change(app, pilot, glass, ["right", "down"])



async def test_at_160x50_a_ward_cursor_move_sends_the_spaces_that_changed_not_their_rows(tmp_path):
    """A space is 12 columns wide here and a row of the ward 69: a move sends the two
    spaces it changes (each line from where the change starts, ``tui_common.repaint``),
    not their rows from the ward's left edge (1.1 KB along a row, 2 KB down one, before)."""
    from test_clear_ward_driver import make_app, settle

    app = make_app("Ann,Bob", seed=1, tmp_path=tmp_path)
    glass = Glass(app, (160, 50))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        costs = await _moves_then_full_repaint(app, pilot, glass, ["right", "down", "left", "up"] * 2)
        assert min(costs) > 0 and max(costs) <= GOAL // 2, costs

async def test_clinic_cursor_moves_send_under_2_kb_and_leave_the_rest_right():
    from test_clinic_driver import game_screen, make_app, settle

    app = make_app("Ann,Bob")
    glass = Glass(app, (100, 32))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        if app.screen is not game_screen(app):
            await pilot.press("escape")  # the phase's menu: look at the board first
            await pilot.pause()
        screen = game_screen(app)
        before = screen.clinic_board.cursor
        costs = await _moves_then_full_repaint(app, pilot, glass, ["right", "down", "right", "left", "up"] * 2)
        assert screen.clinic_board.cursor != before and min(costs) > 0  # the cursor did move, each key drew
        assert costs[len(costs) // 2] <= GOAL, costs
        assert max(costs) <= 2 * GOAL, costs
        await _after_a_theme_change(app, pilot, glass, ["left", "down"])
