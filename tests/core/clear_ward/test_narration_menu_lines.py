"""Every kind of menu line (``option_text``) and every decision sentence
(``decision_text``), word for word: the menus, the plain text mode and the server all
read them, so a wrong word is a wrong rule shown to a player (rulebook "Using Staff
Cards", "Moving the Doctor", "Flip and Take Staff Card", "Solo Mode")."""

import pytest

from core.clear_ward import (
    DeclineStaff,
    Direction,
    DrawStaff,
    EndTurn,
    JuniorDoctorFlip,
    KeepStaff,
    Move,
    Phase,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    legal_actions,
)
from core.clear_ward.narration import decision_text, option_text
from tests.core.clear_ward.helpers import CAR, GAS, NEU, PAE, RES, P, c, ward

S = StaffCard
RIGHT, DOWN = Direction.RIGHT, Direction.DOWN
NAMES = ["Ann", "Bob", "Cy"]
NOBODY = [None] * 7


def _state(layout, hands=(), books=(), victory=NOBODY, deck=()):
    return from_layout(ward(*layout), NAMES, hands=hands, log_books=books, victory=victory, staff_deck=deck)


@pytest.mark.parametrize(
    "layout, hands, books, victory, action, line",
    [
        # Ward Round: "take the lowest-star patient from every other player" - each named
        # with the player it comes from, in seat order.
        (["@ Res2"], [[S.WARD_ROUND]], [[P(CAR, 5)], [P(RES, 1), P(GAS, 3)], [P(PAE, 2)]],
         [0, 1, 1, None, None, 2, None], UseStaff(S.WARD_ROUND),
         "use the Ward Round: receive Respiratory 1★ from Bob, Paediatrics 2★ from Cy"),
        # Locum: "take a 1-3 star patient from another player's log book".
        (["@ Res2"], [[S.LOCUM]], [[], [P(CAR, 3), P(GAS, 4)]], [1, None, 1, None, None, None, None],
         UseStaff(S.LOCUM, patient=P(CAR, 3)),
         "use the Locum: take Cardiology 3★ from Bob's log book"),
        (["@ Res2"], [[S.LOCUM]], [[], [], [P(NEU, 2)]], [None, None, None, 2, None, None, None],
         UseStaff(S.LOCUM, patient=P(NEU, 2)),
         "use the Locum: take Neurology 2★ from Cy's log book"),
        # Pharmacist: "treats two 1-star patients ... from anywhere on the ward", with the
        # victory cards won.
        (["@ Car2 Res1 Gas1"], [[S.PHARMACIST]], [], NOBODY, UseStaff(S.PHARMACIST, (c("C1"), c("D1"))),
         "use the Pharmacist on C1 and D1: treats Respiratory 1★, Gastroenterology 1★: +2 stars; "
         "Ann takes the Respiratory victory card; Ann takes the Gastroenterology victory card"),
        (["@ Res2 Car1"], [[S.PHARMACIST]], [[P(CAR, 2)], [P(CAR, 3)]], [1, None, None, None, None, None, None],
         UseStaff(S.PHARMACIST, (c("C1"),)),
         "use the Pharmacist on C1: treats 1 Cardiology patient: +1 star; "
         "Ann takes the Cardiology victory card from Bob"),
        (["@ Car1 Res1"], [[S.PORTER]], [], NOBODY, UseStaff(S.PORTER),
         "use the Porter: this turn the Doctor may reverse and stop on empty spaces"),
        (["@ ?Car5 ?Res4 Gas1"], [[S.JUNIOR_DOCTOR]], [], NOBODY, UseStaff(S.JUNIOR_DOCTOR, (c("B1"), c("C1"))),
         "use the Junior Doctor to look at B1 and C1"),
        (["@ ?Car5 Gas1"], [[S.JUNIOR_DOCTOR]], [], NOBODY, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)),
         "use the Junior Doctor to look at B1"),
    ],
    ids=["ward round", "locum", "locum from the third seat", "pharmacist, two specialities",
         "pharmacist, one patient", "porter", "junior doctor, two cards", "junior doctor, one card"],
)
def test_the_menu_line_of_each_staff_card_before_the_move(layout, hands, books, victory, action, line):
    state = _state(layout, hands, books, victory)
    assert action in legal_actions(state)
    assert option_text(state, action) == line


def test_the_menu_lines_of_the_staff_cards_played_after_the_move():
    """The Nurse treats a patient the Doctor passed; the Registrar moves the Doctor again."""
    state = apply_action(_state(["@ Car1 Res2 Gas3"], [[S.NURSE]]), Move(RIGHT, 3))
    assert option_text(state, UseStaff(S.NURSE, (c("C1"),))) == (
        "use the Nurse on C1: treats 1 Respiratory patient: +2 stars; Ann takes the Respiratory victory card"
    )
    state = apply_action(_state(["@ Car1 . Res2"], [[S.REGISTRAR]]), Move(RIGHT, 1))
    assert UseStaff(S.REGISTRAR) in legal_actions(state)
    assert option_text(state, UseStaff(S.REGISTRAR)) == "use the Registrar: the Doctor moves again"
    assert option_text(state, EndTurn()) == "end the turn"


