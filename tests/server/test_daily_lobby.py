"""The daily deal and the stats in the lobby (issue 32), as a player meets them
(Textual's Pilot, no network): d seats the player alone at today's deal, a second try
is refused with a sentence, the day's table lists the results best first with the
player's own line marked, and s shows the player's own games only."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from core import registry
from tui_common.server.hall import DailyPlayed
from tui_common.server.lobby import DailyDialog, LobbyApp

from tests.server.daily_helpers import DAY, finish, hall_at

pytestmark = pytest.mark.timeout(60)


def shown(app, widget_id: str) -> str:
    return str(app.screen.query_one(widget_id, Static).render())


async def choose_daily(pilot, app, game: str) -> None:
    """d, then the game in the dialog, then Enter."""
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(app.screen, DailyDialog)
    games = app.screen.query_one("#daily-game", OptionList)
    names = [games.get_option_at_index(i).id for i in range(games.option_count)]
    assert names == ["clear-the-ward", "clinic"]
    for _ in range(names.index(game)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
async def test_the_daily_key_seats_the_player_alone_at_todays_deal(game, tmp_path):
    hall = hall_at(tmp_path)
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(50):  # until the footer is drawn (a deadline: 5 s)
            footer = [strip.text for strip in app.screen._compositor.render_strips()][-1]  # the bottom line
            if "Leave" in footer:
                break
            await pilot.pause(0.1)
        assert "d Daily deal" in footer and "s My stats" in footer
        await choose_daily(pilot, app, game)
    kind, room_id = app.return_value
    room = hall.rooms[room_id]
    assert kind == "play" and room.game == game and room.daily == "2026-11-28"
    assert [s.name for s in room.seats] == ["Ann"] and room.record is not None
    bob = LobbyApp(hall, "Bob")  # Bob's own lobby: Ann's daily room is not his to see
    async with bob.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rooms = bob.query_one("#rooms", OptionList)
        assert all(rooms.get_option_at_index(i).id != str(room_id) for i in range(rooms.option_count))
        await choose_daily(pilot, bob, game)
    other = hall.rooms[bob.return_value[1]]
    assert other.id != room_id and other.seed == room.seed


async def test_escape_in_the_daily_dialog_deals_nothing(tmp_path):
    hall = hall_at(tmp_path)
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, DailyDialog) and hall.rooms == {}


async def test_a_second_try_is_refused_with_a_sentence_and_its_replay_offered(tmp_path):
    hall = hall_at(tmp_path)
    first = hall.daily("clinic", "Ann")
    finish(first)
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await choose_daily(pilot, app, "clinic")
        assert app.is_running
        note = shown(app, "#note")
        assert "You have played today's daily deal of Clinic (2026-11-28) already; one counted try a day." in note
        assert f"room #{first.id}" in note and len(hall.rooms) == 1
        await pilot.press("enter")  # its line is highlighted: Enter opens its replay
        await pilot.pause()
    assert app.return_value == ("play", first.id)


async def test_a_daily_still_being_played_takes_the_player_back_to_it(tmp_path):
    hall = hall_at(tmp_path)
    room = hall.daily("clear-the-ward", "Ann")
    app = LobbyApp(hall, "ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_daily(pilot, app, "clear-the-ward")
    assert app.return_value == ("play", room.id) and len(hall.rooms) == 1


async def test_the_lobby_shows_todays_table_best_first_with_the_players_line_marked(tmp_path):
    now = [hall_at(tmp_path).clock()]
    hall = hall_at(tmp_path, now)
    ann, bob = hall.daily("clinic", "Ann"), hall.daily("clinic", "Bob")
    finish(ann, 0, 1)
    finish(bob, 1, 2)
    score = {r.seats[0].name: registry.get("clinic").result(r.record.state)[0][0] for r in (ann, bob)}
    assert score["Bob"] > score["Ann"]
    hall.daily("clinic", "Cy")  # still playing: not in the table
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown(app, "#daily").splitlines()
        assert lines == ["Daily deal 2026-11-28 · Clear the Ward: no result yet (d: play it)",
                         "Daily deal 2026-11-28 · Clinic:",
                         f"  1. Bob · {score['Bob']} popularity",
                         f"  2. Ann · {score['Ann']} popularity ← you"]
        for _ in range(50):  # until it is laid out (a deadline: 5 s)
            region = app.query_one("#daily").region
            if region.height:
                break
            await pilot.pause(0.1)
        assert region.height == 4 and region.bottom <= 23, "all on screen at 80x24"
        finish(hall.rooms[3])  # Cy finishes: the table follows
        for _ in range(40):  # the lobby refreshes once a second (a deadline: 4 s)
            await pilot.pause(0.1)
            if "Cy" in shown(app, "#daily"):
                break
        assert "Cy" in shown(app, "#daily")
        now[0] += DAY  # the next day: a new table
        for _ in range(40):
            await pilot.pause(0.1)
            if "2026-11-29" in shown(app, "#daily"):
                break
        assert "Daily deal 2026-11-29 · Clinic: no result yet (d: play it)" in shown(app, "#daily")


async def test_the_stats_key_shows_the_players_own_games_only(tmp_path):
    from tui_common.stats_screen import StatsScreen

    hall = hall_at(tmp_path)
    finish(hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=4))
    finish(hall.create("clear-the-ward", "Bob,cpu:random", "Bob", seed=5))
    finish(hall.daily("clinic", "Bob"))
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        text = " ".join(str(w.render()) for w in screen.query(".stats-mode"))
        assert "Clear the Ward, 2-4 seats: 1 game," in text  # Ann's one table, not Bob's two
        assert "Clinic" not in text  # Bob's daily is his
        await pilot.press("q")  # q closes the stats, not the lobby
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, StatsScreen)
    bob = LobbyApp(hall, "Bob")
    async with bob.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        text = " ".join(str(w.render()) for w in bob.screen.query(".stats-mode"))
        assert "Clear the Ward, 2-4 seats: 2 games," in text and "Clinic, daily deal: 1 game," in text


def test_daily_played_is_a_room_error():
    from tui_common.server.rooms import RoomError

    assert issubclass(DailyPlayed, RoomError)


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
async def test_a_served_daily_game_names_the_day_in_its_header(game, tmp_path):
    """The served game of a daily room says which day's deal it is, as at home."""
    from tui_common.server.table import game_app

    hall = hall_at(tmp_path)
    room = hall.daily(game, "Ann")
    app = game_app(room, room.seat_of("Ann"), "Ann", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):  # until the game screen is mounted (a deadline, no fixed sleep)
            await pilot.pause()
            screen = next((s for s in app.screen_stack if type(s).__name__ == "GameScreen"), None)
            if screen is not None and screen.sub_title:
                break
        assert screen.sub_title == f"room #{room.id} · daily deal 2026-11-28 · you are Ann", screen.sub_title
        assert app.options.daily == "2026-11-28"
        app.detach()
