"""Never lose a game: undo, Save as, --load, --replay, Continue, and bad save files."""

from __future__ import annotations

import json
import random

import pytest
from test_clear_ward_driver import do_action, game_screen, make_app, settle, wait_for

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.autosave import load
from clear_ward_tui.config import Options
from tui_common.dialogs import ConfirmDialog
from tui_common.dialogs import SaveAsDialog
from clear_ward_tui.dialogs.saved_games import SavedGamesDialog
from clear_ward_tui.screens.game import GameScreen
from clear_ward_tui.screens.replay import ReplayScreen
from clear_ward_tui.screens.setup import SetupScreen
from clear_ward_tui.widgets.ward_grid import WardGrid
from core.clear_ward import Move, Phase, apply_action, legal_actions
from core.clear_ward.game_record import RULES
from core.clear_ward.undo import reveals_hidden
from core.record import GameRecord
from core.saves import SaveFolder, Seat, dumps, read_save, write_atomic

SIZE = (100, 30)


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


def plain_move(state):
    """A legal move that turns nothing over."""
    return next(
        a for a in legal_actions(state)
        if isinstance(a, Move) and not reveals_hidden(state, a, apply_action(state, a))
    )


def revealing_move(state):
    return next(
        a for a in legal_actions(state)
        if isinstance(a, Move) and reveals_hidden(state, a, apply_action(state, a))
    )


def app_with(tmp_path, **kw) -> ClearWardApp:
    return ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, show_clock=False, **kw))


def recorded_game(actions: int, seed: int = 7, rng_seed: int = 1) -> GameRecord:
    """A two-player game record with ``actions`` random legal actions (or to the end)."""
    rng = random.Random(rng_seed)
    record = GameRecord.new(RULES, seed, (Seat("Ann"), Seat("Bob")), {"starting_player": None})
    while len(record.actions) < actions and not record.over:
        record = record.play(rng.choice(legal_actions(record.state)))
    return record


def finished_game(seed: int = 7) -> GameRecord:
    record = recorded_game(10_000, seed)
    assert record.over
    return record


# -- undo ------------------------------------------------------------------------------


