"""The computer players of Clear the Ward, by behaviour in fixed positions (issue 13):
greedy draws staff and uses what it holds; strong never reads hidden information; every
bot only ever plays legal actions and replays the same from the same seed."""

import pytest
from attrs import evolve

from core.clear_ward import (
    Direction,
    DrawStaff,
    KeepStaff,
    Move,
    Phase,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    is_over,
    legal_actions,
    new_game,
    player_view,
)
from core.clear_ward.bots import GreedyBot, make_bot
from core.clear_ward.strong import StrongBot, determinize
from tests.core.clear_ward.helpers import c, ward

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
S = StaffCard
SEEDS = range(12)


def _greedy_choices(state):
    return {GreedyBot(seed).choose(state) for seed in SEEDS}


def test_greedy_draws_staff_after_a_flip_when_the_hand_has_room():
    """Rulebook: after flipping a face-down patient you "may draw 2 staff cards and
    keep 1". With room in hand the draw only adds a card, so greedy always takes it
    (the old greedy saw no stars in it and declined about half the time)."""
    state = from_layout(ward("@ ?Neu5 Car1", ". . . . . Res2"), 2, staff_deck=[S.NURSE, S.LOCUM, S.PORTER])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.DRAW_DECISION
    assert _greedy_choices(state) == {DrawStaff()}


def test_greedy_keeps_the_most_useful_cards_with_a_full_hand():
    """Decision "Staff hand": with a full hand you keep any 2 of the held and drawn
    cards. Greedy swaps a Junior Doctor and a Porter for a Registrar and a Nurse."""
    state = from_layout(ward("@ ?Neu5 Car1", ". . . . . Res2"), 2,
                        staff_deck=[S.REGISTRAR, S.NURSE], hands=[[S.JUNIOR_DOCTOR, S.PORTER]])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    assert state.phase is Phase.KEEP_STAFF
    assert _greedy_choices(state) == {KeepStaff((S.NURSE, S.REGISTRAR))}


def test_greedy_uses_the_registrar_for_a_second_treating_move():
    """Registrar: "After your action, move the Doctor again and take a second action."
    A second move that treats a 3-star patient is worth playing the card for (the old
    greedy saw no immediate stars in the card and ended the turn half the time)."""
    state = from_layout(ward("@ Car1 . . . Res3"), 2, hands=[[S.REGISTRAR]])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.AFTER_ACTION
    assert _greedy_choices(state) == {UseStaff(S.REGISTRAR)}


def test_greedy_uses_the_porter_to_reach_a_patient_behind_it():
    """Porter: "this turn the Doctor may reverse direction and may stop on an empty
    space". The only patient greedy can treat lies behind the Doctor, so it plays the
    Porter first rather than flip the face-down card ahead."""
    state = from_layout(ward("Car3 . @", ". . .", ". . ?Neu5"), 2, hands=[[S.PORTER]])
    state = evolve(state, last_direction=RIGHT)
    assert Move(LEFT, 2) not in legal_actions(state)
    assert _greedy_choices(state) == {UseStaff(S.PORTER)}


def test_greedy_treats_with_the_pharmacist_rather_than_hold_it():
    """Pharmacist: "Treat two face-up 1-star patients from anywhere in the ward."
    Two 1-star patients are worth more than keeping the card late in the game."""
    state = from_layout(ward("@ Car2", ". . . . . Res1", ". . . . . .", "Neu1"), 2, hands=[[S.PHARMACIST]])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.AFTER_ACTION
    assert _greedy_choices(state) == {UseStaff(S.PHARMACIST, (c("F2"), c("A4")))}


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_bots_play_only_legal_actions_and_replay_from_their_seed(level):
    """A bot picks from ``legal_actions``; the same seeds give the same game twice."""

    def game(seed):
        bots = [make_bot(level, seed), make_bot("greedy" if level == "strong" else level, seed + 1)]
        state, played = new_game(2, seed), []
        while not is_over(state):
            action = bots[state.current].choose(state)
            assert action in legal_actions(state)
            played.append(action)
            state = apply_action(state, action)
        return played

    for seed in range(1 if level == "strong" else 6):  # the strong player: 4 s a game
        assert game(seed) == game(seed)


def _mid_game(seed: int, turns: int):
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    state = new_game(2, seed)
    while state.turn < turns:
        state = apply_action(state, bots[state.current].choose(state))
    return state


def _swap_face_down(state):
    """The same game with two face-down patients changed places, the staff deck
    reversed and the rival's hand swapped with deck cards: the current player sees
    exactly the same."""
    down = [i for i, card in enumerate(state.ward) if card is not None and not card.face_up]
    ward = list(state.ward)
    ward[down[0]], ward[down[-1]] = ward[down[-1]], ward[down[0]]
    rival = (state.current + 1) % 2
    deck, hand = list(state.staff_deck), list(state.players[rival].staff)
    pool = hand + deck
    pool.reverse()
    players = list(state.players)
    players[rival] = evolve(players[rival], staff=tuple(pool[: len(hand)]))
    return evolve(state, ward=tuple(ward), staff_deck=tuple(pool[len(hand):]), players=tuple(players))


@pytest.mark.parametrize("seed", range(6))
def test_strong_decides_from_its_player_view_only(seed):
    """Issue 13: the strong player "must never read hidden information": two games
    that look the same to it (face-down patients swapped, staff deck and the rival's
    cards shuffled) get the same choice, even when the hidden cards differ."""
    state = _mid_game(seed, 6)
    other = _swap_face_down(state)
    assert player_view(state, state.current) == player_view(other, state.current)
    assert other != state
    assert StrongBot(seed).choose(state) == StrongBot(seed).choose(other)


def test_a_determinization_looks_the_same_as_the_real_game():
    """The dealt game the strong player searches gives it the very view it had, so it
    searches a game that could be the real one."""
    import random

    for seed in range(4):
        state = _mid_game(seed, 8)
        view = player_view(state, state.current)
        dealt = determinize(view, random.Random(seed))
        assert player_view(dealt, state.current) == view
        assert legal_actions(dealt) == legal_actions(state)
