"""The computer players of Clear the Ward and the hint, by what they must do in small
fixed positions (issue 19: what the mutation samples found unguarded)."""

from __future__ import annotations

from core.clear_ward import Direction, Move, StaffCard, from_layout
from core.clear_ward.bots import CARD_WORTH, FULL_WORTH_PATIENTS, hand_worth
from core.clear_ward.hint import hint
from tests.core.clear_ward.helpers import ward

S = StaffCard
SPECS = ("Car", "Res", "Gas", "Neu", "Ort", "Pae", "Psy")


def _crowded_ward(extra: int) -> str:
    """A ward with the Doctor on A1 and ``extra`` unique patients after it (4- and
    5-star ones face down, as dealt)."""
    tokens = [f"{'?' if n >= 4 else ''}{s}{n}" for n in (1, 2, 3, 4, 5) for s in SPECS][:extra]
    cells = ["@", *tokens] + ["."] * (36 - 1 - extra)
    return "\n".join(" ".join(cells[r * 6:(r + 1) * 6]) for r in range(6))


def test_a_held_card_is_worth_no_more_in_a_crowded_ward_than_its_full_worth():
    """docs/bots.md, greedy: the staff cards held are worth ``CARD_WORTH`` (Registrar
    2★, Nurse 1.5★), "less as the ward empties": a full worth from
    ``FULL_WORTH_PATIENTS`` patients on, never more however crowded the ward (a use must
    beat the card's worth, not a crowded-ward bonus); half of it with half as many."""
    hand = [[S.REGISTRAR, S.NURSE]]
    full = CARD_WORTH[S.REGISTRAR] + CARD_WORTH[S.NURSE]
    crowded = from_layout(_crowded_ward(30), 2, hands=hand)
    at_threshold = from_layout(_crowded_ward(FULL_WORTH_PATIENTS), 2, hands=hand)
    half = from_layout(_crowded_ward(FULL_WORTH_PATIENTS // 2), 2, hands=hand)
    assert crowded.patients_in_ward == 30 and at_threshold.patients_in_ward == FULL_WORTH_PATIENTS
    assert hand_worth(crowded, 0) == hand_worth(at_threshold, 0) == full
    assert hand_worth(half, 0) == full / 2
    assert hand_worth(crowded, 1) == 0.0  # an empty hand is worth nothing


def test_the_hint_names_what_a_move_treats_even_when_a_name_has_a_comma():
    """docs/bots.md, the hint key: "Move the Doctor up 1 to B4: treats 3 Psychiatry
    patients: +6 stars": what follows the move in the narration, whole. A player called
    "Lee, Jr" takes a victory card with the move, so the narration has a comma in the
    name too; the hint still says what the move treats, and the victory card."""
    state = from_layout(ward("@ Car1 . . . .", ". . . . . Res2"), ["Lee, Jr", "Ann"])
    found = hint(state, 0)
    assert found.action == Move(Direction.RIGHT, 1)
    assert found.reason.startswith(
        "Move the Doctor right 1 to B1: treats 1 Cardiology patient: +1 star; Lee, Jr takes the Cardiology victory card"
    )


def test_the_greedy_players_edge_is_its_stars_less_the_best_rivals():
    """The greedy player weighs a position by its lead: its stars (victory cards
    included) less the best rival's, so a rival's gain counts against it."""
    from core.clear_ward import from_layout
    from core.clear_ward.bots import edge
    from core.clear_ward.scoring import score
    from tests.core.clear_ward.helpers import CAR, GAS, RES, P, ward

    state = from_layout(ward("@ Res2"), ["Ann", "Bob", "Cy"],
                        log_books=[[P(CAR, 5)], [P(GAS, 4), P(GAS, 3)], [P(RES, 1)]],
                        victory=[0, 2, 1, None, None, None, None])
    assert edge(state, 0) == score(state, 0) - score(state, 1) == 8 - 10  # Bob: 7 + 3 (Gastroenterology)
    assert edge(state, 1) == score(state, 1) - score(state, 0) == 10 - 8
    solo = from_layout(ward("@ Res2"), ["Solo"], log_books=[[P(CAR, 5)]])
    assert edge(solo, 0) == score(solo, 0) == 5
