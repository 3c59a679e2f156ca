"""The setup screen of both games (``tui_common.setup``): the focused field is drawn
visibly, ↑ / ↓ move between fields without opening a list, Enter starts only from the
Start button, names are taken as typed (a name ``[/]`` is just that) and cut to
``MAX_NAME`` with a sentence, and "Setup" after a game comes back with a new seed."""

from __future__ import annotations

import pytest

from tui_common.cli import MAX_NAME
from tui_common.setup import FieldSelect, SetupBase

SIZE = (80, 24)


def make(game: str, tmp_path, **kw):
    if game == "clear-ward":
        from clear_ward_tui.app import ClearWardApp
        from clear_ward_tui.config import Options

        return ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, show_clock=False, **kw))
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options

    return ClinicApp(Options(cpu_delay=0, data_dir=str(tmp_path), **kw))


GAMES = ["clear-ward", "clinic"]


def game_screen(app):
    return next((s for s in app.screen_stack if type(s).__name__ == "GameScreen"), None)


@pytest.mark.parametrize("game", GAMES)
async def test_up_and_down_move_between_fields_without_opening_a_list(game, tmp_path):
    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        count = app.screen.query_one("#count", FieldSelect)
        count.focus()
        await pilot.press("down")
        assert app.focused.id == "name-0"
        assert not count.expanded
        await pilot.press("down")
        kind = app.screen.query_one("#kind-0", FieldSelect)
        assert app.focused is kind
        await pilot.press("down", "up")
        assert app.focused is kind and not kind.expanded
        await pilot.press("right")  # the next value, in place
        assert kind.value != "human" and not kind.expanded
        await pilot.press("enter")  # Enter opens the list
        assert kind.expanded


@pytest.mark.parametrize("game", GAMES)
async def test_the_focused_field_is_drawn_differently(game, tmp_path):
    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        current = app.screen.query_one("#kind-0 SelectCurrent")
        name = app.screen.query_one("#name-0")
        before = (current.styles.background, name.styles.background)
        app.screen.query_one("#kind-0").focus()
        await pilot.pause()
        assert current.styles.background != before[0]
        name.focus()
        await pilot.pause()
        assert name.styles.background != before[1]


@pytest.mark.parametrize("game", GAMES)
async def test_enter_starts_only_from_the_start_button(game, tmp_path):
    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-0").focus()
        for _ in range(6):  # Enter on names and the seed only moves on
            if app.focused.id in ("start-button", "quit-button") or isinstance(app.focused, FieldSelect):
                break
            await pilot.press("enter")
            assert isinstance(app.screen, SetupBase)
        app.screen.query_one("#start-button").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app) is not None


@pytest.mark.parametrize("game", GAMES)
async def test_a_name_like_markup_is_taken_as_typed(game, tmp_path):
    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#name-0")
        field.value = "[/]"
        await pilot.pause()
        app.screen.query_one("#name-1").value = "[b]Bob"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = game_screen(app)
        assert screen is not None and screen.names[:2] == ["[/]", "[b]Bob"]


@pytest.mark.parametrize("game", GAMES)
async def test_a_long_name_is_cut_and_the_player_told(game, tmp_path):
    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-0").value = "Bartholomew Fitzgerald"
        await pilot.pause()
        assert str(MAX_NAME) in str(app.screen.query_one("#setup-hint").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.names[0] == "Bartholomew Fitzgerald"[:MAX_NAME].rstrip()
        assert any(f"at most {MAX_NAME} characters" in n.message for n in app._notifications)


@pytest.mark.parametrize("game", GAMES)
async def test_setup_after_a_game_draws_a_new_seed(game, tmp_path):
    """Same seats, but the seed field is blank (a new one is drawn at the start)."""
    if game == "clear-ward":
        from clear_ward_tui.config import parse_players

        app = make(game, tmp_path, seats=parse_players("cpu:greedy,cpu:random"), seed=39)  # 18 actions (suite time)
        key = "o"
    else:
        from test_clinic_driver import dealt_to_round

        from clinic_tui.app import ClinicApp
        from clinic_tui.config import Options, parse_players

        state = dealt_to_round("cpu:random,cpu:random", 11, 6)  # rounds 1-5 through the engine (suite time)
        app = ClinicApp(Options(cpu_delay=0, data_dir=str(tmp_path), seats=parse_players("cpu:random,cpu:random"),
                                seed=11), state=state)
        key = "n"
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "GameOverScreen":
                break
        assert type(app.screen).__name__ == "GameOverScreen"
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, SetupBase)
        assert app.screen.query_one("#seed").value == ""
        assert app.screen.query_one("#name-0").value == "CPU (medium)" if game == "clear-ward" else True


@pytest.mark.parametrize("game", GAMES)
async def test_a_drawn_seed_of_19_digits_can_be_typed_back_and_a_larger_one_is_refused(game, tmp_path):
    """A seed the program draws has up to 19 digits (63 bits, shown at game over): the
    seed field takes it back whole; a seed past what a save holds gets a sentence."""
    from core.saves import MAX_SEED

    app = make(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#seed")
        field.value = ""
        field.insert_text_at_cursor(str(MAX_SEED - 1))
        assert field.value == str(MAX_SEED - 1)  # 19 digits fit
        field.value = str(MAX_SEED)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("at most 19 digits" in n.message for n in app._notifications)
        assert isinstance(app.screen, SetupBase)  # no game started