async def test_undo_of_a_plain_move_restores_the_state_and_the_autosave(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        before = game.state
        await do_action(pilot, game, plain_move(before))
        assert game.state != before and len(game.record.actions) == 1
        autosave = SaveFolder(tmp_path).autosave
        assert len(read_save(autosave).actions) == 1
        await pilot.press("u")
        assert game.state == before
        assert game.record.actions == () and game.record.states == (before,)
        assert game.query_one(WardGrid).view.state == before
        assert game.query_one("#log").sentences[-1].startswith("Ann took back: Ann moves the Doctor")
        saved = read_save(autosave)
        assert saved.actions == () and load(autosave).state == before
        # Ctrl+Z does the same
        await do_action(pilot, game, plain_move(before))
        await pilot.press("ctrl+z")
        assert game.state == before


async def test_undo_after_a_revealing_move_is_refused(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        await do_action(pilot, game, revealing_move(game.state))
        after = game.state
        assert after.phase is Phase.DRAW_DECISION  # the draw dialog is open
        await pilot.press("u")
        assert game.state == after and len(game.record.actions) == 1
        assert "That action revealed hidden information, so it cannot be undone." in messages(app)
        # declining is a plain choice: it may be taken back, and the question comes again
        await pilot.press("down", "enter")
        await pilot.pause()
        assert len(game.record.actions) == 2
        await pilot.press("u")
        await pilot.pause()
        assert game.state == after and app.screen.kind == "draw-dialog"
        assert game.query_one("#log").sentences[-1] == "Ann took back: Ann draws no staff cards."


async def test_undo_after_a_computer_move_is_refused(tmp_path):
    app = make_app("Ann,cpu:greedy", seed=11, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        while game.state.current != 0:  # pragma: no cover - seed 11 starts with Ann
            await settle(pilot, app)
        await do_action(pilot, game, plain_move(game.state))
        await settle(pilot, app)  # the computer takes its turn
        assert game.record.steps[-1].human is False and game.state.current == 0
        now, count = game.state, len(game.record.actions)
        await pilot.press("u")
        assert game.state == now and len(game.record.actions) == count
        assert "Computer players' actions are not undone." in messages(app)


# -- save as ---------------------------------------------------------------------------


async def test_save_as_writes_a_loadable_file_and_asks_before_overwriting(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        await do_action(pilot, game, plain_move(game.state))
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveAsDialog)
        await pilot.press(*"Ward night!", "enter")
        await pilot.pause()
        path = tmp_path / "saves" / "Ward-night.json"
        assert path.exists()
        assert f"Saved as {path}" in messages(app)
        assert load(path).states == game.record.states
        first = path.read_bytes()
        # a second move, then the same name: asked first; "n" keeps the old file
        await do_action(pilot, game, plain_move(game.state))
        await pilot.press("ctrl+s", *"Ward night", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert path.read_bytes() == first
        await pilot.press("ctrl+s", *"Ward night", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert load(path).states == game.record.states and len(load(path).actions) == 2


async def test_save_as_refuses_a_name_without_letters(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+s", *"?!", "enter")
        await pilot.pause()
        assert any("a save name needs at least one letter or digit" in m for m in messages(app))
        assert not (tmp_path / "saves").exists()
        assert isinstance(app.screen, GameScreen)


# -- --load and --replay ---------------------------------------------------------------


async def test_load_plays_on_from_a_save_and_autosaves_elsewhere(tmp_path):
    record = recorded_game(6)
    path = tmp_path / "mine.json"
    write_atomic(path, dumps(record.to_save()))
    before = path.read_bytes()
    app = app_with(tmp_path, load=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        assert game.state == record.state and game.record.states == record.states
        assert game.names == ["Ann", "Bob"]
        await do_action(pilot, game, legal_actions(game.state)[0])
        await pilot.pause()
    assert path.read_bytes() == before, "the loaded file is never written"
    assert len(read_save(SaveFolder(tmp_path).autosave).actions) == 7


async def test_replay_steps_through_the_states_and_never_changes_the_file(tmp_path):
    record = finished_game()
    path = tmp_path / "last-game.json"
    write_atomic(path, dumps(record.to_save()))
    before = path.read_bytes()
    app = app_with(tmp_path, replay=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        grid = replay.query_one(WardGrid)
        n = len(record.actions)

        def shows(i: int) -> None:
            assert replay.index == i
            assert grid.view.state == record.states[i]
            assert f"Replay: action {i} of {n}" in str(replay.query_one("#replay-status").render())
            assert len(replay.query_one("#log").sentences) == i + 1

        shows(0)
        await pilot.press("right", "n", "l")
        shows(3)
        await pilot.press("left")
        shows(2)
        await pilot.press("p", "h", "h")  # never before the deal
        shows(0)
        await pilot.press("end")
        shows(n)
        assert grid.view.state == record.state and record.state.phase is Phase.OVER
        await pilot.press("right")  # nothing beyond the save
        shows(n)
        await pilot.press("home")
        shows(0)
        await pilot.press("G")
        shows(n)
        await pilot.press("g")
        shows(0)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "replay keys" in str(app.screen.query_one("#help-text").source)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay
        await pilot.press("q")
        await pilot.pause()
    assert path.read_bytes() == before


# -- continue --------------------------------------------------------------------------


async def test_continue_lists_the_autosave_and_loads_it(tmp_path):
    record = recorded_game(5)
    SaveFolder(tmp_path).keep(record.to_save())
    write_atomic(tmp_path / "saves" / "broken.json", "{ not json")
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        note = str(app.screen.query_one("#setup-saves").render())
        assert "Game in progress: Ann, Bob" in note
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SavedGamesDialog)
        options = dialog.query_one("#saves-list")
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        autosave = next(label for label in labels if label.startswith("Game in progress"))
        assert f"Ann, Bob · {record.progress()}" in autosave
        broken = next(label for label in labels if label.startswith("broken"))
        assert "cannot be opened (not a saved game (corrupt or truncated JSON" in broken
        while not labels[options.highlighted].startswith("broken"):  # listed, but not opened
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and any("not opened" in m for m in messages(app))
        while "Game in progress" not in labels[options.highlighted]:
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot, app)
        game = game_screen(app)
        assert game is not None and game.state == record.state and app.screen_stack[1] is game


async def test_continue_with_a_finished_game_opens_its_replay(tmp_path):
    record = finished_game()
    SaveFolder(tmp_path).keep(record.to_save())  # becomes last-game.json
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")  # Continue…
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.record.states == record.states
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_continue_says_when_there_are_no_saves(tmp_path):
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No saved games" in str(app.screen.query_one("#setup-saves").render())
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert "No saved games" in str(app.screen.query_one("#saves-empty").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


# -- bad files -------------------------------------------------------------------------


def _bad_saves(tmp_path):
    good = recorded_game(6)
    text = dumps(good.to_save())
    data = json.loads(text)
    wrong_version = dict(data, version=99)
    tampered = json.loads(text)
    tampered["actions"][0] = {"action": "Move", "direction": "up", "steps": 9}  # off the ward
    other_game = dict(data, game="clinic")
    return {
        "truncated": (text[: len(text) // 2], "corrupt or truncated JSON"),
        "version": (json.dumps(wrong_version), "saved by version 99 of the save format"),
        "tampered-action": (json.dumps(tampered), "action 1"),
        "snapshot": (json.dumps(dict(data, snapshot=json.dumps({"x": 1}))), "tampered save"),
        "other-game": (json.dumps(other_game), "a saved game of Clinic, not Clear the Ward"),
    }


@pytest.mark.parametrize("kind", ["truncated", "version", "tampered-action", "snapshot", "other-game"])
@pytest.mark.parametrize("how", ["load", "replay", "resume"])
async def test_a_bad_save_is_reported_left_untouched_and_setup_opens(tmp_path, kind, how):
    text, problem = _bad_saves(tmp_path)[kind]
    path = SaveFolder(tmp_path).autosave if how == "resume" else tmp_path / "bad.json"
    path.write_text(text)
    before = path.read_bytes()
    kw = {"resume": True} if how == "resume" else {how: path}
    app = app_with(tmp_path, **kw)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        errors = [m for m in messages(app) if str(path) in m]
        assert len(errors) == 1, messages(app)
        assert problem in errors[0] and errors[0].endswith("The file was left as it was.")
    assert path.read_bytes() == before


async def test_a_new_game_keeps_a_damaged_autosave_instead_of_writing_over_it(tmp_path):
    path = SaveFolder(tmp_path).autosave
    path.write_text("{ damaged")
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        await do_action(pilot, game, plain_move(game.state))
        kept = list(tmp_path.glob("autosave-damaged-*.json"))
        assert len(kept) == 1 and kept[0].read_text() == "{ damaged"
        assert len(read_save(path).actions) == 1


async def test_a_new_game_keeps_the_game_in_progress_it_would_replace(tmp_path):
    previous = recorded_game(5)
    folder = SaveFolder(tmp_path)
    folder.keep(previous.to_save())
    app = make_app("Cat,Dev", seed=9, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        await do_action(pilot, game, plain_move(game.state))
        kept = list((tmp_path / "saves").glob("Ann-vs-Bob-*.json"))
        assert len(kept) == 1 and load(kept[0]).states == previous.states
        assert read_save(folder.autosave).seats == (Seat("Cat"), Seat("Dev"))
        assert any("was kept as" in m for m in messages(app))


async def test_resuming_the_autosave_writes_it_in_place(tmp_path):
    folder = SaveFolder(tmp_path)
    folder.keep(recorded_game(4).to_save())
    app = app_with(tmp_path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        game.play(legal_actions(game.state)[0])
        await pilot.pause()
        assert len(read_save(folder.autosave).actions) == 5
        assert not (tmp_path / "saves").exists()


async def test_the_game_over_screen_replays_the_game_just_played(tmp_path):
    from clear_ward_tui.screens.game_over import GameOverScreen

    # Two computers: their game through the engine up to its last 10 actions, kept as the
    # autosave; resumed, they play those out in the app (the whole game there: 4.5 s).
    seats = (Seat("CPU (medium)", "greedy"), Seat("CPU (easy)", "random"))
    record, rng = GameRecord.new(RULES, 3, seats, {"starting_player": None}), random.Random(3)
    while not record.over:
        record = record.play(rng.choice(legal_actions(record.state)))
    early = GameRecord.new(RULES, 3, seats, {"starting_player": None})
    for action in record.actions[:-10]:
        early = early.play(action)
    write_atomic(SaveFolder(tmp_path).autosave, dumps(early.to_save()))
    app = app_with(tmp_path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        # a deadline, not a count of pauses: under load the computers' turns take longer
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), 90)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        await pilot.press("v")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.index == 0
        assert replay.sub_title.startswith("Replay of this game · action 0 of ")
        await pilot.press("end")
        assert replay.state == over.state and replay.index == len(over.record.actions)
        panel = str(replay.query_one("#panel-text").render())
        assert "game over" in panel and "to play" not in panel
        assert replay.record.states[: len(early.states)] == early.states  # from the deal on
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is over
    assert read_save(SaveFolder(tmp_path).last_game).finished


async def test_a_failed_autosave_is_one_lasting_mark_and_never_writes_over_another_game(tmp_path):
    """The saves folder cannot be written (a file has its name), so another game's
    autosave cannot be set aside: the new game leaves it as it was, the header says NOT
    SAVED for as long as that lasts, and the player is told once, not after every move."""
    folder = SaveFolder(tmp_path)
    folder.keep(recorded_game(5).to_save())
    before = folder.autosave.read_bytes()
    (tmp_path / "saves").write_text("a file, not a folder")
    app = make_app("Cat,Dev", seed=9, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        for _ in range(3):
            await do_action(pilot, game, legal_actions(game.state)[0])
            await settle(pilot, app)
        assert folder.autosave.read_bytes() == before
        assert game.sub_title.endswith("NOT SAVED")
        assert len([m for m in messages(app) if "set aside" in m]) == 1
