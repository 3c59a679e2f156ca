"""The kit at the table, in both games: help (?) stays above everything, the event log
opens on L to scroll back, and choice dialogs key every option (past 9 too), list
each line once, sorted, beside the board."""

from __future__ import annotations

import pytest
from test_kit_ascii import MAKERS, screen_text

from tui_common.dialogs import CHOICE_KEYS, ChoiceDialog, tidy_choices
from tui_common.event_log import LogScreen

SIZE = (80, 24)


async def started(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    return app


async def past_the_first_choice(app, pilot) -> None:
    """Wait for the game screen; Clinic opens its first choice at once: close it."""
    for _ in range(5):
        await pilot.pause()
    while isinstance(app.screen, ChoiceDialog):
        await pilot.press("escape")
        await pilot.pause()


@pytest.mark.parametrize("game", MAKERS)
async def test_help_stays_above_a_dialog_the_game_opens(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert getattr(help_screen, "ABOVE_ALL", False)
        picked = []
        app.push_screen(ChoiceDialog("A choice the game opens", [("one", 1), ("two", 2)]), picked.append)
        await pilot.pause()
        assert app.screen is help_screen  # the dialog waits below
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("2")
        await pilot.pause()
        assert picked == [2]


@pytest.mark.parametrize("game", MAKERS)
async def test_question_mark_in_a_dialog_opens_help_above_it(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        app.push_screen(ChoiceDialog("A choice", [("one", 1), ("two", 2)]))
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert getattr(app.screen, "ABOVE_ALL", False)
        assert isinstance(app.screen_stack[-2], ChoiceDialog)


@pytest.mark.parametrize("game", MAKERS)
async def test_L_opens_the_whole_event_log(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        while isinstance(app.screen, ChoiceDialog):
            await pilot.press("escape")
            await pilot.pause()
        assert "L Log" in screen_text(app)  # listed in the footer
        game_screen = app.screen
        log = game_screen.query_one("#log")
        for n in range(60):
            log.add(f"Sentence number {n}.")
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert "Sentence number 59." in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert "New game" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen


def test_choices_are_sorted_each_line_once_closing_choices_last():
    offered = tidy_choices([("buy 10", 10), ("done: end it", "done"), ("buy 2", 2), ("Admit", "a"),
                            ("buy 2", 2), ("Which side?", "x"), ("Which side?", "y")])
    assert [label for label, _ in offered] == [
        "Admit", "buy 2", "buy 10", "Which side?", "Which side? (2)", "done: end it"]
    assert tidy_choices([("b", 1), ("a", 2)], sort=False) == [("b", 1), ("a", 2)]


async def test_every_choice_has_a_key_past_nine_and_the_board_stays_visible(tmp_path):
    app = await started("clear-ward", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        picked = []
        choices = [(f"option {n:02d}", n) for n in range(14)]
        app.push_screen(ChoiceDialog("Many choices", choices), picked.append)
        await pilot.pause()
        text = screen_text(app)
        assert "9. option 08" in text and "b. option 09" in text  # no letter of a game key (issue 30)
        assert "DOCTOR" in text  # the ward is drawn beside the dialog, not under it
        await pilot.press(CHOICE_KEYS[12])
        await pilot.pause()
        assert picked == [12]


@pytest.mark.parametrize("game", MAKERS)
async def test_question_mark_closes_the_help_it_opened(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        below = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert getattr(app.screen, "ABOVE_ALL", False)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is below


@pytest.mark.parametrize("game", MAKERS)
async def test_a_save_is_deleted_from_the_continue_list_after_a_yes(game, tmp_path):
    from tui_common.dialogs import ConfirmDialog

    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "damaged.json").write_text("{ not a save")
    (saves / "kept.json").write_text("{ not a save either")
    app = MAKERS[game](tmp_path, ascii=False, players=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        listing = app.screen.query_one("#saves-list" if game == "clear-ward" else "#saves")
        listing.focus()
        listing.highlighted = next(i for i in range(listing.option_count)
                                   if "damaged" in str(listing.get_option_at_index(i).prompt))
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: the file stays
        await pilot.pause()
        assert (saves / "damaged.json").exists() and listing.option_count == 2
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not (saves / "damaged.json").exists() and (saves / "kept.json").exists()
        assert listing.option_count == 1
