"""The plain text mode with The 911th Extension: ``board ed`` says the emergency
department in sentences, ``board main`` adds the waiting area, and a game with random
answers and commands ends cleanly in words."""

from __future__ import annotations

import random

from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main

from .helpers import only_words, play
from .fuzz import TYPED


def test_board_ed_and_board_main_say_the_emergency_department(tmp_path):
    asked = []

    def answer(prompt, said):
        asked.append(said)
        if len(asked) == 1:
            return "board ed"
        if len(asked) == 2:
            return "board main"
        if len(asked) == 3:
            return "status"
        return None

    status, out, _ = play(clinic_main, clinic_options(["--plain", "--players", "Ann", "--seed", "2", "--expansions",
                                                       "emergency", "--data-dir", str(tmp_path)]), answer)
    assert status == 0
    only_words(out)
    assert "Ann's emergency department, 4 columns A to D by 2 rows, funds $10:" in out
    assert "Emergency queue 1p/2p, spaces 1 to 4 (4 is admitted first)" in out
    assert "Emergency Residency: space 1 $3" in out
    assert "Ann: popularity 0, $" in out and ", ED funds $10, time spent 0," in out  # status


def test_random_lines_in_a_game_with_the_ed_are_answered_in_words(tmp_path):
    rng = random.Random(5)
    count = [0]

    def answer(prompt, said):
        count[0] += 1
        if count[0] > 150:
            return None
        return rng.choice([*TYPED, "board ed"]) if rng.random() < 0.3 else str(rng.randint(1, 3))

    status, out, _ = play(clinic_main, clinic_options(["--plain", "--players", "Ann,cpu:random", "--seed", "5",
                                                       "--expansions", "emergency", "--data-dir", str(tmp_path)]),
                          answer)
    assert status == 0
    only_words(out)
    assert "Traceback" not in out and "unexpected error" not in out
