"""A computer seat is said to be a computer once: "CPU (hard) is playing…", never
"CPU (hard) (computer) is playing…" (seen at a served table)."""

from __future__ import annotations

from clear_ward_tui.config import UNICODE
from clear_ward_tui.screens.status import instruction
from core.clear_ward import new_game
from tui_common.levels import computer_says


def test_a_computer_named_by_its_level_is_not_called_a_computer_twice():
    assert computer_says("CPU (hard)") == "CPU (hard)"
    assert computer_says("CPU (hard) 2") == "CPU (hard) 2"
    assert computer_says("Robo") == "Robo (computer)"


def test_clear_the_wards_status_line_says_computer_once():
    state = new_game(["Ann", "CPU (hard)"], seed=3)
    line = instruction(state, "CPU (hard)", cpu=True, forced=False, targeting=None, need=0,
                       can_staff=False, g=UNICODE)
    assert line == "[b]CPU (hard)[/b] is playing…"
    named = instruction(state, "Robo", cpu=True, forced=False, targeting=None, need=0,
                        can_staff=False, g=UNICODE)
    assert named == "[b]Robo[/b] (computer) is playing…"
