"""``?``: the help dialog both games open, a scrolling Markdown text of their keys and
rules (each game writes its own text: ``clear_ward_tui/screens/help.py``,
``clinic_tui/screens/help.py``).

- It says how to close it, on its frame: Esc, q or ? (``CLOSE_HINT``).
- Nothing the game opens is drawn over it (``ABOVE_ALL``, ``TableApp.push_screen``).
- The key column of a keys table never wraps at 80×24: it is as wide as its widest
  key, and the descriptions wrap in the space left (``table.tcss``, ``#help-text``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from tui_common.dialogs import Dialog

#: What the help's frame says, at its foot.
CLOSE_HINT = "Esc, q or ? closes · ↑ ↓ PgUp PgDn scroll"


class HelpDialog(Dialog[None]):
    """The Markdown ``text`` in a scrolling dialog; Esc, q or ? closes it."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        body = VerticalScroll(id="help-body", classes="dialog")
        body.border_title = "Help"
        body.border_subtitle = CLOSE_HINT
        with body:
            yield Markdown(self.text, id="help-text")

    def on_mount(self) -> None:
        found = self.query("#help-body")
        if found:
            found.first().focus()

    def action_close(self) -> None:
        self.close(None)
