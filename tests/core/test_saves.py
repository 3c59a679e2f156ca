"""Saved games: round trip, replay, bad files, atomic writes surviving SIGKILL."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import saves
from core.clear_ward import apply_action, is_over, legal_actions, new_game, state_to_json
from core.clear_ward.serialize import action_from_data, action_to_data
from core.saves import SaveError, SaveGame, Seat

ROOT = Path(__file__).resolve().parents[2]


def _start(save):
    return new_game([s.name for s in save.seats], save.seed, save.options.get("starting_player"))


def _play(seed, players, steps):
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{i}") for i in range(players))
    state, actions = new_game([s.name for s in seats], seed), []
    for _ in range(steps):
        if is_over(state):
            break
        action = rng.choice(legal_actions(state))
        state = apply_action(state, action)
        actions.append(action)
    save = SaveGame(
        "clear-the-ward", seed, seats,
        actions=tuple(action_to_data(a) for a in actions),
        options={"starting_player": None},
        snapshot=state_to_json(state),
    )
    return save, state


@given(st.integers(0, 2**31), st.integers(1, 4), st.integers(0, 80))
def test_save_then_load_replays_to_the_same_state(seed, players, steps):
    save, state = _play(seed, players, steps)
    loaded = saves.loads(saves.dumps(save))
    assert loaded.actions == save.actions and loaded.seats == save.seats
    states = saves.replay(loaded, _start, apply_action, action_from_data, state_to_json)
    assert states[-1] == state and len(states) == len(save.actions) + 1


def _write(tmp_path, text):
    path = tmp_path / "game.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def _good_text():
    return saves.dumps(_play(3, 2, 12)[0])


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: _good_text()[:40], "corrupt or truncated JSON"),
        (lambda: "[1, 2, 3]", "not a saved game of this program"),
        (lambda: _good_text().replace('"version": 1', '"version": 99'), "version 99"),
        (lambda: _good_text().replace('"seed": 3', '"seed": "three"'), "damaged"),
        (lambda: b"\xff\xfe\x00garbage", "cannot be read|corrupt"),
    ],
)
def test_bad_files_give_one_clear_message_and_stay_untouched(tmp_path, make, message):
    path = _write(tmp_path, make())
    before = path.read_bytes()
    with pytest.raises(SaveError, match=message) as err:
        saves.read_save(path)
    assert str(path) in str(err.value)
    assert path.read_bytes() == before


def test_missing_file_is_named():
    with pytest.raises(SaveError, match="no such save file"):
        saves.read_save(Path("/nonexistent/save.json"))


def test_tampered_action_is_reported_with_its_number():
    save, _ = _play(5, 2, 10)
    bad = list(save.actions)
    bad[3] = {"action": "Move", "direction": "up", "steps": 9}
    tampered = saves.loads(saves.dumps(SaveGame("clear-the-ward", 5, save.seats, tuple(bad))))
    with pytest.raises(SaveError, match="action 4 .* is illegal on replay"):
        saves.replay(tampered, _start, apply_action, action_from_data)


def test_tampered_snapshot_is_reported():
    save, _ = _play(5, 2, 10)
    from attrs import evolve

    tampered = evolve(save, snapshot=save.snapshot.replace('"turn": ', '"turn": 1'))
    with pytest.raises(SaveError, match="tampered"):
        saves.replay(tampered, _start, apply_action, action_from_data, state_to_json)


def test_unknown_action_is_reported():
    save, _ = _play(5, 2, 4)
    bad = SaveGame("clear-the-ward", 5, save.seats, ({"action": "Teleport"},))
    with pytest.raises(SaveError, match="action 1 is not a valid action"):
        saves.replay(bad, _start, apply_action, action_from_data)


def test_list_saves_reads_good_and_reports_bad(tmp_path):
    (tmp_path / "a.json").write_text(_good_text())
    (tmp_path / "b.json").write_text("{oops")
    found = dict(saves.list_saves(tmp_path))
    assert isinstance(found[tmp_path / "a.json"], SaveGame)
    assert isinstance(found[tmp_path / "b.json"], SaveError)


WRITER = """
import sys
from pathlib import Path
from core.saves import write_atomic
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    write_atomic(path, ('{"n": %d, "pad": "' % n) + "x" * (n % 5000) + '"}')
"""


def test_sigkill_while_autosaving_never_leaves_a_broken_file(tmp_path):
    import json

    path = tmp_path / "autosave.json"
    rng = random.Random(11)
    for _ in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        time.sleep(0.15 + rng.random() * 0.2)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if path.exists():
            json.loads(path.read_text())  # the old or the new save, never a torn one
    assert path.exists()
