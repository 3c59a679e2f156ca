"""Whatever is typed, the plain text mode answers in words and never stops with a
traceback: seeded games fed a mix of numbers, commands, half-words and junk (escape
sequences, tabs, very long lines) end cleanly with exit status 0."""

from __future__ import annotations

import random

import pytest

from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import main as clear_ward_main
from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main

from .helpers import only_words, play

TYPED = [
    "0", "-1", "99", "", "board", "board 2", "board main", "board 0", "look B2", "look a1 1", "look", "status",
    "hand", "log", "log 3", "time", "rules", "rules 2", "rules staff", "help", "help look", "list", "undo",
    "save", "save x", "yes", "no", "move", "move right", "hire", "build garden", "done", "end", "keep", "draw",
    "use", "select build", "take", "park", "remove", "?", "EOF", "\t", "x" * 300, "\x1b[A", "1.", " 2 ",
]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("game", ["clear-ward", "clinic"])
def test_random_lines_are_always_answered_in_words(tmp_path, game, seed):
    rng = random.Random(seed)
    options, main = (clear_ward_options, clear_ward_main) if game == "clear-ward" else (clinic_options, clinic_main)
    players = ["Ann", "Ann,Bob", "Ann,cpu:random", "Ann,Bob,cpu:random"][seed]
    count = [0]

    def answer(prompt, said):
        count[0] += 1
        if count[0] > 150:
            return None
        return rng.choice(TYPED) if rng.random() < 0.4 else str(rng.randint(1, 3))

    status, out, stdin = play(main, options(["--plain", "--players", players, "--seed", str(seed),
                                             "--data-dir", str(tmp_path)]), answer)
    assert status == 0
    only_words(out)
    assert "Traceback" not in out and "unexpected error" not in out
