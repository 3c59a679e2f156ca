"""Whole games with the ``emergency`` option: random and basic players keep every
invariant (people, cars, ED patients and doctors, money) alone and with every other
option; saves replay; the basic player builds, staffs and treats in its ED."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import saves
from core.clinic.expansions.emergency.components import EDRole
from core.clinic.game import apply_action, constants as K, is_over, legal_actions, new_game
from core.clinic.game.bots import make_bot
from core.clinic.game.game_record import RULES, options
from core.clinic.game.serialize import action_from_data, action_to_data, state_from_json, state_to_json
from core.clinic.game.state import Phase
from core.record import GameRecord
from core.saves import Seat
from core.clinic.expansions.emergency.access import ed_state
from core.clinic.expansions.emergency.round import EDPhase

from game.game_helpers import invariant_violations


def play(state, bots, check=None, limit=6000):
    n = 0
    while not is_over(state):
        assert n < limit, "the game did not end"
        action = bots[state.current].choose(state)
        state = apply_action(state, action)
        n += 1
        if check:
            check(state, action)
    return state


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 4),
    every_option=st.booleans(),
    expert=st.booleans(),
    level=st.sampled_from(["random", "basic"]),
)
def test_games_with_the_ed_keep_the_invariants_and_end(seed, players, every_option, expert, level):
    """``emergency`` alone or with all four mini-expansions, 1-4 players, beginners or
    experts: after every action the pieces and money add up and the game ends."""
    combo = K.EXPANSIONS if every_option else ("emergency",)
    sides = ["expert" if expert else "beginner"] * players
    state = new_game(players, seed, options=combo, expert=expert, sides=sides)
    bots = [make_bot(level, seed + i) for i in range(players)]

    def check(state, action):
        problems = invariant_violations(state)
        assert not problems, f"after {action}: {problems}"

    final = play(state, bots, check)
    assert final.phase is Phase.OVER and all(p.final is not None for p in final.players)


@pytest.mark.parametrize("combo", [("emergency",), tuple(K.EXPANSIONS)])
def test_save_load_replay_with_the_ed(combo):
    """The save file records the option; loading replays the game to the same state."""
    opts = options([False, True], ["beginner", "expert"], None, combo)
    record = GameRecord.new(RULES, 31, [Seat("Ann"), Seat("Bob")], opts)
    bots = [make_bot("basic", 1), make_bot("random", 2)]
    while not record.over:
        record = record.play(bots[record.state.current].choose(record.state))
    loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), RULES)
    assert loaded.state == record.state and "emergency" in loaded.state.config.options


def test_every_ed_action_and_state_round_trips_through_json():
    """Every action offered in a game with the ED survives the save format, and so do
    the states along the way."""
    state = new_game(2, 8, options=("emergency",), expert=[False, True], sides=["beginner", "expert"])
    rng = random.Random(8)
    seen = set()
    n = 0
    while not is_over(state):
        acts = legal_actions(state)
        for a in acts:
            assert action_from_data(action_to_data(a)) == a
            seen.add(type(a).__name__)
        if n % 25 == 0:
            assert state_from_json(state_to_json(state)) == state
        state = apply_action(state, rng.choice(acts))
        n += 1
    assert {"ChooseEmergency", "EDConstruct", "EDMove", "EDDone"} <= seen


def test_the_basic_player_builds_staffs_and_treats_in_its_ed():
    """The basic player (``emergency.bot``) chooses the Emergency action, builds a room,
    hires emergency staff, admits emergency patients, walks them in and treats some."""
    seen: Counter = Counter()
    treated = 0
    for seed in range(3):
        state = new_game(2, seed, options=("emergency",))
        final = play(state, [make_bot("basic", seed), make_bot("basic", seed + 1)],
                     lambda s, a: seen.update([type(a).__name__]))
        treated += sum(sum(ed_state(p).treated) for p in final.players)
        hired = sum(len(ed_state(p).of_role(EDRole.DOCTOR)) + len(ed_state(p).of_role(EDRole.NURSE)) for p in final.players)
        assert hired > 2  # more than the two starting doctors
    assert seen["ChooseEmergency"] and seen["EDConstruct"] and seen["EDAdmit"] and seen["EDMove"]
    assert treated >= 3


@pytest.mark.parametrize("players", [1, 3, 4])
def test_the_basic_player_treats_emergency_patients_at_every_table_size(players):
    """Issue 15: the basic player "builds and staffs the ED and treats emergency
    patients" with 1, 3 and 4 players too (at 4 no light room is left to build, E11):
    over three games every seat treats some."""
    treated = [0] * players
    for seed in range(3):
        final = play(new_game(players, seed, options=("emergency",)),
                     [make_bot("basic", seed + i) for i in range(players)])
        treated = [t + sum(ed_state(p).treated) for t, p in zip(treated, final.players)]
    assert all(treated), treated


def test_the_strong_player_plays_the_ed_legally():
    """The strong player is the basic one with a last-round look-ahead: with the ED too."""
    state = new_game(2, 5, options=("emergency",))
    final = play(state, [make_bot("strong", 5), make_bot("basic", 6)])
    assert final.phase is Phase.OVER


def test_every_ed_decision_and_action_has_words():
    """Menus, the plain mode and the log say every ED decision and action in words
    (``narration.decision_text`` / ``option_text`` / ``describe``), never the bare
    value; the hint (the strong player's choice) works in the ED's phases too."""
    from core.clinic.expansions import owner
    from core.clinic.game.bot_hint import hint
    from core.clinic.game.narration import decision_text, describe, option_text

    state = new_game(2, 12, options=("emergency",), expert=[True, False], sides=["expert", "beginner"])
    rng = random.Random(12)
    phases = set()
    while not is_over(state):
        acts = legal_actions(state)
        words = decision_text(state)
        assert words and "buy popularity at $3" not in words or state.phase is Phase.BUY_POPULARITY
        for a in acts:
            text = option_text(state, a)
            if owner(state, a) is not None and type(a).__name__ != "EDOffDuty":
                assert text != str(a), a
        if state.phase.name.startswith(("EMERGENCY", "ED_")) and state.phase not in phases:
            phases.add(state.phase)
            assert hint(state, 1).action in acts
        action = rng.choice(acts)
        after = apply_action(state, action)
        assert describe(state, action, after)
        state = after
    assert EDPhase.EMERGENCY in phases
