"""The rules screen (r): the game's rules Markdown (found at run time), drawn at once.

The app renders the rules ahead, in a thread, once the board shows
(``tui_common.help.prepare_texts``), so they open at once the first time too; a text
not rendered yet shows a loading line while a thread renders it
(``tui_common.markdown_text``). The screen is kept and opens again at once. Keys typed
meanwhile work: Esc closes, the scroll keys wait for the text.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets.option_list import Option

from tui_common.markdown_text import SCROLL_BINDINGS, MarkdownText, scroll_text
from tui_common.option_list import SafeOptionList

#: What the screen shows until the text is drawn.
LOADING = "Opening the rules…"
#: Columns beside the text: its padding and the scroll bar (``DEFAULT_CSS``).
RULES_FRAME = 1 + 1 + 2


class RulesScreen(Screen[None]):
    """Scroll with the arrow keys / PgUp / PgDn / Home / End; t shows the contents (a
    list of the headings: Enter jumps to one); Esc, q or r closes. The text is the
    app's ``rules_markdown()``."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)
    #: the text has the focus from the start, not the hidden contents (a key pressed
    #: while the screen opens scrolls the text)
    AUTO_FOCUS = "#rules-text"
    BINDINGS = [
        Binding("escape,q,r", "close", "Close", id="rules.close"),
        Binding("t", "toc", "Contents", id="rules.toc"),
        *SCROLL_BINDINGS,
    ]
    DEFAULT_CSS = """
    RulesScreen #rules-toc { width: 32; display: none; border-right: solid $primary; }
    RulesScreen.-toc #rules-toc { display: block; }
    RulesScreen #rules-text { padding: 0 1; }
    """

    _rules_closed = False
    #: One rules screen per app, drawn once and shown again (``TableApp.reused``).
    reuse_key = ("rules",)

    def __init__(self) -> None:
        super().__init__()
        self.source = ""

    @staticmethod
    def text_width(size: Size) -> int:
        """The columns the text is rendered at in a terminal of ``size`` (the contents
        hidden)."""
        return size.width - RULES_FRAME

    @property
    def table_of_contents(self) -> list[tuple[int, str, int]]:
        """The headings shown: (level, heading, line), once the text is drawn."""
        found = self.query(MarkdownText)
        return list(found.first().headings) if found else []

    def compose(self) -> ComposeResult:
        self.source = self.app.rules_markdown()
        with Horizontal():
            yield SafeOptionList(id="rules-toc")
            yield MarkdownText(self.source, loading=LOADING, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownText).focus()

    def on_screen_resume(self) -> None:
        self._rules_closed = False  # shown again (kept by the app)

    def on_markdown_text_ready(self, event: MarkdownText.Ready) -> None:
        toc = self.query_one("#rules-toc", SafeOptionList)
        toc.clear_options()
        toc.add_options(Option("  " * max(0, level - 1) + head, id=str(i))
                        for i, (level, head, _line) in enumerate(self.table_of_contents))

    def on_option_list_option_selected(self, event: SafeOptionList.OptionSelected) -> None:
        event.stop()
        text = self.query_one(MarkdownText)
        text.scroll_to_heading(int(event.option.id))
        self.remove_class("-toc")
        text.focus()

    def action_toc(self) -> None:
        self.toggle_class("-toc")
        if self.has_class("-toc"):
            toc = self.query_one("#rules-toc", SafeOptionList)
            if toc.option_count and toc.highlighted is None:
                toc.highlighted = 0
            toc.focus()
        else:
            self.query_one(MarkdownText).focus()

    def action_scroll_text(self, action: str) -> None:
        scroll_text(self, action)

    def action_close(self) -> None:
        if self.app.screen is self and not self._rules_closed:
            self._rules_closed = True
            self.dismiss(None)
