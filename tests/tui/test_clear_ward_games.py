"""Whole games played by key presses: two people, a computer seat, the Night Shift."""

from __future__ import annotations

import json
import random

from test_clear_ward_driver import game_screen, make_app, play_to_end, settle

from clear_ward_tui import records
from clear_ward_tui.screens.game_over import GameOverScreen
from core.clear_ward import EndReason, apply_action, new_game, result


async def test_two_people_play_a_whole_game_by_keys(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        start = screen.state
        assert start == new_game(["Ann", "Bob"], 7)
        played = await play_to_end(pilot, app, random.Random(1))
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        # the engine alone, fed the same actions, gives the same end and winner
        state = start
        for before, action in played:
            assert before == state
            state = apply_action(state, action)
        assert state == over.state
        res = result(state)
        assert over.result == res and res.winners
        summary = str(over.query_one("#over-summary").render())
        names = ["Ann", "Bob"]
        assert " and ".join(names[s] for s in res.winners) in summary
        await pilot.press("q")
    assert app.return_code in (0, None)


async def test_game_with_a_computer_seat(tmp_path):
    app = make_app("Ann,cpu:greedy", seed=11, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        log = screen.query_one("#log")
        played = await play_to_end(pilot, app, random.Random(2))
        over = app.screen
        assert isinstance(over, GameOverScreen)
        res = result(over.state)
        assert res == over.result
        sentences = log.sentences
        assert any(s.startswith("CPU (medium) ") for s in sentences), "computer turns are narrated"
        assert all(before.current == 0 for before, _ in played), "people only act on their seat"


async def test_night_shift_records_the_time(tmp_path):
    app = make_app("Nia", seed=3, tmp_path=tmp_path, show_clock=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        status = str(screen.query_one("#status").render())
        assert "⏱ 00:00 (starts on 1st move)" in status
        from rich.cells import cell_len

        width = screen.query_one("#status").content_region.width
        assert all(cell_len(line) <= width for line in status.splitlines()), (width, status)  # none cut
        await play_to_end(pilot, app, random.Random(5))
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert screen.clock.started is not None
        text = str(over.query_one("#over-summary").render())
        if over.state.end_reason is EndReason.WARD_CLEAR:
            assert "Time:" in text
            data = json.loads((tmp_path / records.FILE_NAME).read_text())
            assert "3" in data["seeds"]
        else:
            assert "Night Shift is lost" in text


async def test_too_small_terminal_swallows_keys_until_it_grows(tmp_path):
    from tui_common.too_small import TooSmallScreen

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause(0.5)
        assert isinstance(app.screen, TooSmallScreen)
        assert "Terminal too small: 70×20" in str(app.screen.query_one("#too-small-text").render())
        await pilot.press("right", "enter", "c", "q", "y")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.5)
        await settle(pilot, app)
        screen = game_screen(app)
        assert app.screen is screen and screen.record.actions == (), "no key reached the game"
        await pilot.resize_terminal(79, 24)
        await pilot.pause(0.3)
        assert isinstance(app.screen, TooSmallScreen)
