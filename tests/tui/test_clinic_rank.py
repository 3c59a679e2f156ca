"""The Hall of Fame rank at the end of a Clinic solitaire (issue 30): recalibrated
ladder (rules-decisions "Hall of Fame"), and the end screen / plain summary name the
rank reached and what the next one needs."""

from __future__ import annotations

import pytest
from attrs import evolve
from tests.core.clinic.game.game_helpers import with_player

from clinic_tui.reports import rank_line, summary_text
from core.clinic.game import SoloGoal, apply_action, legal_actions, new_game, result
from core.clinic.game.end import end_game
from core.clinic.game.state import Phase


@pytest.mark.parametrize("popularity, line", [
    (9, "Hall of Fame rank: orderly (9 popularity; nurse from 10)."),
    (18, "Hall of Fame rank: resident (18 popularity; fellow from 22)."),
    (21, "Hall of Fame rank: resident (21 popularity; fellow from 22)."),
    (33, "Hall of Fame rank: attending physician (33 popularity; CEO from 34)."),
    (37, "Hall of Fame rank: CEO (37 popularity; the top rank)."),
])
def test_the_rank_line_names_the_rank_reached_and_the_next(popularity, line):
    from core.clinic.game import hall_of_fame

    assert rank_line(popularity, hall_of_fame(popularity)) == line


def _finished_solitaire(popularity: int, red: int):
    state = new_game(["Nia"], 4)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    state = evolve(state, config=evolve(state.config, solo_goal=SoloGoal.RED_PATIENTS))
    return end_game(with_player(state, 0, cured_red=red, popularity=popularity))


def test_a_met_goal_shows_the_rank_on_the_ladder_in_the_summary():
    state = _finished_solitaire(16, red=4)
    final = result(state).scores[0]
    assert 18 <= final < 22, "this clinic scores 18-21 at the end"
    text = summary_text(state, ["Nia"])
    assert f"Hall of Fame rank: resident ({final} popularity; fellow from 22)." in text.splitlines()


def test_a_missed_goal_shows_no_rank():
    text = summary_text(_finished_solitaire(19, red=3), ["Nia"])
    assert "Hall of Fame rank" not in text
    assert "No rank in the Hall of Fame: play again to meet the goal." in text
