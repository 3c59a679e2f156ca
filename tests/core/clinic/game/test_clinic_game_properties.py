"""Hypothesis playouts: random players finish 1-4 player games; invariants hold after
every action; same seed + same actions = same game; JSON round trip."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic import Colour, ModuleKind, Role, Space
from core.clinic.game import apply_action, is_over, legal_actions, new_game, result
from core.clinic.game.bots import make_bot
from core.clinic.game.serialize import (
    action_from_data,
    action_to_data,
    actions_from_json,
    actions_to_json,
    state_from_json,
    state_to_json,
)
from core.clinic.game.state import Phase

from .game_helpers import invariant_violations

MAX_ACTIONS = 3000


def _play(seed: int, players: int, expert: bool, check=None):
    rng = random.Random(seed)
    state = new_game(players, seed, expert=expert)
    log = []
    while not is_over(state):
        assert len(log) < MAX_ACTIONS, "the game did not end"
        options = legal_actions(state)
        assert options, f"no legal action in {state.phase}"
        action = rng.choice(options)
        log.append(action)
        state = apply_action(state, action)
        if check:
            check(state, action)
    return state, log


@settings(max_examples=12)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), expert=st.booleans())
def test_random_games_finish_with_invariants(seed, players, expert):
    seen = set()

    def check(state, action):
        problems = invariant_violations(state)
        assert not problems, f"after {action}: {problems}"
        seen.add(state.phase)

    state, log = _play(seed, players, expert, check)
    assert state.phase is Phase.OVER and state.round == 6
    assert {Phase.SELECT, Phase.MOVE} <= seen
    res = result(state)
    assert len(res.scores) == players and len(res.winners) == 1
    assert all(p.final == p.popularity for p in state.players)
    # Round 6 has its Admin (rulings 0.1: "each of which comprises ... Administration"):
    # every doctor outside a lab has tired, so a red doctor at the end stands in a lab.
    for p in state.players:
        for doctor in p.clinic.of_role(Role.DOCTOR):
            where = p.clinic.board.module_at(doctor.where) if isinstance(doctor.where, Space) else None
            assert doctor.colour is not Colour.RED or (where and where.kind is ModuleKind.LAB)
        assert all(pid < p.clinic.next_id for pid in p.trained_red_ids)


@settings(max_examples=6)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4))
def test_same_seed_same_actions_same_game(seed, players):
    state, log = _play(seed, players, False)
    replay = new_game(players, seed)
    for action in actions_from_json(actions_to_json(log)):
        replay = apply_action(replay, action)
    assert replay == state


@settings(max_examples=6)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), expert=st.booleans())
def test_json_round_trip_at_every_step(seed, players, expert):
    def check(state, action):
        assert state_from_json(state_to_json(state)) == state
        assert action_from_data(action_to_data(action)) == action

    _play(seed, players, expert, check)


def test_different_seeds_differ():
    a, b = new_game(4, 1), new_game(4, 2)
    assert (a.turn_order, a.notepad, a.university, a.bonus_tiles) != (
        b.turn_order, b.notepad, b.university, b.bonus_tiles
    )


def test_every_legal_action_applies():
    """At many decision points, every listed action is accepted (one list, no lies)."""
    rng = random.Random(3)
    state = new_game(3, 11, expert=[True, False, False])
    steps = 0
    while not is_over(state) and steps < 400:
        options = legal_actions(state)
        for action in options[:: max(1, len(options) // 15)]:
            apply_action(state, action)
        state = apply_action(state, rng.choice(options))
        steps += 1


def test_basic_bots_finish_every_player_count():
    for players in (1, 2, 3, 4):
        state = new_game(players, 100 + players)
        bots = [make_bot("basic", seat) for seat in range(players)]
        for _ in range(MAX_ACTIONS):
            if is_over(state):
                break
            state = apply_action(state, bots[state.current].choose(state))
        assert is_over(state)
        assert not invariant_violations(state)
