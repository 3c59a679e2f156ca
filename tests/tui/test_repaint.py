"""``tui_common.repaint``: a partial update starts where the change starts, at a
segment's edge, so no character is cut and the terminal shows what a full repaint
shows (the apps' cursor moves are checked that way in ``test_partial_repaint.py``)."""

from __future__ import annotations

import pyte
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from tui_common import repaint

LINE = Strip([Segment("ab"), Segment("漢"), Segment("cd"), Segment("ef")])  # cells 0-1, 2-3, 4-5, 6-7


def update(x1: int, x2: int) -> str:
    chops = ChopsUpdate([{0: LINE}], [(0, x1, x2)], [[8]])
    return repaint.render_segments(chops, Console(width=20, color_system=None, legacy_windows=False))


def test_the_segments_left_of_the_change_are_not_sent():
    sent = update(4, 6)
    assert sent == Control.move_to(4, 0).segment.text + "cd"


def test_a_change_starting_inside_a_wide_character_sends_the_whole_character():
    sent = update(3, 6)
    assert sent == Control.move_to(2, 0).segment.text + "漢cd"


def test_a_change_from_the_left_edge_sends_the_line_up_to_its_end():
    assert update(0, 8) == Control.move_to(0, 0).segment.text + "ab漢cdef"


def test_the_terminal_shows_the_new_line_whole():
    screen = pyte.Screen(10, 1)
    stream = pyte.Stream(screen)
    stream.feed("ab漢XXYY")
    stream.feed(update(4, 6))
    assert screen.display[0].startswith("ab漢cdYY")


def test_the_kit_s_apps_use_it():
    import tui_common.app  # noqa: F401 - installs it

    assert ChopsUpdate.render_segments is repaint.render_segments
