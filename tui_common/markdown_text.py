"""``MarkdownText``: a long Markdown text (the rules) drawn from lines rendered once.

Textual's ``MarkdownViewer`` builds a widget for every paragraph, list item and table
cell: the Clinic rules (20 kB) took 3 to 12 seconds to open, with no sign meanwhile and
the keys typed then lost (issue 30). Here Rich renders the text to lines in a thread
(``render_markdown``, about 0.2 s for the Clinic rules), a loading line shows until
they are ready, and the lines are kept for each text and width (``_CACHE``): opening
the text again at the same width is instant. The headings and the line each starts on
come with the lines, for a table of contents.
"""

from __future__ import annotations

import re
from functools import partial
from threading import Lock

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: (text, width) -> (lines, headings); a few texts at a few widths.
_CACHE: dict[tuple[str, int], tuple[list[Strip], list[tuple[int, str, int]]]] = {}
_CACHE_LOCK = Lock()
_CACHE_SIZE = 16

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def sections(text: str) -> list[tuple[int, str, str]]:
    """``text`` cut before each heading (outside code blocks): (level, heading, part);
    the part before the first heading has level 0 and heading ""."""
    out: list[tuple[int, str, list[str]]] = [(0, "", [])]
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        found = None if fenced else _HEADING.match(line)
        if found:
            out.append((len(found[1]), found[2], []))
        out[-1][2].append(line)
    return [(level, head, "\n".join(lines)) for level, head, lines in out if lines or head]


def render_markdown(text: str, width: int) -> tuple[list[Strip], list[tuple[int, str, int]]]:
    """``text`` rendered by Rich at ``width`` columns (at least 10): its lines, and its
    headings as (level, heading, first line). Safe in a thread; cached."""
    width = max(10, width)
    key = (text, width)
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    console = Console(width=width, color_system="truecolor", force_terminal=True, legacy_windows=False,
                      emoji=False, highlight=False)
    options = console.options.update_width(width)
    lines: list[Strip] = []
    headings: list[tuple[int, str, int]] = []
    for level, head, part in sections(text):
        if head:
            headings.append((level, head, len(lines)))
        for segments in console.render_lines(Markdown(part), options, pad=False):
            lines.append(Strip(Segment.simplify(segments)).simplify())
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = (lines, headings)
    return lines, headings


class MarkdownText(ScrollView, can_focus=True):
    """The Markdown ``text``, scrolled with ↑ ↓ PgUp PgDn Home End. Until its lines are
    rendered (in a thread) it shows ``loading``; rendered again when its width changes.
    ``headings`` lists (level, heading, line) once ready; ``Ready`` is posted then."""

    DEFAULT_CSS = """
    MarkdownText { height: 1fr; }
    """

    class Ready(Message):
        """The text is drawn (its lines and headings are known)."""

    def __init__(self, text: str, *, loading: str = "Opening…", id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = text
        self.loading_line = loading
        self.lines: list[Strip] = []
        self.headings: list[tuple[int, str, int]] = []
        self.ready = False
        self._width = 0

    def on_resize(self, event) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self._render_at(width)

    def _render_at(self, width: int) -> None:
        with _CACHE_LOCK:
            cached = _CACHE.get((self.text, max(10, width)))
        if cached is not None:
            self._show(width, cached)
            return
        from tui_common.hint import run_in_thread

        run_in_thread(self, "markdown", partial(render_markdown, self.text, width), partial(self._show, width))

    def _show(self, width: int, rendered) -> None:
        if isinstance(rendered, Exception) or width != self._width:
            if isinstance(rendered, Exception):
                self.lines = [Strip([Segment(f"The text could not be shown ({type(rendered).__name__}).")])]
                self.refresh()
            return
        section = self._section_at_top()
        self.lines, self.headings = rendered
        self.virtual_size = Size(width, len(self.lines))
        if section is not None:  # the section that was at the top stays there
            self.scroll_to_heading(section)
        first = not self.ready
        self.ready = True
        self.refresh()
        if first:
            self.post_message(self.Ready())

    def _section_at_top(self) -> int | None:
        """The index of the last heading at or above the top line (None: none yet)."""
        if not self.ready:
            return None
        above = [i for i, (_, _, line) in enumerate(self.headings) if line <= self.scroll_y]
        return above[-1] if above else None

    def scroll_to_heading(self, index: int) -> None:
        """Scroll so that heading ``index`` (of ``headings``) is the top line."""
        if 0 <= index < len(self.headings):
            self.scroll_to(y=self.headings[index][2], animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if not self.ready:
            line = Strip([Segment(self.loading_line if y == 0 else "")])
            return line.crop_extend(0, width, self.rich_style)
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)
