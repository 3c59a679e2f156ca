"""The record of progress: a finished game goes into the SQLite history, ``stats
--plain`` reads the numbers out, the stats screen shows them with a chart, and a
computer-only game sets no personal best (tui_common.history, tui_common.stats)."""

from __future__ import annotations

import random
import stat

import pytest

from clear_ward_tui import __main__ as clear_ward_main
from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options, Seat
from tui_common import history
from tui_common.history import Finished, read_games, record_game


def _five(tmp_path):
    """Five Night Shifts: won 90, lost 40, won 100 (its best time 75 s), won 80, and a
    computer's won 120 in 10 s that must set no best."""
    games = [
        Finished("clear-ward", "solo", ("person",), True, 90, seconds=200.0, ended_at="2026-11-20T10:00:00+00:00"),
        Finished("clear-ward", "solo", ("person",), False, 40, seconds=300.0, ended_at="2026-11-21T10:00:00+00:00"),
        Finished("clear-ward", "solo", ("person",), True, 100, seconds=75.0, ended_at="2026-11-22T10:00:00+00:00"),
        Finished("clear-ward", "solo", ("person",), True, 80, hints=1, seconds=150.0,
                 ended_at="2026-11-23T10:00:00+00:00"),
        Finished("clear-ward", "solo", ("hard",), True, 120, seconds=10.0, counts=False,
                 ended_at="2026-11-24T10:00:00+00:00"),
    ]
    for game in games:
        assert record_game(tmp_path, game) is None
    return games


def test_history_keeps_games_privately(tmp_path):
    games = _five(tmp_path)
    assert read_games(tmp_path, "clear-ward") == games
    assert read_games(tmp_path, "clinic") == []
    assert stat.S_IMODE((tmp_path / history.FILE_NAME).stat().st_mode) == 0o600


def test_stats_plain_after_five_games(tmp_path, capsys):
    _five(tmp_path)
    assert clear_ward_main.main(["stats", "--plain", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Clear the Ward, solo: 5 games, 4 won (80%)." in out
    assert "Win streak: 3 now, 3 at best." in out
    assert "Best stars: 100; average stars: 86.0." in out, "the computer's 120 sets no best"
    assert "Best time: 01:15." in out, "nor its 10 seconds"
    assert "Last 5 stars: 90 40 100 80 120." in out


def test_stats_plain_daily_streak_and_nothing_yet(tmp_path, capsys):
    for day in ("2026-11-20", "2026-11-22", "2026-11-23"):
        record_game(tmp_path, Finished("clinic", "daily", ("person",), True, 20, daily=day,
                                       ended_at=f"{day}T10:00:00+00:00"))
    text = history.plain_text(tmp_path, "clinic")
    assert "Clinic, daily deal: 3 games, 3 won (100%)." in text and "Daily deals in a row: 2 days." in text
    assert "No finished games of Clear the Ward yet" in history.plain_text(tmp_path / "none", "clear-ward")


def test_a_computer_only_game_sets_no_best(tmp_path):
    record_game(tmp_path, Finished("clinic", "table", ("hard", "easy"), True, 40,
                                   counts=history.counts(("hard", "easy"), 0)))
    [stats] = history.summaries(read_games(tmp_path, "clinic"))
    assert stats.played == 1 and stats.best_score is None
    assert "none yet" in history.sentences(stats)[2]
    assert not history.counts(("person",), history.HINT_ALLOWANCE + 1)
    assert not history.counts(("person",), 0, piped=True)


def test_an_unreadable_history_is_said_and_left(tmp_path):
    (tmp_path / history.FILE_NAME).write_text("not a database")
    assert "cannot be read" in history.plain_text(tmp_path, "clinic")
    assert record_game(tmp_path, Finished("clinic", "solo", ("person",), True, 3)) is not None
    assert (tmp_path / history.FILE_NAME).read_text() == "not a database"


async def test_a_finished_game_is_kept_in_the_history(tmp_path):
    from test_clear_ward_driver import play_to_end, settle

    app = ClearWardApp(Options(seats=(Seat("Ann"), Seat("CPU (medium)", "greedy")), seed=9, cpu_delay=0,
                               show_clock=False, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await play_to_end(pilot, app, random.Random(33))  # a whole game of 31 actions, for the suite's time
        await pilot.pause()
        over = app.screen
        assert type(over).__name__ == "GameOverScreen"
    [kept] = read_games(tmp_path, "clear-ward")
    res = over.result
    assert kept.mode == "table" and kept.levels == ("person", "medium") and kept.counts
    assert kept.won == (0 in res.winners) and kept.score == res.scores[0]
    from core.saves import loads

    assert loads(kept.record).seed == 9 and loads(kept.record).finished, "the record replays the game"


@pytest.mark.parametrize("from_setup", [False, True])
async def test_stats_screen_shows_numbers_and_chart(tmp_path, from_setup):
    from textual.widgets import Sparkline

    from tui_common.stats_screen import StatsScreen

    _five(tmp_path)
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if from_setup:
            await pilot.press("s")
        else:
            await app.push_screen(StatsScreen(tmp_path, "clear-ward"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert "5 games, 4 won" in str(screen.query_one("#stats-solo").render())
        chart = screen.query_one("#chart-solo", Sparkline)
        assert list(chart.data) == [90, 40, 100, 80, 120]
        assert chart.region.height > 0 and chart.region.bottom <= 23, "on screen at 80x24"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)


async def test_s_in_a_name_field_types_an_s(tmp_path):
    from textual.widgets import Input

    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#name-0", Input)
        field.focus()
        field.value = ""
        await pilot.press("s")
        await pilot.pause()
        assert field.value == "s" and type(app.screen).__name__ == "SetupScreen"
