"""The event log's sentences (``core.clinic.game.narration.describe``): worked out from
the states before and after, hidden choices stay hidden, every action can be told."""

from __future__ import annotations

import random

from core.clinic.game import (
    Construct,
    Done,
    EndMove,
    MovePerson,
    Phase,
    SelectTile,
    apply_action,
    is_over,
    legal_actions,
    new_game,
)
from core.clinic.game.actions import ActionTile
from core.clinic.game.bots import make_bot
from core.clinic.game.narration import describe


def _to_phase(state, phase, bot_seed=1):
    bot = make_bot("basic", bot_seed)
    while state.phase is not phase:
        state = apply_action(state, bot.choose(state))
    return state


def test_selection_stays_secret_until_the_reveal():
    state = _to_phase(new_game(["Ann", "Bob"], 3), Phase.SELECT)
    first = apply_action(state, SelectTile(ActionTile.HIRE))
    text = describe(state, SelectTile(ActionTile.HIRE), first)
    who = state.players[state.current].name
    assert text == f"{who} places an action tile face down."
    second = apply_action(first, SelectTile(ActionTile.BUILD))
    text = describe(first, SelectTile(ActionTile.BUILD), second)
    assert "tiles revealed" in text and f"{who} Hire" in text


def test_build_names_the_component_place_and_cost():
    state = _to_phase(new_game(["Ann"], 3), Phase.SELECT)
    state = apply_action(state, SelectTile(ActionTile.BUILD))
    build = next(a for a in legal_actions(state) if isinstance(a, Construct)
                 and "treatment" in str(a.build))
    after = apply_action(state, build)
    text = describe(state, build, after)
    spent = state.players[0].money - after.players[0].money
    assert text.startswith("Ann builds a treatment room at floor ")
    assert text.endswith(f"(${spent}).")


def test_move_tells_the_time_and_end_move_the_total():
    state = _to_phase(new_game(["Ann"], 4), Phase.MOVE)
    move = next(a for a in legal_actions(state) if isinstance(a, MovePerson))
    after = apply_action(state, move)
    text = describe(state, move, after)
    assert text.startswith("Ann moves ") and "(time " in text
    while EndMove() not in legal_actions(after):
        after = apply_action(after, next(a for a in legal_actions(after) if isinstance(a, MovePerson)))
    end = apply_action(after, EndMove())
    text = describe(after, EndMove(), end)
    assert text.startswith(f"Ann ends the move: time spent +{end.players[0].time_spent - after.players[0].time_spent}")
    assert "Business: Ann treats" in text


def test_done_names_the_action():
    state = _to_phase(new_game(["Ann"], 3), Phase.SELECT)
    state = apply_action(state, SelectTile(ActionTile.HIRE))
    after = apply_action(state, Done())
    assert describe(state, Done(), after) == "Ann is done hiring."


def test_every_action_of_random_games_is_told_and_the_end_is_announced():
    for seed in range(6):
        names = ["Ann", "Bob", "Cat", "Dev"][: 1 + seed % 4]
        state = new_game(names, seed, expert=seed % 2 == 1)
        rng = random.Random(seed)
        text = ""
        while not is_over(state):
            action = rng.choice(legal_actions(state))
            after = apply_action(state, action)
            text = describe(state, action, after)
            assert text.endswith(".") and text.split()[0] in names + ["Action"] or text.startswith(tuple(names))
            state = after
        if len(names) > 1:
            assert "The game is over:" in text and "wins with" in text
        else:  # alone, nobody "wins": the solitaire goal is met or not (goal_status)
            from core.clinic.game.end import goal_status

            met = "met" if goal_status(state).met else "not met"
            ending = f"The game is over: Ann ends with {state.players[0].popularity} popularity, solitaire goal {met}."
            assert text.endswith(ending) and "wins" not in text
