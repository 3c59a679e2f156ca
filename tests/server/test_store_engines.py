"""One store, two engines (``stores.open_store``): the same tables on SQLite and
PostgreSQL, versioned migrations (``store_sql``), and a PostgreSQL connection that is
lost (``StoreUnavailable``)."""

from __future__ import annotations

import sqlite3
import threading

import psycopg
import pytest

from tui_common.server.hall import Hall
from tui_common.server.store import FILE_NAME, Store
from tui_common.server.store_pg import PgStore
from tui_common.server.store_sql import LATEST, STEPS, NewerSchema, StoreUnavailable
from tui_common.server.stores import open_store

pytestmark = pytest.mark.timeout(60)

TABLES = ("rooms", "accounts", "counters", "daily_tries", "room_changes", "room_numbers", "bot_leases", "presence",
          "schema_version")


def columns(store, table: str) -> list[str]:
    if isinstance(store, PgStore):
        rows = store.db.execute("SELECT column_name FROM information_schema.columns "
                                "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
                                (table,))
        return [row[0] for row in rows]
    return [row[1] for row in store.db.execute(f"PRAGMA table_info({table})")]


def versions(store) -> list[int]:
    return [row[0] for row in store.db.execute("SELECT version FROM schema_version ORDER BY version")]


def test_both_engines_make_the_same_tables_at_the_latest_version(tmp_path, pg_url):
    lite, pg = open_store(tmp_path), open_store(pg_url)
    try:
        assert isinstance(lite, Store) and isinstance(pg, PgStore) and lite.path == tmp_path / FILE_NAME
        for table in TABLES:
            assert columns(lite, table) == columns(pg, table) != [], table
        assert versions(lite) == versions(pg) == [step.version for step in STEPS] and LATEST == STEPS[-1].version
    finally:
        lite.close()
        pg.close()


def test_reopening_applies_nothing_again(store_at):
    store = store_at()
    Hall(store, history_dir=None).create("clinic", "Ann,Bob", "Ann", seed=1)
    again = store_at()
    assert versions(again) == list(range(1, LATEST + 1))
    assert [r.seed for r in again.load_rooms()[0]] == [1]


def test_an_sqlite_file_at_an_earlier_version_gets_the_later_steps(tmp_path):
    """A file written at version 4 (before daily rooms and several fronts) gets steps 5
    and 6: the daily column and table, the rooms' version and the change log."""
    path = tmp_path / FILE_NAME
    store = Store(path)
    room = Hall(store, history_dir=None).create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
    store.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE rooms DROP COLUMN daily")
    db.execute("ALTER TABLE rooms DROP COLUMN version")
    db.execute("DROP TABLE daily_tries")
    for table in ("room_changes", "room_numbers", "bot_leases", "presence"):
        db.execute(f"DROP TABLE {table}")
    db.execute("DELETE FROM schema_version WHERE version > 4")
    db.commit()
    db.close()
    store = Store(path)
    assert versions(store) == list(range(1, LATEST + 1))
    assert {"daily", "version"} <= set(columns(store, "rooms")) and columns(store, "room_changes")
    assert [(r.id, r.daily) for r in store.load_rooms()[0]] == [(room.id, None)]
    store.close()


def test_a_store_of_a_newer_server_is_refused_in_a_sentence(store_at):
    store_at().db.execute("INSERT INTO schema_version (version, applied) VALUES (?, 0)", (LATEST + 1,))
    with pytest.raises(NewerSchema, match=rf"schema version {LATEST + 1}, written by a newer version"):
        store_at()


def test_two_fronts_starting_at_once_on_a_new_database_migrate_it_once(pg_url):
    opened, failures = [], []

    def start():
        try:
            opened.append(PgStore(pg_url))
        except BaseException as err:  # pragma: no cover - shown by the assert
            failures.append(err)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == [] and len(opened) == 3
    assert versions(opened[0]) == list(range(1, LATEST + 1))
    for store in opened:
        store.close()


def kill_session(url: str, store: PgStore) -> None:
    """End ``store``'s database session from outside, as a server restart would."""
    pid = store.db.conn.info.backend_pid
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_lost_connection_is_made_again_at_the_next_call(pg_url):
    store = PgStore(pg_url)
    room = Hall(store, history_dir=None).create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
    assert store.bots_mine(room.id)
    kill_session(pg_url, store)  # its advisory lock goes with its session
    assert [r.id for r in store.load_rooms()[0]] == [room.id]  # connected again, transparently
    other = PgStore(pg_url)
    assert store.bots_mine(room.id) and not other.bots_mine(room.id)  # taken again, not believed held
    other.close()
    store.close()


def test_a_connection_lost_inside_a_change_writes_nothing_and_says_so(pg_url):
    store = PgStore(pg_url)
    room = Hall(store, history_dir=None).create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
    before = store.last_change()
    with pytest.raises(StoreUnavailable, match="cannot be reached just now, so nothing was saved"):
        with store.locked(room.id):
            kill_session(pg_url, store)
            store.save_room(room)
    assert store.last_change() == before  # connected again: nothing of the change was kept
    store.close()


def test_an_unreachable_store_is_one_sentence_naming_it_without_its_password(tmp_path):
    with pytest.raises(StoreUnavailable, match=r"Cannot reach the PostgreSQL store postgresql://ann:\*\*\*@/db"):
        open_store(f"postgresql://ann:secret@/db?host={tmp_path}")  # no server listens there


