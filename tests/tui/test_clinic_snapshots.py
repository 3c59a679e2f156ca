"""Snapshots of the main screens at 80x24 and 160x50: setup, each phase, the end.

Games are brought to the phase by seeded random legal actions (fixed seeds), then the
screen is opened there and keys show the phase's main view. No clock is shown.
"""

from __future__ import annotations

import random

import pytest

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, parse_players
from core.clinic.game import Done, EndMove, MovePerson, Phase, apply_action, is_over, legal_actions, new_game

SIZES = [(80, 24), (160, 50)]
PLAYERS = "Ann,cpu:basic"


def state_at(seed: int, pred, names=("Ann", "Basic bot")):
    """Every seat plays a seeded random legal action from ``seed`` until seat 0 is to
    act and ``pred`` holds. (Not the engine's bots: their play may change, and these
    pictures should change only when the screens do.)"""
    state = new_game(list(names), seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if is_over(state) or (state.current == 0 and pred(state)):
            return state
        legal = legal_actions(state)
        useful = [a for a in legal if not isinstance(a, (Done, EndMove))]
        state = apply_action(state, rng.choice(useful if useful and rng.random() < 0.8 else legal))
    raise AssertionError("phase not reached")


def app_at(state, seed: int) -> ClinicApp:
    return ClinicApp(Options(seats=parse_players(PLAYERS), seed=seed, cpu_delay=0), state=state)


def _has_moves(state) -> bool:
    return any(isinstance(a, MovePerson) for a in legal_actions(state))


SCENES = {
    # name: (seed, predicate, keys pressed once the screen is up)
    "select": (3, lambda s: s.phase is Phase.SELECT and s.round == 2, []),
    "build": (3, lambda s: s.phase is Phase.BUILD, ["1"]),
    "hire": (3, lambda s: s.phase is Phase.HIRE, []),
    "admit": (3, lambda s: s.phase is Phase.ADMIT, ["left", "enter"]),
    "move": (3, lambda s: s.phase is Phase.MOVE and s.round >= 2 and _has_moves(s), ["1"]),
    "buy": (8, lambda s: s.phase is Phase.BUY_POPULARITY, []),
    "end": (3, lambda s: False, []),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_screen(snap_compare, size):
    assert snap_compare(ClinicApp(Options(cpu_delay=0)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", list(SCENES))
def test_phase_screens(snap_compare, scene, size):
    seed, pred, keys = SCENES[scene]
    state = state_at(seed, pred)

    async def run_before(pilot):
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    assert snap_compare(app_at(state, seed), terminal_size=size, run_before=run_before)


def _save(path, actions: int, saved_at: str, mtime: int, *, finished: bool = False):
    """A game of Ann and Basic bot after ``actions`` first-legal actions (or played to
    the end by first-legal actions), saved at ``path`` with a fixed time."""
    import os

    from attrs import evolve

    from clinic_tui.saving import new_record
    from core.saves import dumps

    record = new_record(Options(seats=parse_players(PLAYERS)), 3)
    while (not record.over) if finished else len(record.actions) < actions:
        record = record.play(legal_actions(record.state)[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(evolve(record.to_save(), saved_at=saved_at)))  # naive time: no time zone shift
    os.utime(path, (mtime, mtime))
    return record


def test_continue_list(snap_compare):
    from clinic_tui.config import data_dir
    from core.saves import SaveFolder

    folder = SaveFolder(data_dir(Options()))
    _save(folder.autosave, 40, "2025-03-01T20:15:00", 1_700_000_300)
    _save(folder.named("before lunch"), 12, "2025-03-01T12:05:00", 1_700_000_200)
    _save(folder.last_game, 0, "2025-02-28T22:40:00", 1_700_000_100, finished=True)
    broken = folder.named("broken")
    broken.write_text('{"format": "hospital-games-save", "vers')
    import os

    os.utime(broken, (1_700_000_000, 1_700_000_000))

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()

    assert snap_compare(ClinicApp(Options(cpu_delay=0)), terminal_size=(80, 24), run_before=run_before)


def test_replay_viewer(snap_compare, tmp_path):
    path = tmp_path / "replay.json"
    _save(path, 60, "2025-03-01T20:15:00", 1_700_000_000)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("end", "left", "left")
        await pilot.pause()

    assert snap_compare(ClinicApp(Options(replay=str(path), cpu_delay=0)), terminal_size=(80, 24),
                        run_before=run_before)


def _solo_at_round_2(goal):
    from core.clinic.game import SoloGoal

    state = new_game(["Nia"], 5, solo_goal=SoloGoal[goal])
    rng = random.Random(5)
    while not (state.phase is Phase.SELECT and state.round == 2):
        legal = legal_actions(state)
        useful = [a for a in legal if not isinstance(a, (Done, EndMove))]
        state = apply_action(state, rng.choice(useful if useful and rng.random() < 0.8 else legal))
    return state


def test_solitaire_goal_line_shows_progress():
    """Issue 11: "Show the chosen goal on the game screen during play": the beginner
    clinic runs one service hub of the three the goal asks for."""
    from clinic_tui.widgets.main_board import board_text
    from core.clinic.game.view import player_view

    state = _solo_at_round_2("THREE_HUBS")
    assert "Goal 1/3: run 3 service hubs" in board_text(player_view(state, 0), ["Nia"]).plain
    two = new_game(["Ann", "Bob"], 5)
    assert "Goal" not in board_text(player_view(two, 0), ["Ann", "Bob"]).plain


def test_solitaire_game_screen(snap_compare):
    """The main board of a solitaire game names the goal and its progress."""
    state = _solo_at_round_2("THREE_HUBS")
    app = ClinicApp(Options(seats=parse_players("Nia"), seed=5, goal="three-hubs", cpu_delay=0), state=state)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("escape")  # the tile dialog away: the board shows
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
