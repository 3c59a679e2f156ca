"""The expansions plugged into whole games: the registry, random and basic players with
every combination of options keep the invariants (people, cars, money), the save file
records the options and replays them, and the basic player uses each new action."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import saves
from core.clinic import Colour, Role
from core.clinic.expansions import MODULES, all_expansions, get
from core.clinic.expansions.blood import left as blood_left
from core.clinic.expansions.extinguishers import left as extinguishers_left
from core.clinic.expansions.zombies import left as zombies_left
from core.clinic.game import apply_action, constants as K, is_over, legal_actions, new_game
from core.clinic.game.bots import make_bot
from core.clinic.game.game_record import RULES, options
from core.clinic.game.serialize import action_from_data, action_to_data, state_from_json, state_to_json
from core.clinic.game.state import Phase
from core.record import GameRecord
from core.saves import Seat

from game.game_helpers import invariant_violations

COMBOS = [c for n in range(1, len(K.EXPANSIONS) + 1) for c in itertools.combinations(K.EXPANSIONS, n)]


def test_every_known_option_is_a_module_with_its_name():
    """Each option of ``constants.EXPANSIONS`` is one expansion module, named as it."""
    assert tuple(MODULES) == K.EXPANSIONS
    for name in K.EXPANSIONS:
        e = get(name)
        assert e.name == name and e.title and 0 < len(e.description) <= 90
    assert len(all_expansions()) == len(K.EXPANSIONS)


def _play(state, bots, check=None, limit=4000):
    n = 0
    while not is_over(state):
        assert n < limit, "the game did not end"
        action = bots[state.current].choose(state)
        state = apply_action(state, action)
        n += 1
        if check:
            check(state, action)
    return state


@settings(max_examples=8)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 4),
    combo=st.sampled_from(COMBOS),
    level=st.sampled_from(["random", "basic"]),
)
def test_games_with_expansions_finish_with_invariants(seed, players, combo, level):
    """Any combination of options, 1-4 players: after every action the people, cars and
    money add up (``game_helpers.invariant_violations``) and the game ends."""
    state = new_game(players, seed, options=combo)
    assert state.config.options == frozenset(combo)
    bots = [make_bot(level, seed + i) for i in range(players)]

    def check(state, action):
        problems = invariant_violations(state)
        assert not problems, f"after {action}: {problems}"
        assert 0 <= blood_left(state) <= K.BLOOD_TOKENS
        assert 0 <= zombies_left(state) <= K.ZOMBIES_IN_GAME
        assert 0 <= extinguishers_left(state) <= K.EXTINGUISHERS_IN_GAME
        for p in state.players:  # the cars of the dead and the mutated stay parked
            assert p.clinic.abandoned_cars == 0 or "zombies" in combo

    final = _play(state, bots, check)
    assert final.phase is Phase.OVER
    for p in final.players:
        assert not any(d.colour is Colour.PURPLE and d.lying for d in p.clinic.of_role(Role.DOCTOR))
        assert len(p.clinic.board.extinguishers) <= K.EXTINGUISHERS_IN_GAME


@pytest.mark.parametrize("combo", [("extinguishers",), ("workaholics",), tuple(K.EXPANSIONS)])
def test_save_load_replay_with_options(combo):
    """The save file records the options; loading replays the game under them."""
    opts = options([False, False], ["beginner", "beginner"], None, combo)
    assert opts["expansions"] == sorted(combo)
    record = GameRecord.new(RULES, 23, [Seat("Ann"), Seat("Bob")], opts)
    assert record.state == new_game(["Ann", "Bob"], 23, options=combo)
    bots = [make_bot("basic", 1), make_bot("basic", 2)]
    while not record.over:
        record = record.play(bots[record.state.current].choose(record.state))
    loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), RULES)
    assert loaded.state == record.state and loaded.state.config.options == frozenset(combo)


def test_a_base_save_has_no_expansions_field():
    """Old saves and base games keep their options exactly as before."""
    assert "expansions" not in options([False], ["beginner"], None)


def test_expansion_actions_round_trip_through_json():
    """Every action offered in a game with every option survives the save format."""
    state = new_game(3, 4, options=K.EXPANSIONS)
    rng = random.Random(4)
    seen = set()
    for _ in range(400):
        if is_over(state):
            break
        acts = legal_actions(state)
        for a in acts:
            assert action_from_data(action_to_data(a)) == a
            seen.add(type(a).__name__)
        state = apply_action(state, rng.choice(acts))
    assert state_from_json(state_to_json(state)) == state
    assert "BuildExtinguisher" in seen


def test_the_basic_player_uses_each_expansion():
    """``bot_preference``: the basic player builds an extinguisher, hires a workaholic
    and gives blood in some of a few games (zombies: ``test_zombies``; the emergency
    department, whose costs leave little for extinguishers: ``emergency/test_ed_game``)."""
    built = hired = gave = 0
    minis = tuple(n for n in K.EXPANSIONS if n != "emergency")
    for seed in range(4):
        state = new_game(2, seed, options=minis)
        bots = [make_bot("basic", seed), make_bot("basic", seed + 1)]

        def check(state, action, seed=seed):
            nonlocal built, hired, gave
            built += type(action).__name__ == "BuildExtinguisher"
            gave += type(action).__name__ == "GiveBlood"
            hired += any(d.colour is Colour.PURPLE for p in state.players for d in p.clinic.people)

        _play(state, bots, check)
    assert built and hired and gave
