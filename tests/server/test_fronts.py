"""Several fronts over one SQLite file (docs/server.md, "Several fronts"): two halls in
this process, each with its own connection to the same ``rooms.sqlite3``, as two
``serve`` processes would have. No network."""

from __future__ import annotations

import asyncio

import pytest

from core.errors import IllegalActionError
from tui_common.server.hall import BOT_LOOK_SECONDS, Hall
from tui_common.server.rooms import RoomClosed
from tui_common.server.store import FILE_NAME, Store

pytestmark = pytest.mark.timeout(60)


class Clock:
    """A ``call_later`` that keeps the calls until the test runs them."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, object]] = []

    def __call__(self, delay, fn):
        self.calls.append((delay, fn))

    def run_due(self, most: float) -> int:
        """Run the calls asked for within ``most`` seconds (and those they ask for);
        returns how many ran."""
        ran = 0
        while due := [c for c in self.calls if c[0] <= most]:
            for call in due:
                self.calls.remove(call)
                call[1]()
                ran += 1
        return ran


def fronts(tmp_path, **kw) -> tuple[Hall, Hall]:
    return Hall(Store(tmp_path / FILE_NAME), **kw), Hall(Store(tmp_path / FILE_NAME), **kw)


async def heard_from(hall: Hall) -> list[int]:
    """Wait (at most 10 s) for another front's write, then follow it."""
    await asyncio.wait_for(hall.store.wait_for_changes(60), 10)
    return hall.follow_changes()


def events_of(room) -> list:
    events = []
    room.listeners.append(lambda r, e: events.append(e))
    return events


def turn_changing(room):
    """A legal action of the seat to move that hands the turn to the other seat."""
    from core.clear_ward import legal_actions

    rules = room.record.rules
    for action in legal_actions(room.record.state):
        if rules.actor(rules.apply(room.record.state, action)) != room.actor:
            return action
    raise AssertionError("no action ends this turn")


def to_the_turn_of(room, seat: int) -> None:
    """Play (greedy choices) until ``seat`` is to move."""
    from core.clear_ward.bots import make_bot

    bot = make_bot("greedy", 2)
    while room.actor != seat:
        room.play(room.actor, bot.choose(room.record.state))


async def test_a_room_opened_on_one_front_is_in_the_others_lobby_and_a_seat_taken_there_deals_it(tmp_path):
    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,open", "Ann", seed=3)
    assert await heard_from(b) == [room.id]
    there = b.rooms[room.id]
    assert [r.id for r in b.visible_to("Bob")] == [room.id] and there.record is None
    assert there.names() == ["Ann", "(open)"] and there.seed == 3
    events = events_of(room)
    there.join("Bob")  # on B: the room is dealt there and stored
    assert await heard_from(a) == [room.id]
    assert room.names() == ["Ann", "Bob"] and room.record is not None
    assert room.record.state == there.record.state
    assert [(e.kind, e.remote) for e in events] == [("joined", True), ("started", True)]
    assert a.store.new_room_id() != b.store.new_room_id()  # never the same number twice


async def test_an_action_played_on_one_front_reaches_the_other_fronts_listeners(tmp_path, monkeypatch):
    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    await heard_from(b)
    there = b.rooms[room.id]
    events = events_of(there)
    action = turn_changing(room)
    seat = room.actor
    room.play(seat, action)

    def no_replay(*args, **kw):
        raise AssertionError("the whole record replayed")

    from core.record import GameRecord

    monkeypatch.setattr(GameRecord, "from_save", no_replay)  # only the new action is played
    assert await heard_from(b) == [room.id]
    assert there.record.actions == room.record.actions and there.version == room.version
    (event,) = events
    assert (event.kind, event.seat, event.action, event.remote) == ("action", seat, action, True)
    assert event.record is there.record and event.text  # a game screen catches up as for a move here
    assert there.actor != seat


async def test_two_fronts_applying_at_once_never_apply_two_actions_to_one_state(tmp_path):
    """B has not heard A's action yet: its own action for the same state is refused
    (the game moved on) and B's room is caught up to what A stored; nothing is
    written over A's action."""
    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    await heard_from(b)
    there = b.rooms[room.id]
    seat, action = room.actor, turn_changing(room)
    room.play(seat, action)  # A first
    with pytest.raises(IllegalActionError, match="turn"):  # B, on the state A has left
        there.play(seat, action)
    assert there.record.actions == room.record.actions == (action,)
    chosen_at, seat, action = len(there.record.actions), there.actor, turn_changing(there)
    room.play(room.actor, turn_changing(room))  # A moves on again: B's choice is for a state gone
    with pytest.raises(IllegalActionError, match="moved on"):
        there.play(seat, action, at=chosen_at)
    stored = Store(tmp_path / FILE_NAME).load_rooms()[0][0]
    assert stored.record.actions == room.record.actions == there.record.actions
    assert stored.version == room.version == there.version


