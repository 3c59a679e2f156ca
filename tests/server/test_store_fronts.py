"""The store's methods for several fronts (``serve`` processes) sharing one store, on
both engines (``store.Store``: SQLite; ``store_pg.PgStore``: PostgreSQL): each test
opens the store twice, as two fronts would (the ``store_at`` fixture)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tui_common.server.hall import Hall
from tui_common.server.stores import open_store

pytestmark = pytest.mark.timeout(60)


def a_room(store):
    """A dealt two-player room saved in ``store``."""
    return Hall(store, history_dir=None).create("clear-the-ward", "Ann,Bob", "Ann", seed=3)


def test_room_numbers_are_unique_across_fronts(store_at):
    first, second = store_at(), store_at()
    numbers = [store.new_room_id() for _ in range(10) for store in (first, second)]
    room = a_room(first)  # a room the hall numbered, saved
    numbers += [second.new_room_id(), first.new_room_id()]
    assert len(set(numbers)) == len(numbers) and room.id not in numbers[:-2] + numbers[-2:]


def test_locked_lets_one_front_change_a_room_at_a_time(store_at):
    """Two fronts each apply 15 changes to one room under ``locked``: each change reads
    the version the previous one wrote (none is lost), whichever front made it."""
    room = a_room(store_at())
    seen: list[int] = []
    failures: list[BaseException] = []

    def front():
        try:
            store = open_store(store_at.where)  # its own connection, opened (and closed) in its own thread
            try:
                for _ in range(15):
                    with store.locked(room.id) as stored:
                        seen.append(stored.version)
                        store.save_room(room)
            finally:
                store.close()
        except BaseException as err:  # pragma: no cover - shown by the assert
            failures.append(err)

    threads = [threading.Thread(target=front) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == []
    start = min(seen)
    assert sorted(seen) == list(range(start, start + 30))  # 30 distinct versions: no two read the same
    with store_at().locked(room.id) as stored:
        assert stored.version == start + 30 and stored.seats_json and stored.record_text


def test_locked_rolls_back_on_an_exception_and_yields_none_for_a_room_gone(store_at):
    store, other = store_at(), store_at()
    room = a_room(store)
    with store.locked(room.id) as stored:
        version = stored.version
    with pytest.raises(ZeroDivisionError), store.locked(room.id):
        store.save_room(room)
        1 / 0
    with other.locked(room.id) as stored:
        assert stored.version == version  # the write inside was undone
    store.delete_room(room.id)
    with other.locked(room.id) as stored:
        assert stored is None


def test_every_write_and_delete_is_in_the_change_log(store_at):
    writer, reader = store_at(), store_at()
    assert reader.last_change() == 0 and reader.changes_after(0) == []
    room = a_room(writer)  # created: written once at least
    other = a_room(writer)
    writer.delete_room(room.id)
    log = reader.changes_after(0)
    assert [seq for seq, _ in log] == sorted({seq for seq, _ in log})  # oldest first, each once
    assert log[-1][1] == room.id and {room.id, other.id} == {r for _, r in log}
    assert reader.last_change() == log[-1][0]
    middle = log[len(log) // 2][0]
    assert reader.changes_after(middle) == [entry for entry in log if entry[0] > middle]
    assert reader.changes_after(reader.last_change()) == []


async def test_wait_for_changes_wakes_when_another_front_writes(store_at):
    writer, waiter = store_at(), store_at()
    await asyncio.wait_for(waiter.wait_for_changes(0.05), 10)  # nothing written: back after its timeout
    waiting = asyncio.create_task(waiter.wait_for_changes(30))
    for _ in range(5):
        await asyncio.sleep(0)  # the waiter is waiting
    assert not waiting.done()
    a_room(writer)
    await asyncio.wait_for(waiting, 10)  # woken long before its 30 s


def test_computer_seats_are_one_fronts_until_its_connection_closes(store_at):
    first, second = store_at(), store_at()
    room = a_room(first)
    assert first.bots_mine(room.id) and first.bots_mine(room.id)  # taken, and still its own
    assert not second.bots_mine(room.id)
    assert second.bots_mine(room.id + 1000) and not first.bots_mine(room.id + 1000)  # another room: another lock
    first.close()  # the front is gone (a crash closes its connection too)
    deadline = time.monotonic() + 10
    while not second.bots_mine(room.id):
        assert time.monotonic() < deadline, "the lock was not released when its front's connection closed"
        time.sleep(0.01)
