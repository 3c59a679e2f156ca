"""``clinic learn``: the guided first Clinic on the board (clinic_tui.lesson,
clinic_tui.lesson_panel). Round 1 is played at 80x24 by pressing only the keys the
lesson's sentence names, and reaches round 2 with every step shown in order; a key
of no use in a step gets its one-sentence note; the setup screen's "Learn to play"
starts the lesson."""

from __future__ import annotations

import time

import pytest

from clinic_tui.__main__ import learn_options
from clinic_tui.app import ClinicApp
from clinic_tui.lesson import LESSON_SEED, MILESTONES
from clinic_tui.lesson_panel import LessonPanel
from clinic_tui.screens.game import GameScreen
from core.clinic.game import Phase


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def wait_for(pilot, condition, seconds: float = 30.0) -> None:
    """Pause until ``condition()`` holds (a deadline, never a fixed sleep); looks every
    10 ms (every 50 ms cost the round-1 test about 5 s of waiting)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.01)


async def follow_step(pilot, lesson) -> None:
    """Press the keys the step shown names (they are in its sentence), in order; wait
    for the hint before pressing on after H."""
    screen = lesson.screen
    keys = lesson.keys_now
    assert keys, f"step {lesson.step.name} names no key: {lesson.text}"
    for key in keys:
        if key == "enter" and keys[0] == "H":
            await wait_for(pilot, lambda: screen.shown_hint is not None)
        await pilot.press(key)
        await pilot.pause()
    # The lesson looks again 10 times a second (its timer); look now instead of sleeping
    # 0.15 s for the timer at each step (about 40 steps in round 1).
    lesson.update()


def named_in(key: str, text: str) -> bool:
    words = {"enter": "Enter", "y": "y", "m": "m", "H": "H"}
    return f"press {key}" in text or words.get(key, key) in text


@pytest.mark.timeout(180)
async def test_round_1_by_the_named_keys_reaches_round_2_each_step_in_order():
    app = ClinicApp(learn_options("Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        assert screen.seed == LESSON_SEED
        await wait_for(pilot, lambda: screen.lesson is not None and screen.lesson.step is not None)
        lesson = screen.lesson
        panel = screen.query_one(LessonPanel)
        for _ in range(120):
            if screen.state.round > 1 and lesson.step.name == "free":
                break
            await wait_for(pilot, lambda: lesson.keys_now)
            for key in lesson.keys_now:  # every key pressed is named in the sentence shown
                assert named_in(key, lesson.text), (key, lesson.text)
            assert str(panel.content).startswith(lesson.how) and lesson.step.rule in str(panel.content)
            await follow_step(pilot, lesson)
        assert screen.state.round == 2 and screen.state.phase is Phase.SELECT
        shown = lesson.shown
        at = [shown.index(name) for name in MILESTONES]  # each step shown, in the lesson's order
        assert at == sorted(at), shown
        assert shown[-1] == "free"


async def test_the_sentence_is_in_a_menu_that_covers_the_panel():
    app = ClinicApp(learn_options("Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.lesson is not None and screen.lesson.step is not None
                       and screen.lesson.step.name == "car" and app.screen.query(".lesson-note"))
        note = app.screen.query_one(".lesson-note")
        assert "starting car" in str(note.render())


async def test_a_key_of_no_use_in_the_step_says_what_it_does():
    app = ClinicApp(learn_options("Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        lesson = await _to_step(pilot, screen, "build-place")
        before = len(app._notifications)
        await pilot.press("e")  # end the move: of no use while placing a build
        await wait_for(pilot, lambda: len(app._notifications) > before)
        note = list(app._notifications)[-1]
        assert note.title == "Lesson" and "e ends the Move phase" in note.message
        assert "Build: place it" in note.message and "Enter" in note.message
        assert lesson.step.name == "build-place"  # nothing else happened
        before = len(app._notifications)
        await pilot.press("n")  # of use here: no note
        await pilot.pause(0.2)
        assert not any(n.title == "Lesson" for n in list(app._notifications)[before:])


async def _to_step(pilot, screen, name: str):
    """Follow the lesson up to the step ``name``."""
    await wait_for(pilot, lambda: screen.lesson is not None and screen.lesson.step is not None)
    lesson = screen.lesson
    for _ in range(40):
        if lesson.step.name == name:
            return lesson
        await wait_for(pilot, lambda: lesson.keys_now)
        await follow_step(pilot, lesson)
    raise AssertionError(f"never reached {name}: {lesson.shown}")


async def test_learn_to_play_on_the_setup_screen_starts_the_lesson():
    from clinic_tui.config import Options

    app = ClinicApp(Options())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) or any(
            isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        assert screen.options.learn and screen.seed == LESSON_SEED and screen.names == ["Ann"]
        await wait_for(pilot, lambda: screen.lesson is not None and screen.lesson.step is not None)
        assert screen.query(LessonPanel)


async def test_a_game_that_is_not_learn_has_no_lesson():
    from dataclasses import replace

    app = ClinicApp(replace(learn_options("Ann"), learn=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.state is not None)
        await pilot.pause(0.3)
        assert screen.lesson is None and not screen.query(LessonPanel)


def round_2_state():
    """The lesson's solitaire played by the medium computer to round 2."""
    from clinic_tui import saving
    from core.clinic.game.bots import make_bot

    record = saving.new_record(learn_options("Ann"), LESSON_SEED)
    bot = make_bot("basic", 1)
    while record.state.round < 2:
        record = record.play(bot.choose(record.state))
    return record.state


