"""``?``: the help dialog both games open, a scrolling Markdown text of their keys and
rules (each game writes its own text: ``clear_ward_tui/screens/help.py``,
``clinic_tui/screens/help.py``).

- It says how to close it, on its frame: Esc, q or ? (``CLOSE_HINT``); r opens the
  full rules in its place.
- Its text is drawn at once, the first time too (issue 30: under 300 ms): it is one
  ``MarkdownText`` (lines Rich rendered, kept per section), not Textual's ``Markdown``
  widget (a widget per paragraph, table cell...: 1 to 2 s the first time). The app
  renders the help and the rules ahead, in a thread, once the board shows
  (``prepare_texts``); a text not rendered yet shows a loading line for the moment it
  takes. The dialog is kept: it opens again at once (``reuse_key``, ``TableApp.reused``).
- Nothing the game opens is drawn over it (``ABOVE_ALL``, ``TableApp.push_screen``).
- The key column of a keys table never wraps at 80×24: Rich sizes a table's columns to
  their content and narrows the widest (the descriptions) first.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size

from tui_common.dialogs import Dialog
from tui_common.markdown_text import SCROLL_BINDINGS, MarkdownText, prepare, scroll_text

#: What the help shows for the moment it takes to draw its text the first time.
LOADING = "Opening the help…"

#: What the help's frame says, at its foot.
CLOSE_HINT = "Esc, q or ? closes · r the full rules · ↑ ↓ PgUp PgDn scroll"

#: The help's frame at most this wide (``#help-text`` in ``table.tcss``).
HELP_WIDTH = 90
#: Columns of the frame around the text: borders, padding, the scroll bar.
HELP_FRAME = 1 + 1 + 1 + 1 + 2


class HelpDialog(Dialog[None]):
    """The Markdown ``text`` in a scrolling dialog; Esc, q or ? closes it, r opens the
    full rules in its place."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)
    #: Opaque: a see-through dialog redraws the whole board under it, blended, in every
    #: frame it draws in full (60-85 ms of the first frame on a loaded machine); at 80×24
    #: the help covers the board anyway.
    DEFAULT_CSS = """
    HelpDialog { background: $background; }
    """

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close"),
                Binding("r", "rules", "Rules", id="help.rules"), *SCROLL_BINDINGS]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    @staticmethod
    def text_width(size: Size) -> int:
        """The columns the text is rendered at in a terminal of ``size``."""
        return min(HELP_WIDTH, size.width) - HELP_FRAME

    @property
    def reuse_key(self) -> tuple:
        """The same help text opens the help drawn before (``TableApp.reused``)."""
        return ("help", type(self).__qualname__, self.text)

    def compose(self) -> ComposeResult:
        text = MarkdownText(self.text, loading=LOADING, id="help-text", classes="dialog")
        text.border_title = "Help"
        text.border_subtitle = CLOSE_HINT
        yield text

    def on_mount(self) -> None:
        self.query_one(MarkdownText).focus()

    def on_screen_resume(self) -> None:
        self._dialog_closed = False  # shown again (kept by the app)

    def action_close(self) -> None:
        self.close(None)

    def action_scroll_text(self, action: str) -> None:
        scroll_text(self, action)

    def action_rules(self) -> None:
        """r, as the help offers: the full rules (``tui_common.rules``) in its place."""
        if self.app.screen is not self or self._dialog_closed or not hasattr(self.app, "rules_markdown"):
            return
        from tui_common.rules import RulesScreen

        self.close(None)
        self.app.push_screen(RulesScreen())


def prepare_texts(app):
    """Render ``app``'s rules and the help ``?`` would open now, at the widths they
    show at in the terminal's size, in a thread (``markdown_text.prepare``): both then
    open at once, the first time too. For an app with ``rules_markdown`` and
    ``help_screen`` (``TableApp``); a failure leaves them to render when opened.
    Returns the thread's Textual worker."""
    from tui_common.rules import RulesScreen

    size = app.size
    helps = []
    screen = app.help_screen() if hasattr(app, "help_screen") else None
    if isinstance(screen, HelpDialog):
        helps.append((screen.text, HelpDialog.text_width(size)))

    def work() -> None:
        rules = [(app.rules_markdown(), RulesScreen.text_width(size))] if hasattr(app, "rules_markdown") else []
        prepare(helps + rules)  # the help first: the shorter

    return app.run_worker(work, thread=True, group="prepare-texts", exit_on_error=False)
