"""The daily deal end to end: the ``daily`` command (dates, the one counted try), a
daily Night Shift played by keys with its seed hidden until the end, and the share
text on both games' game-over screens (tui_common.daily, core.daily, core.*.share)."""

from __future__ import annotations

import datetime as dt
import json
import random
import stat
import pytest

from test_clear_ward_driver import game_screen, play_to_end, settle

from clear_ward_tui import __main__ as clear_ward_main
from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options, Seat
from core.clear_ward import legal_actions
from core.daily import daily_seed
from tui_common import daily

DAY = dt.date(2026, 11, 27)


def _run_daily(argv, tmp_path, today=DAY):
    """``clear-ward daily ARGV`` with the app replaced by a list of the options it got."""
    ran = []

    def run(options):
        ran.append(options)
        return 0

    status = daily.daily_main("clear-ward", [*argv, "--data-dir", str(tmp_path)], "the Night Shift",
                              clear_ward_main.daily_options, lambda o: tmp_path, run, today=today)
    return status, ran


def test_daily_plays_todays_deal_once(tmp_path, capsys):
    status, ran = _run_daily([], tmp_path)
    assert status == 0 and len(ran) == 1
    options = ran[0]
    assert options.seed == daily_seed("clear-ward", DAY) and options.daily == "2026-11-27"
    assert not options.practice and len(options.seats) == 1
    tries = tmp_path / daily.TRIES_FILE
    assert json.loads(tries.read_text()) == {"clear-ward": ["2026-11-27"]}
    assert stat.S_IMODE(tries.stat().st_mode) == 0o600
    # a second counted try the same day: refused with a sentence offering practice
    status, ran = _run_daily([], tmp_path)
    assert status == 1 and ran == []
    err = capsys.readouterr().err
    assert "played today's daily deal (2026-11-27) already" in err and "clear-ward daily --practice" in err
    # practice is allowed, and marked
    status, ran = _run_daily(["--practice"], tmp_path)
    assert status == 0 and ran[0].practice and ran[0].seed == daily_seed("clear-ward", DAY)
    # the next day is a new counted try, with another deal
    status, ran = _run_daily([], tmp_path, today=DAY + dt.timedelta(days=1))
    assert status == 0 and not ran[0].practice and ran[0].seed != daily_seed("clear-ward", DAY)


def test_past_date_is_practice_future_and_bad_dates_refused(tmp_path, capsys):
    status, ran = _run_daily(["--date", "2026-11-20"], tmp_path)
    assert status == 0 and ran[0].practice and ran[0].seed == daily_seed("clear-ward", dt.date(2026, 11, 20))
    assert not (tmp_path / daily.TRIES_FILE).exists(), "practice uses no counted try"
    for bad, words in (("2026-11-28", "not out yet"), ("27/11/2026", "YYYY-MM-DD")):
        status, ran = _run_daily(["--date", bad], tmp_path)
        assert status == 2 and ran == []
        assert words in capsys.readouterr().err


def test_main_routes_daily_and_refuses_a_future_date(capsys):
    assert clear_ward_main.main(["daily", "--date", "2999-01-01"]) == 2
    assert "not out yet" in capsys.readouterr().err
    from clinic_tui import __main__ as clinic_main

    assert clinic_main.main(["daily", "--date", "2999-01-01"]) == 2
    assert "not out yet" in capsys.readouterr().err


def test_unreadable_tries_file_is_left_alone(tmp_path):
    (tmp_path / daily.TRIES_FILE).write_text("not json")
    assert daily.tried(tmp_path, "clinic", DAY)
    seed, practice = daily.start("clinic", tmp_path, DAY, DAY, False)
    assert practice and (tmp_path / daily.TRIES_FILE).read_text() == "not json"


async def test_daily_night_shift_hides_the_seed_and_shares_the_result(tmp_path):
    seed = daily_seed("clear-ward", DAY)
    options = Options(seats=(Seat("Nia"),), seed=seed, cpu_delay=0, show_clock=False, data_dir=tmp_path,
                      daily=DAY.isoformat())
    app = ClearWardApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert str(seed) not in screen.sub_title, "a daily deal's seed is not shown while it is played"
        assert screen.sub_title == "Night Shift · daily deal 2026-11-27", "the header says which day's deal"
        assert not any(str(seed) in s for s in screen.query_one("#log").sentences)
        # The first 44 of the game's 52 actions through the engine (the screen catches up
        # with them as with actions played elsewhere, its log told each one), the last 8
        # by keys: the whole game by keys cost 26 s, and the seed, the header and the
        # share do not depend on how the actions came.
        rng, record = random.Random(4), screen.record
        for _ in range(44):
            record = record.play(rng.choice(legal_actions(record.state)))
        screen.catch_up(record)
        await settle(pilot, app)
        sentences = screen.query_one("#log").sentences
        assert len(sentences) >= 44 and not any(str(seed) in s for s in sentences)
        assert len(await play_to_end(pilot, app, rng)) == 8  # the same game: play_to_end goes on with rng
        await pilot.pause()
        over = app.screen
        assert type(over).__name__ == "GameOverScreen"
        shown = str(over.query_one("#over-share").render())
        from core.clear_ward.share import share_text

        assert shown == share_text(over.state, "2026-11-27", over.outcome.seconds)
        assert app.share_text == shown and str(seed) not in shown
        await pilot.press("s")  # the same deal again: practice
        await settle(pilot, app)
        again = game_screen(app)
        assert again.options.practice and again.options.daily == "2026-11-27" and again.seed == seed
        assert again.sub_title == "Night Shift · daily deal 2026-11-27 (practice)"


