"""Issue 30: "Build's 'done' asks 'End anyway?' twice, Admit never." Not reproduced
(Pilot and tmux at 80×24: d on the board, d in the menu, the menu's done line, after
Go back, after a build and after its undo, with the hint shown, a burst of d d): Build
and Admit ask through one check (``ActionsMixin.end_action``). These tests pin it: each
done with something unused asks exactly once, Build's and Admit's alike, and after
Go back the next done asks once again."""

from __future__ import annotations

import pytest
from test_clinic_snapshots import app_at, state_at
from textual import events

from core.clinic.game import Construct, Phase, legal_actions
from tui_common.dialogs import ChoiceDialog, ConfirmDialog

PHASES = {
    "build": lambda s: s.phase is Phase.BUILD and s.step.builds == 0,
    "admit": lambda s: s.phase is Phase.ADMIT and s.step.qp > 0,
}


def count_questions(app) -> list[str]:
    """Every "End anyway?" question the app opens from now on, in order."""
    asked: list[str] = []
    push = app.push_screen

    def counted(screen, callback=None, wait_for_dismiss: bool = False):
        if isinstance(screen, ConfirmDialog) and "End anyway?" in screen.question:
            asked.append(screen.question)
        return push(screen, callback, wait_for_dismiss=wait_for_dismiss)

    app.push_screen = counted
    return asked


async def settle(pilot, rounds: int = 8) -> None:
    for _ in range(rounds):
        await pilot.pause()


def confirms(app) -> int:
    return sum(isinstance(s, ConfirmDialog) for s in app.screen_stack)


async def opened(app, pilot, phase: str):
    """The game at Ann's ``phase`` with its menu closed; the questions counted."""
    await settle(pilot)
    while isinstance(app.screen, ChoiceDialog):
        await pilot.press("escape")
        await pilot.pause()
    game = app.screen
    assert PHASES[phase](game.state) and game.plays.unused()
    return game, count_questions(app)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("how", ["board", "menu", "burst"])
async def test_done_with_something_unused_asks_exactly_once(phase, how, tmp_path):
    app = app_at(state_at(3, PHASES[phase]), 3)
    async with app.run_test(size=(80, 24)) as pilot:
        game, asked = await opened(app, pilot, phase)
        if how == "menu":  # the menu's "done" line, by its key
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("d")
        elif how == "burst":  # d d at once: the second lands on the question
            for _ in range(2):
                app._driver.send_message(events.Key("d", "d"))
        else:
            await pilot.press("d")
        await settle(pilot)
        assert len(asked) == 1 and confirms(app) == 1, asked
        await pilot.press("n")  # go back: the action goes on, and d asks once again
        await settle(pilot)
        assert confirms(app) == 0 and PHASES[phase](game.state)
        await pilot.press("d")
        await settle(pilot)
        assert len(asked) == 2 and confirms(app) == 1, asked
        await pilot.press("y")  # ended: asked no more
        await settle(pilot)
        assert len(asked) == 2 and confirms(app) == 0
        assert not (game.state.phase is Phase[phase.upper()] and game.state.current == 0)


async def test_build_done_after_a_build_and_its_undo_asks_once(tmp_path):
    app = app_at(state_at(3, PHASES["build"]), 3)
    async with app.run_test(size=(80, 24)) as pilot:
        game, asked = await opened(app, pilot, "build")
        game.play(next(a for a in legal_actions(game.state) if isinstance(a, Construct)))
        await settle(pilot)
        while isinstance(app.screen, ChoiceDialog):
            await pilot.press("escape")
            await pilot.pause()
        assert game.state.step.builds == 1
        await pilot.press("u")
        await settle(pilot)
        while isinstance(app.screen, ChoiceDialog):
            await pilot.press("escape")
            await pilot.pause()
        assert game.state.step.builds == 0
        await pilot.press("H")  # the hint shown too
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert len(asked) == 1 and confirms(app) == 1, asked
