"""Snapshots of the setup, mid-game and game-over screens at 80x24 and 120x40, and of
the replay viewer and the Continue list.

Fixed seeds, no computer pause and no clock text, so every run draws the same screen.
"""

from __future__ import annotations

import os
import random

import pytest
from attrs import evolve
from test_clear_ward_driver import do_action, game_screen, make_app, settle

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options
from core.clear_ward import Phase, legal_actions
from core.clear_ward.game_record import RULES
from core.record import GameRecord
from core.saves import SaveFolder, Seat, dumps, write_atomic

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_setup_screen(snap_compare, size, tmp_path):
    app = ClearWardApp(Options(seed=7, cpu_delay=0, data_dir=tmp_path))
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


def _recorded(seats, actions: int, rng_seed: int = 4) -> GameRecord:
    rng = random.Random(rng_seed)
    record = GameRecord.new(RULES, 7, seats, {"starting_player": None})
    while len(record.actions) < actions and not record.over:
        record = record.play(rng.choice(legal_actions(record.state)))
    return record


def _write(path, record: GameRecord, saved_at: str, mtime: int) -> None:
    """A save with a fixed date (local time, no zone) and file time, for a stable list."""
    write_atomic(path, dumps(evolve(record.to_save(), saved_at=saved_at)))
    os.utime(path, (mtime, mtime))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_replay_viewer(snap_compare, size, tmp_path):
    record = _recorded((Seat("Ann"), Seat("Bob")), 10_000)
    path = tmp_path / "last-game.json"
    _write(path, record, "2025-05-01T10:00:00", 1_746_000_000)
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, replay=path))
    assert snap_compare(app, terminal_size=size, press=["right"] * 9)


def test_continue_list(snap_compare, tmp_path):
    folder = SaveFolder(tmp_path)
    _write(folder.autosave, _recorded((Seat("Ann"), Seat("Bob")), 12), "2025-05-02T21:15:00", 1_746_300_000)
    _write(folder.named("Night shift"), _recorded((Seat("Nia"),), 20, 2), "2025-05-01T08:05:00", 1_746_200_000)
    _write(folder.last_game, _recorded((Seat("Ann"), Seat("Greedy bot", "greedy")), 10_000),
           "2025-04-30T18:40:00", 1_746_100_000)
    broken = folder.named("broken")
    broken.write_text('{"format": "hospital-games-save", "version": 2}')
    os.utime(broken, (1_746_000_000, 1_746_000_000))
    app = ClearWardApp(Options(seed=7, cpu_delay=0, data_dir=tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), press=["ctrl+o"])
