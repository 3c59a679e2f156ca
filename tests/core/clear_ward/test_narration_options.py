"""The words of a menu line (``option_text``) say what the action will do, in the same
terms the log then uses (``describe``): rulebook "Using Staff Cards" and "Flip and Take
Staff Card"."""

from core.clear_ward import (
    Direction,
    DrawStaff,
    Phase,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    legal_actions,
)
from core.clear_ward.narration import describe, option_text
from tests.core.clear_ward.helpers import CAR, P, c, ward

S = StaffCard


def _flipped(deck):
    """Ann has just landed on a face-down Cardiology 5★ and may draw staff cards."""
    state = from_layout(ward("@ ?Car5"), ["Ann", "Bob"], staff_deck=deck)
    state = apply_action(state, next(a for a in legal_actions(state) if getattr(a, "direction", None) is Direction.RIGHT))
    assert state.phase is Phase.DRAW_DECISION
    return state


def test_the_consultant_opinion_names_the_face_up_patient_it_removes():
    """Consultant Opinion: "remove a patient from the game". The menu names a face-up
    patient (everyone can see it) and says a face-down one is unknown."""
    state = from_layout(ward("@ Res2 Car5 ?Gas4"), ["Ann", "Bob"], hands=[[S.CONSULTANT_OPINION]])
    up = UseStaff(S.CONSULTANT_OPINION, (c("C1"),))
    down = UseStaff(S.CONSULTANT_OPINION, (c("D1"),))
    assert option_text(state, up) == f"use the Consultant Opinion on C1: {P(CAR, 5)} leaves the game"
    assert option_text(state, down) == "use the Consultant Opinion on D1: the face-down patient leaves the game"
    assert describe(state, up, apply_action(state, up)) == f"Ann uses the Consultant Opinion: {P(CAR, 5)} leaves the game."


def test_drawing_staff_cards_says_how_many_the_deck_still_holds():
    """Flip and Take: "draw 2 staff cards"; with one card left in the staff deck the
    player draws that one, and the menu and the log both say so in the singular."""
    two = _flipped([S.PORTER, S.NURSE, S.LOCUM])
    assert option_text(two, DrawStaff()) == "draw 2 staff cards"
    assert describe(two, DrawStaff(), apply_action(two, DrawStaff())) == "Ann draws 2 staff cards."
    one = _flipped([S.PORTER])
    assert option_text(one, DrawStaff()) == "draw 1 staff card"
    assert describe(one, DrawStaff(), apply_action(one, DrawStaff())) == "Ann draws 1 staff card."


def test_keeping_staff_cards_names_the_cards_kept_and_the_cards_returned():
    """Flip and Take: "draw 2 staff cards, choose 1 to keep, and return the other to the
    bottom of the staff deck"."""
    from core.clear_ward import KeepStaff

    state = apply_action(_flipped([S.PORTER, S.NURSE, S.LOCUM]), DrawStaff())
    assert state.phase is Phase.KEEP_STAFF
    keep = KeepStaff((S.PORTER,))
    assert keep in legal_actions(state)
    assert option_text(state, keep) == "keep the Porter, return the Nurse to the deck"
