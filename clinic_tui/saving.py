"""Clinic's saves as the app uses them: a new game's record from the options, a saved
game's record from a file (and the options to play it on), the save folder.

No Textual here; the screens call these and show the ``SaveError`` messages. Reading a
save never changes the file (``core.saves.read_save``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from clinic_tui.config import CPU_LEVELS, ED_GOALS, GOALS, Options, Seat, data_dir
from core.record import GameRecord
from core.saves import LEFT_AS_IT_WAS, SaveError, SaveFolder
from core.saves import Seat as SaveSeat



def folder(options: Options) -> SaveFolder:
    """The save folder of this session (``--data-dir`` / ``$CLINIC_DATA_DIR`` / user data)."""
    return SaveFolder(data_dir(options))


def new_record(options: Options, seed: int) -> GameRecord:
    """The record of a new game with ``options``' seats and goal (computer seats keep
    their level in the save)."""
    from core.clinic.game.game_record import RULES
    from core.clinic.game.game_record import options as save_options
    from core.clinic.game.state import SoloGoal

    seats = options.seats
    expansions, ed_goal = options.expansions, None
    if len(seats) == 1 and options.goal in ED_GOALS:  # The 911th Extension's goal brings the ED
        from core.clinic.expansions.emergency.components import EDGoal

        ed_goal = EDGoal[ED_GOALS[options.goal]]
        expansions = expansions if "emergency" in expansions else (*expansions, "emergency")
    goal = SoloGoal[GOALS[options.goal or "red-patients"]] if len(seats) == 1 and ed_goal is None else None
    return GameRecord.new(
        RULES, seed, [SaveSeat(s.name, s.cpu) for s in seats],
        save_options([s.expert for s in seats], [side_of(s) for s in seats], goal, expansions, ed_goal=ed_goal),
    )


def side_of(seat: Seat) -> str:
    """The player board side a seat plays (``"beginner"`` or ``"expert"``)."""
    return "expert" if seat.expert and seat.side == "expert" else "beginner"


def load_record(path: Path | str) -> GameRecord:
    """The record of the save at ``path``, replayed and checked. Raises ``SaveError``
    naming the file and the problem (missing, unreadable, corrupt, another version,
    another game, an action illegal on replay, a snapshot that does not match); the
    file is never changed."""
    from core.clinic.game.game_record import RULES
    from core.saves import read_save

    record = GameRecord.from_save(read_save(Path(path)), RULES, str(path))
    for seat in record.seats:
        if seat.computer is not None and seat.computer not in CPU_LEVELS:
            raise SaveError(f"{path}: unknown computer level {seat.computer!r} for {seat.name}")
    return record


def options_for(options: Options, record: GameRecord) -> Options:
    """``options`` with the seats, seed and solitaire goal of a saved game."""
    expert = record.options.get("expert", [False] * len(record.seats))
    sides = record.options.get("sides", ["beginner"] * len(record.seats))
    seats = tuple(
        Seat(s.name, s.computer, bool(expert[i]), "expert" if sides[i] == "expert" else "beginner")
        for i, s in enumerate(record.seats)
    )
    goal = record.options.get("solo_goal")
    short = next((k for k, v in GOALS.items() if v == goal), None)
    ed_goal = record.options.get("ed_goal")  # The 911th Extension
    short = next((k for k, v in ED_GOALS.items() if v == ed_goal), short)
    expansions = tuple(record.options.get("expansions", ()))
    return replace(options, seats=seats, seed=record.seed, goal=short, expansions=expansions)


def problem(err: SaveError) -> str:
    """A notification for a save that could not be used."""
    return f"{err}. {LEFT_AS_IT_WAS}"