async def test_a_computer_seat_moves_once_though_both_fronts_run_it(tmp_path):
    clock_a, clock_b = Clock(), Clock()
    a = Hall(Store(tmp_path / FILE_NAME), call_later=clock_a, cpu_delay=0)
    b = Hall(Store(tmp_path / FILE_NAME), call_later=clock_b, cpu_delay=0)
    room = a.create("clear-the-ward", "Ann,cpu:greedy", "Ann", seed=7)
    clock_a.calls.clear()  # (the computer may not be first)
    to_the_turn_of(room, 0)
    clock_a.calls.clear()
    await heard_from(b)
    there = b.rooms[room.id]
    chose = {"a": 0, "b": 0}

    class Counted:  # the computer seat, counting its choices on each front
        def __init__(self, bot, side):
            self.bot, self.side = bot, side

        def choose(self, state):
            chose[self.side] += 1
            return self.bot.choose(state)

    room.bots[1], there.bots[1] = Counted(room.bots[1], "a"), Counted(there.bots[1], "b")
    room.play(0, turn_changing(room))  # the computer's turn, on both fronts
    assert room.actor == 1
    await heard_from(b)
    assert there.actor == 1
    clock_b.run_due(0)  # B asks first: the seats are B's
    clock_a.run_due(0)  # A is refused and looks again later
    assert chose["b"] >= 1 and chose["a"] == 0
    assert [delay for delay, _ in clock_a.calls] == [BOT_LOOK_SECONDS]
    a.follow_changes()
    assert room.record.actions == there.record.actions
    stored = Store(tmp_path / FILE_NAME).load_rooms()[0][0]
    assert stored.record.actions == there.record.actions
    assert chose["b"] == sum(1 for before in stored.record.states[len(stored.record.states) - chose["b"] - 1:-1]
                             if stored.record.rules.actor(before) == 1)


async def test_a_front_that_stops_hands_the_computer_seats_on(tmp_path, monkeypatch):
    import tui_common.server.store as store_module

    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,cpu:greedy", "Ann", seed=7)
    assert a.store.bots_mine(room.id) and not b.store.bots_mine(room.id)
    assert a.store.bots_mine(room.id)  # renewed
    a.store.close()  # A stops: its lease runs out...
    monkeypatch.setattr(store_module.time, "time", lambda: 1e12)  # ...much later
    assert b.store.bots_mine(room.id)


async def test_a_room_closed_on_one_front_goes_from_the_other(tmp_path):
    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,open", "Ann", seed=3)
    await heard_from(b)
    there = b.rooms[room.id]
    events = events_of(there)
    a.leave(room, "Ann")  # deserted: closed
    assert await heard_from(b) == [room.id]
    assert room.id not in b.rooms and [e.kind for e in events] == ["closed"]
    again = a.create("clear-the-ward", "Ann,open", "Ann", seed=3)
    await heard_from(b)
    a.remove(again.id)
    with pytest.raises(RoomClosed):  # B has not heard yet: refused, and forgotten there
        b.rooms[again.id].join("Bob")
    assert again.id not in b.rooms


async def test_the_end_of_a_game_is_written_down_by_the_front_that_played_it(tmp_path):
    """The history row of a finished game is written once: by the front that played the
    last action, not by the one that heard of it."""
    from core.clear_ward.bots import make_bot
    from tui_common.history import read_games
    from tui_common.server.rooms import game_of

    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,Bob", "Ann", seed=9)
    await heard_from(b)
    bot = make_bot("greedy", 3)
    while not room.record.over:
        room.play(room.actor, bot.choose(room.record.state))
    await heard_from(b)
    assert b.rooms[room.id].record.over
    rows = read_games(tmp_path, game_of("clear-the-ward").command)
    assert sorted(row.player for row in rows) == ["Ann", "Bob"]


async def test_a_player_connected_to_the_other_front_is_not_waited_for_and_their_leaving_is_told(tmp_path):
    """Who is connected is shared through the store: Bob at his table on B is not
    "away" nor "waiting for Bob" on A; when he leaves B, A's table hears "Bob left" and
    the wait begins; when he comes back, "Bob is back"."""
    a, b = fronts(tmp_path)
    room = a.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    await heard_from(b)
    there = b.rooms[room.id]
    bob_seat = room.seat_of("Bob")
    to_the_turn_of(room, bob_seat)
    room.attach("Ann", None)
    there.attach("Bob", None)
    b.share_presence()
    a.share_presence()
    b.share_presence()
    b.follow_changes()
    assert room.waiting() is None and "Bob (away)" not in room.summary()
    assert "Ann (away)" not in there.summary() and there.elsewhere == {room.seat_of("Ann")}
    events = events_of(room)
    there.detach("Bob", None)
    b.share_presence()
    a.share_presence()
    assert room.waiting()[0] == "Bob" and "Bob (away)" in room.summary()
    there.attach("Bob", None)
    b.share_presence()
    a.share_presence()
    assert room.waiting() is None
    assert [(e.kind, e.text) for e in events] == [("left", "Bob left; the seat is kept for them."),
                                                  ("back", "Bob is back.")]
