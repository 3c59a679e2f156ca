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
from core.clinic.expansions import constants as XK
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
        assert 0 <= blood_left(state) <= XK.BLOOD_TOKENS
        assert 0 <= zombies_left(state) <= XK.ZOMBIES_IN_GAME
        assert 0 <= extinguishers_left(state) <= XK.EXTINGUISHERS_IN_GAME
        for p in state.players:  # the cars of the dead and the mutated stay parked
            assert p.clinic.abandoned_cars == 0 or "zombies" in combo

    final = _play(state, bots, check)
    assert final.phase is Phase.OVER
    for p in final.players:
        assert not any(d.colour is Colour.PURPLE and d.lying for d in p.clinic.of_role(Role.DOCTOR))
        assert len(p.clinic.board.extinguishers) <= XK.EXTINGUISHERS_IN_GAME


#: Every combination once, the player counts taking turns, and all four options at
#: every player count: 18 random games (hypothesis above samples more).
EVERY = sorted(
    {(combo, 1 + i % 4) for i, combo in enumerate(COMBOS)} | {(tuple(K.EXPANSIONS), n) for n in range(1, 5)},
    key=lambda cp: (len(cp[0]), cp),
)


@pytest.mark.parametrize(("combo", "players"), EVERY, ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v))
def test_every_combination_keeps_the_invariants(combo, players):
    """Issue 14: "hypothesis playouts of 1–4 players with every combination of the four
    options keep the invariants (people, tokens, cars, money)": a random game of each,
    checked after every action."""
    rng = random.Random(len(combo) * 10 + players)
    state = new_game(players, 7, options=combo)

    def check(state, action):
        problems = invariant_violations(state)
        assert not problems, f"after {action}: {problems}"
        assert 0 <= blood_left(state) <= XK.BLOOD_TOKENS
        assert 0 <= zombies_left(state) <= XK.ZOMBIES_IN_GAME
        assert 0 <= extinguishers_left(state) <= XK.EXTINGUISHERS_IN_GAME

    class Random:
        def choose(self, state):
            return rng.choice(legal_actions(state))

    assert _play(state, [Random()] * players, check).phase is Phase.OVER


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


def test_the_base_rules_name_no_expansion_module():
    """Issue 14: "the base rules files do not fill with `if options` branches": outside
    ``core/clinic/expansions/`` nothing imports an expansion's module, only the registry
    and its hooks.  The state's fields an expansion owns are typed by the base game's
    slot markers (``core.clinic.slots``), so not even its data types are imported."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[4] / "core" / "clinic"
    pattern = re.compile(r"expansions\.(" + "|".join(MODULES) + r")\b|expansions import (" + "|".join(MODULES) + r")\b")
    offenders = [
        f"{f.relative_to(root)}: {line.strip()}" for f in root.rglob("*.py")
        if "expansions" not in f.relative_to(root).parts
        for line in f.read_text().splitlines()
        if pattern.search(line)
    ]
    assert offenders == []


def test_every_expansion_action_reads_as_a_sentence():
    """The plain mode and the event log say each new action in words, with its cost
    and time (L1081 "$2 on the ground floor", L1165 "This costs no time", L1036 "This
    takes 3 time", L1040 "This takes no time"), never the bare object."""
    from core.clinic.game.narration import describe, option_text

    state = new_game(3, 4, options=K.EXPANSIONS)
    rng = random.Random(4)
    said: dict[str, str] = {}
    for _ in range(3000):
        if is_over(state):
            break
        acts = legal_actions(state)
        for a in acts:
            if type(a).__name__ in ("BuildExtinguisher", "MoveZombie", "GiveBlood", "PickUpBlood"):
                said.setdefault(type(a).__name__, option_text(state, a))
        special = [a for a in acts if type(a).__name__ in ("BuildExtinguisher", "GiveBlood")]
        action = special[0] if special and rng.random() < 0.5 else rng.choice(acts)
        after = apply_action(state, action)
        if type(action).__name__ in ("BuildExtinguisher", "GiveBlood"):
            text = describe(state, action, after)
            assert text.startswith(state.players[state.current].name + " ") and ": " not in text[:12]
        state = after
    assert said["BuildExtinguisher"].startswith("build an extinguisher on the ") and "($" in said["BuildExtinguisher"]
    assert said["GiveBlood"].endswith("(+3 time)") and " lies down to give blood in the " in said["GiveBlood"]
