"""Undo rules (both games) and which Clear the Ward actions reveal hidden information."""

from core.clear_ward import (
    DrawStaff,
    Direction,
    Move,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    parse_cell,
)
from core.clear_ward.undo import reveals_hidden
from core.undo import Step, refusal
from tests.core.clear_ward.helpers import ward


def test_a_human_may_undo_their_own_action_within_the_turn():
    assert refusal([Step(1, 4, True, False), Step(0, 5, True, False)], seat=0, turn=5) is None


def test_undo_stops_at_a_revealing_action():
    assert refusal([Step(0, 5, True, True), Step(0, 5, True, False)], seat=0, turn=5) is None
    assert refusal([Step(0, 5, True, True)], seat=0, turn=5) == (
        "That action revealed hidden information, so it cannot be undone."
    )


def test_a_turn_ended_on_purpose_stays_ended_one_that_ended_by_itself_may_be_taken_back():
    ended = [Step(0, 5, True, False, closes=True)]
    assert refusal(ended, seat=1, turn=6) == "Nothing to undo in this turn: a turn that was ended stays ended."
    assert refusal([Step(0, 5, True, False)], seat=1, turn=6) is None
    assert refusal(ended, seat=0, turn=5) is None  # still the same turn


def test_computer_actions_are_not_undone():
    steps = [Step(0, 5, True, False), Step(1, 6, False, False)]
    assert refusal(steps, seat=0, turn=7) == "Computer players' actions are not undone."
    assert refusal([]) == "Nothing to undo yet."


def _after(state, action):
    return reveals_hidden(state, action, apply_action(state, action))


def test_flipping_drawing_and_looking_reveal_hidden_information():
    state = from_layout(ward("@ ?Car4 Res1", "?Neu5"), 2, staff_deck=[StaffCard.NURSE, StaffCard.LOCUM],
                        hands=[[StaffCard.JUNIOR_DOCTOR]])
    assert _after(state, Move(Direction.RIGHT, 1))  # turns Car4 over
    flipped = apply_action(state, Move(Direction.RIGHT, 1))
    assert _after(flipped, DrawStaff())
    assert _after(state, UseStaff(StaffCard.JUNIOR_DOCTOR, (parse_cell("B1"), parse_cell("A2"))))
    assert not _after(state, Move(Direction.RIGHT, 2))  # treats a face-up patient


def test_removing_a_face_down_patient_reveals_it():
    state = from_layout(ward("@ ?Car4 Res1"), 2, hands=[[StaffCard.CONSULTANT_OPINION]])
    assert _after(state, UseStaff(StaffCard.CONSULTANT_OPINION, (parse_cell("B1"),)))
    assert not _after(state, UseStaff(StaffCard.CONSULTANT_OPINION, (parse_cell("C1"),)))
