"""Clear the Ward's game over names the winner "Top Doc", the rulebook's title
("Only one of you can be named Top Doc"), on the end screen and in plain mode (issue 30)."""

from __future__ import annotations

import random

from clear_ward_tui.screens.game_over import summary_markup
from core.clear_ward import apply_action, is_over, legal_actions, new_game, result
from core.clear_ward.narration import top_doc_line
from core.clear_ward.scoring import DecidedBy, GameResult


def test_the_winner_is_named_top_doc_with_what_decided_it():
    res = GameResult((30, 41, 12), (1,), DecidedBy.STARS)
    assert top_doc_line(res, ["Ann", "Bob", "Cy"]) == "Top Doc: Bob wins (most stars)"
    res = GameResult((30, 30), (0,), DecidedBy.VICTORY_CARDS)
    assert top_doc_line(res, ["Ann", "Bob"]) == (
        "Top Doc: Ann wins (tie on stars: most Speciality Victory Cards)")


def test_a_shared_victory_names_every_winner_top_doc():
    res = GameResult((30, 30, 12), (0, 1), DecidedBy.SHARED)
    assert top_doc_line(res, ["Ann", "Bob", "Cy"]) == "Shared victory: Ann and Bob are both Top Doc"


def test_the_end_screen_names_the_top_doc():
    rng = random.Random(3)
    state = new_game(["Ann", "Bob"], 7)
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
    res = result(state)
    winner = ["Ann", "Bob"][res.winners[0]]
    text = summary_markup(state, ["Ann", "Bob"], 7, None, "★")
    assert f"[b]Top Doc: {winner} wins[/b] ({res.decided_by.value})" in text.splitlines()
