"""The crash log both apps and the plain text mode write: the traceback of an
unexpected error, appended to ``crash.log`` in the game's data folder (no Textual)."""

from __future__ import annotations

import datetime
import traceback
from pathlib import Path

from core.private_files import private_file

#: Name of the file the traceback of an unexpected error is appended to.
CRASH_LOG = "crash.log"


def write_crash_log(folder: Path | None, error: BaseException, where: str = "") -> Path | None:
    """Append ``error``'s traceback to ``folder``/crash.log with the time (and
    ``where``: which mode was running); the file, or ``None`` when it cannot be written."""
    if folder is None:
        return None
    try:
        path = private_file(folder / CRASH_LOG)  # 0600 in a 0700 folder, as the saves beside it
        stamp = datetime.datetime.now().isoformat(timespec="seconds")
        with path.open("a", encoding="utf-8") as out:
            out.write(f"--- {stamp}{where}\n{''.join(traceback.format_exception(error))}\n")
        return path
    except OSError:
        return None
