"""Property tests: random legal play from random seeds always ends, never raises and
keeps the invariants; random illegal actions are refused and change nothing; states
round-trip through JSON; the same seed and actions replay the same game."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clear_ward import (
    SPECIALITIES,
    DeclineStaff,
    Direction,
    DrawStaff,
    EndTurn,
    IllegalActionError,
    JuniorDoctorFlip,
    KeepStaff,
    Move,
    StaffCard,
    UseStaff,
    apply_action,
    is_over,
    legal_actions,
    new_game,
    result,
    score,
    state_from_json,
    state_to_json,
    victory_cards,
)
from core.clear_ward.cards import all_patients, staff_deck_cards
from core.clear_ward.constants import HAND_LIMIT, VICTORY_CARD_STARS
from core.clear_ward.serialize import action_from_data, action_to_data
from core.clear_ward.treatment import speciality_counts

MAX_ACTIONS = 400  # a game is far shorter; reaching this means it did not end
ALL_PATIENTS = Counter(all_patients())
TOTAL_STARS = sum(p.stars for p in ALL_PATIENTS)


def check_invariants(before, state):
    ward_patients = [card.patient for card in state.ward if card is not None]
    books = [p for player in state.players for p in player.log_book]
    # 36 cards: 35 patients in ward + log books + removed, and the Doctor on the ward
    assert Counter(ward_patients + books + list(state.removed)) == ALL_PATIENTS
    assert 0 <= state.doctor < 36
    # stars: what the log books score is exactly the stars of their cards
    assert sum(p.stars for p in ward_patients + books + list(state.removed)) == TOTAL_STARS
    for seat, player in enumerate(state.players):
        assert score(state, seat) == sum(p.stars for p in player.log_book) + (
            VICTORY_CARD_STARS * victory_cards(state, seat)
        )
        assert len(player.staff) <= HAND_LIMIT
    # staff cards are never created or lost
    staff = list(state.staff_deck) + list(state.drawn)
    staff += [card for player in state.players for card in player.staff]
    assert Counter(staff) == Counter(staff_deck_cards(state.player_count))
    # victory cards: strict majority, or the earlier holder on a tie
    if not state.uses_victory_cards:
        assert state.victory == (None,) * len(SPECIALITIES)
        return
    counts = [speciality_counts(p) for p in state.players]
    for i, holder in enumerate(state.victory):
        if holder is None:
            continue
        mine = counts[holder][i]
        others = [counts[s][i] for s in range(state.player_count) if s != holder]
        assert mine > 0 and mine >= max(others)
        if mine == max(others):
            assert before.victory[i] == holder


def play(seed, players, rng):
    state = new_game(players, seed)
    actions = []
    for _ in range(MAX_ACTIONS):
        if is_over(state):
            return state, actions
        action = rng.choice(legal_actions(state))
        before, state = state, apply_action(state, action)
        actions.append(action)
        check_invariants(before, state)
    raise AssertionError("the game did not end")


@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_random_legal_play_ends_and_keeps_the_invariants(seed, players, rng):
    state, _ = play(seed, players, rng)
    assert legal_actions(state) == []
    final = result(state)
    assert final.winners and set(final.winners) <= set(range(players))


@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_same_seed_and_actions_replay_the_same_game(seed, players, rng):
    state, actions = play(seed, players, rng)
    replay = new_game(players, seed)
    for action in actions:
        replay = apply_action(replay, action_from_data(action_to_data(action)))
    assert replay == state


@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_states_round_trip_through_json(seed, players, rng):
    state = new_game(players, seed)
    for _ in range(rng.randrange(1, 40)):
        if is_over(state):
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
        assert state_from_json(state_to_json(state)) == state


def random_action(rng, state):
    kind = rng.randrange(7)
    cells = tuple(rng.randrange(-2, 38) for _ in range(rng.randrange(0, 3)))
    if kind == 0:
        return Move(rng.choice(list(Direction)), rng.randrange(-1, 8))
    if kind == 1:
        book = [p for pl in state.players for p in pl.log_book] or list(ALL_PATIENTS)
        return UseStaff(rng.choice(list(StaffCard)), cells, rng.choice([None, rng.choice(book)]))
    if kind == 2:
        return KeepStaff(tuple(rng.choice(list(StaffCard)) for _ in range(rng.randrange(0, 4))))
    if kind == 3:
        return JuniorDoctorFlip(rng.choice([None, *cells, 0]))
    return [DrawStaff(), DeclineStaff(), EndTurn()][kind - 4]


@settings(max_examples=60)  # 60 games of up to 60 refusals each (the ci profile's 200 took 65 s)
@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_random_illegal_actions_are_refused_and_change_nothing(seed, players, rng):
    state = new_game(players, seed)
    refused = 0
    for _ in range(60):
        if is_over(state):
            break
        legal = legal_actions(state)
        action = random_action(rng, state)
        if action in legal:
            state = apply_action(state, action)
            continue
        text = state_to_json(state)
        try:
            apply_action(state, action)
        except IllegalActionError as err:
            assert str(err).startswith(f"Illegal action {str(action)!r}: ")
            refused += 1
        else:
            raise AssertionError(f"{action} was accepted but is not in legal_actions")
        assert state_to_json(state) == text
        state = apply_action(state, rng.choice(legal))
    assert refused > 0 or is_over(state)
