"""The action phase: sweeps, flipping, the staff draw (rulebook "Action Phase", FAQ)."""

import pytest

from core.clear_ward import (
    DeclineStaff,
    Direction,
    DrawStaff,
    IllegalActionError,
    KeepStaff,
    Move,
    Phase,
    StaffCard,
    apply_action,
    from_layout,
    legal_actions,
)
from tests.core.clear_ward.helpers import CAR, NEU, RES, P, c, ward

RIGHT, DOWN, LEFT, UP = Direction.RIGHT, Direction.DOWN, Direction.LEFT, Direction.UP
NURSE, PORTER, LOCUM, REG = StaffCard.NURSE, StaffCard.PORTER, StaffCard.LOCUM, StaffCard.REGISTRAR


def test_landing_on_a_face_up_patient_treats_every_face_up_patient_of_its_speciality():
    """FAQ: "if you land on a patient ... you treat all patients of that speciality"."""
    state = from_layout(ward(
        "@ Car2 . Res1",
        ". . . . . Car1",
        "?Car4 . . . Car3",
    ), 2)
    state = apply_action(state, Move(RIGHT, 1))
    book = state.players[0].log_book
    assert book[0] == P(CAR, 2)  # the card landed on first
    assert set(book) == {P(CAR, 1), P(CAR, 2), P(CAR, 3)}
    assert state.players[0].stars == 6
    assert state.ward[c("A3")] is not None  # the face-down Cardiology patient stays
    assert state.ward[c("D1")] is not None  # other specialities stay


def test_landing_on_a_face_down_patient_flips_it_and_offers_the_staff_draw():
    state = from_layout(ward("@ ?Neu4 Res1"), 2, staff_deck=[NURSE, PORTER, LOCUM])
    state = apply_action(state, Move(RIGHT, 1))
    card = state.ward[c("B1")]
    assert card.face_up and card.patient == P(NEU, 4)
    assert state.players[0].log_book == ()  # "Instead of treating the revealed patient"
    assert state.phase is Phase.DRAW_DECISION
    assert legal_actions(state) == [DrawStaff(), DeclineStaff()]


def test_draw_two_keep_one_the_other_goes_to_the_bottom():
    state = from_layout(ward("@ ?Neu4 Res1"), 2, staff_deck=[NURSE, PORTER, LOCUM])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    assert state.drawn == (NURSE, PORTER) and state.staff_deck == (LOCUM,)
    assert set(legal_actions(state)) == {KeepStaff((NURSE,)), KeepStaff((PORTER,))}
    state = apply_action(state, KeepStaff((PORTER,)))
    assert state.players[0].staff == (PORTER,)
    assert state.staff_deck == (LOCUM, NURSE)


def test_declining_the_draw_leaves_deck_and_hand_alone():
    state = from_layout(ward("@ ?Neu4 Res1"), 2, staff_deck=[NURSE, PORTER])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DeclineStaff())
    assert state.players[0].staff == () and state.staff_deck == (NURSE, PORTER)
    assert state.current == 1


def test_hand_limit_with_a_full_hand_keep_any_two_of_four():
    state = from_layout(
        ward("@ ?Neu4 Res1"), 2, staff_deck=[LOCUM, REG], hands=[[NURSE, PORTER]]
    )
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    options = legal_actions(state)
    assert len(options) == 6 and all(len(k.hand) == 2 for k in options)
    state = apply_action(state, KeepStaff((StaffCard.REGISTRAR, StaffCard.LOCUM)))
    assert sorted(c.value for c in state.players[0].staff) == ["Locum", "Registrar"]
    assert sorted(c.value for c in state.staff_deck) == ["Nurse", "Porter"]


def test_three_staff_cards_can_never_be_kept():
    """FAQ: "you may only hold a maximum of two staff cards at any time"."""
    state = from_layout(
        ward("@ ?Neu4 Res1"), 2, staff_deck=[LOCUM, REG], hands=[[NURSE, PORTER]]
    )
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    with pytest.raises(IllegalActionError, match="any 2 of held and drawn"):
        apply_action(state, KeepStaff((NURSE, PORTER, LOCUM)))


def test_with_room_in_hand_the_held_card_stays_and_one_drawn_is_added():
    state = from_layout(ward("@ ?Neu4 Res1"), 2, staff_deck=[LOCUM, REG], hands=[[NURSE]])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    assert set(legal_actions(state)) == {KeepStaff((NURSE, REG)), KeepStaff((NURSE, LOCUM))}


def test_empty_staff_deck_means_no_draw():
    state = from_layout(ward("@ ?Neu4 Res1"), 2)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.MOVE and state.current == 1


def test_one_card_left_in_the_deck_is_drawn_alone():
    state = from_layout(ward("@ ?Neu4 Res1"), 2, staff_deck=[LOCUM])
    state = apply_action(apply_action(state, Move(RIGHT, 1)), DrawStaff())
    assert legal_actions(state) == [KeepStaff((LOCUM,))]


def test_flipped_patient_cannot_be_treated_on_this_or_the_next_turn():
    """FAQ: "you cannot treat that patient on the next turn, even if you treat a
    patient of the same speciality"."""
    state = from_layout(ward(
        "@ ?Neu4 . Neu1",
        ". Car1",
        ". Neu2",
    ), 2, staff_deck=[])
    state = apply_action(state, Move(RIGHT, 1))  # seat 0 flips Neu4 on turn 0
    assert state.current == 1
    state = apply_action(state, Move(RIGHT, 2))  # seat 1 lands on Neu1: sweep on turn 1
    assert set(state.players[1].log_book) == {P(NEU, 1), P(NEU, 2)}
    assert state.ward[c("B1")].patient == P(NEU, 4)  # under observation: not swept


def test_flipped_patient_is_treatable_after_the_next_turn():
    state = from_layout(ward(
        "@ ?Neu4 . . Res1",
        ". . . . Car1 Neu1",
    ), 2, staff_deck=[])
    state = apply_action(state, Move(RIGHT, 1))  # turn 0: flip Neu4
    state = apply_action(state, Move(RIGHT, 3))  # turn 1: seat 1 treats Res1
    state = apply_action(state, Move(DOWN, 1))  # turn 2: seat 0 lands on Car1
    state = apply_action(state, Move(RIGHT, 1))  # turn 3: seat 1 lands on Neu1: sweep
    assert set(state.players[1].log_book) == {P(RES, 1), P(NEU, 1), P(NEU, 4)}
