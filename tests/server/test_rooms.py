"""The server's rooms, store and rejoin model, without any network (tui_common.server)."""

from __future__ import annotations

import pytest

from core.clear_ward import EndTurn, legal_actions
from core.errors import IllegalActionError
from tui_common.server.hall import MAX_ROOMS_PER_PLAYER, Hall
from tui_common.server.room_setup import clean_name, parse_seats
from tui_common.server.rooms import OVER, PLAYING, WAITING, RoomError
from tui_common.server.store import Store


def hall_at(tmp_path, **kw) -> Hall:
    return Hall(Store(tmp_path / "rooms.sqlite3"), **kw)


def heard(room):
    events = []
    room.listeners.append(lambda r, e: events.append(e))
    return events


def test_seats_are_parsed_from_the_lobby_words():
    seats = parse_seats("clear-the-ward", "me, open, cpu:greedy", "Ann")
    assert [(s.name, s.cpu) for s in seats] == [("Ann", None), (None, None), (None, "greedy")]
    with pytest.raises(RoomError, match="unknown computer level 'basic'"):
        parse_seats("clear-the-ward", "me,cpu:basic", "Ann")  # a Clinic level
    assert parse_seats("clinic", "me,cpu:hard", "Ann")[1].cpu == "strong"  # the level words work too
    with pytest.raises(RoomError, match="1-4 players, not 5"):
        parse_seats("clinic", "me,open,open,open,open", "Ann")
    with pytest.raises(RoomError, match="same name"):
        parse_seats("clinic", "me,Ann", "Ann")


def test_names_lose_escape_codes_and_are_cut():
    assert clean_name("\x1b[31mAnn\x1b[0m\x07") == "[31mAnn[0m"
    assert clean_name("B" * 500) == "B" * 14
    with pytest.raises(RoomError):
        clean_name("\x1b\x00\t ")


def test_the_game_is_dealt_when_the_last_open_seat_is_taken(tmp_path):
    hall = hall_at(tmp_path)
    room = hall.create("clear-the-ward", "me,open", "Ann", seed=7)
    assert room.status == WAITING and room.record is None
    assert room.join("Ann") == 0  # her own seat: no new seat taken
    events = heard(room)
    assert room.join("Bob") == 1
    assert room.status == PLAYING and room.record.seats[1].name == "Bob"
    assert [e.kind for e in events] == ["joined", "started"]
    with pytest.raises(RoomError, match="no free seat"):
        room.join("Cy")


def test_only_the_seat_whose_turn_it_is_plays_and_the_engine_says_why_not(tmp_path):
    room = hall_at(tmp_path).create("clear-the-ward", "Ann,Bob", "Ann", seed=3)
    other = 1 - room.actor
    with pytest.raises(IllegalActionError, match="turn"):
        room.play(other, legal_actions(room.record.state)[0])
    with pytest.raises(IllegalActionError):  # End turn before moving: the engine's rule
        room.play(room.actor, EndTurn())
    assert room.record.actions == ()


def test_every_action_is_in_the_store_and_a_restart_brings_the_room_back(tmp_path):
    hall = hall_at(tmp_path)
    room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=11)
    for _ in range(5):
        room.play(room.actor, legal_actions(room.record.state)[0])
    hall.store.close()  # no clean shutdown needed: every action was written when played
    again = hall_at(tmp_path)
    assert again.restore() == []
    back = again.rooms[room.id]
    assert back.record.actions == room.record.actions
    assert back.record.state == room.record.state
    assert back.seat_of("Bob") == 1


def test_a_dropped_player_keeps_the_seat_and_the_game_waits_for_them(tmp_path):
    room = hall_at(tmp_path).create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    events = heard(room)
    ann, bob = object(), object()
    assert room.attach("Ann", ann) == 0 and room.attach("Bob", bob) == 1
    mover = room.names()[room.actor]
    room.detach(mover, ann if mover == "Ann" else bob)
    assert events[-1].kind == "left" and events[-1].text.startswith(f"{mover} left")
    name, seconds = room.waiting(now=room.turn_since + 30)
    assert name == mover and seconds == pytest.approx(30, abs=1)
    with pytest.raises(IllegalActionError):  # nobody may play the missing player's turn
        room.play(1 - room.actor, legal_actions(room.record.state)[0])
    room.attach(mover, object())
    assert events[-1].kind == "back" and events[-1].text == f"{mover} is back."
    assert room.waiting() is None
    room.play(room.actor, legal_actions(room.record.state)[0])  # the turn was kept for them


