"""The hint key (H) of Clinic: the strong player's suggestion, marked in the menu and
never played; counted on the end screen and kept in the save."""

from __future__ import annotations

from test_clear_ward_hint import notices, wait_for_hint
from test_clinic_driver import game_screen, make_app, settle

from clinic_tui import saving
from clinic_tui.screens.game_over import GameOverScreen
from core.clinic.game import Phase, legal_actions
from core.clinic.game.bots import make_bot
from core.record import GameRecord
from tui_common.dialogs import ChoiceDialog
from tui_common.hint import MARK, counted, hints_used


async def test_hint_marks_a_legal_choice_in_the_menu_and_plays_nothing():
    app = make_app("Ann,cpu:random", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        menu = app.screen
        assert isinstance(menu, ChoiceDialog)
        before, actions = screen.state, len(screen.record.actions)
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        state, hint = screen.shown_hint
        assert state is before and screen.state is before, "the hint plays nothing"
        assert len(screen.record.actions) == actions and app.screen is menu
        assert hint.action in legal_actions(before)
        assert hint.reason in notices(app)
        options = menu.query_one("#choices")
        marked = [i for i in range(options.option_count) if str(options.get_option_at_index(i).prompt).endswith(MARK)]
        assert marked == [options.highlighted]
        assert screen.hint_matches(menu.choices[marked[0]][1], hint.action)
        assert hints_used(screen.record) == 1
        assert "thinking" not in screen.sub_title


async def test_hints_used_on_the_end_screen():
    options = make_app("Ann,cpu:basic", seed=4).options
    record = saving.new_record(options, 4)
    bots = [make_bot("basic", 1), make_bot("basic", 2)]
    while record.state.phase is not Phase.OVER:
        record = record.play(bots[record.state.current].choose(record.state))
    record = counted(counted(record))
    assert hints_used(GameRecord.from_save(record.to_save(), record.rules)) == 2, "a resumed game keeps the count"
    app = make_app("Ann,cpu:basic", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        over = GameOverScreen(options, record.state, ["Ann", "Basic bot"], 4, record=record)
        await app.push_screen(over)
        await pilot.pause()
        assert "Hints used: 2." in str(over.query_one("#over-summary").render())


async def test_strong_computer_thinks_while_the_app_answers_keys(monkeypatch):
    """The strong player decides in a thread: meanwhile the cursor still moves, other
    keys are ignored quietly, and its choice is played once ready."""
    import threading

    from core.clinic.game.bot_strong import StrongBot

    gate = threading.Event()
    choose = StrongBot.choose

    def held_choose(self, state):
        gate.wait(30)
        return choose(self, state)

    monkeypatch.setattr(StrongBot, "choose", held_choose)
    app = make_app("cpu:strong,cpu:strong,Ann", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = game_screen(app)
        assert screen.is_cpu_turn and screen._cpu_pending and not screen.record.actions
        cursor = screen.clinic_board.cursor
        await pilot.press("right" if cursor.col == 0 else "left")
        assert screen.clinic_board.cursor != cursor, "the app answers keys while the computer thinks"
        await pilot.press("m", "d", "e")
        assert not notices(app) and not screen.record.actions
        gate.set()
        await settle(pilot, app)
        assert screen.record.actions and all(not step.human for step in screen.record.steps)


async def test_hint_while_admitting_puts_the_notepad_cursor_on_the_row():
    """No menu in the Admit phase: the hint shows on the notepad (its row)."""
    from test_clinic_snapshots import app_at, state_at

    state = state_at(3, lambda s: s.phase is Phase.ADMIT)
    app = app_at(state, 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert app.screen is screen and screen.state.phase is Phase.ADMIT
        screen.main_board.np_cursor = (2, 0)
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        _, hint = screen.shown_hint
        assert hint.action in legal_actions(state) and hasattr(hint.action, "service"), hint
        assert screen.main_board.np_cursor[0] == state.row(hint.action.service)
        assert screen.state is state
