"""The event log both games show: one plain sentence per action, newest at the bottom;
``L`` opens the whole log to scroll back through (``LogScreen``).

Both wrap at word boundaries in the width they have and lose nothing: a ``RichLog``
renders each line once at the width it had then (at least its ``min_width``, 78 by
default, which cut the ends of lines off in a narrower window), so these logs render
at their own width and render again when that width changes (``EventLog.on_resize``)."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog


class EventLog(RichLog):
    """A wrapping, plain-text log that remembers its sentences (tests read them).
    ``focusable=False`` leaves the arrow keys to the game screen."""

    DEFAULT_CSS = """
    EventLog { height: 1fr; border-top: solid $primary; background: $surface; }
    """

    def __init__(self, *, id: str | None = None, focusable: bool = True, numbered: bool = False) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=1, id=id)
        self.sentences: list[str] = []
        self.can_focus = focusable
        self.numbered = numbered
        self._wrapped_at = 0

    def _line(self, index: int) -> str:
        sentence = self.sentences[index]
        return f"{index + 1:>3}. {sentence}" if self.numbered else sentence

    def add(self, sentence: str) -> None:
        self.sentences.append(sentence)
        self.write(self._line(len(self.sentences) - 1))

    def on_resize(self, event) -> None:
        """Wrap every sentence again at a new width (a RichLog keeps each line as first
        wrapped): nothing is cut off at the right edge. The first sizing is the
        RichLog's own (it renders what was written before it had a size). The game's
        log (not focusable: nobody scrolls it) keeps its newest line in view."""
        width = self.scrollable_content_region.width
        if self._size_known and width != self._wrapped_at and self.sentences:
            self.clear()
            last = len(self.sentences) - 1
            for index in range(last + 1):
                self.write(self._line(index), scroll_end=index == last)
        self._wrapped_at = width
        if not self.can_focus:
            self.call_after_refresh(self.scroll_end, animate=False)

    def replace(self, sentences: list[str]) -> None:
        """Show exactly ``sentences`` (the replay viewer rebuilds the log on each step)."""
        self.clear()
        self.sentences = []
        for sentence in sentences:
            self.add(sentence)


class LogScreen(ModalScreen[None]):
    """The whole event log, scrolled back with ↑ ↓ PgUp PgDn Home End; Esc, q or L closes."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)
    BINDINGS = [
        Binding("escape,q,L", "dismiss", "Close", id="log.close"),
        Binding("home,g", "scroll('home')", "First", key_display="Home", id="log.home"),
        Binding("end,G", "scroll('end')", "Last", key_display="End", id="log.end"),
    ]
    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > #log-view { width: 100%; height: 100%; border: thick $primary; background: $surface;
                            padding: 0 1; }
    App.-ascii LogScreen > #log-view { border: ascii $primary; }
    """

    def __init__(self, sentences: list[str]) -> None:
        super().__init__()
        self.sentences = list(sentences)

    def compose(self):
        log = EventLog(id="log-view", numbered=True)
        from tui_common.plain.text import counted

        entries = counted(len(self.sentences), "entry", "entries")
        log.border_title = f"Event log: {entries} (↑ ↓ PgUp PgDn Home End; Esc closes)"
        yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        for sentence in self.sentences:
            log.add(sentence)
        log.focus()

    def action_scroll(self, where: str) -> None:
        log = self.query_one(EventLog)
        (log.scroll_home if where == "home" else log.scroll_end)(animate=False)


class EventLogKey:
    """Mixin of a game screen: ``L`` shows the whole event log (``#log``) to scroll back."""

    def action_event_log(self) -> None:
        log = self.query_one(EventLog)
        self.app.go(self, "push", lambda: LogScreen(log.sentences))
