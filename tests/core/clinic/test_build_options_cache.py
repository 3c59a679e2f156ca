"""``legal_builds`` keeps its answer for a board while the board lives (the same board
is asked many times a game: build menus, computer players, legal_actions)."""

from __future__ import annotations

from core.clinic import Colour, beginner_initial_board
from core.clinic.build_options import legal_builds


def test_the_same_board_gets_the_same_answer_object():
    board = beginner_initial_board(Colour.WHITE)
    first = legal_builds(board)
    assert legal_builds(board) is first
    assert legal_builds(beginner_initial_board(Colour.WHITE)) == first
