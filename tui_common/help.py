"""``?``: the help dialog both games open, a scrolling Markdown text of their keys and
rules (each game writes its own text: ``clear_ward_tui/screens/help.py``,
``clinic_tui/screens/help.py``).

- It says how to close it, on its frame: Esc, q or ? (``CLOSE_HINT``); r opens the
  full rules in its place.
- It shows at once (a loading line, then the text) and is kept: the same help opens
  at once the next time (``reuse_key``, ``TableApp.reused``).
- Nothing the game opens is drawn over it (``ABOVE_ALL``, ``TableApp.push_screen``).
- The key column of a keys table never wraps at 80×24: it is as wide as its widest
  key, and the descriptions wrap in the space left (``table.tcss``, ``#help-text``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import MountError
from textual.widgets import Markdown, Static

from tui_common.dialogs import Dialog

#: What the help shows for the moment it takes to draw its text the first time.
LOADING = "Opening the help…"

#: What the help's frame says, at its foot.
CLOSE_HINT = "Esc, q or ? closes · r the full rules · ↑ ↓ PgUp PgDn scroll"


class HelpDialog(Dialog[None]):
    """The Markdown ``text`` in a scrolling dialog; Esc, q or ? closes it."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close"),
                Binding("r", "rules", "Rules", id="help.rules")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self._filling = False  # the text is being mounted (``_fill``)

    @property
    def reuse_key(self) -> tuple:
        """The same help text opens the help drawn before (``TableApp.reused``)."""
        return ("help", type(self).__qualname__, self.text)

    def on_screen_resume(self) -> None:
        self._dialog_closed = False  # shown again (kept by the app)

    def compose(self) -> ComposeResult:
        body = VerticalScroll(id="help-body", classes="dialog")
        body.border_title = "Help"
        body.border_subtitle = CLOSE_HINT
        with body:
            yield Static(LOADING, id="help-loading")

    def on_mount(self) -> None:
        found = self.query("#help-body")
        if found:
            found.first().focus()
        self.call_after_refresh(self._fill)

    def on_screen_resume(self) -> None:
        # reopened after it was closed before its text came (a fast ? then Esc)
        self.call_after_refresh(self._fill)

    async def _fill(self) -> None:
        """The text, after the first frame has shown the dialog with its loading line
        (Markdown builds a widget per block: that takes a moment the first time). Does
        nothing if the dialog was closed meanwhile, or the text is there or coming."""
        body = self.query("#help-body")
        if not body or not body.first().is_mounted or self.query("#help-text") or self._filling:
            return
        self._filling = True
        try:
            await body.first().mount(Markdown(self.text, id="help-text"))
        except MountError:  # closed while the text was on its way: filled when reopened
            return
        finally:
            self._filling = False
        for loading in self.query("#help-loading"):
            await loading.remove()

    def action_close(self) -> None:
        self.close(None)

    def action_rules(self) -> None:
        """r, as the help offers: the full rules (``tui_common.rules``) in its place."""
        if self.app.screen is not self or self._dialog_closed or not hasattr(self.app, "rules_markdown"):
            return
        from tui_common.rules import RulesScreen

        self.close(None)
        self.app.push_screen(RulesScreen())
