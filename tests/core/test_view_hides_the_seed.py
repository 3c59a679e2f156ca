"""The seed is hidden information (issue #29): it fixes every shuffle and draw, so a
player who had it could deal the game again and see every face-down card. Neither
game's ``player_view`` of a two-seat game carries it, nor any random generator or its
state (Clinic's count of draws, with the seed, is the generator)."""

from __future__ import annotations

import random

import attrs
import pytest

#: Distinctive enough that its digits cannot turn up by chance in a view's repr.
SEED = 7_316_842_905_571_203_977


def _walk(value, path: str = "view"):
    """Every (path, value) reachable from ``value`` through attrs fields and containers."""
    yield path, value
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _walk(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, f"{path}[{key!r}]")
    elif isinstance(value, (tuple, list, frozenset, set)):
        for i, item in enumerate(value):
            yield from _walk(item, f"{path}[{i}]")


def _assert_secret_kept(view, state) -> None:
    text = repr(view)
    assert str(SEED) not in text
    assert "seed" not in text.lower()
    assert "draws=" not in text
    for path, value in _walk(view):
        assert not isinstance(value, random.Random), path
        assert not (isinstance(value, int) and value == SEED), path
    # the state itself does hold the seed: the check above would have seen it there
    assert str(SEED) in repr(state)


def _clear_ward_states():
    from core.clear_ward import apply_action, legal_actions, new_game
    from core.clear_ward.state import Phase

    rng = random.Random(1)
    state = new_game(["Ann", "Bob"], seed=SEED)
    yield state
    for _ in range(60):
        if state.phase is Phase.OVER:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
        yield state


def _clinic_states(options=()):
    from core.clinic.game import apply_action, is_over, legal_actions, new_game

    rng = random.Random(1)
    state = new_game(["Ann", "Bob"], SEED, options=options)
    yield state
    for _ in range(80):
        if is_over(state):
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
        yield state


def test_clear_ward_view_of_a_two_seat_game_has_no_seed():
    """Every seat's view (and a spectator's), from the deal through 60 actions."""
    from core.clear_ward import player_view

    for state in _clear_ward_states():
        for seat in (0, 1, None):
            _assert_secret_kept(player_view(state, seat), state)


@pytest.mark.parametrize("options", [(), ("blood", "extinguishers", "workaholics", "zombies", "emergency")],
                         ids=["base", "every-expansion"])
def test_clinic_view_of_a_two_seat_game_has_no_seed_nor_draws(options):
    """Every seat's view (and a spectator's), base game and every mini-expansion (their
    draws come from the same generator)."""
    from core.clinic.game.view import player_view

    for state in _clinic_states(options):
        for seat in (0, 1, None):
            _assert_secret_kept(player_view(state, seat), state)
