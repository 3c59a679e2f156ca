"""Helpers that play Clear the Ward through the UI by key presses (used by the other
``test_clear_ward_*`` modules), and small tests of the option parsing and best times.

The driver may read ``legal_actions`` to decide *what* to do; every action itself is
done by pressing keys, as a person would.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options, Seat, parse_players
from clear_ward_tui import records
from core.clear_ward import (
    DeclineStaff,
    DrawStaff,
    EndTurn,
    JuniorDoctorFlip,
    KeepStaff,
    Move,
    Phase,
    UseStaff,
    legal_actions,
)
from core.clear_ward.ward import RAYS


def make_app(players: str, seed: int = 7, tmp_path=None, **kw) -> ClearWardApp:
    """An app that skips setup, with no computer pause, no clock text, a private data dir."""
    options = Options(
        seats=parse_players(players), seed=seed, cpu_delay=0, show_clock=kw.pop("show_clock", False),
        data_dir=tmp_path, **kw,
    )
    return ClearWardApp(options)


def game_screen(app):
    from clear_ward_tui.screens.game import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            return screen
    return None


async def settle(pilot, app) -> None:
    """Wait until a person is to act (computer turns done) or the game is over."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        await pilot.pause()
        if type(app.screen).__name__ == "PassDialog":  # hot seat: the next person takes the keyboard
            await pilot.press("enter")
            continue
        screen = game_screen(app)
        if screen is None or screen.state is None:
            if type(app.screen).__name__ in ("GameOverScreen", "SetupScreen"):
                return
            continue  # the game screen is still loading
        if screen.state.phase is Phase.OVER:
            return
        if not screen.is_cpu_turn and not screen._cpu_pending:
            return
    raise AssertionError(f"no person to act after 60 s; screens: {app.screen_stack}")


async def move_cursor(pilot, screen, cell: int) -> None:
    grid = screen.query_one("#ward")
    row, col = divmod(grid.cursor, 6)
    trow, tcol = divmod(cell, 6)
    keys = (["down"] * (trow - row) if trow > row else ["up"] * (row - trow)) + (
        ["right"] * (tcol - col) if tcol > col else ["left"] * (col - tcol)
    )
    if keys:
        await pilot.press(*keys)
    assert grid.cursor == cell


async def pick_in_dialog(pilot, value) -> None:
    """Choose ``value`` in the open choice dialog by moving down to it and Enter (the
    dialog's order is its own: sorted, each line once)."""
    await pilot.pause()
    dialog = pilot.app.screen
    index = next(i for i, (_, v) in enumerate(dialog.choices) if v is value or v == value)
    await pilot.press(*["down"] * index, "enter")


async def do_action(pilot, screen, action) -> None:
    """Perform one legal ``action`` of the current (human) player by keys (in a hot
    seat game, first taking the keyboard at the pass screen)."""
    await pilot.pause()
    if type(pilot.app.screen).__name__ == "PassDialog":
        await pilot.press("enter")
        await pilot.pause()
    state = screen.state
    if isinstance(action, Move):
        dest = RAYS[state.doctor][action.direction][action.steps - 1]
        await move_cursor(pilot, screen, dest)
        await pilot.press("enter")
    elif isinstance(action, EndTurn):
        await pilot.press("e")
    elif isinstance(action, UseStaff):
        await pilot.press("c")
        await pick_in_dialog(pilot, action.card)
        if action.patient is not None:
            await pick_in_dialog(pilot, action)
        for cell in action.cells:
            await move_cursor(pilot, screen, cell)
            await pilot.press("enter")
    elif isinstance(action, (DrawStaff, DeclineStaff, KeepStaff, JuniorDoctorFlip)):
        await pick_in_dialog(pilot, action)
    else:  # pragma: no cover
        raise AssertionError(f"unknown action {action}")
    await pilot.pause()


