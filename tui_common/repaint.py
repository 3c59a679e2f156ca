"""Send only what changed: a partial screen update starts where the change starts.

When part of a widget changes (a cursor move repaints one or two spaces of the ward),
Textual sends the lines it touches from the *left edge of the widget* to the right end
of the change: ``ChopsUpdate.render_segments`` crops a line on the right only (its own
``__rich_console__`` crops both sides; the left crop is a "TODO" there). For the ward
at 160×50 that is the whole 69-column row, ~500 bytes a line, where the change is one
space of 12 columns.

``ChopsUpdate.render_segments`` below is Textual's, with the left crop added: the
segments of a line that end before the change starts are left out. It crops at segment
boundaries only, so no character is cut in half (a wide one neither) and every segment
is written with its own full style, as before. Installed once, by the kit's app module
(``install``); the terminal then shows exactly what it did (tested against a full
repaint in ``tests/tui/test_partial_repaint.py``), for fewer bytes
(Clear the Ward at 160×50: a median of 2,161 B a cursor move before, 780 B after;
docs/server.md, "Bytes per cursor move").
"""

from __future__ import annotations

from rich.console import Console
from rich.control import Control
from textual._compositor import ChopsUpdate
from textual.strip import Strip


def _left_of(strip: Strip, x: int, x1: int) -> int:
    """Cells at the start of ``strip`` (drawn from column ``x``) made of whole segments
    that end at or before column ``x1``."""
    skip = 0
    for segment in strip:
        width = segment.cell_length
        if x + skip + width > x1:
            break
        skip += width
    return skip


def render_segments(self: ChopsUpdate, console: Console) -> str:
    """``ChopsUpdate.render_segments`` (Textual 8.2), cropping each line's chops on
    both sides of the span that changed: raw terminal data (a ``str``)."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops = self.chops
    chop_ends = self.chop_ends
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                append(move_to(x, y).segment.text)
                append(strip.render(console))
                continue
            strip = strip.crop(0, min(end, x2) - x)
            if x < x1:
                skip = _left_of(strip, x, x1)
                if skip:
                    strip, x = strip.crop(skip), x + skip
            append(move_to(x, y).segment.text)
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def install() -> None:
    """Use ``render_segments`` for every partial update of this process's apps."""
    ChopsUpdate.render_segments = render_segments
