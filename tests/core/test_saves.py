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
        (lambda: _good_text().replace('"seats": [', '"seats": 5, "was": [', 1),
         r"the save is damaged \(seats: invalid value for type, expected tuple\)$"),
        (lambda: b"\xff\xfe\x00garbage", "not UTF-8 text"),
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
    with pytest.raises(SaveError, match="action 1 is not a valid action") as caught:
        saves.replay(bad, _start, apply_action, action_from_data)
    # The message names where the game came from: a file's name when the caller gives
    # one, else "save".
    assert str(caught.value) == "save: action 1 is not a valid action"
    with pytest.raises(SaveError, match="^game.json: action 1 is not a valid action$"):
        saves.replay(bad, _start, apply_action, action_from_data, source="game.json")


def test_a_save_of_exactly_the_size_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    """``read_text`` reads a file of at most ``limit`` bytes; a larger one is refused
    before it is read, with its size and the limit in the message."""
    path = _write(tmp_path, "x" * 10)
    assert saves.read_text(path, limit=10) == "x" * 10
    with pytest.raises(SaveError, match=r"too large for a saved game \(10 bytes; at most 9\)"):
        saves.read_text(path, limit=9)


def test_list_saves_reads_good_and_reports_bad(tmp_path):
    (tmp_path / "a.json").write_text(_good_text())
    (tmp_path / "b.json").write_text("{oops")
    found = dict(saves.list_saves(tmp_path))
    assert isinstance(found[tmp_path / "a.json"], SaveGame)
    assert isinstance(found[tmp_path / "b.json"], SaveError)


WRITER = """
import random, sys
from pathlib import Path
from core.record import GameRecord
from core.saves import SaveFolder, Seat
if sys.argv[2] == "clinic":
    from core.clinic.game import legal_actions
    from core.clinic.game.game_record import RULES, options
    opts = options([False, False], ["beginner", "beginner"], None)
else:
    from core.clear_ward import legal_actions
    from core.clear_ward.game_record import RULES
    opts = {"starting_player": None}
folder = SaveFolder(Path(sys.argv[1]))
rng = random.Random(int(sys.argv[3]))
told = False
while True:  # autosave after every action, game after game, until killed
    record = GameRecord.new(RULES, rng.randrange(10**6), [Seat("Ann"), Seat("Bot", "random")], opts)
    while not record.over:
        record = record.play(rng.choice(legal_actions(record.state)))
        folder.keep(record.to_save())
        if not told:  # the test kills only once saving is under way (imports can be slow)
            print("saving", flush=True)
            told = True
"""


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
def test_sigkill_while_autosaving_always_leaves_a_save_folder_that_loads(tmp_path, game):
    """A game process autosaving after every action is killed at random moments; every
    save left behind reads and replays (the old or the new file, never a torn one)."""
    from core.clear_ward.game_record import RULES as WARD
    from core.clinic.game.game_record import RULES as CLINIC
    from core.record import GameRecord

    rules = CLINIC if game == "clinic" else WARD
    folder = saves.SaveFolder(tmp_path)
    rng = random.Random(11)
    loaded = autosaved = 0
    for run in range(8):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), game, str(run)], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True,
        )
        assert proc.stdout.readline() == "saving\n"  # past the imports and the first save
        time.sleep(rng.random() * 0.6)  # then a random moment
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        for path, save in folder.entries():
            assert not isinstance(save, SaveError), save
            GameRecord.from_save(save, rules, str(path))
            loaded += 1
        # Killed between a finished game (filed away, its autosave removed) and the next
        # game's first save, the folder rightly holds no autosave: rare, so most runs do.
        autosaved += folder.autosave.exists()
    assert loaded >= 8 and autosaved >= 4


HASH_SEED_PROBE = """
import random
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.serialize import state_to_json
state, rng = new_game(["Ann", "Bob"], 5), random.Random(0)
for _ in range(40):
    state = apply_action(state, rng.choice(legal_actions(state)))
print(state_to_json(state))
"""


def test_clinic_state_json_is_the_same_in_every_process():
    """Sets of attrs objects iterate in a per-process order; the snapshot must not."""
    texts = {
        subprocess.run(
            [sys.executable, "-c", HASH_SEED_PROBE], cwd=ROOT, capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(texts) == 1 and '"border_cars"' in texts.pop()


def test_a_save_is_fsynced_file_and_folder_unless_the_tests_turn_it_off(tmp_path, monkeypatch):
    """``write_atomic`` fsyncs the new file and its folder (a save survives a power cut);
    the suite turns that off in its own process only (``DURABLE``, tests/conftest.py):
    a fresh process, as the apps and the kill tests run, has it on."""
    from core import save_files

    synced = []
    monkeypatch.setattr(save_files.os, "fsync", lambda fd: synced.append(os.fstat(fd).st_ino))
    path = tmp_path / "kept" / "autosave.json"
    monkeypatch.setattr(save_files, "DURABLE", True)
    save_files.write_atomic(path, "{}")
    assert synced == [path.stat().st_ino, path.parent.stat().st_ino]
    synced.clear()
    monkeypatch.setattr(save_files, "DURABLE", False)
    save_files.write_atomic(path, "{ }")
    assert synced == [] and path.read_text() == "{ }"
    fresh = subprocess.run([sys.executable, "-c", "import core.save_files as s; print(s.DURABLE)"],
                           capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert fresh.stdout.strip() == "True"
