"""The plain text mode keeps the seed secret at a table of two or more (issue #29): it
deals every hidden card. Nothing said before the game is over names it; the end says
it. A solo game names it from the start."""

from __future__ import annotations

import pytest

from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import main as clear_ward_main
from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main

from .helpers import always, play

#: Big and distinctive: its digits cannot turn up in what is said by chance.
SEED = 5_550_193_872_046_611_987


@pytest.mark.parametrize("game, players", [("clear-ward", "Ann,Bob"), ("clear-ward", "Ann,cpu:random"),
                                           ("clinic", "Ann,cpu:random")])
def test_a_whole_game_names_the_seed_only_at_its_end(tmp_path, game, players):
    main, parse = (clear_ward_main, clear_ward_options) if game == "clear-ward" else (clinic_main, clinic_options)
    options = parse(["--plain", "--players", players, "--seed", str(SEED), "--data-dir", str(tmp_path)])
    status, out, stdin = play(main, options, always("1", limit=20000))
    assert status == 0
    ending = f"The seed was {SEED}."
    assert ending in out, out[-2000:]
    before_the_end = out[: out.index(ending)]
    assert "game is over" in before_the_end.lower() or "wins" in before_the_end  # the breakdown came first
    assert str(SEED) not in before_the_end
    assert out.count(str(SEED)) == 1
    assert all(str(SEED) not in said for _prompt, said in stdin.asked)  # nothing the players saw while playing


def test_a_solo_game_may_name_its_seed(tmp_path):
    options = clear_ward_options(["--plain", "--players", "Ann", "--seed", str(SEED), "--data-dir", str(tmp_path)])
    status, out, _stdin = play(clear_ward_main, options, always("1", limit=3))
    assert out.startswith(f"New game of Clear the Ward, seed {SEED}: Ann.")


def test_a_game_resumed_mid_way_does_not_name_it_either(tmp_path):
    options = clear_ward_options(["--plain", "--players", "Ann,Bob", "--seed", str(SEED), "--data-dir", str(tmp_path)])
    play(clear_ward_main, options, always("1", limit=4))
    options = clear_ward_options(["--plain", "--resume", "--data-dir", str(tmp_path)])
    status, out, _stdin = play(clear_ward_main, options, always("1", limit=4))
    assert "Resumed after" in out and str(SEED) not in out


def test_a_seed_drawn_for_a_plain_game_is_too_big_to_try_out(tmp_path):
    """No --seed: 63 random bits (``tui_common.secrecy.new_seed``), not a number below a million."""
    from clear_ward_tui import autosave

    options = clear_ward_options(["--plain", "--players", "Ann,Bob", "--data-dir", str(tmp_path)])
    play(clear_ward_main, options, always("1", limit=2))
    seed = autosave.load(tmp_path / "autosave.json").seed
    assert 2**32 < seed < 2**63
