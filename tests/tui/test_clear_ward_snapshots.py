"""Snapshots of the setup, mid-game and game-over screens at 80x24 and 120x40.

Fixed seeds, no computer pause and no clock text, so every run draws the same screen.
"""

from __future__ import annotations

import random

import pytest
from test_clear_ward_driver import do_action, game_screen, make_app, settle

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options
from core.clear_ward import Phase, legal_actions

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_setup_screen(snap_compare, size):
    app = ClearWardApp(Options(seed=7, cpu_delay=0))
    assert snap_compare(app, terminal_size=size)


async def _mid_game(pilot):
    app = pilot.app
    rng = random.Random(3)
    await settle(pilot, app)
    for turn in range(40):  # a few actions, then stop when a person is to move
        screen = game_screen(app)
        if turn >= 6 and screen.state.phase is Phase.MOVE:
            break
        await do_action(pilot, screen, rng.choice(legal_actions(screen.state)))
        await settle(pilot, app)
    await pilot.press("n", "n")  # show a legal stop and the cards it passes over
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_mid_game(snap_compare, size, tmp_path):
    app = make_app("Ann,Bob,cpu:greedy", seed=7, tmp_path=tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=_mid_game)


async def _to_game_over(pilot):
    await settle(pilot, pilot.app)  # two computer seats play the whole game by themselves
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_game_over(snap_compare, size, tmp_path):
    app = make_app("Ann=cpu:greedy,Bob=cpu:random", seed=7, tmp_path=tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=_to_game_over)
