"""Clinic's words on screen (issue #30, round three): the Move line says what the
triage number is."""

from __future__ import annotations

from types import SimpleNamespace

from clinic_tui.screens.status import instruction
from core.clinic.game import Phase


def _move_line(raw: int, triage: bool) -> str:
    screen = SimpleNamespace(
        state=SimpleNamespace(phase=Phase.MOVE), own_view=True,
        clinic_board=SimpleNamespace(placement=None, moving=None),
        clinic=SimpleNamespace(move_time=raw, board=SimpleNamespace(has_triage=triage)),
    )
    return instruction(screen)


def test_the_move_line_says_the_time_after_triage():
    assert _move_line(5, True).startswith("Move, time 5 (2 after triage): ")
    assert _move_line(5, False).startswith("Move, time 5: ")
    assert "(triage: " not in _move_line(5, True)


def test_the_event_log_counts_one_entry():
    from tui_common.event_log import LogScreen

    log = next(iter(LogScreen(["Ann builds a garden."]).compose()))
    assert log.border_title.startswith("Event log: 1 entry (")
    log = next(iter(LogScreen(["a.", "b."]).compose()))
    assert log.border_title.startswith("Event log: 2 entries (")


def test_a_person_with_one_place_to_go_says_1_place():
    import inspect

    from clinic_tui.screens import menus

    source = inspect.getsource(menus)
    assert "places)" not in source, "a count of places is said with counted(), never a bare 'places'"


def test_the_player_table_names_a_computer_seat_without_cutting_its_bracket():
    """At 80×24 the main board's player table has 8 columns for a name: a computer seat
    reads "CPU med" / "CPU hard", never "CPU (me" (issue 30, words)."""
    from tui_common.cli import short_name

    assert short_name("CPU (medium)", 8) == "CPU med"
    assert short_name("CPU (hard)", 8) == "CPU hard"
    assert short_name("CPU (easy)", 8) == "CPU easy"
    assert short_name("Ann", 8) == "Ann"
    assert short_name("Bartholomew", 8) == "Bartholo"