def test_a_spectator_is_counted_and_has_no_seat(tmp_path):
    room = hall_at(tmp_path).create("clear-the-ward", "Ann,cpu:random", "Ann", seed=1)
    assert room.attach("Zed", object()) is None and room.spectators == 1
    assert "1 watching" in room.summary()
    # A seated player who chooses to watch is a spectator: their seat is not taken back.
    events = heard(room)
    assert room.attach("Ann", object(), watch=True) is None and room.spectators == 2
    assert 0 not in room.present and [e.kind for e in events] == ["watching"]
    room.detach("Ann", None, watch=True)
    assert room.spectators == 1 and 0 not in room.left_at


def test_computer_seats_play_a_game_to_the_end_through_the_hall_clock(tmp_path):
    due = []
    hall = hall_at(tmp_path, call_later=lambda delay, fn: due.append(fn))
    room = hall.create("clear-the-ward", "cpu:greedy,cpu:random", "Ann", seed=2)
    assert room.names() == ["CPU (medium)", "CPU (easy)"], "computers are named by their level"
    assert room.seat_label(0) == "CPU (medium)"
    while due:
        due.pop(0)()
    assert room.status == OVER
    restored = hall_at(tmp_path)
    restored.restore()
    assert restored.rooms[room.id].status == OVER


def test_a_clinic_room_plays_through_its_engine(tmp_path):
    from core.clinic.game import legal_actions as clinic_legal

    room = hall_at(tmp_path).create("clinic", "Ann,cpu:basic", "Ann", seed=4)
    while room.actor == 1:
        room.cpu_step()
    room.play(0, clinic_legal(room.record.state)[0])
    assert len(room.record.actions) >= 1


def test_room_limits(tmp_path):
    hall = hall_at(tmp_path, max_rooms=5)
    for _ in range(MAX_ROOMS_PER_PLAYER):
        hall.create("clear-the-ward", "me,open", "Ann")
    with pytest.raises(RoomError, match="unfinished rooms"):
        hall.create("clear-the-ward", "me,open", "Ann")
    hall.create("clear-the-ward", "me,open", "Bob")
    hall.create("clear-the-ward", "me,open", "Cy")
    with pytest.raises(RoomError, match="holds 5 rooms"):
        hall.create("clear-the-ward", "me,open", "Dee")


def test_a_computer_seat_found_slow_still_plays_without_an_event_loop(tmp_path, monkeypatch):
    """A seat whose choice took longer than ``SLOW_SECONDS`` thinks in the worker process
    next time, which needs an event loop to hear the answer; without one (a plain
    caller, as here) it chooses in place. Under load a random player's choice can be
    slow: this made the test below fail now and then."""
    import tui_common.server.hall as hall_module

    monkeypatch.setattr(hall_module, "SLOW_SECONDS", -1.0)  # every choice counts as slow
    due = []
    hall = hall_at(tmp_path, call_later=lambda delay, fn: due.append(fn))
    room = hall.create("clear-the-ward", "cpu:random,cpu:random", "Ann", seed=1)
    while due:
        due.pop(0)()
    assert room.status == OVER and hall.slow


def test_a_full_hall_drops_its_oldest_finished_game_for_a_new_room(tmp_path):
    due = []
    hall = hall_at(tmp_path, max_rooms=2, call_later=lambda delay, fn: due.append(fn))
    done = hall.create("clear-the-ward", "cpu:random,cpu:random", "Ann", seed=1)
    while due:
        due.pop(0)()
    assert done.status == OVER
    hall.create("clear-the-ward", "me,open", "Bob")
    hall.create("clear-the-ward", "me,open", "Cy")
    assert done.id not in hall.rooms and len(hall.rooms) == 2
    with pytest.raises(RoomError, match="holds 2 rooms"):  # unfinished rooms are never dropped
        hall.create("clear-the-ward", "me,open", "Dee")


def test_room_options_from_the_lobby():
    from tui_common.server.room_setup import parse_options

    assert parse_options("clear-the-ward", "start=2", 2) == {"start": 1}
    assert parse_options("clinic", "goal=three-hubs", 1) == {"goal": "three-hubs"}
    assert parse_options("clinic", "", 3) == {}
    with pytest.raises(RoomError, match="from 1 to 2"):
        parse_options("clear-the-ward", "start=3", 2)
    with pytest.raises(RoomError, match="exactly one seat"):
        parse_options("clinic", "goal=three-hubs", 2)
    with pytest.raises(RoomError, match="takes start=N"):
        parse_options("clear-the-ward", "goal=floor-3", 2)


def test_the_starting_seat_option_reaches_the_deal(tmp_path):
    for start in (0, 1):
        room = hall_at(tmp_path / str(start)).create("clear-the-ward", "Ann,Bob", "Ann", seed=6,
                                                     options=f"start={start + 1}")
        assert room.actor == start


