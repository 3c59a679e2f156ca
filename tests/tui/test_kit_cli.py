"""The command line both games share (``tui_common.cli``): a bad ``--load`` /
``--replay`` file is refused on stderr with exit status 1 before any screen opens;
``--players ""`` is an error; names are cut to ``MAX_NAME`` characters (and the player
told); a name that looks like Rich markup is shown as typed."""

from __future__ import annotations

import random

import pytest
from test_clear_ward_driver import game_screen, make_app, play_to_end, settle

from tui_common.cli import MAX_NAME

MAINS = {"clear-ward": "clear_ward_tui.__main__", "clinic": "clinic_tui.__main__"}


def _main(prog):
    import importlib

    return importlib.import_module(MAINS[prog]).main


@pytest.mark.parametrize("prog", sorted(MAINS))
@pytest.mark.parametrize("flag", ["--load", "--replay"])
def test_a_bad_save_file_is_refused_on_stderr_with_status_1(prog, flag, tmp_path, capsys, monkeypatch):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    started = []
    monkeypatch.setattr("tui_common.app.run_game", lambda app, **_: started.append(app) or 0)
    status = _main(prog)([flag, str(bad), "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert status == 1 and not started, "no app (and no setup screen) for a save that cannot be opened"
    assert str(bad) in err and "not a saved game" in err


@pytest.mark.parametrize("prog", sorted(MAINS))
def test_a_missing_save_file_is_refused_too(prog, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("tui_common.app.run_game", lambda app, **_: 0)
    status = _main(prog)(["--replay", str(tmp_path / "gone.json"), "--data-dir", str(tmp_path)])
    assert status == 1 and "no such save file" in capsys.readouterr().err


@pytest.mark.parametrize("prog", sorted(MAINS))
@pytest.mark.parametrize("players", ["", "  "])
def test_empty_players_is_an_error(prog, players, capsys):
    with pytest.raises(SystemExit) as stop:
        _main(prog)(["--players", players])
    assert stop.value.code == 2 and "--players" in capsys.readouterr().err


@pytest.mark.parametrize("prog", sorted(MAINS))
def test_a_long_name_is_cut_and_the_player_told(prog, capsys):
    import importlib

    options_from_args = importlib.import_module(MAINS[prog]).options_from_args
    long = "Bartholomew Featherstonehaugh"
    seats = options_from_args(["--players", f"{long},Ann"]).seats
    assert seats[0].name == long[:MAX_NAME].rstrip() and len(seats[0].name) <= MAX_NAME
    assert seats[1].name == "Ann"
    err = capsys.readouterr().err
    assert repr(long) in err and repr(seats[0].name) in err


async def test_clear_the_ward_shows_a_markup_like_name_as_typed(tmp_path):
    app = make_app("[/],[b]Bo", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert [s.name for s in screen.options.seats] == ["[/]", "[b]Bo"]
        await play_to_end(pilot, app, random.Random(293))  # a whole game of 12 actions
        await pilot.pause()
        from clear_ward_tui.screens.game_over import GameOverScreen

        over = app.screen
        assert isinstance(over, GameOverScreen), "the whole game and its end are drawn"
        summary = str(over.query_one("#over-summary").render())
        winners = [["[/]", "[b]Bo"][s] for s in over.result.winners]
        assert winners and all(name in summary for name in winners), summary  # as typed
        await pilot.press("q")
    assert app.return_code in (0, None)
