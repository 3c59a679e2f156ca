"""``MarkdownText``: a long Markdown text (the rules, the help) drawn from lines rendered
once.

Textual's ``Markdown`` widget builds a widget for every paragraph, list item and table
cell: the Clinic rules (20 kB) took 3 to 12 seconds to open, the help 1 to 2 seconds,
with the keys typed meanwhile lost (issue 30). Here Rich renders the text to lines
(``render_markdown``: about 0.3 s for the Clinic rules, 0.06 s for a help text), and
the lines are kept for each section (the text between two headings) and width
(``_CACHE``): a text whose sections are all kept is drawn at once, and help texts that
share sections (Clinic's, one per phase) render only the part that differs.
``prepare`` renders texts ahead, in a thread, so the first opening is instant too
(``TableApp.prepare_texts``). A widget whose lines are not ready shows a loading line,
renders in a thread, and plays the scroll keys typed meanwhile once its text is there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import partial
from threading import Lock

from rich.segment import Segment
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: (section, width) -> its lines; the most recently used last.
_CACHE: dict[tuple[str, int], list[Strip]] = {}
_CACHE_LOCK = Lock()
#: Sections kept (the Clinic rules have about 20, a help text 5).
_CACHE_SIZE = 400
#: The narrowest width a text is rendered at.
MIN_WIDTH = 10

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")

#: (level, heading, first line) of each heading of a rendered text.
Headings = list[tuple[int, str, int]]


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


def _render_section(part: str, width: int) -> list[Strip]:
    """The lines of one section at ``width`` columns (Rich; safe in a thread)."""
    from rich.console import Console
    from rich.markdown import Markdown  # imported on first use: markdown-it is large

    console = Console(width=width, color_system="truecolor", force_terminal=True, legacy_windows=False,
                      emoji=False, highlight=False)
    options = console.options.update_width(width)
    return [Strip(Segment.simplify(segments)).simplify()
            for segments in console.render_lines(Markdown(part), options, pad=False)]


def _kept(part: str, width: int) -> list[Strip] | None:
    with _CACHE_LOCK:
        lines = _CACHE.pop((part, width), None)
        if lines is not None:
            _CACHE[part, width] = lines  # used last: evicted last
        return lines


def _keep(part: str, width: int, lines: list[Strip]) -> None:
    with _CACHE_LOCK:
        _CACHE[part, width] = lines
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))


def _assemble(text: str, width: int, render: bool) -> tuple[list[Strip], Headings] | None:
    lines: list[Strip] = []
    headings: Headings = []
    for level, head, part in sections(text):
        if head:
            headings.append((level, head, len(lines)))
        kept = _kept(part, width)
        if kept is None:
            if not render:
                return None
            kept = _render_section(part, width)
            _keep(part, width, kept)
        lines.extend(kept)
    return lines, headings


def render_markdown(text: str, width: int) -> tuple[list[Strip], Headings]:
    """``text`` rendered by Rich at ``width`` columns (at least ``MIN_WIDTH``): its lines,
    and its headings as (level, heading, first line). Safe in a thread; each section's
    lines are kept (``_CACHE``), so a text rendered before costs nothing."""
    return _assemble(text, max(MIN_WIDTH, width), render=True)


def rendered(text: str, width: int) -> tuple[list[Strip], Headings] | None:
    """``render_markdown(text, width)`` if every section of it is kept, else None
    (nothing is rendered: cheap enough for the app's thread)."""
    return _assemble(text, max(MIN_WIDTH, width), render=False)


def prepare(texts: Iterable[tuple[str, int]]) -> None:
    """Render each (text, width) not rendered yet, so that it opens at once later.
    Meant for a thread; errors are left to the caller."""
    for text, width in texts:
        if width > 0:
            render_markdown(text, width)


class MarkdownText(ScrollView, can_focus=True):
    """The Markdown ``text``, scrolled with ↑ ↓ PgUp PgDn Home End. Until its lines are
    rendered (in a thread, unless kept from before) it shows ``loading`` and keeps the
    scroll keys pressed, played once the text is there; rendered again when its width
    changes. ``headings`` lists (level, heading, line) once ready; ``Ready`` is posted
    then. The vertical scroll bar is always there, so the width of the text does not
    change once it is drawn."""

    DEFAULT_CSS = """
    MarkdownText { height: 1fr; overflow-y: scroll; overflow-x: hidden; }
    """

    class Ready(Message):
        """The text is drawn (its lines and headings are known)."""

    def __init__(self, text: str, *, loading: str = "Opening…", id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = text
        self.loading_line = loading
        self.lines: list[Strip] = []
        self.headings: Headings = []
        self.ready = False
        self._width = 0
        self._waiting: list[str] = []  # scroll actions pressed before the text was ready

    @property
    def source(self) -> str:
        """The Markdown shown (as Textual's ``Markdown.source``)."""
        return self.text

    def on_resize(self, event) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self._render_at(width)

    def _render_at(self, width: int) -> None:
        done = rendered(self.text, width)
        if done is not None:
            self._show(width, done)
            return
        from tui_common.hint import run_in_thread

        run_in_thread(self, "markdown", partial(render_markdown, self.text, width), partial(self._show, width))

    def _show(self, width: int, result) -> None:
        if isinstance(result, Exception):
            self.lines = [Strip([Segment(f"The text could not be shown ({type(result).__name__}).")])]
            self.refresh()
            return
        if width != self._width:  # resized meanwhile: the lines for the new width come
            return
        section = self._section_at_top()
        self.lines, self.headings = result
        self.virtual_size = Size(width, len(self.lines))
        if section is not None:  # the section that was at the top stays there
            self.scroll_to_heading(section)
        first = not self.ready
        self.ready = True
        self.refresh()
        if first:
            waiting, self._waiting = self._waiting, []
            for action in waiting:
                getattr(super(), f"action_{action}")()
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

    def _scroll_or_wait(self, action: str) -> None:
        if self.ready:
            getattr(super(), f"action_{action}")()
        else:
            self._waiting.append(action)

    def action_scroll_up(self) -> None:
        self._scroll_or_wait("scroll_up")

    def action_scroll_down(self) -> None:
        self._scroll_or_wait("scroll_down")

    def action_scroll_home(self) -> None:
        self._scroll_or_wait("scroll_home")

    def action_scroll_end(self) -> None:
        self._scroll_or_wait("scroll_end")

    def action_page_up(self) -> None:
        self._scroll_or_wait("page_up")

    def action_page_down(self) -> None:
        self._scroll_or_wait("page_down")

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