def test_a_move_line_says_how_many_cards_the_nurse_could_treat_on_the_way():
    """Nurse: "treat a patient the Doctor passed this turn": with the Nurse in hand the
    move line counts the cards passed, in the singular for one."""
    state = _state(["@ Car1 Res2 Gas3"], [[S.NURSE]])
    assert option_text(state, Move(RIGHT, 1)) == (
        "move right 1 to B1, treats 1 Cardiology patient: +1 star; Ann takes the Cardiology victory card"
    )
    assert option_text(state, Move(RIGHT, 2)) == (
        "move right 2 to C1, treats 1 Respiratory patient: +2 stars; "
        "Ann takes the Respiratory victory card (passes 1 card)"
    )
    assert option_text(state, Move(RIGHT, 3)) == (
        "move right 3 to D1, treats 1 Gastroenterology patient: +3 stars; "
        "Ann takes the Gastroenterology victory card (passes 2 cards)"
    )
    without = _state(["@ Car1 Res2 Gas3"])
    assert option_text(without, Move(RIGHT, 3)).endswith("victory card")


def test_a_move_line_names_what_lies_on_the_space():
    """Moving onto a face-down card turns it over (no treatment); onto an empty space
    (Porter) treats nobody; onto a patient under observation treats nobody."""
    state = _state(["@ ?Res5 Car1"])
    assert option_text(state, Move(RIGHT, 1)) == "move right 1 to B1, a face-down patient: turn it over"
    state = apply_action(_state(["Car1 @ . Res2 Car3"], [[S.PORTER]]), UseStaff(S.PORTER))
    assert option_text(state, Move(RIGHT, 1)) == "move right 1 to C1, an empty space"
    state = _state(["@ ?Res5 Car1", "Gas1"], [[S.JUNIOR_DOCTOR]])
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)))
    state = apply_action(state, JuniorDoctorFlip(c("B1")))
    assert option_text(state, Move(RIGHT, 1)) == (
        "move right 1 to B1, Respiratory 5★ under observation: nobody is treated"
    )


def test_the_night_shift_forced_move_is_named_in_the_menu_and_the_decision():
    """Solo Mode: "if the Doctor has no legal move, it makes a forced move"."""
    state = from_layout(ward("@", "", ". . Car3"), ["Solo"])
    assert decision_text(state) == "no legal move: make the Night Shift forced move"
    assert option_text(state, Move(RIGHT, 2)) == "Night Shift forced move: move right 2 to C1, an empty space"
    state = apply_action(state, Move(RIGHT, 2))
    assert decision_text(state) == "move the Doctor"
    assert option_text(state, Move(DOWN, 2)) == "move down 2 to C3, treats 1 Cardiology patient: +3 stars"
    over = apply_action(state, Move(DOWN, 2))
    assert decision_text(over) == "nothing: the game is over (all patients have been treated or removed)"


def test_each_decision_sentence():
    """What the current player decides, phase by phase."""
    state = _state(["@ ?Res5 Car1"], [[S.PORTER]], deck=[S.LOCUM, S.NURSE])
    assert decision_text(state) == "move the Doctor, or use a staff card first"
    assert decision_text(_state(["@ ?Res5 Car1"])) == "move the Doctor"
    flipped = apply_action(state, Move(RIGHT, 1))
    assert flipped.phase is Phase.DRAW_DECISION
    assert decision_text(flipped) == "you turned a patient face up: draw 2 staff cards or not"
    assert option_text(flipped, DrawStaff()) == "draw 2 staff cards"
    assert option_text(flipped, DeclineStaff()) == "draw no staff cards"
    drawn = apply_action(flipped, DrawStaff())
    assert decision_text(drawn) == "you drew the Locum and the Nurse: choose the staff cards to keep"
    assert option_text(drawn, KeepStaff((S.PORTER, S.NURSE))) == (
        "keep the Porter and the Nurse, return the Locum to the deck"
    )
    after = _state(["@ Car1 Res1"], [[S.PHARMACIST]])
    after = apply_action(after, Move(RIGHT, 1))
    assert decision_text(after) == "use a staff card, or end the turn"
    looking = apply_action(_state(["@ ?Car5 ?Res4 Gas1"], [[S.JUNIOR_DOCTOR]]),
                           UseStaff(S.JUNIOR_DOCTOR, (c("B1"), c("C1"))))
    assert decision_text(looking) == "turn one of the patients you looked at face up, or none"
    assert option_text(looking, JuniorDoctorFlip(c("C1"))) == "turn over Respiratory 4★ on C1"
    assert option_text(looking, JuniorDoctorFlip(None)) == "turn no patient face up"
