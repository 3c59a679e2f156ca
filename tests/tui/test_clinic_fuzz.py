"""700 (``FUZZ_SCALE=3``: 2,100) seeded random keys through running games, in two runs
of half as many (two deals, so that no test of the suite passes 20 s): nothing crashes,
and the game stays valid (every clinic legal outside the Move phase, money never
negative)."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual import events

from tests.keyfuzz import suite_keys

from test_clinic_driver import game_screen, make_app

from clinic_tui.screens.game_over import GameOverScreen
from clinic_tui.screens.setup import SetupScreen
from core.clinic import clinic_violations
from core.clinic.game import GameState, Phase

KEYS = [
    "up", "down", "left", "right", "h", "j", "k", "l",
    "enter", "enter", "enter", "enter", "space", "m", "m", "n", "d", "e", "a", "v",
    "0", "1", "1", "2", "2", "3", "4", "5", "left_square_bracket", "right_square_bracket",
    "escape", "escape", "escape", "t", "tab", "x", "pagedown", "u", "u", "ctrl+z",
]

#: Keys per run, in each of the ``RUNS`` (docs/testing.md "Suite time": the long run is
#: ``FUZZ_SCALE=3``); the keys must play the game on: at least one action a hundred keys.
FUZZ_KEYS = suite_keys(350)
#: The runs: (the keys' random seed, the game's seed).
RUNS = [(2024, 5), (2025, 7)]


def check_state(state: GameState) -> None:
    for p in state.players:
        assert p.money >= 0 and p.popularity >= 0
        if state.phase is not Phase.MOVE:
            assert clinic_violations(p.clinic, p.cars_owed) == (), clinic_violations(p.clinic, p.cars_owed)
    assert state.cars_lot >= 0


async def send_key(app, key: str) -> None:
    """Send one key the way ``Pilot.press`` does, without its idle wait (so 2,000 keys
    take seconds, like fast typing), then let the app run a little."""
    char = key if len(key) == 1 else {
        "space": " ", "enter": "\r", "question_mark": "?", "left_square_bracket": "[",
        "right_square_bracket": "]",
    }.get(key)
    app._driver.send_message(events.Key(key, char))
    for _ in range(8):
        await asyncio.sleep(0)


@pytest.mark.parametrize(("key_seed", "game_seed"), RUNS, ids=[f"deal-{g}" for _, g in RUNS])
async def test_random_keys_never_break_the_game(key_seed, game_seed):
    rng = random.Random(key_seed)
    app = make_app("Ann,Bob,cpu:random", seed=game_seed)
    sent = games = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):  # keys before the game is even on screen
            await send_key(app, rng.choice(KEYS))
        while sent < FUZZ_KEYS:
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                games += 1
                check_state(screen.state)
                await send_key(app, "s")  # same seed again, and keys at once
                for _ in range(10):  # not v: its replay's Esc, then the setup's Esc, would quit
                    await send_key(app, rng.choice([k for k in KEYS if k != "v"]))
            elif isinstance(screen, SetupScreen):
                await pilot.press("ctrl+s")
            else:
                await send_key(app, rng.choice(KEYS))
                sent += 1
            if sent % 50 == 0:
                await pilot.pause()
            game = game_screen(app)
            if game is not None and game.state is not None:
                check_state(game.state)
        await pilot.pause()
        assert app.is_running
        game = game_screen(app)
        assert game is not None or isinstance(app.screen, (GameOverScreen, SetupScreen))
        assert games or game is None or len(game.record.actions) > FUZZ_KEYS // 100, "the keys played the game on"


async def test_help_rules_and_quit_dialog_open_and_close():
    from tui_common.dialogs import ConfirmDialog
    from clinic_tui.screens.help import HelpScreen
    from tui_common.rules import RulesScreen

    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape", "q")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert game_screen(app) is app.screen
        await pilot.press("q", "y")
        await pilot.pause()
    assert not app.is_running


async def test_terminal_too_small_gate():
    from tui_common.too_small import TooSmallScreen

    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)


async def test_keys_right_after_play_again_do_not_crash():
    """Keys straight after "play again" (smoke test: the crash seen in tmux, keys reaching
    a new game screen before its first state, did not reproduce under Pilot)."""
    from test_clinic_snapshots import app_at, state_at

    app = app_at(state_at(3, lambda s: False), 3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):  # the game screen comes first, then its game-over screen
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        for key in ["p", "1", "right", "n", "enter", "v", "1", "escape"]:
            await send_key(app, key)
        await pilot.pause()
        assert app.is_running and game_screen(app) is not None
