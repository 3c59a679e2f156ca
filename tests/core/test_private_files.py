"""Saves, autosaves, best times and crash logs are readable by their owner only
(issue #29): a save holds the seed, and the seed deals every hidden card again. Files
are 0600, the data folder 0700, even under a loose umask; an older world-readable data
folder is tightened on the next write."""

from __future__ import annotations

import os
import stat

import pytest
from attrs import evolve

from core.clear_ward.game_record import RULES
from core.private_files import private_database, private_folder
from core.record import GameRecord
from core.saves import SaveFolder, Seat, dumps, write_atomic


@pytest.fixture(autouse=True)
def loose_umask():
    """A umask that lets everyone read new files (the usual 022)."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _save(finished: bool = False):
    record = GameRecord.new(RULES, 8_146_001_337_420_965_113, [Seat("Ann"), Seat("Bob")], {"starting_player": 0})
    return evolve(record.to_save(), finished=finished)


def test_write_atomic_makes_a_0600_file_in_a_new_0700_folder(tmp_path):
    path = tmp_path / "data" / "game.json"
    write_atomic(path, "{}")
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700


def test_an_older_world_readable_data_folder_is_tightened_by_the_next_autosave(tmp_path):
    folder = tmp_path / "clear-ward"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    written = SaveFolder(folder).keep(_save())
    assert written == folder / "autosave.json"
    assert mode(written) == 0o600
    assert mode(folder) == 0o700


def test_named_saves_and_the_last_game_are_0600(tmp_path):
    folder = SaveFolder(tmp_path / "clinic")
    named = folder.named("Ann vs Bob")
    write_atomic(named, dumps(_save()))
    assert mode(named) == 0o600 and mode(named.parent) == 0o700
    written = folder.keep(_save(finished=True))
    assert written == folder.last_game
    assert mode(written) == 0o600


def test_night_shift_best_times_are_0600(tmp_path):
    from clear_ward_tui import records

    outcome = records.record(tmp_path / "clear-ward", 7, 312.4)
    assert outcome.problem is None
    assert mode(tmp_path / "clear-ward" / records.FILE_NAME) == 0o600
    assert mode(tmp_path / "clear-ward") == 0o700


def test_the_crash_log_is_0600(tmp_path):
    from tui_common.crash import write_crash_log

    path = write_crash_log(tmp_path / "clinic", RuntimeError("boom"))
    assert path is not None and "boom" in path.read_text()
    assert mode(path) == 0o600 and mode(path.parent) == 0o700


def test_a_database_file_is_made_0600_before_sqlite_opens_it_and_old_ones_are_tightened(tmp_path):
    db = tmp_path / "server" / "rooms.sqlite3"
    private_database(db)
    assert db.exists() and mode(db) == 0o600 and mode(db.parent) == 0o700
    for extra in ("-wal", "-shm"):
        open(f"{db}{extra}", "w").close()  # left by an older version, world-readable
    for extra in ("", "-wal", "-shm"):
        os.chmod(f"{db}{extra}", 0o644)
    private_database(db)
    assert [mode(f"{db}{extra}") for extra in ("", "-wal", "-shm")] == [0o600] * 3


def test_someone_elses_or_a_missing_folder_is_not_an_error(tmp_path):
    """``tighten`` leaves alone what it cannot change (a missing path here)."""
    from core.private_files import tighten

    tighten(tmp_path / "nowhere", 0o700)
    assert private_folder(tmp_path / "a" / "b") == tmp_path / "a" / "b"
    assert mode(tmp_path / "a" / "b") == 0o700
