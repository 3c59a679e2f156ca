"""Setup (rulebook "Setup", "Components")."""

from collections import Counter

import pytest

from core.clear_ward import (
    SPECIALITIES,
    SetupError,
    StaffCard,
    format_layout,
    from_layout,
    new_game,
)
from core.clear_ward.cards import all_patients
from tests.core.clear_ward.helpers import ward


def test_deck_has_35_patients_of_7_specialities_with_1_to_5_stars():
    patients = all_patients()
    assert len(patients) == 35 == len(set(patients))
    assert Counter(p.speciality for p in patients) == {s: 5 for s in SPECIALITIES}
    assert sorted({p.stars for p in patients}) == [1, 2, 3, 4, 5]


def test_ward_is_6x6_with_35_patients_and_the_doctor():
    state = new_game(["Ann", "Bob"], seed=1)
    assert len(state.ward) == 36
    cards = [card for card in state.ward if card is not None]
    assert len(cards) == 35
    assert state.ward[state.doctor] is None
    assert {card.patient for card in cards} == set(all_patients())


def test_four_and_five_star_patients_start_face_down_others_face_up():
    state = new_game(3, seed=2)
    for card in state.ward:
        if card is not None:
            assert card.face_up == (card.patient.stars <= 3)


def test_staff_deck_has_nine_cards_with_two_nurses_for_three_players():
    deck = new_game(3, seed=3).staff_deck
    assert len(deck) == 9
    assert Counter(deck)[StaffCard.NURSE] == 2
    assert StaffCard.WARD_ROUND in deck


def test_two_player_removes_the_ward_round_and_keeps_the_locum():
    deck = new_game(2, seed=3).staff_deck
    assert len(deck) == 8 and StaffCard.WARD_ROUND not in deck
    assert StaffCard.LOCUM in deck


def test_the_night_shift_removes_the_ward_round_and_the_locum():
    """Decision "Locum in solo": it takes from another player's log book, so the solo
    staff deck is 7 cards, without it."""
    deck = new_game(1, seed=3).staff_deck
    assert Counter(deck) == {StaffCard.PHARMACIST: 1, StaffCard.CONSULTANT_OPINION: 1,
                             StaffCard.NURSE: 2, StaffCard.REGISTRAR: 1, StaffCard.PORTER: 1,
                             StaffCard.JUNIOR_DOCTOR: 1}


def test_same_seed_same_deal_different_seed_different_deal():
    assert new_game(2, seed=5) == new_game(2, seed=5)
    assert new_game(2, seed=5).ward != new_game(2, seed=6).ward


def test_starting_player_from_seed_or_chosen():
    starts = {new_game(4, seed=s).current for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert new_game(4, seed=1, starting_player=2).current == 2


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_outside_1_to_4_is_refused(players):
    with pytest.raises(SetupError, match="1-4 players"):
        new_game(players, seed=0)


def test_bad_starting_seat_is_refused():
    with pytest.raises(SetupError, match="starting player 4"):
        new_game(2, seed=0, starting_player=4)


def test_victory_cards_start_unclaimed():
    assert new_game(2, seed=0).victory == (None,) * 7


@pytest.mark.parametrize(
    "layout, message",
    [
        ("@ Car1", "tokens"),
        (ward("@ Xyz1 . . . ."), "not a card"),
        (ward("@ Car1 Car1 . . ."), "appears twice"),
        (ward("Car1 . . . . ."), "no Doctor"),
        (ward("@ @ . . . ."), "only one Doctor"),
    ],
)
def test_bad_layouts_are_refused_with_the_reason(layout, message):
    with pytest.raises(SetupError, match=message):
        from_layout(layout)


def test_layout_round_trips_through_format_layout():
    state = new_game(2, seed=9)
    again = from_layout(format_layout(state), 2)
    assert again.ward == state.ward and again.doctor == state.doctor
