"""Hostile save files are refused with ``SaveError`` (never a crash or a hang) by every
loader of both apps, and setting aside an unfinished game never writes over another
game's autosave (issue 12: a save nested 100,000 levels deep, a seed of 5,000 digits
and a FIFO named ``*.json`` crashed or hung both apps)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from clear_ward_tui import autosave as clear_ward_saves
from clear_ward_tui import records
from clinic_tui import saving as clinic_saves
from core.clear_ward.game_record import RULES
from core.record import GameRecord
from core.saves import (
    MAX_ACTIONS,
    MAX_SAVE_BYTES,
    Autosaver,
    SaveError,
    SaveFolder,
    Seat,
    dumps,
    list_saves,
    read_save,
)

LOADERS = {
    "core": read_save,
    "clear-ward": clear_ward_saves.load,
    "clinic": clinic_saves.load_record,
}


@pytest.fixture(autouse=True)
def no_hang():
    """Every test here fails (instead of hanging the suite) after 10 seconds."""
    def timeout(*_):
        raise AssertionError("hung reading a hostile file")

    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def good_save() -> dict:
    record = GameRecord.new(RULES, 7, (Seat("Ann"), Seat("Bob")), {"starting_player": None})
    return json.loads(dumps(record.to_save()))


def hostile(kind: str, path: Path) -> Path:
    if kind == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "nested-inside":
        data = good_save()
        path.write_text(json.dumps(data)[:-1] + ', "options": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif kind == "seed-5000-digits":
        path.write_text(json.dumps(good_save()).replace('"seed": 7', '"seed": ' + "9" * 5000))
    elif kind == "seed-4000-digits":  # Python reads it, but it is no seed of a game
        path.write_text(json.dumps(good_save()).replace('"seed": 7', '"seed": ' + "9" * 4000))
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        path.write_text(json.dumps(good_save()) + " " * MAX_SAVE_BYTES)
    elif kind == "many-actions":
        data = good_save()
        data["actions"] = [{"action": "EndTurn"}] * (MAX_ACTIONS + 1)
        path.write_text(json.dumps(data))
    return path


KINDS = ["nested", "nested-inside", "seed-5000-digits", "seed-4000-digits", "fifo", "folder", "huge",
         "many-actions"]


@pytest.mark.parametrize("loader", LOADERS, ids=list(LOADERS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_loader_refuses_a_hostile_save(tmp_path, kind, loader):
    path = hostile(kind, tmp_path / "hostile.json")
    with pytest.raises(SaveError, match=str(path)):
        LOADERS[loader](path)


def test_the_continue_list_names_a_fifo_and_a_deep_save_as_unusable(tmp_path):
    folder = SaveFolder(tmp_path)
    (tmp_path / "saves").mkdir()
    hostile("fifo", tmp_path / "saves" / "pipe.json")
    hostile("nested", tmp_path / "saves" / "deep.json")
    hostile("seed-5000-digits", folder.autosave)
    entries = dict(folder.entries(("clear-the-ward", "Clear the Ward")))
    assert len(entries) == 3
    assert all(isinstance(found, SaveError) for found in entries.values())
    assert "not a regular file" in str(entries[tmp_path / "saves" / "pipe.json"])
    assert len(list_saves(tmp_path / "saves")) == 2


@pytest.mark.parametrize("kind", ["nested", "seed-5000-digits", "fifo", "huge"])
def test_best_times_refuse_a_hostile_file_and_keep_it(tmp_path, kind):
    path = hostile(kind, tmp_path / records.FILE_NAME)
    with pytest.raises(records.RecordsError):
        records.load(path)
    outcome = records.record(tmp_path, 7, 100.0)
    assert outcome.problem is not None
    assert path.exists()


def test_best_times_with_a_huge_number_are_refused(tmp_path):
    path = tmp_path / records.FILE_NAME
    path.write_text('{"seeds": {"7": 1' + "0" * 4000 + "}}")
    with pytest.raises(records.RecordsError):
        records.load(path)


@pytest.mark.parametrize("kind", ["nested", "fifo"])
@pytest.mark.parametrize("main", ["clear_ward_tui.__main__", "clinic_tui.__main__"])
@pytest.mark.parametrize("flag", ["--load", "--replay"])
def test_the_command_line_refuses_a_hostile_file_with_status_1(tmp_path, capsys, kind, main, flag):
    import importlib

    path = hostile(kind, tmp_path / "hostile.json")
    assert importlib.import_module(main).main([flag, str(path)]) == 1
    assert str(path) in capsys.readouterr().err


# -- setting aside another game's autosave ----------------------------------------------


def game(names: tuple[str, ...], actions: int = 2):
    record = GameRecord.new(RULES, 7, tuple(Seat(n) for n in names), {"starting_player": None})
    from core.clear_ward import legal_actions

    for _ in range(actions):
        record = record.play(legal_actions(record.state)[0])
    return record.to_save()


def test_setting_aside_never_writes_over_a_named_save(tmp_path, monkeypatch):
    """Two games of the same players set aside within one second get two files."""
    import core.saves as saves

    class Frozen(saves.datetime):
        @classmethod
        def now(cls, tz=None):
            return saves.datetime(2026, 1, 2, 3, 4, 5)

    monkeypatch.setattr(saves, "datetime", Frozen)
    folder = SaveFolder(tmp_path)
    first, second = game(("Ann", "Bob"), 1), game(("Ann", "Bob"), 3)
    folder.keep(first)
    folder.set_aside()
    folder.keep(second)
    folder.set_aside()
    kept = sorted((tmp_path / "saves").glob("*.json"))
    assert len(kept) == 2
    assert sorted(len(read_save(p).actions) for p in kept) == [1, 3]


def test_a_new_game_does_not_autosave_when_the_old_autosave_cannot_be_set_aside(tmp_path):
    """The saves folder cannot be made (a file has its name): the other game's autosave
    stays exactly as it was, and the new game says it is not saved."""
    folder = SaveFolder(tmp_path)
    folder.keep(game(("Ann", "Bob")))
    before = folder.autosave.read_bytes()
    (tmp_path / "saves").write_text("not a folder")
    saver = Autosaver(folder)
    assert saver.keep(game(("Cat", "Dev"))) is None
    assert saver.keep(game(("Cat", "Dev"), 3)) is None
    assert folder.autosave.read_bytes() == before
    assert saver.problem and "set aside" in saver.problem
    (tmp_path / "saves").unlink()  # the disk is fixed: the next action sets it aside and saves
    assert "was kept as" in saver.keep(game(("Cat", "Dev"), 4))
    assert saver.problem is None
    assert [s.name for s in read_save(folder.autosave).seats] == ["Cat", "Dev"]
    assert len(list((tmp_path / "saves").glob("Ann-vs-Bob-*.json"))) == 1


def test_a_game_resumed_from_the_autosave_writes_it_in_place(tmp_path):
    folder = SaveFolder(tmp_path)
    folder.keep(game(("Ann", "Bob")))
    saver = Autosaver(folder, own=True)
    assert saver.keep(game(("Ann", "Bob"), 3)) is None
    assert len(read_save(folder.autosave).actions) == 3
    assert not (tmp_path / "saves").exists()


def finished(names: tuple[str, ...], seed: int):
    from core.clear_ward import legal_actions

    record = GameRecord.new(RULES, seed, tuple(Seat(n) for n in names), {"starting_player": None})
    while not record.over:
        record = record.play(legal_actions(record.state)[0])
    return record.to_save()


def test_the_last_ten_finished_games_are_kept(tmp_path):
    """Each finished game becomes last-game.json; the one before moves to finished/,
    which keeps nine: ten in all, the oldest dropped."""
    import os as _os

    folder = SaveFolder(tmp_path)
    for seed in range(12):
        folder.keep(finished(("Ann", "Bob"), seed))
        folder.keep(finished(("Ann", "Bob"), seed))  # the same game again: not a second copy
        _os.utime(folder.last_game, (1_000_000 + seed, 1_000_000 + seed))
    kept = [read_save(folder.last_game).seed] + sorted(
        read_save(p).seed for p in (tmp_path / "finished").glob("*.json"))
    assert sorted(kept) == list(range(2, 12))
    assert len(folder.entries(("clear-the-ward", "Clear the Ward"))) == 10


def test_a_new_game_sets_the_old_autosave_aside_once_then_writes_its_own(tmp_path):
    """Before its first write a new game sets aside the autosave already there (another
    game in progress, kept for Continue); every later action writes its own autosave in
    place and sets nothing more aside."""
    folder = SaveFolder(tmp_path)
    folder.keep(game(("Ann", "Bob")))
    saver = Autosaver(folder)
    assert "was kept as" in saver.keep(game(("Cat", "Dev")))
    for n in (2, 3):
        assert saver.keep(game(("Cat", "Dev"), n)) is None
    assert len(read_save(folder.autosave).actions) == 3
    assert len(list((tmp_path / "saves").glob("*.json"))) == 1  # Ann and Bob's game only


def test_an_autosave_in_a_folder_not_yet_made_makes_the_whole_path(tmp_path):
    """A first game on a new machine: the data folder and its parents are made."""
    from core.saves import write_atomic

    path = tmp_path / "a" / "b" / "autosave.json"
    write_atomic(path, "{}")
    assert path.read_text(encoding="utf-8") == "{}"


def test_refusals_name_no_exception_class(tmp_path, monkeypatch):
    """A file that is not UTF-8 and one the system will not open are refused in words a
    player reads, never a Python exception's class name (the play-test checklist)."""
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(SaveError, match="not UTF-8 text") as refused:
        read_save(binary)
    assert "Error" not in str(refused.value)

    def refuse(*_args, **_kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveError, match=r"cannot be read \(permission denied\)") as refused:
        read_save(tmp_path / "locked.json")
    assert "Error" not in str(refused.value)


def test_clinic_names_a_clear_the_ward_save_as_the_other_game(tmp_path):
    """A Clear the Ward save loaded by Clinic is told as another game's save, not as an
    unknown computer level of its seats."""
    path = tmp_path / "ward.json"
    record = GameRecord.new(RULES, 7, (Seat("Ann"), Seat("Bob", "greedy")), {"starting_player": None})
    path.write_text(dumps(record.to_save()))
    with pytest.raises(SaveError, match="a saved game of Clear the Ward, not Clinic"):
        clinic_saves.load_record(path)
