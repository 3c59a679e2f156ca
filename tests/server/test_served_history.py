"""Served games in a history (issue 32): a room's game that ends adds a row for each
person seated to the server's history (``history.sqlite3`` in its data folder), with
their name; an older history file without names stays readable."""

from __future__ import annotations

import sqlite3
import stat

import pytest

from core import registry
from tui_common.history import FILE_NAME, Finished, read_games, record_game, summaries

from tests.server.daily_helpers import finish, hall_at


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
def test_a_served_games_end_adds_a_row_for_each_person_seated(game, tmp_path):
    hall = hall_at(tmp_path)
    found = registry.get(game)
    room = hall.create(game, "Ann,cpu:random,Bob", "Ann", seed=11)
    assert read_games(tmp_path, found.command) == []
    finish(room)
    scores, winners = found.result(room.record.state)
    rows = read_games(tmp_path, found.command)
    assert [(r.player, r.score, r.won) for r in rows] == [("Ann", scores[0], 0 in winners),
                                                         ("Bob", scores[2], 2 in winners)]
    for row in rows:
        assert row.mode == "table" and row.levels == ("person", "easy", "person") and row.daily is None
        assert row.ended_at.startswith("2026-11-28T12:00")
        assert str(room.seed) in row.record  # the record to replay
    assert [r.player for r in read_games(tmp_path, found.command, "bob")] == ["Bob"]
    assert stat.S_IMODE((tmp_path / FILE_NAME).stat().st_mode) == 0o600


def test_a_daily_rooms_end_is_a_daily_row_and_a_computer_only_room_adds_none(tmp_path):
    hall = hall_at(tmp_path)
    finish(hall.create("clinic", "cpu:random,cpu:basic", "Ann", seed=2))
    assert read_games(tmp_path, "clinic") == []
    room = hall.daily("clinic", "Ann")
    finish(room)
    (row,) = read_games(tmp_path, "clinic")
    assert (row.player, row.mode, row.daily, row.levels, row.counts) == ("Ann", "daily", "2026-11-28", ("person",),
                                                                        True)
    assert [s.mode for s in summaries(read_games(tmp_path, "clinic", "Ann"))] == ["daily"]


def test_a_room_restored_after_its_end_adds_no_second_row(tmp_path):
    hall = hall_at(tmp_path)
    finish(hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=4))
    hall.store.close()
    again = hall_at(tmp_path)
    again.restore()
    assert len(read_games(tmp_path, "clear-ward")) == 2


def test_a_history_written_before_names_stays_readable_and_takes_them(tmp_path):
    db = sqlite3.connect(tmp_path / FILE_NAME)  # the first version's table: no player column
    db.execute("""CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, ended_at TEXT NOT NULL,
        mode TEXT NOT NULL, seats INTEGER NOT NULL, levels TEXT NOT NULL, result TEXT NOT NULL,
        score INTEGER NOT NULL, seconds REAL, hints INTEGER NOT NULL, daily TEXT, counts INTEGER NOT NULL,
        record TEXT NOT NULL)""")
    db.execute("INSERT INTO games (game, ended_at, mode, seats, levels, result, score, seconds, hints, daily, counts,"
               " record) VALUES ('clinic', '2026-11-20T10:00:00+00:00', 'solo', 1, 'person', 'won', 31, NULL, 0,"
               " NULL, 1, '{}')")
    db.commit()
    db.close()
    (old,) = read_games(tmp_path, "clinic")
    assert (old.score, old.won, old.player) == (31, True, None)
    assert record_game(tmp_path, Finished("clinic", "solo", ("person",), False, 12, player="Ann",
                                          ended_at="2026-11-21T10:00:00+00:00")) is None
    assert [g.score for g in read_games(tmp_path, "clinic")] == [31, 12]
    assert [g.score for g in read_games(tmp_path, "clinic", "ANN")] == [12]