def test_a_seat_is_given_up_only_before_the_deal_and_a_deserted_room_closes(tmp_path):
    hall = hall_at(tmp_path)
    room = hall.create("clear-the-ward", "me,open,open", "Ann")
    room.join("Bob")
    hall.leave(room, "Bob")
    assert room.seats[1].name is None and room.id in hall.rooms
    hall.leave(room, "Ann")
    assert room.id not in hall.rooms and hall.store.load_rooms()[0] == []
    playing = hall.create("clear-the-ward", "Ann,Bob", "Ann")
    with pytest.raises(RoomError, match="stays yours until it ends"):
        hall.leave(playing, "Bob")
    with pytest.raises(RoomError, match="no seat"):
        hall.leave(playing, "Cy")


@pytest.mark.parametrize(("game", "seats", "heading", "words"), [
    ("clear-the-ward", "Ann,cpu:random", "Clear the Ward", "Night Shift"),
    ("clinic", "Ann,cpu:basic", "Clinic", "Business"),
])
def test_a_seat_at_a_shared_table_reads_its_games_rules(game, seats, heading, words, tmp_path):
    """`r` at a shared table shows the game's own rules (found beside the game's app
    module, not the server's), and a crash there tells no "--resume" (the room keeps it)."""
    from tui_common.server.table import game_app

    room = hall_at(tmp_path).create(game, seats, "Ann", seed=4)
    app = game_app(room, 0, "Ann", tmp_path)
    rules = app.rules_markdown()
    assert heading in rules and words in rules
    assert app.RESUME_COMMAND and not app.seating.saves  # the crash sentence leaves it out


def test_clinic_rooms_take_the_local_setups_sides_and_expansions(tmp_path):
    """The lobby offers what the local setup does: each seat's player board side
    (rulebook: the beginner side's fixed first clinic, or the expert rules on the 4x3
    or the 3x3 side) and the mini-expansions of ``core.clinic.expansions``; the deal
    plays them (a room that dropped them would deal the base game)."""
    from core.clinic.expansions import MODULES
    from core.clinic.game.state import BoardSide
    from tui_common.server.room_setup import parse_options

    assert parse_options("clinic", "side=expert, expansions=blood,zombies", 2) == {
        "sides": ["expert", "expert"], "expansions": ["blood", "zombies"]}
    assert parse_options("clinic", "side=expert-4x3,3x3 expansions=none", 2) == {
        "sides": ["expert-4x3", "expert"], "expansions": []}
    with pytest.raises(RoomError, match="one side for every seat"):
        parse_options("clinic", "side=expert,beginner", 3)
    with pytest.raises(RoomError, match="choose from " + ", ".join(MODULES)):
        parse_options("clinic", "expansions=dragons", 2)
    with pytest.raises(RoomError, match="takes start=N"):
        parse_options("clear-the-ward", "side=expert", 2)
    room = hall_at(tmp_path).create("clinic", "Ann,Bob,cpu:basic", "Ann", seed=2,
                                    options="side=expert,expert-4x3,beginner expansions=workaholics,blood")
    config = room.record.state.config
    assert config.expert == (True, True, False)
    assert config.sides == (BoardSide.EXPERT, BoardSide.BEGINNER, BoardSide.BEGINNER)
    assert config.options == frozenset({"workaholics", "blood"})
    assert "(sides expert/expert-4x3/beginner, blood, workaholics)" in room.summary()
    back = Store(tmp_path / "rooms.sqlite3").load_rooms()[0][0]  # and so after a restart
    assert back.record.state.config == config and back.options == room.options


async def test_a_slow_computer_player_thinks_in_a_worker_and_plays_as_it_would_in_place(tmp_path):
    """The strong Clear the Ward player (up to 0.3 s a decision) chooses in a worker
    process, so the event loop every connection shares keeps running meanwhile; the bot
    comes back with its random generator moved on, so the game is move for move the one
    a choice in place would have made."""
    import asyncio

    from core.clear_ward.bots import make_bot

    loop = asyncio.get_running_loop()
    hall = Hall(Store(tmp_path / "a.sqlite3"), call_later=loop.call_later, cpu_delay=0)
    here = hall_at(tmp_path / "b")  # no clock: the test plays the computer in place
    rooms = [h.create("clear-the-ward", "Ann,cpu:strong", "Ann", seed=11) for h in (hall, here)]
    ann = make_bot("greedy", 1)
    ticks = 0
    try:
        while hall.thinker.thought < 3 and not rooms[0].record.over:
            room = rooms[0]
            if room.actor == 0:
                room.play(0, ann.choose(room.record.state))
            await asyncio.sleep(0.01)
            ticks += 1
            assert ticks < 6000, "the worker never answered"
        assert hall.thinker.thought >= 3
        other = rooms[1]
        for action in rooms[0].record.actions:  # the same game, computer choices made in place
            if other.actor == 1:
                other.cpu_step()
            else:
                other.play(0, action)
        assert other.record.actions == rooms[0].record.actions
    finally:
        hall.close()
