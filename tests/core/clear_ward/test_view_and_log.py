"""What a player may see, and the event log's sentences."""

from core.clear_ward import (
    Direction,
    DrawStaff,
    Move,
    StaffCard,
    UseStaff,
    apply_action,
    describe,
    from_layout,
    player_view,
)
from tests.core.clear_ward.helpers import CAR, P, c, ward

RIGHT = Direction.RIGHT


def test_view_hides_face_down_patients_staff_deck_and_other_hands():
    state = from_layout(
        ward("@ Car1 ?Neu5"), 2, staff_deck=[StaffCard.PORTER], hands=[[StaffCard.NURSE], [StaffCard.LOCUM]]
    )
    view = player_view(state, 1)
    assert view.ward[c("B1")].patient == P(CAR, 1)
    assert view.ward[c("C1")].patient is None and not view.ward[c("C1")].face_up
    assert view.staff_deck_size == 1 and not hasattr(view, "staff_deck")
    assert view.seats[0].staff is None and view.seats[0].staff_count == 1
    assert view.seats[1].staff == (StaffCard.LOCUM,)
    assert "Neurology" not in repr(view) and "Porter" not in repr(view)


def test_junior_doctor_shows_the_looked_at_patients_to_their_player_only():
    state = from_layout(ward("@ Car1 ?Neu5 ?Gas4"), 2, hands=[[StaffCard.JUNIOR_DOCTOR]])
    state = apply_action(state, UseStaff(StaffCard.JUNIOR_DOCTOR, (c("C1"), c("D1"))))
    assert player_view(state, 0).ward[c("C1")].patient is not None
    assert player_view(state, 1).ward[c("C1")].patient is None


def test_drawn_staff_cards_are_seen_only_by_the_drawer():
    state = from_layout(ward("@ ?Neu5 Car1"), 2, staff_deck=[StaffCard.NURSE, StaffCard.LOCUM])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    assert player_view(state, 0).drawn == (StaffCard.NURSE, StaffCard.LOCUM)
    assert player_view(state, 1).drawn == ()


def test_log_sentence_for_a_sweep_with_a_victory_card():
    state = from_layout(ward("@ Car2 Car1 . Res1"), ["Ann", "Bob"])
    after = apply_action(state, Move(RIGHT, 1))
    assert describe(state, Move(RIGHT, 1), after) == (
        "Ann moves the Doctor right 1, treats 2 Cardiology patients: +3 stars; "
        "Ann takes the Cardiology victory card."
    )


def test_log_sentence_for_a_flip_and_the_end_of_the_game():
    state = from_layout(ward("@ ?Car5"), ["Ann", "Bob"])
    after = apply_action(state, Move(RIGHT, 1))
    assert describe(state, Move(RIGHT, 1), after) == (
        "Ann moves the Doctor right 1 and turns over Cardiology 5★ on B1 (under observation). "
        "The game is over: the Doctor cannot make a legal move."
    )


# -- what is hidden is identical for games that differ only in hidden things ---------

import random  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from core.clear_ward import legal_actions, new_game  # noqa: E402
from core.clear_ward.state import evolve  # noqa: E402


def _played(seed: int, players: int, actions: int):
    """A game ``actions`` random legal actions in (fewer if it ended)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(actions):
        options = legal_actions(state)
        if not options:
            break
        state = apply_action(state, rng.choice(options))
    return state


def _rehide(state, viewer, rng: random.Random):
    """The same game with everything ``viewer`` cannot see dealt again at random: the
    face-down patients (except those the viewer's Junior Doctor is looking at) change
    places, and the staff deck, the other players' hands and the cards someone else
    has just drawn are shuffled together and dealt back in the same numbers."""
    looking = set(state.looked_at) if state.current == viewer else set()
    down = [i for i, card in enumerate(state.ward) if card is not None and not card.face_up and i not in looking]
    patients = [state.ward[i].patient for i in down]
    rng.shuffle(patients)
    ward = list(state.ward)
    for i, patient in zip(down, patients):
        ward[i] = evolve(ward[i], patient=patient)
    others = [s for s in range(state.player_count) if s != viewer]
    drawn_hidden = state.current != viewer
    pool = list(state.staff_deck) + [c for s in others for c in state.players[s].staff]
    pool += list(state.drawn) if drawn_hidden else []
    rng.shuffle(pool)
    players = list(state.players)
    for s in others:
        n = len(players[s].staff)
        players[s], pool = evolve(players[s], staff=tuple(pool[:n])), pool[n:]
    drawn = state.drawn
    if drawn_hidden:
        drawn, pool = tuple(pool[: len(state.drawn)]), pool[len(state.drawn):]
    return evolve(state, ward=tuple(ward), players=tuple(players), staff_deck=tuple(pool), drawn=drawn)


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), actions=st.integers(0, 60),
       viewer=st.integers(-1, 3))
def test_two_games_differing_only_in_hidden_cards_look_the_same(seed, players, actions, viewer):
    """Rulebook, Setup: "All 4-star and 5-star patient cards should be placed face
    down" and "Shuffle the 9 staff cards and place them in a face-down pile": a player
    (or a spectator, ``None``) sees the same view of two games that differ only in the
    face-down patients, the deck's order and the others' staff cards; yet the hidden
    things did differ (a view that leaked any of them would differ)."""
    viewer = None if viewer < 0 else viewer % players
    state = _played(seed, players, actions)
    rng = random.Random(seed)
    other = _rehide(state, viewer, rng)
    assert player_view(state, viewer) == player_view(other, viewer)
    peeking = set(state.looked_at) if state.current == viewer else set()
    for cell, card in enumerate(player_view(state, viewer).ward):
        if card is not None and not card.face_up and cell not in peeking:
            assert card.patient is None


def test_the_rehidden_game_really_differs_and_still_looks_the_same():
    """The property above has teeth: in a game under way, dealing the hidden things
    again changes the game (so a view naming any of them would differ)."""
    state = _played(3, 3, 12)
    for viewer in (0, 1, None):
        other = _rehide(state, viewer, random.Random(1))
        assert other != state
        assert player_view(state, viewer) == player_view(other, viewer)


def test_the_view_shows_the_seats_own_hand_and_not_the_others():
    """Rulebook, Action Phase: the player "may draw 2 staff cards, choose 1 to keep":
    the kept cards are that player's own: their view names them, the others' views
    and a spectator's only count them."""
    state = from_layout(ward("@ Car1 ?Neu5"), 3,
                        hands=[[StaffCard.NURSE], [StaffCard.LOCUM, StaffCard.PORTER], []])
    swapped = evolve(state, players=(state.players[0], evolve(state.players[1], staff=(StaffCard.REGISTRAR,
                                                                                        StaffCard.PORTER)),
                                     state.players[2]))
    assert player_view(state, 1).seats[1].staff == (StaffCard.LOCUM, StaffCard.PORTER)
    assert player_view(state, 1) != player_view(swapped, 1)
    for viewer in (0, 2, None):
        assert player_view(state, viewer) == player_view(swapped, viewer)
        assert player_view(state, viewer).seats[1].staff is None
        assert player_view(state, viewer).seats[1].staff_count == 2
    assert player_view(state, None).seats[0].staff is None