async def test_a_game_that_is_no_daily_has_no_share_text(tmp_path):
    from clear_ward_tui.screens.game_over import GameOverScreen
    from core.clear_ward import apply_action, is_over, legal_actions, new_game

    state = new_game(1, 5, starting_player=0)
    rng = random.Random(1)
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
    options = Options(seats=(Seat("Nia"),), seed=5, cpu_delay=0, data_dir=tmp_path)
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(GameOverScreen(options, state, ["Nia"], 5))
        await pilot.pause()
        assert not app.screen.query("#over-share")
        assert getattr(app, "share_text", None) is None


async def test_clinic_daily_game_over_shares_the_result(tmp_path):
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options as ClinicOptions, Seat as ClinicSeat
    from clinic_tui.screens.game_over import GameOverScreen
    from core.clinic.game import apply_action, is_over, new_game
    from core.clinic.game.bots import make_bot
    from core.clinic.game.state import SoloGoal
    from core.clinic.share import share_text

    seed = daily_seed("clinic", DAY)
    state = new_game(1, seed, solo_goal=SoloGoal.RED_PATIENTS, turn_order=[0])
    bot = make_bot("basic", 1)
    while not is_over(state):
        state = apply_action(state, bot.choose(state))
    options = ClinicOptions(seats=(ClinicSeat("Nia"),), seed=seed, goal="red-patients", cpu_delay=0,
                            data_dir=str(tmp_path), daily=DAY.isoformat(), ascii=True)
    app = ClinicApp(ClinicOptions(cpu_delay=0, data_dir=str(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(GameOverScreen(options, state, ["Nia"], seed))
        await pilot.pause()
        shown = str(app.screen.query_one("#over-share").render())
        assert shown == share_text(state, "2026-11-27", ascii=True) == app.share_text
        assert str(seed) not in shown


async def test_setup_daily_button_counts_the_first_try_then_practice(tmp_path):
    from core.daily import today_utc

    for expected_practice in (False, True):
        app = ClearWardApp(Options(cpu_delay=0, show_clock=False, data_dir=tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.screen.query_one("#daily-button")
            await pilot.press("ctrl+d")
            await settle(pilot, app)
            screen = game_screen(app)
            today = today_utc()
            assert screen.seed == daily_seed("clear-ward", today) and len(screen.options.seats) == 1
            assert screen.options.seats[0].name == "Ann", "the first seat's name"
            assert screen.options.daily == today.isoformat() and screen.options.practice is expected_practice
            assert screen.sub_title.endswith(f"daily deal {today.isoformat()}" + " (practice)" * expected_practice)
    assert daily.tried(tmp_path, "clear-ward", today_utc())


@pytest.mark.parametrize("command", ["clear_ward_tui", "clinic_tui"])
def test_help_names_the_daily_and_stats_commands(command, capsys):
    """``--help`` tells a player the ``daily`` and ``stats`` subcommands exist."""
    import importlib

    main = importlib.import_module(f"{command}.__main__").main
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "daily': today's deal" in said and "stats': your record of progress" in said


async def test_clinic_daily_solitaire_names_the_day_in_its_header(tmp_path):
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options as ClinicOptions, Seat as ClinicSeat

    seed = daily_seed("clinic", DAY)
    options = ClinicOptions(seats=(ClinicSeat("Nia"),), seed=seed, goal="red-patients", cpu_delay=0,
                            data_dir=str(tmp_path), daily=DAY.isoformat())
    app = ClinicApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):  # the game screen is mounted (no fixed sleep)
            await pilot.pause()
            screen = next((s for s in app.screen_stack if type(s).__name__ == "GameScreen"), None)
            if screen is not None and screen.is_mounted and screen.sub_title:
                break
        assert screen.sub_title == "solitaire · daily deal 2026-11-27"
