"""Every staff card, its timing and targets; one card a turn (rulebook "Using Staff
Cards", "Staff Card FAQs"; decisions "Staff cards (9)")."""

import pytest

from core.clear_ward import (
    Direction,
    EndTurn,
    IllegalActionError,
    JuniorDoctorFlip,
    Move,
    Phase,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    legal_actions,
)
from core.clear_ward.staff import staff_uses
from tests.core.clear_ward.helpers import CAR, GAS, NEU, PAE, RES, P, c, ward

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
S = StaffCard


def _uses(state, card):
    return [a for a in legal_actions(state) if isinstance(a, UseStaff) and a.card is card]


def test_pharmacist_treats_two_one_star_patients_from_anywhere():
    """FAQ: they do not have to be passed over; they can be anywhere in the ward."""
    state = from_layout(ward(
        "@ Res2",
        ". . . . . Car1",
        ". . . . . .",
        "Neu1 . . . . Neu2",
    ), 2, hands=[[S.PHARMACIST]])
    use = UseStaff(S.PHARMACIST, (c("F2"), c("A4")))
    assert _uses(state, S.PHARMACIST) == [use]
    state = apply_action(state, use)
    assert state.players[0].log_book == (P(CAR, 1), P(NEU, 1))
    assert state.ward[c("F4")] is not None  # staff treatments never sweep: Neu2 stays
    assert state.players[0].staff == () and state.staff_used


def test_pharmacist_skips_patients_under_observation_and_other_stars():
    state = from_layout(ward("@ Res2 Car1 Gas3"), 2, hands=[[S.PHARMACIST]])
    assert _uses(state, S.PHARMACIST) == [UseStaff(S.PHARMACIST, (c("C1"),))]
    with pytest.raises(IllegalActionError, match="Pharmacist: choose two"):
        apply_action(state, UseStaff(S.PHARMACIST, (c("B1"), c("C1"))))


def test_consultant_opinion_removes_a_patient_from_the_game():
    """FAQ: the patient will not count towards any player's star count."""
    state = from_layout(ward("@ Res2 ?Car5"), 2, hands=[[S.CONSULTANT_OPINION]])
    state = apply_action(state, UseStaff(S.CONSULTANT_OPINION, (c("C1"),)))
    assert state.ward[c("C1")] is None and state.removed == (P(CAR, 5),)
    assert all(P(CAR, 5) not in p.log_book for p in state.players)


def test_nurse_treats_one_passed_over_patient_after_the_move():
    """FAQ: "treat an additional patient from any speciality that the Doctor has passed
    over during the current turn"."""
    state = from_layout(ward("@ Gas2 Res3 Car1", ". . . Car2"), 2, hands=[[S.NURSE]])
    assert _uses(state, S.NURSE) == []  # not before the move
    state = apply_action(state, Move(RIGHT, 3))
    assert state.phase is Phase.AFTER_ACTION
    assert {a.cells for a in _uses(state, S.NURSE)} == {(c("B1"),), (c("C1"),)}
    state = apply_action(state, UseStaff(S.NURSE, (c("C1"),)))
    assert set(state.players[0].log_book) == {P(CAR, 1), P(CAR, 2), P(RES, 3)}
    assert state.ward[c("B1")] is not None  # one patient only, no sweep


def test_nurse_cannot_treat_a_just_flipped_patient():
    """FAQ: "the patient treated cannot be a 4-star or 5-star patient that has just
    been flipped over"."""
    state = from_layout(
        ward("Car1 ?Gas4 Res3 Psy2", "", "", ". . . @"), 2,
        hands=[[S.JUNIOR_DOCTOR], [S.NURSE]],
    )
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)))
    state = apply_action(state, JuniorDoctorFlip(c("B1")))  # under observation turns 0-1
    state = apply_action(state, Move(UP, 3))  # seat 0 treats Psy2
    assert state.current == 1
    state = apply_action(state, Move(LEFT, 3))  # seat 1 passes over Res3 and Gas4
    assert state.passed_over == (c("C1"), c("B1"))
    assert _uses(state, S.NURSE) == [UseStaff(S.NURSE, (c("C1"),))]
    with pytest.raises(IllegalActionError, match="Nurse: choose one face-up patient"):
        apply_action(state, UseStaff(S.NURSE, (c("B1"),)))


def test_ward_round_takes_the_lowest_star_patient_from_every_other_player():
    books = [
        [P(CAR, 5)],
        [P(RES, 1), P(GAS, 3), P(NEU, 1)],  # tie on 1 star: Neu1 entered last
        [],
        [P(PAE, 2), P(CAR, 1)],
    ]
    state = from_layout(ward("@ Res2"), 4, hands=[[S.WARD_ROUND]], log_books=books)
    state = apply_action(state, UseStaff(S.WARD_ROUND))
    assert state.players[0].log_book == (P(CAR, 5), P(NEU, 1), P(CAR, 1))
    assert state.players[1].log_book == (P(RES, 1), P(GAS, 3))
    assert state.players[3].log_book == (P(PAE, 2),)


def test_ward_round_needs_another_player_with_a_patient():
    state = from_layout(ward("@ Res2"), 3, hands=[[S.WARD_ROUND]])
    assert _uses(state, S.WARD_ROUND) == []
    with pytest.raises(IllegalActionError, match="no other player has a patient"):
        apply_action(state, UseStaff(S.WARD_ROUND))


