"""Speciality Victory Cards, scores and the winner (rulebook "Speciality Victory
Cards", "Scoring and Victory Conditions", FAQ)."""

import pytest

from core.clear_ward import (
    DecidedBy,
    Direction,
    Move,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    result,
    scores,
)
from core.clear_ward.treatment import victory_holder
from tests.core.clear_ward.helpers import CAR, GAS, NEU, ORT, PAE, RES, P, ward

RIGHT, DOWN = Direction.RIGHT, Direction.DOWN
CARD = CAR.index


def test_strict_majority_claims_the_victory_card_after_treating():
    state = from_layout(ward("@ Car1 . Res1", "", "Car2"), 2)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.victory[CARD] == 0


@pytest.mark.parametrize(
    "counts, holder, expected",
    [
        ([0, 0, 0], None, None),  # nobody has a patient
        ([2, 1, 0], None, 0),  # strict majority takes it
        ([2, 2, 0], None, None),  # tie and no holder: no one
        ([2, 2, 0], 1, 1),  # tie: the current holder keeps it
        ([2, 3, 0], 0, 1),  # changes hands (FAQ)
        ([1, 2, 2], 0, None),  # holder overtaken by a tie: back beside the ward
    ],
)
def test_victory_holder_rule(counts, holder, expected):
    assert victory_holder(counts, holder) == expected


def test_victory_card_changes_hands_when_another_player_gains_the_majority():
    """FAQ: "If another player gains the majority ... they take the card"."""
    books = [[P(CAR, 1)], []]
    state = from_layout(
        ward("@ Car2 . Res1", "", "", "", "", ". Car3"),
        2, log_books=books, victory=[0, None, None, None, None, None, None], current=1,
    )
    state = apply_action(state, Move(RIGHT, 1))  # seat 1 sweeps Car2 and Car3
    assert state.victory[CARD] == 1


def test_tie_keeps_the_card_with_the_holder():
    books = [[P(CAR, 1)], []]
    state = from_layout(
        ward("@ Car2 . Res1"), 2, log_books=books,
        victory=[0, None, None, None, None, None, None], current=1,
    )
    state = apply_action(state, Move(RIGHT, 1))  # seat 1 now also has 1 Cardiology
    assert state.victory[CARD] == 0


def test_locum_can_take_a_victory_card_away():
    books = [[], [P(CAR, 1)]]
    state = from_layout(
        ward("@ Res2"), 2, log_books=books, hands=[[StaffCard.LOCUM]],
        victory=[1, None, None, None, None, None, None],
    )
    state = apply_action(state, UseStaff(StaffCard.LOCUM, patient=P(CAR, 1)))
    assert state.victory[CARD] == 0


def test_the_ward_rounds_patients_change_hands_together():
    """Decision "Speciality Victory Cards": rechecked after every change to a log book; a
    Ward Round ("every other player gives you the lowest-star patient") is one change.
    Cy plays it: Dee gives Cardiology 1, Ann Psychiatry 1, Bob Cardiology 3.  Then Ann
    and Cy tie on 2 Cardiology and Dee, the holder, has 1: nobody holds it.  Checked
    gift by gift, Ann would have taken it from Dee in between and kept it on the tie."""
    from core.clear_ward import StaffCard, UseStaff, apply_action, from_layout
    from core.clear_ward.narration import describe
    from tests.core.clear_ward.helpers import PSY

    books = [[P(CAR, 5), P(CAR, 4), P(PSY, 1)], [P(CAR, 3)], [], [P(ORT, 3), P(CAR, 2), P(CAR, 1)]]
    victory = [3, None, None, None, 3, None, 0]  # Cardiology: Dee (tied with Ann); Psychiatry: Ann
    state = from_layout(ward("@ Res2"), ["Ann", "Bob", "Cy", "Dee"], hands=[[], [], [StaffCard.WARD_ROUND]],
                        log_books=books, current=2, victory=victory)
    use = UseStaff(StaffCard.WARD_ROUND)
    after = apply_action(state, use)
    assert after.victory == (None, None, None, None, 3, None, 2)
    assert describe(state, use, after) == (
        "Cy uses the Ward Round and receives Cardiology 1★, Psychiatry 1★, Cardiology 3★; "
        "Dee loses the Cardiology victory card; Cy takes the Psychiatry victory card from Ann."
    )


def test_score_is_stars_plus_three_per_victory_card():
    books = [[P(CAR, 3), P(CAR, 2)], [P(RES, 5)]]
    state = from_layout(ward("@ Gas1"), 2, log_books=books, victory=[0, 1, None, None, None, None, None])
    assert scores(state) == (5 + 3, 5 + 3)


def _final(books):
    """A 2-player game that seat 0 ends by treating the last patient, Psychiatry 1."""
    state = from_layout(ward("@ Psy1"), 2, log_books=books)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.end_reason is not None
    return result(state)


def test_most_stars_wins():
    final = _final([[], [P(GAS, 2)]])
    assert final.scores == (1 + 3, 2 + 3)
    assert final.winners == (1,) and final.decided_by is DecidedBy.STARS


def test_tie_on_stars_most_victory_cards_wins():
    final = _final([[P(CAR, 5), P(RES, 5)], [P(GAS, 2), P(NEU, 2), P(ORT, 2), P(PAE, 2)]])
    assert final.scores == (11 + 9, 8 + 12)
    assert final.winners == (1,) and final.decided_by is DecidedBy.VICTORY_CARDS


def test_then_most_patients_in_one_speciality_wins():
    final = _final([[P(CAR, 1), P(CAR, 2), P(RES, 5)], [P(GAS, 3), P(NEU, 3), P(ORT, 3)]])
    assert final.scores == (9 + 9, 9 + 9)
    assert final.winners == (0,) and final.decided_by is DecidedBy.SPECIALITY


def test_still_tied_the_victory_is_shared():
    final = _final([[P(RES, 5)], [P(GAS, 3), P(NEU, 3)]])
    assert final.scores == (12, 12)
    assert final.winners == (0, 1) and final.decided_by is DecidedBy.SHARED


def test_no_winner_before_the_end():
    state = from_layout(ward("@ Psy1 Car1"), 2)
    assert result(state).winners == () and result(state).decided_by is DecidedBy.NONE
