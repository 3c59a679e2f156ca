"""Never lose a game: autosave and --resume, undo (and what it refuses), save as,
--load, the replay viewer, the setup screen's Continue list, and bad save files (each
told clearly, the setup screen opened, the file's bytes unchanged).

Every test keeps its saves in a temporary folder (``tests/tui/conftest.py`` sets
``CLINIC_DATA_DIR``)."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest
from textual.app import App
from test_clinic_driver import do_action, game_screen, make_app, settle
from test_clinic_snapshots import app_at, state_at

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, data_dir, parse_players
from tui_common.dialogs import ChoiceDialog
from tui_common.dialogs import ConfirmDialog
from tui_common.dialogs import SaveAsDialog
from clinic_tui.saving import load_record, new_record
from clinic_tui.screens.game_over import GameOverScreen
from clinic_tui.screens.replay import ReplayScreen
from clinic_tui.screens.setup import SetupScreen
from core.clinic.game import AdmitPatient, Construct, Phase, SelectTile, apply_action, legal_actions
from core.clinic.game.undo import reveals_hidden
from core.saves import SaveFolder, dumps, read_save, summary


def folder() -> SaveFolder:
    return SaveFolder(data_dir(Options()))


@pytest.fixture(autouse=True)
def _every_note_kept(monkeypatch):
    """Keep every notice an app shows, so a loaded machine (a toast's timeout passing
    before the test looks) cannot hide one."""
    shown = App.notify

    def notify(self, message, *args, **kwargs):
        self.__dict__.setdefault("_told", []).append(str(message))
        return shown(self, message, *args, **kwargs)

    monkeypatch.setattr(App, "notify", notify)


def notes(app) -> list[str]:
    """Every notice ``app`` has shown so far, oldest first."""
    return list(app.__dict__.get("_told", []))


async def to_build(pilot, app) -> None:
    """Ann (seat 0) parks her starting car where offered first, takes the first bonus
    tile, then chooses Build; returns in her Build."""
    screen = game_screen(app)
    for _ in range(20):
        await settle(pilot, app)
        state = screen.state
        if state.phase is Phase.BUILD and state.current == 0:
            return
        legal = legal_actions(state)
        if state.phase in (Phase.START_CAR, Phase.BONUS):
            await do_action(pilot, app, legal[0])
        else:
            await do_action(pilot, app, next(a for a in legal if isinstance(a, SelectTile) and str(a.tile) == "Build"))
    raise AssertionError("Build never came")


async def build_one(pilot, app) -> None:
    screen = game_screen(app)
    await do_action(pilot, app, next(a for a in legal_actions(screen.state) if isinstance(a, Construct)))
    await settle(pilot, app)


def test_data_dir_option_env_and_default(monkeypatch, tmp_path):
    assert data_dir(Options(data_dir=str(tmp_path))) == tmp_path
    monkeypatch.setenv("CLINIC_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(Options()) == tmp_path / "env"
    monkeypatch.delenv("CLINIC_DATA_DIR")
    assert data_dir(Options()).name == "clinic"


def test_tests_never_use_the_real_data_folder():
    assert "clinic-data" in os.environ["CLINIC_DATA_DIR"]


def test_cli_flags(capsys):
    from clinic_tui.__main__ import options_from_args

    opts = options_from_args(["--resume", "--data-dir", "/x"])
    assert opts.resume and opts.data_dir == "/x"
    assert options_from_args(["--load", "a.json"]).load == "a.json"
    assert options_from_args(["--replay", "b.json"]).replay == "b.json"
    with pytest.raises(SystemExit):
        options_from_args(["--resume", "--players", "Ann"])
    with pytest.raises(SystemExit):
        options_from_args(["--load", "a.json", "--replay", "b.json"])


# -- autosave and resume -----------------------------------------------------------------


async def test_autosave_after_an_action_and_resume_brings_it_back():
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        await build_one(pilot, app)
        screen = game_screen(app)
        state, actions = screen.state, screen.record.actions
        assert folder().autosave.exists()
    saved = load_record(folder().autosave)
    assert saved.state == state and saved.actions == actions
    app = ClinicApp(Options(resume=True, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.state == state and screen.record.actions == actions
        assert screen.state.phase is Phase.BUILD and screen.state.current == 0
        assert any("Resumed from" in s for s in screen.query_one("#log").sentences)


async def test_resume_without_an_autosave_opens_setup():
    app = ClinicApp(Options(resume=True, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert any("No game in progress" in n for n in notes(app))


async def test_a_finished_game_leaves_last_game_and_no_autosave():
    # A computer alone: its first five rounds through the engine, kept as the autosave;
    # resumed, it plays the last round in the app (the whole game there cost 5 s CPU).
    early = new_record(Options(seats=parse_players("cpu:basic")), 3)
    rng = random.Random(0)
    while early.state.round < 6:
        early = early.play(rng.choice(legal_actions(early.state)))
    folder().autosave.parent.mkdir(parents=True, exist_ok=True)
    folder().autosave.write_text(dumps(early.to_save()))
    app = ClinicApp(Options(resume=True, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 90  # a deadline, not a count of pauses (a loaded machine)
        while not isinstance(app.screen, GameOverScreen) and time.monotonic() < deadline:
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        final = app.screen.state
        await pilot.press("v")  # the game over screen opens the replay of this game
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.index == 0
        await pilot.press("end")
        assert app.screen.state == final
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    assert not folder().autosave.exists()
    record = load_record(folder().last_game)
    assert record.over and record.state == final
    assert record.states[: len(early.states)] == early.states  # the whole game, from its deal


# -- undo --------------------------------------------------------------------------------


async def test_undo_a_build_restores_the_state_exactly():
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        screen = game_screen(app)
        before, count = screen.state, len(screen.record.actions)
        await build_one(pilot, app)
        assert screen.state != before
        await pilot.press("u")  # in the build menu that opened again
        await settle(pilot, app)
        assert screen.state == before and len(screen.record.actions) == count
        assert screen.query_one("#log").sentences[-1].startswith("Ann took back: Ann builds")
        assert load_record(folder().autosave).state == before  # autosaved again
        # the same with Esc first (the board) and Ctrl+Z
        await build_one(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+z")
        await settle(pilot, app)
        assert screen.state == before


async def test_undo_after_a_computer_action_is_refused():
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        for _ in range(10):  # Ann parks her starting car until the computer has acted
            await settle(pilot, app)
            if screen.record.steps and not screen.record.steps[-1].human:
                break
            await do_action(pilot, app, legal_actions(screen.state)[0])
        assert screen.record.steps[-1].human is False
        state, count = screen.state, len(screen.record.actions)
        await pilot.press("u")
        await pilot.pause()
        assert "Computer players' actions are not undone." in notes(app)
        assert screen.state == state and len(screen.record.actions) == count


async def test_undo_after_choosing_a_tile_is_refused_for_the_next_player():
    app = make_app("Ann,Bob", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        for _ in range(20):
            await settle(pilot, app)
            if any(isinstance(a, SelectTile) for a in screen.record.actions):
                break
            await do_action(pilot, app, legal_actions(screen.state)[0])
        assert isinstance(screen.record.actions[-1], SelectTile)
        state = screen.state
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo in this turn: a turn that was ended stays ended." in notes(app)
        assert screen.state == state


async def test_undo_after_a_bag_draw_is_refused():
    def admits_and_draws(s):
        if s.phase is not Phase.ADMIT:
            return False
        return any(isinstance(a, AdmitPatient) and reveals_hidden(s, a, apply_action(s, a))
                   and apply_action(s, a).current == 0 for a in legal_actions(s))

    state = state_at(3, admits_and_draws)
    action = next(a for a in legal_actions(state) if isinstance(a, AdmitPatient)
                  and reveals_hidden(state, a, apply_action(state, a)))
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await do_action(pilot, app, action)
        await settle(pilot, app)
        after = screen.state
        assert screen.record.actions[-1] == action and after.current == 0
        await pilot.press("u")
        await pilot.pause()
        assert "That action revealed hidden information, so it cannot be undone." in notes(app)
        assert screen.state == after


# -- save as, --load, --replay -----------------------------------------------------------


async def save_as(pilot, app, name: str) -> None:
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, SaveAsDialog)
    await pilot.press(*name, "enter")  # typing replaces the suggested name
    await pilot.pause()


async def test_save_as_writes_a_loadable_file_and_asks_before_overwriting():
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        screen = game_screen(app)
        path = folder().named("ann1")
        await save_as(pilot, app, "ann1")
        assert path.exists() and any(f"Saved as {path}" in n for n in notes(app))
        assert load_record(path).state == screen.state
        assert isinstance(app.screen, ChoiceDialog)  # back in the build menu
        first = path.read_bytes()
        await build_one(pilot, app)
        await save_as(pilot, app, "ann1")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert path.read_bytes() == first
        await save_as(pilot, app, "ann1")
        await pilot.press("y")
        await pilot.pause()
        assert load_record(path).state == screen.state != load_record_state(first)
        await save_as(pilot, app, "!!!")
        assert any("a save name needs at least one letter or digit" in n for n in notes(app))


def load_record_state(data: bytes):
    from core.clinic.game.game_record import RULES
    from core.record import GameRecord
    from core.saves import loads

    return GameRecord.from_save(loads(data.decode()), RULES).state


def saved_game(path: Path, actions: int = 12) -> object:
    """A game of Ann and Basic bot saved at ``path`` after ``actions`` actions."""
    record = new_record(Options(seats=parse_players("Ann,cpu:basic")), 3)
    for _ in range(actions):
        record = record.play(legal_actions(record.state)[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(record.to_save()))
    return record


async def test_load_plays_on_and_autosaves_elsewhere(tmp_path):
    path = tmp_path / "mine.json"
    record = saved_game(path)
    before = path.read_bytes()
    app = ClinicApp(Options(load=str(path), cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.record.states[: len(record.states)] == record.states
        if screen.state.current == 0:
            await do_action(pilot, app, legal_actions(screen.state)[0])
            await settle(pilot, app)
        assert len(screen.record.actions) > len(record.actions)
    assert path.read_bytes() == before
    assert load_record(folder().autosave).actions[: len(record.actions)] == record.actions


async def test_replay_steps_through_the_states(tmp_path):
    path = tmp_path / "mine.json"
    record = saved_game(path, 20)
    before = path.read_bytes()
    app = ClinicApp(Options(replay=str(path), cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)

        def shown(i):
            assert replay.index == i
            assert replay.query_one("#clinic").picture.clinic == record.states[i].players[0].clinic
            status = str(replay.query_one("#status").render())
            assert (f"action {i} of 20" in status)
            assert len(replay.query_one("#log").sentences) == i

        shown(0)
        await pilot.press("right", "n", "l")
        shown(3)
        await pilot.press("left")
        shown(2)
        await pilot.press("end")
        shown(20)
        await pilot.press("p", "h")
        shown(18)
        await pilot.press("g")
        shown(0)
        await pilot.press("G")
        shown(20)
        await pilot.press("v")
        assert replay.query_one("#clinic").picture.clinic == record.states[20].players[1].clinic
        await pilot.press("question_mark")
        await pilot.pause()
        from clinic_tui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
    assert path.read_bytes() == before


# -- the Continue list -------------------------------------------------------------------


async def test_continue_lists_the_autosave_and_loads_it():
    record = saved_game(folder().autosave)
    save = read_save(folder().autosave)
    app = ClinicApp(Options(cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#saves")
        assert summary(save) in str(listing.get_option_at_index(0).prompt)
        await pilot.press("ctrl+o", "enter")
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.record.states[: len(record.states)] == record.states


async def test_continue_opens_a_finished_game_in_the_replay_viewer():
    folder().folder.mkdir(parents=True, exist_ok=True)
    record = new_record(Options(seats=parse_players("cpu:basic")), 3)
    from core.clinic.game.bots import make_bot

    bot = make_bot("basic", 1)
    while not record.over:
        record = record.play(bot.choose(record.state))
    folder().keep(record.to_save())
    app = ClinicApp(Options(cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "(replay)" in str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        await pilot.press("ctrl+o", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert app.screen.state == record.state
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_no_saved_games():
    app = ClinicApp(Options(cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#no-saves").render()) == "No saved games."


# -- bad files ---------------------------------------------------------------------------


def _tamper_action(data: dict) -> dict:
    data["actions"][3] = data["actions"][0]  # a bonus tile taken again: illegal on replay
    return data


def _tamper_snapshot(data: dict) -> dict:
    snap = json.loads(data["snapshot"])
    snap["round"] = 5
    data["snapshot"] = json.dumps(snap)
    return data


def _other_game(data: dict) -> dict:
    data["game"] = "clear-the-ward"
    return data


def _wrong_version(data: dict) -> dict:
    data["version"] = 99
    return data


def _old_rules(data: dict) -> dict:
    del data["rules"]  # a save written before Clinic's rules version 2 (issue 11)
    return data


BAD = {
    "truncated": (lambda text: text[: len(text) // 2], "corrupt or truncated JSON"),
    "wrong-version": (lambda text: json.dumps(_wrong_version(json.loads(text))), "saved by version 99"),
    "illegal-action": (lambda text: json.dumps(_tamper_action(json.loads(text))), "is illegal on replay"),
    "snapshot": (lambda text: json.dumps(_tamper_snapshot(json.loads(text))), "tampered save"),
    "other-game": (lambda text: json.dumps(_other_game(json.loads(text))), "a saved game of Clear the Ward"),
    "not-json": (lambda text: "\x00\x01 hello", "not a saved game"),
    "old-rules": (lambda text: json.dumps(_old_rules(json.loads(text))),
                  "saved by an earlier rules version of Clinic (1); this version plays by rules version 2, "
                  "so the game cannot be replayed"),
}


@pytest.mark.parametrize("kind", list(BAD))
@pytest.mark.parametrize("how", ["load", "resume", "continue"])
async def test_bad_files_are_told_and_left_as_they_were(tmp_path, kind, how):
    spoil, message = BAD[kind]
    path = folder().autosave if how in ("resume", "continue") else tmp_path / "bad.json"
    saved_game(path)
    path.write_text(spoil(path.read_text()))
    before = path.read_bytes()
    options = {"load": Options(load=str(path)), "resume": Options(resume=True)}.get(how, Options())
    app = ClinicApp(Options(**{**options.__dict__, "cpu_delay": 0}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        if how == "continue":
            option = app.screen.query_one("#saves").get_option_at_index(0)
            if kind in ("illegal-action", "snapshot"):  # readable: the replay finds it out
                await pilot.press("ctrl+o", "enter")
                await pilot.pause()
                assert isinstance(app.screen, SetupScreen)
            else:  # listed with the reason; Enter tells it again and opens nothing
                assert message in str(option.prompt)
                await pilot.press("ctrl+o", "enter")
                await pilot.pause()
                assert isinstance(app.screen, SetupScreen)
                assert any("can be deleted (d), not opened" in n for n in notes(app))
                assert path.read_bytes() == before
                return
        told = [n for n in notes(app) if message in n]
        assert told and str(path) in told[0] and told[0].endswith("The file was left as it was.")
    assert path.read_bytes() == before
    if how != "resume":
        assert not folder().autosave.exists() or how == "continue"


async def test_missing_file():
    app = ClinicApp(Options(load="/nonexistent/x.json", cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert any("/nonexistent/x.json: no such save file. The file was left as it was." in n for n in notes(app))


async def test_a_new_game_sets_the_game_in_progress_aside_instead_of_writing_over_it():
    previous = saved_game(folder().autosave)
    app = make_app("Cat,cpu:basic", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        await build_one(pilot, app)
        assert any("was kept as" in n for n in notes(app))
    (kept,) = (folder().folder / "saves").glob("Ann-vs-*.json")
    assert load_record(kept).states == previous.states
    assert read_save(folder().autosave).seats[0].name == "Cat"


async def test_resuming_the_autosave_writes_it_in_place():
    saved_game(folder().autosave, actions=2)
    app = ClinicApp(Options(resume=True, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        await build_one(pilot, app)
    assert not (folder().folder / "saves").exists()
    assert len(read_save(folder().autosave).actions) > 2


async def test_a_failed_autosave_is_one_lasting_mark_and_never_writes_over_another_game(tmp_path):
    """As in Clear the Ward: another game's autosave that cannot be set aside is left as
    it was; the header says NOT SAVED; the player is told once."""
    other = folder().autosave
    saved_game(other)
    before = other.read_bytes()
    (folder().folder / "saves").write_text("a file, not a folder")
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        for _ in range(3):
            await do_action(pilot, app, legal_actions(screen.state)[0])
            await settle(pilot, app)
        assert other.read_bytes() == before
        assert screen.sub_title.endswith("NOT SAVED")
        assert len([m for m in notes(app) if "set aside" in m]) == 1