@pytest.mark.timeout(120)
async def test_after_round_1_the_hints_are_on():
    app = ClinicApp(learn_options("Ann"), state=round_2_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.lesson is not None and screen.lesson.step is not None)
        assert screen.lesson.step.name == "free" and "Hints are on" in screen.lesson.text
        await wait_for(pilot, lambda: screen.shown_hint is not None, seconds=60)  # nobody pressed H
        assert screen.shown_hint[0] is screen.state


def test_clinic_learn_command_plays_the_lesson(monkeypatch, tmp_path):
    from clinic_tui.__main__ import main

    ran = []
    monkeypatch.setattr("tui_common.cli.run_options", lambda game, options, **kw: ran.append(options) or 0)
    assert main(["learn", "--name", "Zoe", "--plain", "--data-dir", str(tmp_path)]) == 0
    options = ran[0]
    assert options.learn and options.plain and options.seed == LESSON_SEED and options.seats[0].name == "Zoe"


def test_learn_names_are_trimmed_and_cut():
    from tui_common.cli import MAX_NAME

    assert learn_options("  ").seats[0].name == "Ann", "a blank name: the setup screen's first name (narration says \"Ann parks\", not \"You parks\")"
    assert learn_options("A" * 40).seats[0].name == "A" * MAX_NAME


async def test_a_lesson_resumed_from_its_save_is_a_lesson_again(tmp_path):
    """Quit in the middle of ``clinic learn`` and ``clinic --resume``: the lesson goes on
    (the record's options keep "learn", so its autosave does)."""
    from dataclasses import replace

    from clinic_tui import saving
    from clinic_tui.config import Options

    options = replace(learn_options("Ann"), data_dir=str(tmp_path))
    app = ClinicApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.state is not None and screen.lesson is not None)
        assert screen.record.options.get("learn") is True
        first = screen.legal()[0]
        screen.play(first)  # one action: the autosave is written
        await wait_for(pilot, lambda: saving.folder(options).autosave.exists())
    resumed = ClinicApp(Options(data_dir=str(tmp_path), resume=True, cpu_delay=0))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in resumed.screen_stack))
        screen = game_screen(resumed)
        await wait_for(pilot, lambda: screen.state is not None)
        assert not screen.options.learn and len(screen.record.actions) == 1
        await wait_for(pilot, lambda: bool(screen.query(LessonPanel)))
        assert screen.lesson is not None
