"""Night Shift best times, kept in a small JSON file in the user data dir.

Shape: ``{"overall": {"seconds": 312.4, "seed": 7}, "seeds": {"7": 312.4}}``. A file
that cannot be read is never overwritten or deleted: the caller is told and the times
of this session are simply not kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from core.saves import write_atomic

FILE_NAME = "night-shift-times.json"
#: The largest best-times file read (one line per seed played).
MAX_BYTES = 1_000_000


class RecordsError(Exception):
    """The best-times file exists but is not a valid record."""


@dataclass(frozen=True)
class Outcome:
    """What happened to a finished Night Shift's time."""

    seconds: float
    best_for_seed: float | None
    best_overall: float | None
    best_overall_seed: int | None
    new_seed_best: bool
    new_overall_best: bool
    problem: str | None = None


def _valid_time(value) -> bool:
    # compared, not converted: a 4,000-digit int would overflow math.isfinite
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e12


def load(path: Path) -> dict:
    """The records in ``path`` (empty ones if there is no file); raises ``RecordsError``."""
    from core.saves import SaveError, parse_json, read_text

    if not path.exists():
        return {"overall": None, "seeds": {}}
    try:  # the same checks as a save: a regular file, small, JSON Python can read
        data = parse_json(read_text(path, MAX_BYTES), str(path))
    except SaveError as err:
        raise RecordsError(f"cannot read {err}") from None
    if not isinstance(data, dict):
        raise RecordsError(f"{path} is not a best-times file")
    seeds = data.get("seeds", {})
    overall = data.get("overall")
    if not isinstance(seeds, dict) or not all(_valid_time(v) for v in seeds.values()):
        raise RecordsError(f"{path}: bad per-seed times")
    if overall is not None and not (
        isinstance(overall, dict) and _valid_time(overall.get("seconds")) and isinstance(overall.get("seed"), int)
        and abs(overall["seed"]) < 2**63
    ):
        raise RecordsError(f"{path}: bad overall best time")
    return {"overall": overall, "seeds": seeds}


def record(directory: Path, seed: int, seconds: float) -> Outcome:
    """Add a won Night Shift's time; returns the bests after it. Never raises: a problem
    is reported in ``Outcome.problem`` and the file is left as it was."""
    path = directory / FILE_NAME
    try:
        data = load(path)
    except RecordsError as err:
        return Outcome(seconds, None, None, None, False, False, f"Best times not kept: {err}")
    key = str(seed)
    old_seed = data["seeds"].get(key)
    new_seed = old_seed is None or seconds < old_seed
    if new_seed:
        data["seeds"][key] = round(seconds, 1)
    overall = data["overall"]
    new_overall = overall is None or seconds < overall["seconds"]
    if new_overall:
        overall = data["overall"] = {"seconds": round(seconds, 1), "seed": seed}
    problem = None
    try:
        write_atomic(path, json.dumps(data, indent=1, sort_keys=True))  # 0600 in a 0700 folder: it names seeds
    except OSError as err:
        problem = f"Best times not saved: {err}"
    return Outcome(
        seconds, data["seeds"][key], overall["seconds"], overall["seed"], new_seed, new_overall, problem
    )


def outcome(directory: Path, seed: int, seconds: float, won: bool) -> Outcome:
    """A finished Night Shift's outcome: a won game's time is recorded (``record``);
    a lost one only reads the bests. Never raises (``Outcome.problem`` says what went
    wrong; the file is left as it was)."""
    if won:
        return record(directory, seed, seconds)
    try:
        data = load(directory / FILE_NAME)
    except RecordsError as err:
        return Outcome(seconds, None, None, None, False, False, f"Best times not read: {err}")
    overall = data["overall"] or {}
    return Outcome(seconds, data["seeds"].get(str(seed)), overall.get("seconds"), overall.get("seed"), False, False)


def format_time(seconds: float) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour)."""
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
