"""The Doctor's movement (rulebook "Movement Phase", FAQ on diagonals)."""

import pytest

from core.clear_ward import (
    Direction,
    EndReason,
    IllegalActionError,
    Move,
    Phase,
    StaffCard,
    apply_action,
    from_layout,
    is_over,
    legal_actions,
)
from core.clear_ward.movement import legal_moves
from tests.core.clear_ward.helpers import c, ward

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT


def test_doctor_moves_orthogonally_any_distance_and_stops_only_on_cards():
    state = from_layout(ward(
        ". Car1 . . . .",
        ". .    . . . .",
        ". @    . Res1 . Gas1",
        ". .    . . . .",
        ". Neu1 . . . .",
    ))
    moves = set(legal_moves(state))
    assert moves == {Move(UP, 2), Move(RIGHT, 2), Move(RIGHT, 4), Move(DOWN, 2)}


def test_no_diagonal_move_exists():
    """FAQ: the Doctor can only move orthogonally: a card only diagonally away is out of reach."""
    state = from_layout(ward("Car1 . .", ". @ .", ". . Res1"), 2)
    assert legal_moves(state) == []


def test_doctor_passes_over_cards_and_empty_spaces():
    state = from_layout(ward("@ Car1 . Res1 . Gas1"), 2, hands=[[StaffCard.NURSE]])
    after = apply_action(state, Move(RIGHT, 5))
    assert after.phase is Phase.AFTER_ACTION
    assert after.doctor == c("F1")
    assert after.ward[c("B1")] is not None and after.ward[c("D1")] is not None
    assert after.passed_over == (c("B1"), c("D1"))


def test_stopping_on_an_empty_space_is_refused_with_the_rule():
    state = from_layout(ward("@ Car1 . Res1 . Gas1"), 2)
    with pytest.raises(IllegalActionError, match="must stop on a card; C1 is empty"):
        apply_action(state, Move(RIGHT, 2))


def test_moving_off_the_ward_is_refused():
    state = from_layout(ward("@ Car1"), 2)
    with pytest.raises(IllegalActionError, match="only 0 spaces up of A1"):
        apply_action(state, Move(UP, 1))


def test_no_reversing_the_previous_move():
    state = from_layout(ward("Car2 . @ . Res1 Gas1"), 2, current=0)
    state = apply_action(state, Move(RIGHT, 2))  # treats Res1, turn passes to seat 1
    assert state.last_direction is RIGHT
    assert set(legal_moves(state)) == {Move(RIGHT, 1)}
    with pytest.raises(IllegalActionError, match="may not move back left"):
        apply_action(state, Move(LEFT, 4))


def test_reversing_is_allowed_when_it_is_the_only_legal_move():
    state = from_layout(ward("Car2 . @ . Res1 ."), 2, current=0)
    state = apply_action(state, Move(RIGHT, 2))
    assert legal_moves(state) == [Move(LEFT, 4)]
    state = apply_action(state, Move(LEFT, 4))
    assert [p.stars for p in state.players[1].log_book] == [2]


def test_first_move_of_the_game_may_go_any_way():
    state = from_layout(ward(". Car1 .", "Res1 @ Gas1", ". Neu1 ."), 2)
    assert {m.direction for m in legal_moves(state)} == {UP, RIGHT, DOWN, LEFT}


def test_game_ends_when_the_doctor_cannot_make_a_legal_move():
    """Rulebook: if at any point the Doctor cannot make a legal move, the game ends."""
    state = from_layout(ward("@ Car1 . .", ". . . Res1"), 2)
    state = apply_action(state, Move(RIGHT, 1))
    assert is_over(state)
    assert state.phase is Phase.OVER and state.end_reason is EndReason.NO_LEGAL_MOVE
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply_action(state, Move(DOWN, 1))


def test_game_ends_when_all_patients_are_treated():
    state = from_layout(ward("@ Car1 . Car2"), 2)
    state = apply_action(state, Move(RIGHT, 1))
    assert is_over(state) and state.end_reason is EndReason.WARD_CLEAR


def test_move_in_the_wrong_phase_names_what_is_needed():
    state = from_layout(ward("@ ?Car4 Res1"), 2, staff_deck=[StaffCard.NURSE, StaffCard.PORTER])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.DRAW_DECISION
    with pytest.raises(IllegalActionError, match="decide whether to draw 2 staff cards"):
        apply_action(state, Move(RIGHT, 1))


@pytest.mark.parametrize(
    "move, message",
    [(Move("north", 1), "'north' is not a direction"), (Move(UP, 0), "at least one space")],
)
def test_malformed_moves_are_refused_with_a_message(move, message):
    state = from_layout(ward(". Car1", "@ Res1"), 2)
    with pytest.raises(IllegalActionError, match=message):
        apply_action(state, move)
