"""The engine's caches (issue 13) always hold what the state's fields give.

The rules keep a few values worked out beside each state instead of working them out
again: the legal moves, each log book's count per speciality (counted up as patients
arrive, handed on when only the hand changes), the spaces each speciality's patients
lie on (handed on from state to state), and whether the victory cards are settled (their
holders what a recheck of the log books gives, handed on, so that a treatment rechecks
only the specialities it treated). Along random games, each must equal the value
worked out afresh from the fields; a wrong count would give a victory card to the
wrong player, a missing space would leave a patient out of a sweep, a wrongly settled
state would keep a victory card with a player who no longer has the most.
"""

from hypothesis import given
from hypothesis import strategies as st

from core.clear_ward import (
    GameState,
    apply_action,
    from_layout,
    is_over,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)
from core.clear_ward.cards import SPECIALITIES
from core.clear_ward.movement import moves_now
from core.clear_ward.state import PlayerState, WardCard, evolve
from core.clear_ward.treatment import victory_after
from tests.core.clear_ward.helpers import ward


def fresh(state: GameState) -> GameState:
    """The same state rebuilt from its fields alone, with no cache."""
    return state_from_json(state_to_json(state))


def uncached(state: GameState) -> GameState:
    """An equal copy with no cache (``evolve`` hands none on)."""
    return evolve(state)


def check_caches(state: GameState) -> None:
    for player in state.players:
        recount = [0] * len(SPECIALITIES)
        for patient in player.log_book:
            recount[patient.speciality.index] += 1
        assert player.speciality_counts == tuple(recount), player
        anew = PlayerState(player.name, player.log_book, player.staff)
        assert anew.speciality_counts == tuple(recount)
    for cell, card in enumerate(state.ward):
        if card is not None:
            assert cell in state.speciality_spaces[card.patient.speciality.index], (cell, card)
    assert state.moves_now == moves_now(uncached(state))
    if state.victory_settled:
        assert victory_after(state, state.players) == state.victory
    assert uncached(state).victory_settled == (victory_after(state, state.players) == state.victory)


@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_the_caches_along_random_games_equal_what_the_fields_give(seed, players, rng):
    state = new_game(players, seed)
    check_caches(state)
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
        check_caches(state)
        if not is_over(state) and rng.random() < 0.05:
            # A loaded state has no cache yet: the game goes on the same.
            loaded = fresh(state)
            assert legal_actions(loaded) == legal_actions(state)
            action = rng.choice(legal_actions(state))
            assert apply_action(loaded, action) == apply_action(state, action)


def test_a_sweep_finds_a_patient_put_where_the_earlier_state_had_none():
    """A state changed outside the rules (``evolve``: tests, tools) works its spaces out
    afresh, so a sweep still finds every patient of the speciality."""
    from core.clear_ward import Direction, Move, Patient, Speciality

    before = from_layout(ward("@ Car1 . . Car2"), 2)
    assert before.speciality_spaces[Speciality.CARDIOLOGY.index] == (1, 4)
    car3 = WardCard(Patient(Speciality.CARDIOLOGY, 3), True)
    other = evolve(before, ward=before.ward[:2] + (car3,) + before.ward[3:])
    after = apply_action(other, Move(Direction.RIGHT, 1))
    assert [p.stars for p in after.players[0].log_book] == [1, 3, 2]


def test_a_state_with_unsettled_victory_cards_has_every_card_rechecked_at_a_treatment():
    """Decision "Speciality Victory Cards": rechecked after every change to a log book.
    A hand-made state may give a card to a player without the most patients: treating
    another speciality then rechecks that card too, as before the shortcut (which
    rechecks only the treated speciality, for a state known to be settled)."""
    from core.clear_ward import Direction, Move, Patient, Speciality

    car, res = Speciality.CARDIOLOGY, Speciality.RESPIRATORY
    books = [[Patient(car, 1), Patient(car, 2)], []]
    victory = [1, None, None, None, None, None, None]  # Cardiology: seat 1, who has none
    state = from_layout(ward("@ Res1"), 2, log_books=books, victory=victory, current=0)
    assert not state.victory_settled
    after = apply_action(state, Move(Direction.RIGHT, 1))  # seat 0 treats Respiratory 1
    assert after.victory[car.index] == 0 and after.victory[res.index] == 0


def test_a_settled_state_changed_outside_the_rules_is_not_taken_as_settled():
    """``evolve`` (tests, tools) hands no cache on: a state whose log books were changed
    that way has all its cards rechecked at the next treatment. A stale "settled" would
    leave the Cardiology card with seat 0 after seat 1 got three Cardiology patients."""
    from core.clear_ward import Direction, Move, Patient, Speciality

    car, res = Speciality.CARDIOLOGY, Speciality.RESPIRATORY
    start = from_layout(
        ward("@ Res1 Car1"), 2, log_books=[[Patient(car, 2)], []], current=1,
        victory=[0, None, None, None, None, None, None],
    )
    state = apply_action(start, Move(Direction.RIGHT, 2))  # seat 1 treats Cardiology 1
    assert state.victory[car.index] == 0 and state.victory_settled  # tie: seat 0 keeps it
    more = (Patient(car, 1), Patient(car, 3), Patient(car, 4))
    players = (state.players[0], evolve(state.players[1], log_book=more))
    changed = evolve(state, players=players, current=1)
    after = apply_action(changed, Move(Direction.LEFT, 1))  # seat 1 treats Respiratory 1
    assert after.victory[car.index] == 1 and after.victory[res.index] == 1
