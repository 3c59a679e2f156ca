"""Who may see a room, how many rooms one player and the server may hold, and how long
an unfinished room is kept (issue #29: a server on a public host), without a network."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from core.clear_ward import legal_actions
from tui_common.server.hall import DAY, SWEEP_SECONDS, Hall
from tui_common.server.names import name_key, same_name
from tui_common.server.room_setup import parse_invited
from tui_common.server.rooms import RoomError
from tui_common.server.store import Store


class Clock:
    """A wall clock the test moves by hand (seconds)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def hall_at(where, **kw) -> Hall:
    """A hall over ``where``'s store: a folder's ``rooms.sqlite3``, or the ``store_at``
    fixture's (each engine)."""
    return Hall(where() if callable(where) else Store(where / "rooms.sqlite3"), **kw)


def test_names_are_one_player_whatever_their_case_or_width():
    assert same_name("Ann", "ann") and same_name("ＡＮＮ", "ann") and same_name("Straße", "STRASSE")
    assert not same_name("Ann", "Anne") and not same_name(None, "Ann") and not same_name(None, None)
    assert name_key("ﬁx") == "fix"  # NFKC
    assert parse_invited("Bob, bob  Cy,,") == ("Bob", "Cy")
    with pytest.raises(RoomError, match="at most 12"):
        parse_invited(",".join(f"p{i}" for i in range(13)))


def test_a_seat_kept_for_ann_is_taken_by_Ann(store_at):
    """Issue #30: a seat named "ann" belongs to whoever logs in as "Ann"."""
    hall = hall_at(store_at)
    room = hall.create("clear-the-ward", "me,ann", "Bob")
    assert room.join("Ann") == 1 and room.seats[1].name == "ann"  # her kept seat, not another
    assert room.status == "playing"
    assert room.seat_of("ANN") == 1
    with pytest.raises(RoomError, match="same name"):
        hall.create("clear-the-ward", "me,BOB", "bob")


def test_a_private_room_is_seen_joined_and_watched_only_by_its_names(store_at):
    hall = hall_at(store_at)
    room = hall.create("clear-the-ward", "me,open,Cy", "Ann", private=True, invited="bob, Dee")
    public = hall.create("clear-the-ward", "me,open", "Ann")
    assert [r.id for r in hall.visible_to("Zed")] == [public.id]  # a stranger: not even listed
    assert not room.may_see("Zed")
    with pytest.raises(RoomError, match="private"):
        room.join("Zed")
    for name in ("ann", "BOB", "cy", "Dee"):  # creator, invited, seated: any case
        assert room.may_see(name) and [r.id for r in hall.visible_to(name)] == [room.id, public.id]
    assert room.join("Bob") == 1
    assert "private" in room.summary()
    back = store_at().load_rooms()[0][0]  # and so after a restart
    assert back.private and back.invited == ("bob", "Dee") and not back.may_see("Zed")


def test_a_private_room_needs_someone_who_could_take_its_open_seat(store_at):
    hall = hall_at(store_at)
    with pytest.raises(RoomError, match="invite a name"):
        hall.create("clear-the-ward", "me,open", "Ann", private=True)
    with pytest.raises(RoomError, match="only a private room"):
        hall.create("clear-the-ward", "me,open", "Ann", invited="Bob")
    assert hall.create("clear-the-ward", "me,Bob", "Ann", private=True).may_see("bob")


def test_the_room_quota_is_per_player_and_says_so(store_at):
    hall = hall_at(store_at, rooms_per_player=2)
    hall.create("clear-the-ward", "me,open", "Ann")
    hall.create("clear-the-ward", "me,open", "Ann", private=True, invited="Bob")
    with pytest.raises(RoomError, match=r"you have 2 unfinished rooms already, the most one player may open"):
        hall.create("clear-the-ward", "me,open", "ANN")  # the same player in capitals
    hall.create("clear-the-ward", "me,open", "Bob")  # another player still may


def test_a_room_flood_is_bounded(store_at):
    """One name opening rooms without end gets its quota; many names fill the server up
    to ``max_rooms`` and no further; the store never holds more."""
    hall = hall_at(store_at, max_rooms=10, rooms_per_player=3)
    refused = []
    for _ in range(100):
        try:
            hall.create("clear-the-ward", "me,open", "Mallory")
        except RoomError as err:
            refused.append(str(err))
    assert len(hall.rooms) == 3 and len(refused) == 97 and "unfinished rooms already" in refused[0]
    for i in range(200):
        try:
            hall.create("clear-the-ward", "me,open", f"bot{i}")
        except RoomError as err:
            refused.append(str(err))
    assert len(hall.rooms) == 10
    assert refused[-1] == "the server holds 10 rooms already; join one or try later"
    rows = hall.store.db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
    assert rows == 10