def test_while_the_database_is_down_a_move_is_refused_in_a_sentence_and_kept_nowhere():
    """PostgreSQL stops (a crash); a player's move is refused with a sentence (the table
    shows it as it shows a refused move), the room stays as it was and nobody hears of
    the move; a new room is refused too. Once the database is back, the same move is
    played and stored."""
    from core.clear_ward import legal_actions
    from tests.server.pg_cluster import Cluster

    with Cluster() as cluster:  # a cluster of its own: it is stopped mid-test
        url = cluster.database()
        store = PgStore(url)
        hall = Hall(store, history_dir=None)
        room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
        heard = []
        room.listeners.append(lambda r, e: heard.append(e.kind))
        record, version = room.record, room.version
        move = legal_actions(record.state)[0]
        cluster.pause()
        with pytest.raises(StoreUnavailable, match="^the game store cannot be reached just now, so nothing was "
                           "saved: try again in a moment$"):
            room.play(room.actor, move)
        assert room.record is record and room.version == version and heard == []
        with pytest.raises(StoreUnavailable):  # the lobby says it as it says any refusal (a RoomError)
            hall.create("clear-the-ward", "me,open", "Bob")
        cluster.resume()
        room.play(room.actor, move)  # connected again
        assert heard == ["action"] and len(room.record.actions) == 1
        assert PgStore(url).load_rooms()[0][0].record.actions == room.record.actions
        store.close()


def test_a_move_whose_connection_is_lost_before_its_commit_is_undone_in_the_room(pg_url, monkeypatch):
    """The connection goes between the room's lock and the move's write: the move is
    refused with the sentence and the room held in memory is put back as it was, so
    what the players see is what the store holds; the next move connects again."""
    from contextlib import contextmanager

    from core.clear_ward import legal_actions

    store = PgStore(pg_url)
    room = Hall(store, history_dir=None).create("clear-the-ward", "Ann,Bob", "Ann", seed=2)
    heard = []
    room.listeners.append(lambda r, e: heard.append(e.kind))
    record, version = room.record, room.version
    move = legal_actions(record.state)[0]
    locked = store.locked

    @contextmanager
    def lost_inside(room_id):
        with locked(room_id) as stored:
            kill_session(pg_url, store)
            yield stored

    monkeypatch.setattr(store, "locked", lost_inside)
    with pytest.raises(StoreUnavailable, match="nothing was saved"):
        room.play(room.actor, move)
    assert room.record is record and room.version == version and heard == []
    monkeypatch.setattr(store, "locked", locked)
    room.play(room.actor, move)
    assert heard == ["action"] and PgStore(pg_url).load_rooms()[0][0].record.actions == room.record.actions
    store.close()


async def test_serve_with_an_unreachable_store_says_so_in_one_line_and_stops(tmp_path):
    import asyncio
    import os
    import sys

    env = dict(os.environ, HOSPITAL_SERVER_DATA_DIR=str(tmp_path))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "clear_ward_tui", "serve", "--port", "0", "--store",
        f"postgresql://games:secret@/db?host={tmp_path}", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _out, err = await asyncio.wait_for(proc.communicate(), 30)
    said = err.decode().strip()
    assert proc.returncode == 1
    assert said.startswith("clear-ward serve: Cannot reach the PostgreSQL store postgresql://games:***@/db")
    assert "\n" not in said and "secret" not in said


async def test_a_front_following_the_others_says_once_that_the_store_is_away_and_when_it_is_back(caplog):
    import asyncio
    import logging
    import time

    from tests.server.pg_cluster import Cluster

    async def until_logged(text: str) -> None:
        deadline = time.monotonic() + 20
        while text not in caplog.text:
            assert time.monotonic() < deadline, f"never logged: {text!r}; the log:\n{caplog.text}"
            await asyncio.sleep(0.05)

    with Cluster() as cluster, caplog.at_level(logging.WARNING, logger="hospital_games.server"):
        hall = Hall(PgStore(cluster.database()), history_dir=None)
        rounds = []
        follow_changes = hall.follow_changes
        hall.follow_changes = lambda: rounds.append(1) or follow_changes()
        follower = asyncio.create_task(hall.follow())
        try:
            await asyncio.wait_for(hall.store.wait_for_changes(0.05), 10)  # listening
            await asyncio.to_thread(cluster.pause)
            await until_logged("the store is away (the game store cannot be reached just now")
            seen = len(rounds)
            deadline = time.monotonic() + 20
            while len(rounds) < seen + 2:  # two more rounds while it is away...
                assert time.monotonic() < deadline and not follower.done()
                await asyncio.sleep(0.05)
            assert caplog.text.count("the store is away") == 1  # ...said once
            await asyncio.to_thread(cluster.resume)
            await until_logged("the store is back")
        finally:
            follower.cancel()
            hall.store.close()


def test_the_fronts_serve_fronts_starts_share_its_store():
    from tui_common.server.cli import build_parser, front_command

    url = "postgresql://games@/hospital_games?host=/run/postgresql"
    with_store = front_command("clear-ward", build_parser("clear-ward").parse_args(["--fronts", "2", "--store", url]),
                               2222)
    assert with_store[with_store.index("--store") + 1] == url
    assert "--store" not in front_command("clear-ward", build_parser("clear-ward").parse_args(["--fronts", "2"]), 2222)
