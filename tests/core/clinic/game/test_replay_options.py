"""A Clinic game record keeps every setup option: replaying a save deals the same game
(expert construction per seat, board side per seat, solitaire goal)."""

from __future__ import annotations

import random

import pytest

from core import saves
from core.clinic.board import BoardSide
from core.clinic.game import legal_actions, new_game
from core.clinic.game.game_record import RULES, options, progress
from core.clinic.game.state import Phase, SoloGoal
from core.record import GameRecord
from core.saves import Seat


@pytest.mark.parametrize(
    "names, expert, sides, goal",
    [
        (["Ann"], [True], [BoardSide.EXPERT], SoloGoal.FLOOR_3),
        (["Ann"], [False], [BoardSide.BEGINNER], SoloGoal.RED_DOCTORS),
        (["Ann"], [True], [BoardSide.BEGINNER], SoloGoal.NO_WAITING),
        (["Ann", "Bob"], [True, False], [BoardSide.EXPERT, BoardSide.BEGINNER], None),
    ],
)
def test_a_save_replays_with_every_setup_option(names, expert, sides, goal):
    opts = options(expert, sides, goal)
    assert opts == {
        "expert": expert,
        "sides": [s.value for s in sides],
        "solo_goal": None if goal is None else goal.name,
    }
    record = GameRecord.new(RULES, 17, [Seat(n) for n in names], opts)
    first = record.state
    assert first == new_game(names, 17, expert=expert, sides=sides, solo_goal=goal)
    assert first.config.solo_goal is goal
    assert first.config.expert == tuple(expert) and first.config.sides == tuple(sides)
    rng = random.Random(1)
    for _ in range(10):
        record = record.play(rng.choice(legal_actions(record.state)))
    loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), RULES)
    assert loaded.states[0] == first and loaded.state == record.state


def test_progress_names_the_round_and_phase_or_the_end():
    from attrs import evolve

    state = new_game(1, 2)
    assert progress(evolve(state, round=3, phase=Phase.BUILD)) == "round 3 of 6, build"
    assert progress(evolve(state, phase=Phase.OVER)) == "game over"
