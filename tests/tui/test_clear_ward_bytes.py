"""A cursor move on the ward sends only the spaces it changes (issue 12: it sent the whole
screen, ~12.9 KB a key press, slow over SSH; the goal is at most 2 KB)."""

from __future__ import annotations

import pytest
from bytes_sent import BytesSent
from test_clear_ward_driver import game_screen, make_app, settle

GOAL = 2048


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_a_cursor_move_sends_at_most_2_kb(size, tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        costs = []
        for key in ["right", "down", "left", "up"] * 3:
            with BytesSent(app) as sent:
                await pilot.press(key)
                await pilot.pause()
            costs.append(sent.total)
        costs.sort()
        assert costs[len(costs) // 2] <= GOAL, costs
        assert max(costs) <= 2 * GOAL, costs


async def test_a_whole_repaint_is_counted(tmp_path):
    """The counter itself: a full refresh of the ward costs more than the goal (so the
    test above would fail if every cursor move repainted the ward)."""
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        with BytesSent(app) as sent:
            game_screen(app).query_one("#ward").refresh()
            await pilot.pause()
        assert sent.total > GOAL


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_a_cursor_move_repaints_only_the_status_line_that_changed(size, tmp_path):
    """Of the three status lines (what to do, the space under the cursor, the last
    direction), a cursor move changes only the second: the other two are not sent again
    (they were, ~300 bytes a key at 160x50)."""
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        status = game_screen(app).query_one("#status")
        top = status.region.y
        lines = set(range(top, top + status.region.height))
        for key in ["right", "down", "left", "up"]:
            with BytesSent(app) as sent:
                await pilot.press(key)
                await pilot.pause()
            assert sent.rows & lines == {top + 1}, (key, sorted(sent.rows))
