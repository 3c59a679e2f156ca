"""``preview(state, move)``: what a move would do, said before it is made, from what the
mover can see."""

from __future__ import annotations

import random

from core.clear_ward import Move, apply_action, legal_actions, new_game, preview
from core.clear_ward.movement import destination


def positions(seed: int, plies: int = 60):
    """States of a random two-player game, with every legal move of each."""
    rng = random.Random(seed)
    state = new_game(["Ann", "Bob"], seed=seed)
    for _ in range(plies):
        yield state, [a for a in legal_actions(state) if isinstance(a, Move)]
        if state.phase.name == "OVER":
            return
        state = apply_action(state, rng.choice(legal_actions(state)))


def test_a_treating_move_says_how_many_patients_and_stars_and_the_victory_card():
    """Rulebook "Treat Patients": "If the Doctor lands on a face-up patient card, the
    player treats that patient. Additionally, the player treats any other face-up
    patients of the same speciality ... After treating, check if you hold the majority
    of patients in a speciality to claim the corresponding Speciality Victory Card."
    The preview counts exactly what the move then adds to the log book."""
    seen_victory = False
    for seed in (1, 2, 3):
        for state, moves in positions(seed):
            for move in moves:
                dest, _ = destination(state, move)
                card = state.ward[dest]
                if card is None or not card.face_up:
                    continue
                after = apply_action(state, move)
                seat = state.current
                new = after.players[seat].log_book[len(state.players[seat].log_book):]
                said = preview(state, move, star="*")
                if not new:
                    assert "nobody is treated" in said
                    continue
                assert said.startswith(f"treats {len(new)} ")
                assert f": +{sum(p.stars for p in new)}*" in said
                for spec, old, now in zip(range(7), state.victory, after.victory):
                    if now == seat and old != seat:
                        assert "victory card" in said
                        seen_victory = True
    assert seen_victory


def test_a_face_down_destination_is_never_named():
    """Rulebook "Flip and Take Staff Card": "If the Doctor lands on a face-down card,
    flip it over to reveal the patient." Before the move nothing of it is known, so the
    preview does not name its speciality."""
    checked = 0
    for state, moves in positions(4):
        for move in moves:
            card = state.ward[destination(state, move)[0]]
            if card is not None and not card.face_up:
                said = preview(state, move)
                assert said == "turns a face-down patient face up (under observation)"
                assert card.patient.speciality.value not in said
                checked += 1
    assert checked


def test_only_moves_have_a_preview():
    state = new_game(["Ann", "Bob"], seed=5)
    assert all(preview(state, a) == "" for a in legal_actions(state) if not isinstance(a, Move))


def test_the_preview_names_the_speciality_in_full_unless_asked_for_short():
    """The issue's example, "treats 4 Gastroenterology: +10★; takes the Gastroenterology
    victory card": the full name by default, the three letters ("Gas") on request."""
    from core.clear_ward import from_layout
    from tests.core.clear_ward.helpers import ward

    state = from_layout(ward("@ Gas1 . Gas3", "Gas2"), ["Ann", "Bob"])
    move = Move(legal_actions(state)[0].direction, 1)
    assert preview(state, move) == "treats 3 Gastroenterology: +6★; takes the Gastroenterology victory card"
    assert preview(state, move, short=True) == "treats 3 Gas: +6★; takes the Gas victory card"
