"""Solitaire with The 911th Extension's goals (911 rulebook "Solitaire Mode"; E33-E35):
the ED goal replaces the base goal, is checked at the end, and a met goal ranks the
final popularity in the Hall of Fame."""

from __future__ import annotations

import pytest
from attrs import evolve

from core import saves
from core.clinic.expansions.emergency.components import ED_ROOM, EDGoal, Level
from core.clinic.expansions.emergency.construction import EDBuildModule, ed_build
from core.clinic.game import new_game
from core.clinic.game.bots import make_bot
from core.clinic.game.end import end_game, goal_status, hall_of_fame, result
from core.clinic.game.game_record import RULES, options
from core.errors import SetupError
from core.record import GameRecord
from core.saves import Seat
from core.clinic.expansions.emergency.access import ed_state
from .ed_helpers import put_ed

from game.game_helpers import with_player

OPTS = ("emergency",)


def test_the_ed_goal_replaces_the_base_goal():
    """"choose one of the following goals" (E34: it replaces the base goal)."""
    state = new_game(1, 3, options=OPTS, ed_goal=EDGoal.DARK_ROOMS)
    assert state.config.ed_goal is EDGoal.DARK_ROOMS and state.config.solo_goal is None
    status = goal_status(state)
    assert status.goal is EDGoal.DARK_ROOMS and not status.met and status.progress == "0/2 dark rooms"
    assert new_game(1, 3, options=OPTS).config.solo_goal is not None  # no ED goal: the base one


@pytest.mark.parametrize("kw", [
    {"players": 2},
    {"options": ()},
    {"solo_goal": "treat 4 red patients"},
])
def test_an_ed_goal_needs_one_player_the_option_and_no_other_goal(kw):
    args = {"players": 1, "options": OPTS, **kw}
    with pytest.raises(SetupError, match="emergency department goal"):
        new_game(args.pop("players"), 3, ed_goal=EDGoal.FULL_BOARD, **args)


def _with_dark_rooms(state, n: int):
    ed = ed_state(state.players[0])
    board = ed.board
    built = 0
    for space in board.spaces():  # wherever the construction rules allow one
        if built < n:
            try:
                board = ed_build(board, EDBuildModule(ED_ROOM[Level.DARK], space))
                built += 1
            except ValueError:
                continue
    assert built == n
    return put_ed(state, 0, evolve(ed, board=board))


def test_a_met_goal_ranks_the_popularity_in_the_hall_of_fame():
    """"build 2 dark emergency rooms"; "If you achieved your goal, check your score
    against the Hall of Fame" (E35: the base game's table)."""
    state = new_game(1, 3, options=OPTS, ed_goal=EDGoal.DARK_ROOMS)
    met = end_game(with_player(_with_dark_rooms(state, 2), 0, popularity=40))
    res = result(met)
    assert res.solo_goal is EDGoal.DARK_ROOMS and res.goal_met
    assert res.rank == hall_of_fame(met.players[0].final)
    missed = result(end_game(with_player(_with_dark_rooms(state, 1), 0, popularity=40)))
    assert missed.goal_met is False and missed.rank is None


def test_treated_goals_count_patients_by_level():
    """"treat 6 light emergency patients"; "treat only medium emergency patients"."""
    state = new_game(1, 3, options=OPTS, ed_goal=EDGoal.ONLY_MEDIUM)
    ed = ed_state(state.players[0])
    assert not goal_status(state).met  # nobody treated yet
    assert goal_status(put_ed(state, 0, evolve(ed, treated=(0, 2, 0)))).met
    assert not goal_status(put_ed(state, 0, evolve(ed, treated=(1, 2, 0)))).met


def test_a_solitaire_game_with_an_ed_goal_saves_and_replays():
    opts = options([False], ["beginner"], None, OPTS, ed_goal=EDGoal.LIGHT_TREATED)
    assert opts["ed_goal"] == "LIGHT_TREATED" and "ed_goal" not in options([False], ["beginner"], None, OPTS)
    record = GameRecord.new(RULES, 9, [Seat("Ann")], opts)
    bot = make_bot("basic", 9)
    while not record.over:
        record = record.play(bot.choose(record.state))
    loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), RULES)
    assert loaded.state == record.state and loaded.state.config.ed_goal is EDGoal.LIGHT_TREATED
    assert result(loaded.state).solo_goal is EDGoal.LIGHT_TREATED
