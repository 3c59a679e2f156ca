"""The daily deal as a room type on the server (issue 32), through the Hall API: the
day's deal for everyone, one counted try per account, game and UTC day, a room private
to its player while the day's deal can be played, the day's table of results, and all
of it after a restart."""

from __future__ import annotations

import datetime as _dt
import sqlite3

import pytest

from core import registry
from core.daily import daily_seed
from tui_common.server.hall import DailyPlayed
from tui_common.server.room_setup import parse_options
from tui_common.server.rooms import OVER, PLAYING, RoomError
from tui_common.server.store import Store

from tests.server.daily_helpers import DAY, NOON, finish, hall_at

GAMES = ["clear-the-ward", "clinic"]
TODAY = "2026-11-28"


@pytest.mark.parametrize("game", GAMES)
def test_two_accounts_get_the_same_deal_of_the_day_and_the_next_day_another(game, store_at):
    now = [NOON]
    hall = hall_at(store_at, now)
    found = registry.get(game)
    ann, bob = hall.daily(game, "Ann"), hall.daily(game, "Bob")
    assert ann is not bob
    assert ann.seed == bob.seed == daily_seed(found.command, _dt.date(2026, 11, 28))
    assert ann.options == bob.options == parse_options(game, found.daily_options, 1)
    for room, name in ((ann, "Ann"), (bob, "Bob")):  # alone, dealt at once, today's
        assert room.status == PLAYING and [s.name for s in room.seats] == [name] and room.daily == TODAY
        assert room.record.seed == room.seed
    assert found.new_record(["Ann"], [None], bob.seed, bob.options).state == ann.record.state  # the same deal
    now[0] += DAY
    assert hall.daily(game, "Cy").seed == daily_seed(found.command, _dt.date(2026, 11, 29)) != ann.seed


def test_clinics_daily_room_is_the_solitaire_of_clinic_daily():
    from clinic_tui.config import DEFAULT_GOAL

    assert parse_options("clinic", registry.get("clinic").daily_options, 1) == {"goal": DEFAULT_GOAL}
    assert parse_options("clear-the-ward", registry.get("clear-the-ward").daily_options, 1) == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_second_counted_try_is_refused_with_a_sentence(game, store_at):
    hall = hall_at(store_at)
    room = hall.daily(game, "Ann")
    assert hall.daily(game, "ann") is room  # still being played: back to it, no second room
    finish(room)
    with pytest.raises(DailyPlayed, match=r"played today's daily deal of .* \(2026-11-28\) already; one counted try"
                       ) as refused:
        hall.daily(game, "ANN")  # the same account, whatever the case
    assert refused.value.room is room and f"room #{room.id}" in str(refused.value)
    assert len(hall.rooms) == 1
    hall.remove(room.id)  # the room gone (the server made room): still refused
    with pytest.raises(DailyPlayed, match="one counted try a day") as refused:
        hall.daily(game, "Ann")
    assert refused.value.room is None


def test_the_other_games_deal_and_the_next_days_are_other_tries(store_at):
    now = [NOON]
    hall = hall_at(store_at, now)
    finish(hall.daily("clinic", "Ann"))
    assert hall.daily("clear-the-ward", "Ann").game == "clear-the-ward"
    now[0] += DAY
    assert hall.daily("clinic", "Ann").daily == "2026-11-29"


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_room_is_its_players_alone_while_the_days_deal_can_be_played(game, store_at):
    now = [NOON]
    hall = hall_at(store_at, now)
    room = hall.daily(game, "Ann")
    assert room.may_see("ann") and not room.may_see("Bob")
    assert room not in hall.visible_to("Bob")
    with pytest.raises(RoomError, match="private"):
        room.join("Bob")
    finish(room)
    assert not room.may_see("Bob") and room not in hall.visible_to("Bob")  # over, but today's deal is still on
    now[0] += DAY  # the day is over: its replay is anyone's
    assert room.may_see("Bob")
    unfinished = hall.daily(game, "Cy")
    now[0] += DAY
    assert not unfinished.may_see("Bob")  # a day over, but the game still played: still Cy's alone


