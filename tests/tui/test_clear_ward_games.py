"""Whole games played by key presses: two people, a computer seat, the Night Shift.

Suite time (docs/testing.md): each key press redraws the screen, so a game played by
keys costs about half a second per action. The seeds are chosen so that the whole
games are short (the two people's game: 12 actions, every kind a person plays: moves,
drawing, declining, keeping and using a staff card), and the Night Shift plays its
first move and its end by keys, the middle through the engine (a save). The game with
a computer seat: 28 actions."""

from __future__ import annotations

import json
import random

from test_clear_ward_driver import do_action, game_screen, make_app, play_to_end, save_near_the_end, settle, wait_for

from clear_ward_tui import records
from clear_ward_tui.screens.game_over import GameOverScreen
from core.clear_ward import EndReason, apply_action, legal_actions, new_game, result


async def test_two_people_play_a_whole_game_by_keys(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        start = screen.state
        assert start == new_game(["Ann", "Bob"], 7)
        played = await play_to_end(pilot, app, random.Random(293))  # a 12-action game
        kinds = {type(action).__name__ for _, action in played}
        assert kinds >= {"Move", "DrawStaff", "DeclineStaff", "KeepStaff", "UseStaff"}, kinds
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
        played = await play_to_end(pilot, app, random.Random(29))  # 18 actions of Ann's, 10 of the computer's
        over = app.screen
        assert isinstance(over, GameOverScreen)
        res = result(over.state)
        assert res == over.result
        sentences = log.sentences
        assert any(s.startswith("CPU (medium) ") for s in sentences), "computer turns are narrated"
        assert all(before.current == 0 for before, _ in played), "people only act on their seat"


async def test_night_shift_records_the_time(tmp_path):
    """The clock waits for the first move and starts with it; at the end of a Night
    Shift won the time is shown and kept as the seed's best. (The first move by keys on
    a new game; the end by keys on the same game saved 8 actions before it, its clock
    at 42 s.)"""
    app = make_app("Nia", seed=3, tmp_path=tmp_path, show_clock=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        status = str(screen.query_one("#status").render())
        assert "⏱ 00:00 (starts on 1st move)" in status
        from rich.cells import cell_len

        width = screen.query_one("#status").content_region.width
        assert all(cell_len(line) <= width for line in status.splitlines()), (width, status)  # none cut
        rng = random.Random(2)
        while screen.state.moves == 0:  # staff cards may come before the first move
            assert screen.clock.started is None
            await do_action(pilot, screen, rng.choice(legal_actions(screen.state)))
            await settle(pilot, app)
        assert screen.clock.started is not None, "the first move starts the clock"

    path, last = save_near_the_end(tmp_path, ["Nia"], 3, 2, 8, clock=42.0)
    app = make_app("Nia", seed=3, tmp_path=tmp_path, show_clock=True, load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert len(screen.record.actions) == 47 - 8 and screen.clock.started is not None
        for action in last:  # the last 8 actions, by keys
            await do_action(pilot, screen, action)
            await settle(pilot, app)
        assert screen.record.actions[-8:] == tuple(last)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert over.state.end_reason is EndReason.WARD_CLEAR
        text = str(over.query_one("#over-summary").render())
        assert "Time:" in text
        data = json.loads((tmp_path / records.FILE_NAME).read_text())
        assert data["seeds"]["3"] >= 42.0, data  # the saved 42 s count


async def test_too_small_terminal_swallows_keys_until_it_grows(tmp_path):
    from tui_common.too_small import TooSmallScreen

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "Terminal too small: 70×20" in str(app.screen.query_one("#too-small-text").render())
        await pilot.press("right", "enter", "c", "q", "y")
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: game_screen(app) is not None and app.screen is game_screen(app))
        for _ in range(3):  # a few more refreshes: a key held back would be played by now
            await pilot.pause()
        await settle(pilot, app)
        screen = game_screen(app)
        assert app.screen is screen and screen.record.actions == (), "no key reached the game"
        await pilot.resize_terminal(79, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
