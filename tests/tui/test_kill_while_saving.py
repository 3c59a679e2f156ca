"""``kill -9`` of the real apps while they autosave: each app runs headless in its own
process with two computer players (so it autosaves after every action without anyone
at the keys) and is killed at a random moment. Whatever is left in the save folder
always loads and replays: the old save or the new one, never a torn one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.record import GameRecord
from core.saves import SaveError, SaveFolder

ROOT = Path(__file__).resolve().parents[2]

RUN_APP = """
import sys
from pathlib import Path
game, folder, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
if game == "clinic":
    from clinic_tui.app import ClinicApp as App
    from clinic_tui.config import Options, parse_players
    seats = parse_players("cpu:basic,cpu:random")
else:
    from clear_ward_tui.app import ClearWardApp as App
    from clear_ward_tui.config import Options, parse_players
    seats = parse_players("cpu:greedy,cpu:random")
App(Options(seats=seats, seed=seed, cpu_delay=0.001, data_dir=folder)).run(headless=True, size=(100, 30))
"""


def _rules(game: str):
    if game == "clinic":
        from core.clinic.game.game_record import RULES
    else:
        from core.clear_ward.game_record import RULES
    return RULES


def _mtime(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return None


def _first_autosave(folder: SaveFolder, before: int | None, proc, seconds: float = 60.0) -> None:
    """Wait until this run's app has written its autosave once (the file is new or
    changed since ``before``), or the app has ended, or ``seconds`` have passed: the
    app's start, however long it takes on a loaded machine, instead of a guessed 1 s
    (docs/testing.md, "Suite time")."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        if _mtime(folder.autosave) not in (None, before):
            return
        time.sleep(0.01)


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
def test_killing_the_app_while_it_autosaves_never_leaves_a_broken_save(tmp_path, game):
    rng = random.Random(7)
    folder = SaveFolder(tmp_path)
    mid_game = 0
    for run in range(6):
        before = _mtime(folder.autosave)
        proc = subprocess.Popen(
            [sys.executable, "-c", RUN_APP, game, str(tmp_path), str(run)], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        _first_autosave(folder, before, proc)  # past startup: the game is on and saving
        time.sleep(rng.random())  # then a random moment within a second, somewhere in the game
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if folder.autosave.exists():
            mid_game += 1
        for path, save in folder.entries():
            assert not isinstance(save, SaveError), save
            GameRecord.from_save(save, _rules(game), str(path))  # replays, snapshot matches
    assert mid_game, "at least one kill landed while a game was in progress"