def test_daily_rooms_do_not_count_against_the_rooms_a_player_may_open(store_at):
    hall = hall_at(store_at, rooms_per_player=1)
    hall.daily("clinic", "Ann")
    hall.daily("clear-the-ward", "Ann")
    assert hall.create("clinic", "me,open", "Ann").created_by == "Ann"


@pytest.mark.parametrize(("game", "first"), [("clear-the-ward", "Ann"), ("clinic", "Bob")])
def test_the_table_of_results_lists_the_finished_scores_best_first(game, first, store_at):
    hall = hall_at(store_at)
    ann, bob, cy = hall.daily(game, "Ann"), hall.daily(game, "Bob"), hall.daily(game, "Cy")
    finish(ann, 0, 1)
    assert [t.name for t in hall.daily_table(game)] == ["Ann"]  # Bob and Cy still play: not listed
    finish(bob, 1, 2)
    table = hall.daily_table(game)
    scores = {r.seats[0].name: registry.get(game).result(r.record.state)[0][0] for r in (ann, bob)}
    assert scores["Ann"] != scores["Bob"]
    assert [(t.name, t.score) for t in table] == sorted(scores.items(), key=lambda item: -item[1])
    assert table[0].name == first
    assert hall.daily_table(game, "2026-11-27") == []


@pytest.mark.parametrize("game", GAMES)
def test_a_restart_keeps_the_daily_rooms_the_tries_and_the_table(game, store_at):
    hall = hall_at(store_at)
    done, going = hall.daily(game, "Ann"), hall.daily(game, "Bob")
    finish(done)
    going.play(0, registry.get(game).make_bot(registry.get(game).levels[0], 5).choose(going.record.state))
    table = hall.daily_table(game)
    hall.store.close()

    again = hall_at(store_at)
    assert again.restore() == []
    assert {r.id: (r.daily, r.status) for r in again.listing()} == {done.id: (TODAY, OVER), going.id: (TODAY, PLAYING)}
    assert again.daily_table(game) == table and table
    with pytest.raises(DailyPlayed, match="one counted try"):
        again.daily(game, "Ann")
    back = again.daily(game, "Bob")  # still being played: back to it, where it was
    assert back.id == going.id and back.record.actions == going.record.actions
    assert not back.may_see("Ann")


def test_a_store_written_before_daily_rooms_loads_and_takes_them(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    hall = hall_at(tmp_path)
    old = hall.create("clinic", "me,cpu:random", "Ann", seed=5)
    hall.store.close()
    db = sqlite3.connect(path)  # as today's main wrote it: no daily column, no tries table
    db.execute("ALTER TABLE rooms DROP COLUMN daily")
    db.execute("DROP TABLE daily_tries")
    db.execute("DROP TABLE schema_version")  # nor versioned migrations
    db.commit()
    db.close()

    store = Store(path)
    rooms, problems = store.load_rooms()
    assert problems == [] and [(r.id, r.daily) for r in rooms] == [(old.id, None)]
    store.close()
    again = hall_at(tmp_path)
    again.restore()
    room = again.daily("clinic", "Ann")
    assert room.daily == TODAY and room.id != old.id


def test_a_clinic_solitaire_whose_goal_is_missed_has_no_winner():
    """The registry's result of a solitaire, as the daily table and the history read it."""
    from core.clinic.game.end import goal_met

    found = registry.get("clinic")
    hall_state = found.new_record(["Ann"], [None], 9, {"goal": "red-patients"}).state
    bot = found.make_bot("random", 1)
    while not found.is_over(hall_state):
        hall_state = found.apply_action(hall_state, bot.choose(hall_state))
    assert not goal_met(hall_state)
    assert found.result(hall_state)[1] == ()
