"""What the console scripts do for a quick first screen (``tui_common.startup``) and
Clinic's first frame reaching the terminal. None of these is timed: each checks what
would make the start slower or wrong (the cycle collector left off, the game's first
frame thrown away)."""

from __future__ import annotations

import gc

import pytest

from tui_common import startup

def test_the_cycle_collector_waits_for_the_first_screen_only(monkeypatch):
    monkeypatch.setitem(startup._state, "gc_paused", False)
    monkeypatch.setitem(startup._state, "begun", False)
    was = gc.isenabled()
    try:
        gc.enable()
        assert not startup.begun()
        startup.begin()
        assert not gc.isenabled() and startup.begun()
        startup.end()
        assert gc.isenabled() and not startup.begun()
        gc.disable()  # a program that turned it off itself keeps it off
        startup.begin()
        startup.end()
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


async def test_clinics_first_frame_shows_the_board_before_the_first_menu(monkeypatch):
    """Textual draws nothing during the app's start: the game screen's first frame used
    to be made then and thrown away, so the terminal first showed the frame with the
    first menu on top. Now a frame of the board alone is drawn first."""
    from textual.app import App

    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options, parse_players
    from clinic_tui.screens.game import GameScreen

    shown = []
    display = App._display

    def recording(self, screen, renderable):
        if type(renderable).__name__ == "LayoutUpdate":
            # drawn (not dropped): outside the start's batch of updates
            shown.append((type(self.screen).__name__, self._batch_count == 0))
        return display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", recording)
    app = ClinicApp(Options(seats=parse_players("Ann,cpu:basic"), seed=3, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if len(app.screen_stack) > 2:  # the first menu is open
                break
        assert isinstance(app.screen_stack[1], GameScreen)
    drawn = [name for name, drawn in shown if drawn]
    assert drawn and drawn[0] == "GameScreen", shown


@pytest.mark.parametrize("prog", ["clear_ward_tui", "clinic_tui"])
def test_main_undoes_the_quick_start_when_it_returns(prog, tmp_path, monkeypatch):
    """A game's ``main`` that returns (here its app is not run) leaves the collector on,
    as before it was called."""
    import importlib

    seen = []

    def fake_run_game(app, **_):
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr("tui_common.app.run_game", fake_run_game)
    main = importlib.import_module(f"{prog}.__main__").main
    assert gc.isenabled()
    assert main(["--players", "Ann,Bob", "--seed", "1", "--data-dir", str(tmp_path / "data")]) == 0
    assert seen == [False], "paused while the app starts"
    assert gc.isenabled() and not startup.begun()


@pytest.mark.parametrize("game", ["clear_ward", "clinic"])
async def test_a_key_typed_before_the_board_is_played_on_the_board(game, tmp_path):
    """? pressed before the board is there opens help once the board is there (issue
    33): Clear the Ward's loading screen once opened help over itself, which the board
    then replaced (help gone, the loading screen left under the board)."""
    import importlib

    from textual import events

    app_class = importlib.import_module(f"{game}_tui.app").__dict__["ClearWardApp" if game == "clear_ward" else "ClinicApp"]
    config = importlib.import_module(f"{game}_tui.config")
    GameScreen = importlib.import_module(f"{game}_tui.screens.game").GameScreen
    HelpScreen = importlib.import_module(f"{game}_tui.screens.help").HelpScreen
    players = "Ann,Bob" if game == "clear_ward" else "Ann,cpu:basic"
    typed_on = []

    class TypedEarly(app_class):
        def on_mount(self) -> None:  # the key is queued before the board is dealt
            self.post_message(events.Key("question_mark", "?"))

        async def on_event(self, event) -> None:
            if isinstance(event, events.Key):
                typed_on.append(type(self.screen).__name__)
            await super().on_event(event)

    app = TypedEarly(config.Options(seats=config.parse_players(players), seed=7, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, HelpScreen):
                break
        stack = [type(s) for s in app.screen_stack]
    assert typed_on[0] != "GameScreen", typed_on  # typed before the board appeared
    assert stack[1] is GameScreen and stack[-1] is HelpScreen, stack


@pytest.mark.parametrize("game", ["clear_ward", "clinic"])
async def test_each_games_first_drawn_frame_is_its_board(game, monkeypatch, tmp_path):
    """No loading screen: the first frame drawn is the game screen's (Clear the Ward's
    "Dealing the ward…" frame cost a render and a stylesheet pass before the board)."""
    import importlib

    from textual.app import App

    app_class = importlib.import_module(f"{game}_tui.app").__dict__["ClearWardApp" if game == "clear_ward" else "ClinicApp"]
    config = importlib.import_module(f"{game}_tui.config")
    players = "Ann,Bob" if game == "clear_ward" else "Ann,cpu:basic"
    shown = []
    display = App._display

    def recording(self, screen, renderable):
        if type(renderable).__name__ == "LayoutUpdate" and self._batch_count == 0:
            shown.append(type(self.screen).__name__)
        return display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", recording)
    app = app_class(config.Options(seats=config.parse_players(players), seed=3, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if shown:
                break
    assert shown and shown[0] == "GameScreen", shown