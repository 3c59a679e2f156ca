"""The event log both games show: one plain sentence per action, newest at the bottom;
``L`` opens the whole log to scroll back through (``LogScreen``)."""

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

    def __init__(self, *, id: str | None = None, focusable: bool = True) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, id=id)
        self.sentences: list[str] = []
        self.can_focus = focusable

    def add(self, sentence: str) -> None:
        self.sentences.append(sentence)
        self.write(sentence)

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
        log = RichLog(wrap=True, markup=False, highlight=False, id="log-view")
        from tui_common.plain.text import counted

        entries = counted(len(self.sentences), "entry", "entries")
        log.border_title = f"Event log: {entries} (↑ ↓ PgUp PgDn Home End; Esc closes)"
        yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for number, sentence in enumerate(self.sentences, 1):
            log.write(f"{number:>3}. {sentence}")
        log.focus()

    def action_scroll(self, where: str) -> None:
        log = self.query_one(RichLog)
        (log.scroll_home if where == "home" else log.scroll_end)(animate=False)


class EventLogKey:
    """Mixin of a game screen: ``L`` shows the whole event log (``#log``) to scroll back."""

    def action_event_log(self) -> None:
        log = self.query_one(EventLog)
        self.app.go(self, "push", lambda: LogScreen(log.sentences))
