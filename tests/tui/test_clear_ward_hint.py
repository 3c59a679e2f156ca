"""The hint key (H) of Clear the Ward: the strong player's suggestion, shown and never
played; counted on the end screen and kept in the save."""

from __future__ import annotations

import random

from test_clear_ward_driver import game_screen, make_app, play_to_end, settle

from clear_ward_tui.screens.game_over import GameOverScreen
from core.clear_ward import Move, Phase, legal_actions
from core.clear_ward.movement import destination
from core.record import GameRecord
from tui_common.dialogs import ChoiceDialog
from tui_common.hint import MARK, hints_used


async def wait_for_hint(pilot, app) -> None:
    """Until no hint is being worked out and the one found is shown (a cancelled one is
    not waited for): no hint worker runs and no screen still waits for its answer."""
    for _ in range(3000):
        await pilot.pause(0.01)
        working = any(w.group == "hint" and not w.is_finished for w in app.workers)
        waiting = any(getattr(screen, "_hint_for", None) is not None for screen in app.screen_stack)
        if not working and not waiting:
            break
    await pilot.pause()
    await pilot.pause()


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_hint_names_a_legal_move_and_plays_nothing(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        before, actions = screen.state, len(screen.record.actions)
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        state, hint = screen.shown_hint
        assert state is before and screen.state is before, "the hint plays nothing"
        assert len(screen.record.actions) == actions
        assert hint.action in legal_actions(before)
        assert hint.reason in notices(app)
        assert hints_used(screen.record) == 1
        if isinstance(hint.action, Move):  # the selection shows where the Doctor would stop
            assert screen.query_one("#ward").cursor == destination(before, hint.action)[0]
        assert "thinking" not in screen.sub_title


async def test_hint_marks_the_choice_in_a_dialog(tmp_path):
    """A decision in a dialog (draw staff cards?): the suggested line is marked."""
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        rng = random.Random(5)
        await settle(pilot, app)
        screen = game_screen(app)
        from test_clear_ward_driver import do_action

        for _ in range(200):  # play until a dialog of the rules is open
            if isinstance(app.screen, ChoiceDialog):
                break
            await do_action(pilot, screen, rng.choice(legal_actions(screen.state)))
            await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and screen.state.phase is not Phase.MOVE
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        _, hint = screen.shown_hint
        options = dialog.query_one("#choices")
        marked = [i for i in range(options.option_count) if str(options.get_option_at_index(i).prompt).endswith(MARK)]
        assert marked == [options.highlighted]
        assert dialog.choices[marked[0]][1] == hint.action
        assert app.screen is dialog, "the dialog stays open: the hint is not played"


async def test_hint_dropped_when_the_position_changes(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        screen.action_hint()
        assert "thinking" in screen.sub_title
        screen.play(legal_actions(screen.state)[0])  # before the hint is ready
        assert "thinking" not in screen.sub_title
        await wait_for_hint(pilot, app)
        assert screen.shown_hint is None and hints_used(screen.record) == 0


async def test_hints_counted_at_game_over_and_in_the_save(tmp_path):
    app = make_app("Ann,cpu:random", seed=11, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        for _ in range(2):
            await pilot.press("H")
            await wait_for_hint(pilot, app)
            screen.play(legal_actions(screen.state)[0])
            await settle(pilot, app)
        assert hints_used(screen.record) == 2
        await play_to_end(pilot, app, random.Random(52))  # a game of 28 actions in all (suite time)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert "Hints used: 2." in str(over.query_one("#over-summary").render())
        assert hints_used(over.record) == 2
        save = over.record.to_save()
        assert save.options["hints_used"] == 2
        assert hints_used(GameRecord.from_save(save, over.record.rules)) == 2, "a resumed game keeps the count"


async def test_strong_computer_thinks_while_the_app_answers_keys(tmp_path, monkeypatch):
    """The strong player decides in a thread: meanwhile the selection still moves,
    other keys are ignored quietly, and its choice is played once ready."""
    import threading

    from core.clear_ward.strong import StrongBot

    gate = threading.Event()
    choose = StrongBot.choose

    def held_choose(self, state):
        gate.wait(30)
        return choose(self, state)

    monkeypatch.setattr(StrongBot, "choose", held_choose)
    app = make_app("cpu:strong,Ann", seed=7, tmp_path=tmp_path, start=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = game_screen(app)
        assert screen.is_cpu_turn and screen._cpu_pending and not screen.record.actions
        grid = screen.query_one("#ward")
        cursor = grid.cursor
        await pilot.press("right" if cursor % 6 < 5 else "left")
        assert grid.cursor != cursor, "the app answers keys while the computer thinks"
        await pilot.press("e", "u")
        assert not notices(app) and not screen.record.actions
        gate.set()
        await settle(pilot, app)
        assert screen.record.actions and screen.record.steps[0].seat == 0
        assert not screen.is_cpu_turn or screen.state.phase is Phase.OVER
