"""A daily Night Shift in the plain text mode: the seed is not said while it is played,
and the end says the share text in ASCII (docs/daily.md)."""

from __future__ import annotations

import datetime as dt

from clear_ward_tui.__main__ import daily_options
from clear_ward_tui.plain import main as clear_ward_main
from core.daily import daily_seed

from .helpers import always, play


def test_plain_daily_hides_the_seed_then_shares(tmp_path):
    day = dt.date(2026, 11, 20)
    seed = daily_seed("clear-ward", day)
    options = daily_options(name="Nia", seed=seed, day=day.isoformat(), practice=True, ascii=False, plain=True,
                            data_dir=str(tmp_path))
    status, out, _stdin = play(clear_ward_main, options, always("1"))
    assert status == 0
    before_end, _, end = out.partition("The game is over")
    assert end, "the game ended"
    assert str(seed) not in before_end, "the daily seed is not said while the deal is played"
    share = end.split("To share (it spoils nothing of the deal):\n", 1)[1].splitlines()[:3]
    assert share[0] == "Clear the Ward - daily 2026-11-20 (practice)"
    assert share[2].replace(" ", "").replace(".", "").isalpha() and str(seed) not in "\n".join(share)


def test_plain_game_is_kept_in_the_history_and_piped_sets_no_best(tmp_path):
    from tui_common.history import read_games, summaries

    options = daily_options(name="Nia", seed=5, day=None, practice=False, ascii=False, plain=True,
                            data_dir=str(tmp_path))
    status, out, _stdin = play(clear_ward_main, options, always("1"))
    assert status == 0 and "To share" not in out, "no daily, no share text"
    [kept] = read_games(tmp_path, "clear-ward")
    assert kept.mode == "solo" and kept.levels == ("person",) and not kept.counts, "the input was piped"
    assert summaries([kept])[0].best_score is None
