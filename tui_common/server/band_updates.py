"""Textual's partial screen updates drawing only the rows that changed, in a server
process (issue 33: CPU per key).

A cursor move dirties a few lines of the board and the status line. Textual's compositor
then takes the box around every dirty region, and draws each widget whose *clip* (its
container's area: the whole screen for the screen's children) overlaps that box, every
line of it: the key bar, the header, the side panel and every container under them,
about ten widgets and 160 lines per move, of which it sends the five that changed.
``banded_updates()`` makes a partial update draw, for each run of changed rows, the
rows of that run only, and only the widgets that have a row there and reach the columns
that changed in it (the side panel beside a board's changed cells is not drawn). What
is sent is the same (the same rows, the same spans, each line made of the same widgets
front to back); full updates (a new screen, a resize, a screenshot) are Textual's own.

It changes Textual's ``Compositor`` for the whole process, once, and only when its
``render_partial_update`` is the one it was written for (Textual 8.2); otherwise it
changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region

#: Textual's own methods, kept for full updates and to tell whether it is installed.
ORIGINAL = {"render_partial_update": Compositor.render_partial_update,
            "_get_renders": Compositor._get_renders}
#: The Textual release whose compositor this was read from.
WRITTEN_FOR = "8.2"


def row_runs(rows: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Runs of consecutive ``rows`` as ``(top, bottom)``, bottom exclusive, top to
    bottom: ``[4, 5, 6, 18, 19]`` gives ``(4, 7), (18, 20)``."""
    top = bottom = None
    for y in sorted(set(rows)):
        if bottom is not None and y == bottom:
            bottom += 1
            continue
        if top is not None:
            yield top, bottom
        top, bottom = y, y + 1
    if top is not None:
        yield top, bottom


def _banded_renders(self: Compositor, crop: Region | None = None):
    """``Compositor._get_renders`` for a band of rows: ``crop``'s rows, and the widgets
    that reach its columns (``crop.x`` to ``crop.right``, the last one included),
    each drawn in those rows only but its whole width (Textual's draws every line of
    every widget whose clip meets ``crop``). A widget's lines are the whole width it
    has on the screen, so the cuts each line is divided at are Textual's own; the
    chops of the widgets left out stay empty, and lie outside every span sent."""
    if crop is None:
        yield from ORIGINAL["_get_renders"](self, crop)
        return
    left, right = crop.x, crop.right
    band = Region(0, crop.y, self.size.width, crop.height)
    intersection = Region.intersection
    for widget, (region, clip) in self.visible_widgets.items():
        clip = intersection(clip, band)
        x, y, width, height = intersection(region, clip)
        if width and height and x < right and x + width > left:
            yield region, clip, widget.render_lines(Region(x - region.x, y - region.y, width, height))


def _banded_partial_update(self: Compositor) -> ChopsUpdate | None:
    """``Compositor.render_partial_update`` drawing each run of dirty rows as one band
    the screen wide: the same spans and chops for those rows as Textual's."""
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    width, height = self.size
    spans = list(self._regions_to_spans(update_regions))
    rows = {y for y, _, _ in spans if 0 <= y < height}
    is_rendered_line = rows.__contains__
    chops = None
    for top, bottom in row_runs(rows):
        # The band's columns: from its spans' first to its spans' last, that one
        # included (a chop that starts where a span ends is still visited when sent).
        left = min(x1 for y, x1, _ in spans if top <= y < bottom)
        right = max(x2 for y, _, x2 in spans if top <= y < bottom) + 1
        band = self._render_chops(Region(left, top, right - left, bottom - top), is_rendered_line)
        if chops is None:
            chops = band
        else:
            chops[top:bottom] = band[top:bottom]
    if chops is None:
        return None
    return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in self.cuts])


def banded_updates() -> bool:
    """Make partial updates draw only the rows that changed, for the whole process; True
    if they now do (False: a Textual whose compositor is not the one this was written for)."""
    import textual

    if Compositor.render_partial_update is _banded_partial_update:
        return True
    if not textual.__version__.startswith(WRITTEN_FOR + "."):
        return False
    Compositor._get_renders = _banded_renders
    Compositor.render_partial_update = _banded_partial_update
    return True


__all__ = ["banded_updates", "row_runs"]
