"""``clear-ward learn``: the guided first turn (clear_ward_tui.lesson). Its one screen
opens on turn 1 at 80x24, says the rulebook's terms and the keys of the game screen's
own bindings, closes with Enter or Esc (the turn is then played as usual), and is not
shown again once a move was made; in --plain the same text is said before turn 1."""

from __future__ import annotations

import io
import time

import pytest

from clear_ward_tui.__main__ import learn_options, main as clear_ward_main
from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.lesson import LESSON_SEED, TITLE, lesson_lines
from clear_ward_tui.plain import main as plain_main
from clear_ward_tui.screens.game import GameScreen
from tui_common.dialogs import ReportDialog


async def wait_for(pilot, condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


def lesson_open(app) -> bool:
    """The lesson's screen is on top, drawn (its body composed)."""
    return (isinstance(app.screen, ReportDialog) and app.screen.title_text == TITLE
            and bool(app.screen.query("#report-body")))


@pytest.mark.parametrize("key", ["enter", "escape"])
async def test_learn_screen_opens_on_turn_1_and_closes(key, tmp_path):
    app = ClearWardApp(learn_options("Ann", data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: lesson_open(app))
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.seed == LESSON_SEED and screen.state.turn == 0 and not screen.record.actions  # turn 0 is "Turn 1"
        body = str(app.screen.query_one("#report-body").render())
        for words in ("Doctor", "face-up patient", "speciality", "stars", "staff cards", "log book"):
            assert words in body
        assert "Enter moves the Doctor" in body and "n the next stop" in body  # the screen's own keys
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("n", "enter")  # the turn is played as usual
        await wait_for(pilot, lambda: len(screen.record.actions) >= 1)
        assert not lesson_open(app)


async def test_a_game_that_is_not_learn_shows_no_lesson(tmp_path):
    from dataclasses import replace

    app = ClearWardApp(replace(learn_options("Ann", data_dir=tmp_path), learn=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await wait_for(pilot, lambda: screen.state is not None)
        await pilot.pause(0.3)
        assert not lesson_open(app)


def test_plain_says_the_lesson_before_turn_1(tmp_path):
    out = io.StringIO()
    status = plain_main(learn_options("Ann", plain=True, data_dir=tmp_path), stdin=io.StringIO(""), stdout=out)
    text = out.getvalue().replace("\n  ", " ")
    assert status == 0
    lesson = text.index(f"{TITLE}:")
    turn = text.index("Turn 1. Ann: move the Doctor")
    assert lesson < turn
    for line in lesson_lines({}, plain=True):
        assert line in text
    assert "Enter moves the Doctor" not in text  # plain text names no keys


def test_learn_command_runs_a_night_shift_with_the_lesson(monkeypatch, tmp_path):
    ran = []
    monkeypatch.setattr("tui_common.cli.run_options", lambda game, options, **kw: ran.append(options) or 0)
    assert clear_ward_main(["learn", "--name", "Zoe", "--data-dir", str(tmp_path)]) == 0
    options = ran[0]
    assert options.learn and options.seed == LESSON_SEED and [s.name for s in options.seats] == ["Zoe"]
