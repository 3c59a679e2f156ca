"""Folders and files only their owner may read (issue #29): a save, an autosave, the
best-times file and the server's ``rooms.sqlite3`` all hold seeds, and a seed deals
every hidden card again. Folders are made ``0700``, files ``0600``; a folder or file
that exists already (made by an older version, or under a loose umask) has its group
and other bits cleared, when this user owns it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: Permissions of a data folder and of a file holding a seed.
FOLDER_MODE = 0o700
FILE_MODE = 0o600


def tighten(path: Path | str, mode: int) -> None:
    """Clear the permission bits of ``path`` that ``mode`` does not allow, if this user
    owns it (someone else's folder, e.g. ``--data-dir /tmp``, is left alone). A path
    that does not exist is left alone too. Raises nothing."""
    try:
        found = os.stat(path)
        if found.st_uid == os.getuid() and stat.S_IMODE(found.st_mode) & ~mode:
            os.chmod(path, stat.S_IMODE(found.st_mode) & mode)
    except (OSError, AttributeError):  # AttributeError: no getuid (Windows), nothing to do
        pass


def private_folder(path: Path | str) -> Path:
    """The folder ``path``, made if missing (missing parents with the default
    permissions, as ``mkdir -p``), readable by its owner only: ``0700``. Returns it;
    raises ``OSError`` when it cannot be made."""
    path = Path(path)
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    tighten(path, FOLDER_MODE)
    return path


def private_file(path: Path | str) -> Path:
    """The file ``path`` made (empty) if missing, readable by its owner only: ``0600``,
    before anything is written into it (so it is never readable by others, even for a
    moment). Its folder is made private (``private_folder``). Raises ``OSError``."""
    path = Path(path)
    private_folder(path.parent)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE))
    tighten(path, FILE_MODE)
    return path


def private_database(path: Path | str) -> Path:
    """``private_file`` for an SQLite database, before SQLite opens it: SQLite makes
    its ``-wal``, ``-shm`` and ``-journal`` files with the database file's permissions,
    and any left by an older version are tightened here. Raises ``OSError``."""
    path = private_file(path)
    for extra in ("-wal", "-shm", "-journal"):
        tighten(f"{path}{extra}", FILE_MODE)
    return path
