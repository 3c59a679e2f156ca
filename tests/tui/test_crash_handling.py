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