def test_an_unfinished_room_warns_then_expires(store_at, caplog):
    clock = Clock()
    hall = hall_at(store_at, room_days=14, clock=clock)
    idle = hall.create("clear-the-ward", "me,open", "Ann")
    busy = hall.create("clear-the-ward", "Ann,Bob", "Ann")
    clock.now += 11 * DAY
    busy.play(busy.actor, legal_actions(busy.record.state)[0])  # a move: its 14 days start again
    clock.now += 0.5 * DAY
    hall.visible_to("Ann")
    assert hall.expiry_note(idle) == "" and hall.expiry_note(busy) == ""
    clock.now += 0.5 * DAY  # 12 days without a move: the last two days
    assert [r.id for r in hall.visible_to("Ann")] == [idle.id, busy.id]
    assert hall.expiry_note(idle) == "expires in 2 days"
    clock.now += 0.75 * DAY
    hall.visible_to("Ann")
    assert hall.expiry_note(idle) == "expires in 2 days"  # 1.25 days left, counted up
    clock.now += 0.75 * DAY
    hall.visible_to("Ann")
    assert hall.expiry_note(idle) == "expires in 12 hours"
    assert hall.expiry_note(busy) == "" and idle.id in hall.rooms
    clock.now += 0.5 * DAY
    with caplog.at_level(logging.INFO, logger="hospital_games.server"):
        assert [r.id for r in hall.visible_to("Ann")] == [busy.id]
    assert idle.id not in hall.rooms
    assert [r.id for r in store_at().load_rooms()[0]] == [busy.id]
    assert f"room #{idle.id}" in caplog.text and "expired" in caplog.text


def test_a_room_found_past_its_time_is_warned_of_before_it_goes(store_at):
    """The server was down during a room's last days: after the restart its line still
    warns for two days before the room is removed; a room someone has open stays."""
    clock = Clock()
    hall = hall_at(store_at, room_days=3, clock=clock)
    room = hall.create("clear-the-ward", "me,open", "Ann")
    kept = hall.create("clear-the-ward", "me,open", "Bob")
    hall.store.close()
    clock.now += 30 * DAY
    again = hall_at(store_at, room_days=3, clock=clock)
    again.restore()
    again.rooms[kept.id].attach("Bob", None)
    again.visible_to("Cy")
    assert again.expiry_note(again.rooms[room.id]) == "expires in 2 days"
    clock.now += 2 * DAY - SWEEP_SECONDS
    assert len(again.visible_to("Cy")) == 2
    clock.now += SWEEP_SECONDS
    assert [r.id for r in again.visible_to("Cy")] == [kept.id]  # Bob is in his: it waits for him


def test_finished_rooms_do_not_expire(store_at):
    clock = Clock()
    due = []
    hall = hall_at(store_at, room_days=1, clock=clock, call_later=lambda delay, fn: due.append(fn))
    room = hall.create("clear-the-ward", "cpu:random,cpu:random", "Ann", seed=1)
    while due:
        due.pop(0)()
    clock.now += 100 * DAY
    hall.visible_to("Ann")
    clock.now += 100 * DAY
    assert room.id in {r.id for r in hall.visible_to("Ann")} and hall.expiry_note(room) == ""


OLD_SCHEMA = """
CREATE TABLE rooms (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, created_by TEXT NOT NULL, record TEXT,
    updated REAL NOT NULL DEFAULT (julianday('now'))
)
"""


def test_a_room_row_of_the_earlier_store_still_loads(tmp_path):
    """A rooms.sqlite3 written before rooms could be private: its rooms come back
    public, inviting nobody, last moved when their row was written."""
    path = tmp_path / "rooms.sqlite3"
    db = sqlite3.connect(path)
    db.execute(OLD_SCHEMA)
    db.execute("INSERT INTO rooms (id, game, seats, seed, options, created_by, record, updated) "
               "VALUES (4, 'clear-the-ward', '[[\"ann\", null], [null, null]]', 7, '{}', 'ann', NULL, 2461000.5)")
    db.commit()
    db.close()
    hall = hall_at(tmp_path)
    assert hall.restore() == []
    room = hall.rooms[4]
    assert not room.private and room.invited == () and room.may_see("Zed")
    assert room.moved == pytest.approx((2461000.5 - 2440587.5) * DAY)
    assert room.join("Ann") == 0 and room.join("Bob") == 1 and room.status == "playing"
    again = Store(path).load_rooms()[0][0]
    assert again.record is not None and again.seat_of("ANN") == 0


class _Stop(Exception):
    pass


def test_the_serve_command_takes_the_room_limits(monkeypatch):
    """--rooms-per-player and --room-days reach the server's hall; nonsense is refused."""
    import asyncio

    import tui_common.server.ssh as ssh
    from tui_common.server import cli

    given = {}

    def server(data_dir, **kw):
        given.update(kw)
        raise _Stop

    monkeypatch.setattr(ssh, "GameServer", server)
    args = cli.build_parser("clear-ward").parse_args(["--rooms-per-player", "5", "--room-days", "2.5"])
    with pytest.raises(_Stop):
        asyncio.run(cli._serve("clear-ward", args))
    assert given["rooms_per_player"] == 5 and given["room_days"] == 2.5 and given["max_rooms"] == 40
    defaults = cli.build_parser("clear-ward").parse_args([])
    assert (defaults.rooms_per_player, defaults.room_days) == (3, 14)
    for bad in (["--rooms-per-player", "0"], ["--room-days", "0"]):
        with pytest.raises(SystemExit):
            cli.serve_main("clear-ward", bad)


async def test_the_server_gives_its_hall_the_room_limits(tmp_path):
    from tui_common.server.ssh import GameServer

    server = GameServer(tmp_path, port=0, rooms_per_player=1, room_days=2.0)
    await server.start()
    try:
        assert server.hall.rooms_per_player == 1 and server.hall.room_days == 2.0
    finally:
        await server.close()
