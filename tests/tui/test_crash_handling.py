"""A crash never loses the game (issue 20): the autosave is intact, the traceback goes to
crash.log in the data folder, one sentence says how to resume, the exit status is 1."""

from __future__ import annotations

import pytest

from tui_common.app import CRASH_LOG, run_game


def _apps(tmp_path, monkeypatch):
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options as CWOptions, parse_players as cw_players
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options as ClOptions, parse_players as cl_players

    monkeypatch.setenv("CLINIC_DATA_DIR", str(tmp_path))
    return {
        "clear-ward": lambda: ClearWardApp(CWOptions(seats=cw_players("cpu:random,cpu:random"), seed=3, cpu_delay=0,
                                                     show_clock=False, data_dir=tmp_path)),
        "clinic": lambda: ClinicApp(ClOptions(seats=cl_players("cpu:random,cpu:random"), seed=3, cpu_delay=0)),
    }


def _loader(game):
    if game == "clear-ward":
        from clear_ward_tui.autosave import load
        return load
    from clinic_tui.saving import load_record
    return load_record


class Boom(Exception):
    """The unexpected error of these tests."""


@pytest.mark.parametrize("game", ["clear-ward", "clinic"])
def test_a_crash_exits_1_logs_the_traceback_and_keeps_the_autosave(game, tmp_path, monkeypatch, capsys):
    app = _apps(tmp_path, monkeypatch)[game]()

    def explode():
        raise Boom("the unexpected")

    waited = []

    def explode_once_saved():
        # fail inside the app's loop as soon as the computers have played and autosaved
        # (a slow machine may take seconds; give up waiting after about 30 s)
        waited.append(1)
        if any(tmp_path.rglob("*.json")) or len(waited) > 600:
            explode()
        app.set_timer(0.05, explode_once_saved)

    app.call_later(explode_once_saved)
    status = run_game(app, headless=True, size=(80, 24))
    assert status == 1
    log = (tmp_path / CRASH_LOG).read_text()
    assert "Boom: the unexpected" in log and "Traceback" in log
    assert app.crash_message is not None
    assert f"{game} --resume" in app.crash_message and str(tmp_path / CRASH_LOG) in app.crash_message
    saves = sorted(tmp_path.rglob("*.json"))
    assert saves, "the computers played and autosaved before the crash"
    load = _loader(game)
    for save in saves:  # every save left replays
        assert load(save).actions


@pytest.mark.parametrize("game", ["clear-ward", "clinic"])
def test_a_normal_quit_exits_0(game, tmp_path, monkeypatch):
    app = _apps(tmp_path, monkeypatch)[game]()
    app.call_later(lambda: app.set_timer(0.3, app.exit))
    assert run_game(app, headless=True, size=(80, 24)) == 0
    assert not (tmp_path / CRASH_LOG).exists()


async def test_a_widget_taken_down_while_the_app_stops_is_not_a_crash(tmp_path):
    """Seen in CI: the app stopping in the instant a screen's title changed, Textual's
    Header then looked for its title widget, already taken down (``NoMatches
    'HeaderTitle'``), and the stop was reported as a crash. While the app stops, that
    error is no crash; while it runs, it still is."""
    from textual.css.query import NoMatches

    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options, parse_players

    app = ClearWardApp(Options(seats=parse_players("Ann,Bob"), seed=1, cpu_delay=0, data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app._running = False  # as in Textual's shutdown
        app._handle_exception(NoMatches("No nodes match 'HeaderTitle' on Header()"))
        assert app._exception is None and app.return_code in (None, 0)
        app._running = True
    running = ClearWardApp(Options(seats=parse_players("Ann,Bob"), seed=1, cpu_delay=0, data_dir=tmp_path))
    with pytest.raises(NoMatches):
        async with running.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            running._handle_exception(NoMatches("No nodes match '#x' on Screen()"))