async def play_to_end(pilot, app, rng: random.Random, max_actions: int = 600) -> list:
    """Play every human action (chosen at random from the legal ones) until game over.
    Returns the (state, action) pairs the people played, for checking."""
    played = []
    await settle(pilot, app)
    for _ in range(max_actions):
        screen = game_screen(app)
        if screen is None or screen.state.phase is Phase.OVER:
            return played
        state = screen.state
        action = rng.choice(legal_actions(state))
        done = len(screen.record.actions)
        await do_action(pilot, screen, action)
        record = screen.record
        assert (record.states[done], record.actions[done]) == (state, action), f"{action} was not played by the keys"
        played.append((state, action))
        await settle(pilot, app)
    raise AssertionError("the game did not end")


def save_near_the_end(tmp_path, names, seed: int, rng_seed: int, to_go: int, *, clock: float | None = None):
    """A save (in ``tmp_path``) of the game of ``names`` dealt from ``seed`` whose moves
    are the engine's seeded random legal actions (``random.Random(rng_seed)``, as
    ``play_to_end`` chooses them), stopped ``to_go`` actions before its end: the first
    part of a whole game played through ``apply_action`` in no time, so that a test plays
    only the end by keys. ``clock``: seconds the Night Shift clock had run. Returns the
    path (open it with ``make_app(..., load=path)``) and the ``to_go`` actions left."""
    from attrs import evolve

    from core.clear_ward.game_record import RULES
    from core.record import GameRecord
    from core.saves import Seat as SaveSeat, dumps, write_atomic

    rng = random.Random(rng_seed)
    record = GameRecord.new(RULES, seed, tuple(SaveSeat(n) for n in names), {"starting_player": None})
    actions = []
    while not record.over:
        action = rng.choice(legal_actions(record.state))
        actions.append(action)
        record = record.play(action)
    record = GameRecord.new(RULES, seed, tuple(SaveSeat(n) for n in names), {"starting_player": None})
    for action in actions[: len(actions) - to_go]:
        record = record.play(action)
    path = tmp_path / "near-the-end.json"
    save = record.to_save()
    if clock is not None:
        save = evolve(save, clock=clock)
    write_atomic(path, dumps(save))
    return path, actions[len(actions) - to_go:]


async def wait_for(pilot, condition, seconds: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (no fixed sleep); fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds} s; screens: {pilot.app.screen_stack}")
        await pilot.pause()


# -- small tests of the pieces the driver relies on -------------------------------------


def test_parse_players_names_computers():
    seats = parse_players("Ann, Bob ,cpu:greedy,Zed=cpu:random")
    assert seats == (Seat("Ann"), Seat("Bob"), Seat("CPU (medium)", "greedy"), Seat("Zed", "random"))


@pytest.mark.parametrize("text", ["", "Ann,,Bob", "cpu:clever", "a,b,c,d,e"])
def test_parse_players_rejects(text):
    with pytest.raises(ValueError):
        parse_players(text)


def test_cli_help_lists_flags(capsys):
    from clear_ward_tui.__main__ import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for flag in ("--players", "--seed", "--start", "--cpu-delay", "--ascii", "--data-dir", "--resume", "--load",
                 "--replay"):
        assert flag in out


def test_best_times_per_seed_and_overall(tmp_path):
    first = records.record(tmp_path, 7, 120.0)
    assert first.new_seed_best and first.new_overall_best
    slower = records.record(tmp_path, 7, 150.0)
    assert not slower.new_seed_best and slower.best_for_seed == 120.0
    other = records.record(tmp_path, 8, 90.0)
    assert other.new_overall_best and other.best_overall_seed == 8
    data = json.loads((tmp_path / records.FILE_NAME).read_text())
    assert data["seeds"] == {"7": 120.0, "8": 90.0}


def test_corrupt_best_times_are_left_untouched(tmp_path):
    path = tmp_path / records.FILE_NAME
    path.write_text("{not json")
    outcome = records.record(tmp_path, 7, 100.0)
    assert outcome.problem and "not kept" in outcome.problem
    assert path.read_text() == "{not json"
