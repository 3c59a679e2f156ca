"""The engine's caches (issue 13) always hold what the state's fields give.

The rules keep a few values worked out beside each state instead of working them out
again: the legal moves, each log book's count per speciality (counted up as patients
arrive, handed on when only the hand changes), the spaces each speciality's patients
lie on (handed on from state to state). Along random games, each must equal the value
worked out afresh from the fields; a wrong count would give a victory card to the
wrong player, a missing space would leave a patient out of a sweep.
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
