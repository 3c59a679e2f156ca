"""The file side of saves: writing a file atomically and privately, reading a small
regular file with every check made before reading, and ``SaveError``, the one error a
save that cannot be used raises. No rule and no save format here (``core.saves``
holds those and re-exports these names); nothing else in ``core`` touches files.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from core.errors import GameError
from core.private_files import private_folder

#: The largest save file read, in bytes (a long Clinic game is ~50 KB; this is 40 times
#: that). A larger file is refused before it is read.
MAX_SAVE_BYTES = 2_000_000
#: Whether ``write_atomic`` fsyncs the file and its folder, so that a save also survives a
#: power cut. A crash or ``kill -9`` never leaves a broken file either way (the rename is
#: what makes the write atomic). The test suite turns it off in its own process
#: (``tests/conftest.py``, as its PostgreSQL runs with ``fsync=off``): a test's files need
#: not survive a power cut, and each fsync is a wait of milliseconds on a busy disk. The
#: apps and the tests that kill a running app (their own processes) keep it on.
DURABLE = True


class SaveError(GameError):
    """A save that cannot be used: missing, unreadable, corrupt, of another version, or
    holding an action that is illegal on replay. The message names the file."""


#: Said to the player after every message about a save that could not be used.
LEFT_AS_IT_WAS = "The file was left as it was."


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or ``kill -9`` at any moment leaves
    either the old file or the new one, never a broken one: a temporary file in the
    same folder, flushed and fsynced (``DURABLE``), then renamed over ``path``. The file is readable
    by its owner only (``0600``, as ``mkstemp`` makes it) and so is its folder (``0700``,
    ``core.private_files``): a save holds the seed."""
    private_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:  # pragma: no mutate (codec names ignore case)
            handle.write(text)
            handle.flush()
            if DURABLE:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if not DURABLE:
        return
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


#: How a save is opened: O_NONBLOCK, so that opening a FIFO with no writer does not wait
#: for one; O_NOCTTY, so that a terminal named as a save never becomes this process's
#: controlling terminal.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_text(path: Path, limit: int = MAX_SAVE_BYTES) -> str:
    """The text of a small regular file, checked before it is read: a FIFO, device or
    folder (which could block forever or never end) and a file over ``limit`` bytes are
    refused with ``SaveError``, as are a missing or unreadable file and bad UTF-8."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except OSError as err:
        raise SaveError(f"{path}: cannot be read ({(err.strerror or 'the system refused').lower()})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: not a regular file (a folder, pipe or device), so not a saved game")
        if info.st_size > limit:
            raise SaveError(f"{path}: too large for a saved game ({info.st_size} bytes; at most {limit})")
        with os.fdopen(fd, "rb") as handle:
            fd = None
            data = handle.read(limit + 1)
    except OSError as err:
        raise SaveError(f"{path}: cannot be read ({(err.strerror or 'the system refused').lower()})") from None
    finally:
        if fd is not None:
            os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise SaveError(f"{path}: too large for a saved game (over {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a saved game (not UTF-8 text)") from None