def test_registrar_moves_again_and_takes_a_second_action():
    state = from_layout(ward("@ Car1 . Res1", ". . . Gas2"), 2, hands=[[S.REGISTRAR]])
    assert _uses(state, S.REGISTRAR) == []  # only after the action
    state = apply_action(state, Move(RIGHT, 1))
    state = apply_action(state, UseStaff(S.REGISTRAR))
    assert state.phase is Phase.MOVE and state.current == 0
    assert Move(LEFT, 1) not in legal_actions(state)  # still no reversing
    state = apply_action(state, Move(RIGHT, 2))
    assert set(state.players[0].log_book) == {P(CAR, 1), P(RES, 1)}
    assert state.current == 1


def test_porter_lets_the_doctor_reverse_and_stop_on_an_empty_space():
    state = from_layout(ward("Car2 . @ . Res1 Gas1"), 2, hands=[[], [S.PORTER]])
    state = apply_action(state, Move(RIGHT, 2))  # seat 0 treats Res1; last move right
    assert Move(LEFT, 2) not in legal_actions(state)
    state = apply_action(state, UseStaff(S.PORTER))
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert Move(LEFT, 1) in moves and Move(LEFT, 2) in moves  # reverse, empty spaces
    state = apply_action(state, Move(LEFT, 2))
    assert state.doctor == c("C1") and state.players[1].log_book == ()


def test_porter_only_before_the_move():
    state = from_layout(ward("@ Car1 Res1"), 2, hands=[[S.PORTER, S.NURSE]])
    state = apply_action(state, Move(RIGHT, 2))
    with pytest.raises(IllegalActionError, match="Porter: used only before your move"):
        apply_action(state, UseStaff(S.PORTER))


def test_locum_takes_a_one_to_three_star_patient_from_another_log_book():
    books = [[], [P(CAR, 3), P(GAS, 4)]]
    state = from_layout(ward("@ Res2"), 2, hands=[[S.LOCUM]], log_books=books)
    assert _uses(state, S.LOCUM) == [UseStaff(S.LOCUM, patient=P(CAR, 3))]
    state = apply_action(state, UseStaff(S.LOCUM, patient=P(CAR, 3)))
    assert state.players[0].log_book == (P(CAR, 3),)
    assert state.players[1].log_book == (P(GAS, 4),)
    with pytest.raises(IllegalActionError, match="you do not hold the Locum"):
        apply_action(state, UseStaff(S.LOCUM, patient=P(GAS, 4)))


def test_junior_doctor_looks_at_two_and_may_turn_one_face_up():
    state = from_layout(ward("@ Res2 ?Car5 ?Neu4 ?Gas5"), 2, hands=[[S.JUNIOR_DOCTOR]])
    assert len(_uses(state, S.JUNIOR_DOCTOR)) == 3  # pairs of three face-down cards
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("C1"), c("E1"))))
    assert state.phase is Phase.JUNIOR_DOCTOR
    assert set(legal_actions(state)) == {
        JuniorDoctorFlip(c("C1")), JuniorDoctorFlip(c("E1")), JuniorDoctorFlip(None)
    }
    with pytest.raises(IllegalActionError, match="Junior Doctor"):
        apply_action(state, JuniorDoctorFlip(c("D1")))
    state = apply_action(state, JuniorDoctorFlip(c("E1")))
    assert state.ward[c("E1")].face_up and state.ward[c("E1")].under_observation(state.turn)
    assert not state.ward[c("C1")].face_up
    assert state.phase is Phase.MOVE


def test_landing_on_a_just_flipped_patient_treats_nothing():
    state = from_layout(ward("@ ?Neu4 Res2", "Neu1"), 2, hands=[[S.JUNIOR_DOCTOR]])
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)))
    state = apply_action(state, JuniorDoctorFlip(c("B1")))
    state = apply_action(state, Move(RIGHT, 1))
    assert state.players[0].log_book == ()
    assert state.ward[c("B1")] is not None and state.ward[c("A2")] is not None


def test_only_one_staff_card_a_turn():
    state = from_layout(ward("@ Res2 Car1 . Gas2"), 2, hands=[[S.PHARMACIST, S.NURSE]])
    state = apply_action(state, UseStaff(S.PHARMACIST, (c("C1"),)))
    state = apply_action(state, Move(RIGHT, 1))
    assert state.current == 1  # the Nurse could not be used: the turn passed
    assert staff_uses(state) == []


def test_second_staff_card_in_the_same_turn_is_refused_with_the_rule():
    state = from_layout(ward("@ Res2 Car1 Gas2"), 2, hands=[[S.PHARMACIST, S.NURSE]])
    state = apply_action(state, UseStaff(S.PHARMACIST, (c("C1"),)))
    with pytest.raises(IllegalActionError, match="only one staff card may be used per turn"):
        apply_action(state, UseStaff(S.NURSE, (c("B1"),)))


def test_staff_card_only_on_your_own_turn():
    state = from_layout(ward("@ Res2 Car1"), 2, hands=[[], [S.PHARMACIST]])
    with pytest.raises(IllegalActionError, match="you do not hold the Pharmacist"):
        apply_action(state, UseStaff(S.PHARMACIST, (c("C1"),)))


def test_end_turn_is_offered_only_while_a_staff_card_could_be_used():
    state = from_layout(ward("@ Car1 Res1 Gas1"), 2, hands=[[S.NURSE]])
    state = apply_action(state, Move(RIGHT, 2))
    assert EndTurn() in legal_actions(state)
    state = apply_action(state, EndTurn())
    assert state.current == 1 and state.players[0].staff == (S.NURSE,)


def test_used_staff_cards_go_to_the_bottom_of_the_staff_deck():
    state = from_layout(ward("@ Res2 Car1"), 2, hands=[[S.PHARMACIST]], staff_deck=[S.NURSE])
    state = apply_action(state, UseStaff(S.PHARMACIST, (c("C1"),)))
    assert state.staff_deck == (S.NURSE, S.PHARMACIST)
