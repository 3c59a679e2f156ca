"""Gaps mutation testing found in the game record and the save folder (issue 19):
who took each step (for undo), and the Continue list's order (newest first)."""

from __future__ import annotations

import os

from core import saves
from core.clear_ward.game_record import RULES as WARD
from core.clinic.board import BoardSide
from core.clinic.game import legal_actions as clinic_legal
from core.clinic.game.actions import SelectTile
from core.clinic.game.state import ActionTile, Phase
from core.clinic.serial import sorted_list
from core.record import GameRecord
from core.saves import Seat

from .test_record import CLINIC, clinic_options, ward_legal, ward_record


def test_each_step_records_the_seat_and_whether_a_person_took_it():
    """Undo takes back only a person's own actions (``core.undo``): each step records
    the seat that acted and whether that seat is a person; a computer's step is not a
    person's."""
    record = ward_record(("Ann", "Bot"), cpu=("Bot",))
    first = record.state
    record = record.play(ward_legal(first)[0])
    assert record.steps[-1].seat == WARD.actor(first) == 0 and record.steps[-1].human
    while WARD.actor(record.state) == 0:
        record = record.play(next(a for a in ward_legal(record.state) if type(a).__name__ == "EndTurn"))
    assert WARD.actor(record.state) == 1
    record = record.play(ward_legal(record.state)[0])
    assert record.steps[-1].seat == 1 and not record.steps[-1].human


def test_a_step_that_reveals_the_tiles_is_marked_and_one_that_hides_is_not():
    """Rulebook, Select Action: tiles are chosen "face down" and revealed together; the
    reveal cannot be undone, so the record marks the step that revealed them (and only
    that one)."""
    n = 2
    record = GameRecord.new(
        CLINIC, 3, [Seat("Ann"), Seat("Bob")],
        clinic_options([False] * n, [BoardSide.BEGINNER] * n, None),
    )
    while record.state.phase is not Phase.SELECT:
        record = record.play(clinic_legal(record.state)[0])
    record = record.play(SelectTile(ActionTile.BUILD))
    assert not record.steps[-1].reveals
    record = record.play(SelectTile(ActionTile.HIRE))
    assert record.steps[-1].reveals and record.state.phase is not Phase.SELECT


def test_the_continue_list_is_newest_first(tmp_path):
    """The Continue list shows the saves newest first (``SaveFolder.entries``)."""
    folder = saves.SaveFolder(tmp_path)
    record = ward_record()
    record = record.play(ward_legal(record.state)[0])
    paths = [folder.named(name) for name in ("old", "middle", "new")]
    for age, path in zip((300, 200, 100), paths):
        saves.write_atomic(path, saves.dumps(record.to_save()))
        stamp = 1_700_000_000 - age
        os.utime(path, (stamp, stamp))
    folder.keep(record.to_save())
    os.utime(folder.autosave, (1_700_000_000 - 250, 1_700_000_000 - 250))
    order = [path for path, _ in folder.entries()]
    assert order == [paths[2], paths[1], folder.autosave, paths[0]]
    # The same order when filtered for one game.
    assert [p for p, _ in folder.entries(("clear-the-ward", "Clear the Ward"))] == order


def test_sorted_list_orders_by_the_json_text_whatever_the_input_order():
    """Saves list sets in one order, so the same state always writes the same text."""
    items = [{"b": 2}, [3, 1], {"a": 9}, 5]
    assert sorted_list(items) == sorted_list(list(reversed(items))) == [5, [3, 1], {"a": 9}, {"b": 2}]


def test_a_save_carries_a_snapshot_of_the_state_unless_told_not():
    """A save's snapshot is the state after its actions (a tampered save is caught by
    comparing it on loading); ``snapshot=False`` leaves it out."""
    record = ward_record()
    record = record.play(ward_legal(record.state)[0])
    assert record.to_save().snapshot == WARD.encode_state(record.state)
    assert record.to_save(snapshot=False).snapshot is None


def test_a_save_says_when_it_was_written():
    """The Continue list shows when each save was made (``saved_at``, UTC, to the second)."""
    record = ward_record()
    text = saves.dumps(record.to_save())
    stamp = saves.loads(text).saved_at
    assert stamp is not None and stamp.endswith("+00:00") and len(stamp) == len("2026-11-24T03:00:00+00:00")


def test_replay_without_an_encoder_does_not_check_the_snapshot():
    """``replay`` compares the snapshot only when given the game's encoder."""
    record = ward_record()
    record = record.play(ward_legal(record.state)[0])
    save = record.to_save()
    states = saves.replay(save, WARD.start, WARD.apply, WARD.decode_action, None)
    assert len(states) == 2 and WARD.encode_state(states[-1]) == save.snapshot


def test_imported_later_calls_the_named_function_of_the_module():
    from core.record import imported_later

    dumps = imported_later("json", "dumps")
    assert dumps([1, "a"]) == '[1, "a"]' and dumps.__name__ == "dumps"


def test_a_broken_save_text_is_called_a_save_by_default():
    """The message names where the text came from; ``save`` when not told."""
    import pytest

    with pytest.raises(saves.SaveError, match=r"^save: "):
        saves.loads("{")


def test_a_saved_set_is_written_in_one_order_whatever_order_its_members_keys_have():
    """A save is the same bytes for the same game in every process (replays and the
    undo history compare saves): set members are written sorted by their JSON with the
    keys sorted, so two members written with their keys in another order sort alike."""
    x, y = {"a": 9, "b": 0}, {"b": 1, "a": 5}
    x2, y2 = {"b": 0, "a": 9}, {"a": 5, "b": 1}  # the same members, keys the other way
    assert sorted_list([x, y]) == sorted_list([y2, x2]) == [y, x]
