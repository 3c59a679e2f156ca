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
renders in a thread (showing the first screenful as soon as it is rendered), and plays
the scroll keys typed meanwhile once its whole text is there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from threading import Lock

from rich.segment import Segment
from textual.binding import Binding
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


def _assemble(text: str, width: int, render: bool, start: Callable[[list[Strip]], None] | None = None,
              start_lines: int = 0) -> tuple[list[Strip], Headings] | None:
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
        if start is not None and len(lines) >= start_lines:
            start(list(lines))
            start = None
    return lines, headings


def render_markdown(text: str, width: int, *, start: Callable[[list[Strip]], None] | None = None,
                    start_lines: int = 0) -> tuple[list[Strip], Headings]:
    """``text`` rendered by Rich at ``width`` columns (at least ``MIN_WIDTH``): its lines,
    and its headings as (level, heading, first line). Safe in a thread; each section's
    lines are kept (``_CACHE``), so a text rendered before costs nothing. ``start`` is
    called once with the first lines, as soon as there are ``start_lines`` of them
    (a screenful to show while the rest renders; not called for a text shorter)."""
    return _assemble(text, max(MIN_WIDTH, width), render=True, start=start, start_lines=start_lines)


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

    def on_mount(self) -> None:
        early = getattr(self.screen, "scrolls_before_text", None)
        if early:  # scroll keys pressed while the screen was opening (scroll_text)
            self._waiting.extend(early)
            early.clear()

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

        app = self.app

        def start(lines: list[Strip]) -> None:  # in the thread: the first screenful, at once
            try:
                app.call_from_thread(self._show_start, width, lines)
            except RuntimeError:  # the app closed meanwhile
                pass

        render = partial(render_markdown, self.text, width, start=start,
                         start_lines=self.scrollable_content_region.height)
        run_in_thread(self, "markdown", render, partial(self._show, width))

    def _show_start(self, width: int, lines: list[Strip]) -> None:
        """The first screenful of the text, while the rest renders (not scrolled yet:
        the scroll keys wait for the whole text)."""
        if not self.ready and width == self._width:
            self.lines = lines
            self.refresh()

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
            self._play_waiting()
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

    def _play_waiting(self) -> None:
        """The scroll keys pressed (before the text was ready: all of them), at once."""
        waiting, self._waiting = self._waiting, []
        if not waiting:
            return
        page = max(1, self.scrollable_content_region.height)
        last = max(0, len(self.lines) - page)
        y = round(self.scroll_y)
        for action in waiting:
            y = {"scroll_up": y - 1, "scroll_down": y + 1, "page_up": y - page, "page_down": y + page,
                 "scroll_home": 0, "scroll_end": last}.get(action, y)
            y = min(max(0, y), last)
        self.scroll_to(y=y, animate=False, immediate=True)

    def scroll_or_wait(self, action: str) -> None:
        """Run the scroll ``action`` ("page_down"...) now, or once the text is ready.
        Not animated: each key moves the text by its whole step, however fast they
        come (an animated scroll starts the next step from where the last one is yet)."""
        self._waiting.append(action)
        if self.ready:
            self._play_waiting()

    def action_scroll_up(self) -> None:
        self.scroll_or_wait("scroll_up")

    def action_scroll_down(self) -> None:
        self.scroll_or_wait("scroll_down")

    def action_scroll_home(self) -> None:
        self.scroll_or_wait("scroll_home")

    def action_scroll_end(self) -> None:
        self.scroll_or_wait("scroll_end")

    def action_page_up(self) -> None:
        self.scroll_or_wait("page_up")

    def action_page_down(self) -> None:
        self.scroll_or_wait("page_down")

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if not self.ready and not self.lines:
            line = Strip([Segment(self.loading_line if y == 0 else "")])
            return line.crop_extend(0, width, self.rich_style)
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)


#: The scroll keys of a text and their actions (as ``ScrollableContainer``'s).
SCROLL_KEYS = (("up", "scroll_up"), ("down", "scroll_down"), ("home", "scroll_home"),
               ("end", "scroll_end"), ("pageup", "page_up"), ("pagedown", "page_down"))


#: A screen's bindings for the scroll keys of its ``MarkdownText`` (``scroll_text``).
SCROLL_BINDINGS = [Binding(key, f"scroll_text('{action}')", show=False, id=f"text.{action}")
                   for key, action in SCROLL_KEYS]


def scroll_text(screen, action: str) -> None:
    """The scroll ``action`` of a key bound on ``screen`` (``SCROLL_BINDINGS``), for its
    ``MarkdownText``: so the scroll keys reach the text even when pressed while the
    screen opens, before the text has the focus or is even made (a burst: r then PgDn
    PgDn); they are played once the text is there. Once it has the focus, the text's
    own bindings take them."""
    found = screen.query(MarkdownText)
    if found:
        found.first().scroll_or_wait(action)
    else:  # not made yet: MarkdownText.on_mount takes them
        if "scrolls_before_text" not in screen.__dict__:
            screen.scrolls_before_text = []
        screen.scrolls_before_text.append(action)
