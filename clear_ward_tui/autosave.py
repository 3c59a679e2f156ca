"""Where Clear the Ward keeps its saves, and reading one back as a game record.

The files and their format are ``core.saves`` (``SaveFolder``: ``autosave.json`` after
every action, ``saves/<name>.json`` for Save as, ``last-game.json`` for the last finished
game); the record is ``core.record.GameRecord``. Reading never changes a file: a bad
one raises ``SaveError`` naming the file and the problem.
"""

from __future__ import annotations

from pathlib import Path

from clear_ward_tui.config import CPU_LEVELS, Options, Seat, data_dir
from core.record import GameRecord
from core.saves import SaveError, SaveFolder, read_save



def save_folder(options: Options) -> SaveFolder:
    """The saves of this data dir (``--data-dir``, ``$CLEAR_WARD_DATA_DIR`` or the
    user data dir)."""
    return SaveFolder(data_dir(options))


def autosave_path(options: Options) -> Path:
    """The autosave file of this data dir."""
    return save_folder(options).autosave


def load(path: Path) -> GameRecord:
    """The game record saved in ``path``, replayed and checked; raises ``SaveError``
    (the file is not changed)."""
    from core.clear_ward.game_record import RULES

    record = GameRecord.from_save(read_save(path), RULES, str(path))
    for seat in record.seats:
        if seat.computer is not None and seat.computer not in CPU_LEVELS:
            raise SaveError(f"{path}: unknown computer level {seat.computer!r} for {seat.name}")
    return record


def options_for(options: Options, record: GameRecord) -> Options:
    """``options`` with the seats, seed and starting seat of ``record``."""
    seats = tuple(Seat(s.name, s.computer) for s in record.seats)
    return options.with_game(seats, record.seed, record.options.get("starting_player"))


def record_seats(options: Options):
    """The save's seats (``core.saves.Seat``) for the app's seats."""
    from core.saves import Seat as SaveSeat

    return tuple(SaveSeat(s.name, s.cpu) for s in options.seats)
