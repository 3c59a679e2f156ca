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
