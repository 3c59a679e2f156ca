"""The event log both games show: one plain sentence per action, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog


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
