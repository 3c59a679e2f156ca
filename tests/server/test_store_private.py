"""The server's ``rooms.sqlite3`` holds every room's seed (which deals every hidden
card): it and SQLite's ``-wal`` and ``-shm`` files are 0600, the data folder 0700, even
under a loose umask (issue #29)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from core.clear_ward import legal_actions
from tui_common.server.hall import Hall
from tui_common.server.store import FILE_NAME, Store


@pytest.fixture(autouse=True)
def loose_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_rooms_database_and_its_wal_files_are_0600_in_a_0700_folder(tmp_path):
    data = tmp_path / "server"
    hall = Hall(Store(data / FILE_NAME))
    room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=4_417_903_116_285_559_021)
    room.play(room.actor, legal_actions(room.record.state)[0])
    files = [Path(f"{data / FILE_NAME}{extra}") for extra in ("", "-wal", "-shm")]
    assert all(f.exists() for f in files)  # WAL mode, the connection still open
    assert [mode(f) for f in files] == [0o600] * 3
    assert mode(data) == 0o700
    hall.store.close()


def test_an_older_world_readable_database_is_tightened_when_the_server_starts(tmp_path):
    data = tmp_path / "server"
    Store(data / FILE_NAME).close()
    os.chmod(data, 0o755)
    os.chmod(data / FILE_NAME, 0o644)
    store = Store(data / FILE_NAME)
    assert mode(data / FILE_NAME) == 0o600 and mode(data) == 0o700
    store.close()


def test_the_host_key_is_0600_before_its_secret_is_written(tmp_path, monkeypatch):
    """The host key file is made 0600 first, then the key is written into it: it is
    never readable by others, not even for a moment (a loose umask here)."""
    import asyncssh

    from tui_common.server.ssh import HOST_KEY, host_key

    seen = []
    generate = asyncssh.generate_private_key

    def watched(*args, **kw):
        key = generate(*args, **kw)
        write = key.write_private_key

        def write_private_key(filename, *a, **k):
            seen.append(mode(filename) if Path(filename).exists() else None)
            return write(filename, *a, **k)

        key.write_private_key = write_private_key
        return key

    monkeypatch.setattr(asyncssh, "generate_private_key", watched)
    made = host_key(tmp_path / "server")
    assert seen == [0o600]
    assert mode(tmp_path / "server" / HOST_KEY) == 0o600
    assert host_key(tmp_path / "server").public_data == made.public_data  # read back as it was
