"""Solo mode, the Night Shift (rulebook "Solo Mode"; decision "Solo")."""

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clear_ward import (
    DecidedBy,
    Direction,
    IllegalActionError,
    Move,
    apply_action,
    from_layout,
    is_over,
    legal_actions,
    new_game,
    result,
)
from core.clear_ward.cards import StaffCard
from core.clear_ward.hint import hint
from tests.core.clear_ward.helpers import c, ward

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT


def test_no_victory_cards_in_solo():
    state = from_layout(ward("@ Car1 Car2 . Res1"), 1)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.victory == (None,) * 7
    assert result(state).scores == (3,)


def test_forced_move_follows_the_arrow_then_clockwise_to_a_line_with_a_card():
    stuck = from_layout(ward("@", "", ". . Car3"), 1)  # nothing in the Doctor's lines
    # arrow up: up is the edge; clockwise next is right: C1's column holds C3
    assert legal_actions(stuck) == [Move(RIGHT, 2)]
    # arrow down: row 3 holds C3, so the Doctor slides down to A3
    assert legal_actions(evolve(stuck, last_arrow=DOWN)) == [Move(DOWN, 2)]


def test_forced_move_stops_on_an_empty_space_then_play_goes_on():
    state = from_layout(ward("@", "", ". . Car3"), 1)
    state = apply_action(state, Move(RIGHT, 2))
    assert state.forced_move and state.doctor == c("C1") and state.moves == 1
    assert legal_actions(state) == [Move(DOWN, 2)]
    state = apply_action(state, Move(DOWN, 2))
    assert is_over(state) and not state.forced_move
    assert result(state).winners == (0,) and result(state).decided_by is DecidedBy.NIGHT_SHIFT


def test_forced_move_is_the_only_move_allowed():
    state = from_layout(ward("@", "", ". . Car3"), 1)
    with pytest.raises(IllegalActionError, match="Night Shift: .*forced move: move right 2"):
        apply_action(state, Move(DOWN, 1))


def test_arrow_of_the_last_card_stopped_on_is_remembered():
    state = from_layout(ward("@ Car1 . . . Res2"), 1)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.last_arrow is state.players[0].log_book[0].arrow


def test_multiplayer_game_has_no_forced_move():
    state = apply_action(from_layout(ward("@ Res1", "", ". . Car3"), 2), Move(RIGHT, 1))
    assert is_over(state)  # seat 1 is stuck at B1: the game ends, no forced move


@pytest.mark.parametrize("seed", range(20))
def test_night_shift_always_clears_the_ward(seed):
    state = new_game(1, seed)
    while not is_over(state):
        state = apply_action(state, legal_actions(state)[0])
    assert state.patients_in_ward == 0 and result(state).winners == (0,)


def test_forced_move_steps_off_the_last_card_when_it_lies_under_the_doctor():
    state = from_layout(ward("@?Car4"), 1)  # the Doctor stands on the last (face-down) card
    assert legal_actions(state) == [Move(RIGHT, 1)]  # up is the edge: clockwise to right


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_the_night_shift_never_deals_the_locum_and_its_hint_never_names_it(seed, choices):
    """Decision "Locum in solo": the card takes from another player's log book, so it is
    removed from the solo staff deck; no deck, draw, hand, legal action or hint of a
    Night Shift game ever holds it."""
    state = new_game(1, seed)
    while not is_over(state):
        staff = [*state.staff_deck, *state.drawn, *state.players[0].staff]
        assert StaffCard.LOCUM not in staff
        options = legal_actions(state)
        assert not any(getattr(action, "card", None) is StaffCard.LOCUM for action in options)
        if state.drawn:  # which staff cards to keep: where the hint advised keeping the Locum
            told = hint(state, seed)
            assert "Locum" not in told.reason and "Locum" not in str(told.action)
        state = apply_action(state, choices.choice(options))
