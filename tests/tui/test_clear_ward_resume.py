"""Autosave after every action and ``--resume``: the game survives a closed terminal."""

from __future__ import annotations

from test_clear_ward_driver import game_screen, make_app, settle

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.autosave import autosave_path
from clear_ward_tui.config import Options
from clear_ward_tui.screens.setup import SetupScreen
from tui_common.event_log import EventLog
from core.clear_ward import Move, describe


async def _play_two_moves(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        for _ in range(2):
            move = next(a for a in game.legal() if isinstance(a, Move))
            game.play(move)
            await pilot.pause()
        return game.state, len(game.record.actions)


async def test_resume_picks_up_the_game_where_it_stopped(tmp_path):
    state, played = await _play_two_moves(tmp_path)
    assert autosave_path(Options(data_dir=tmp_path)).exists()
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, resume=True, show_clock=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        assert game is not None and game.state == state
        assert len(game.record.actions) == played
        assert game.names == ["Ann", "Bob"]
        sentences = game.query_one(EventLog).sentences
        assert sentences[:2] == [describe(b, a, c) for b, a, c in zip(
            game.record.states, game.record.actions, game.record.states[1:])]
        assert sentences[2].startswith("Resumed the game (Ann, Bob) after 2 actions.")  # two seats: no seed
        assert "7" not in game.sub_title


async def test_corrupt_autosave_is_reported_left_untouched_and_setup_opens(tmp_path):
    path = autosave_path(Options(data_dir=tmp_path))
    path.write_text('{"format": "hospital-games-save", "version": 1, "seed": ')
    before = path.read_bytes()
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, resume=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert any("corrupt or truncated" in n.message for n in app._notifications)
    assert path.read_bytes() == before
