"""The hint (issue 13): the strong player's suggestion for the player to move, with a
reason in players' words that gives nothing hidden away."""

from __future__ import annotations

import random

import pytest
from tests.core.clear_ward.test_bots import _mid_game, _swap_face_down

from core.clear_ward import Move, apply_action, legal_actions, new_game, player_view
from core.clear_ward.hint import _outcome, hint
from core.clear_ward.movement import destination
from core.clear_ward.strong import StrongBot, determinize


@pytest.mark.parametrize("seed", range(4))
def test_hint_is_the_strong_players_legal_choice(seed):
    state = _mid_game(seed, 4)
    found = hint(state, seed)
    assert found.action in legal_actions(state)
    assert found.action == StrongBot(seed).choose(state), "the hard player's own choice"
    assert found.reason and "\n" not in found.reason


@pytest.mark.parametrize("seed", range(4))
def test_hint_and_reason_come_from_the_player_view_only(seed):
    """Issue 13: the hint must not read hidden information: two games that look the
    same to the player (face-down patients swapped, staff deck and rival's hand
    shuffled) give the same suggestion and the same words."""
    state = _mid_game(seed, 6)
    other = _swap_face_down(state)
    assert player_view(state, state.current) == player_view(other, state.current)
    assert hint(state, seed) == hint(other, seed)


def test_reason_names_the_stars_a_treating_move_earns():
    """A move that treats face-up patients says which and the stars: "treats 3
    Psychiatry patients: +6 stars" (seed 3's first move), and the look-ahead's lead."""
    state = new_game(["Ann", "Bob"], 3)
    found = hint(state, 0)
    assert isinstance(found.action, Move)
    after = apply_action(state, found.action)
    gained = after.players[0].stars - state.players[0].stars
    assert gained > 0
    assert f"+{gained} stars" in found.reason and found.reason.startswith("Move the Doctor")
    assert "lead in two rounds" in found.reason


def test_reason_of_a_move_onto_a_face_down_patient_names_nobody():
    """Moving onto a face-down patient: the reason says where, never who lies there."""
    for seed in range(40):
        state = _mid_game(seed % 8, 2 + seed // 8)
        for action in legal_actions(state):
            if not isinstance(action, Move):
                continue
            cell = destination(state, action)[0]
            card = state.ward[cell]
            if card is not None and not card.face_up:
                deals = [determinize(player_view(state, state.current), random.Random(i)) for i in range(6)]
                assert str(card.patient) not in _outcome(deals, action)
                return
    pytest.fail("no move onto a face-down patient found")


def test_the_hint_names_each_kind_of_action_in_the_imperative():
    """The hint's first words say what to do, without anything hidden: the cards to keep
    (the player's own), the space the Doctor would reach, the card to use and where."""
    from core.clear_ward import (
        DeclineStaff, Direction, DrawStaff, EndTurn, JuniorDoctorFlip, KeepStaff, StaffCard, UseStaff, from_layout,
    )
    from core.clear_ward.hint import action_words
    from tests.core.clear_ward.helpers import CAR, P, c, ward

    S = StaffCard
    state = from_layout(ward("@ Car1 Res2"), ["Ann", "Bob"], hands=[[S.PHARMACIST]], log_books=[[], [P(CAR, 3)]])
    assert action_words(state, Move(Direction.RIGHT, 2)) == "move the Doctor right 2 to C1"
    assert action_words(state, KeepStaff((S.REGISTRAR, S.NURSE))) == "keep Registrar, Nurse"
    assert action_words(state, UseStaff(S.PHARMACIST, (c("B1"),))) == "use the Pharmacist on B1"
    assert action_words(state, UseStaff(S.LOCUM, patient=P(CAR, 3))) == "use the Locum for Cardiology 3★"
    assert action_words(state, UseStaff(S.PORTER)) == "use the Porter"
    assert action_words(state, DrawStaff()) == "draw staff cards"
    assert action_words(state, DeclineStaff()) == "draw no staff cards"
    assert action_words(state, JuniorDoctorFlip(None)) == "turn no patient face up"
    assert action_words(state, JuniorDoctorFlip(c("C1"))) == "turn over C1"
    assert action_words(state, EndTurn()) == "end the turn"


def test_the_solo_hint_is_the_strong_players_night_shift_choice():
    """The hint is the strong player's suggestion; in solo (the Night Shift) it has no
    rival to look ahead to and plays the greedy choice for clearing the ward."""
    from core.clear_ward import from_layout
    from tests.core.clear_ward.helpers import ward

    state = from_layout(ward("@ Res1", "Car2 Car1"), ["Solo"])
    found = hint(state, 0)
    assert found.action in legal_actions(state)
    assert found.action == StrongBot(0).choose(state)
    assert found.reason == "Move the Doctor right 1 to B1: treats 1 Respiratory patient: +1 star"


def test_a_lost_game_is_worth_less_to_the_look_ahead_than_a_won_one():
    """The strong player's look-ahead: a game over adds ``WIN_BONUS`` for the winner
    and takes it from each loser, so it never prefers losing (seat 1 here)."""
    from core.clear_ward import Direction, from_layout
    from core.clear_ward.strong import WIN_BONUS, final_value, position_value
    from tests.core.clear_ward.helpers import ward

    over = apply_action(from_layout(ward("@ Car1"), ["Ann", "Bob"]), Move(Direction.RIGHT, 1))
    assert over.phase.name == "OVER"
    assert final_value(over, 0) == position_value(over, 0) + WIN_BONUS
    assert final_value(over, 1) == position_value(over, 1) - WIN_BONUS
