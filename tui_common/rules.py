"""The rules screen (r): the game's rules Markdown in a viewer, found at run time."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer


class RulesScreen(Screen[None]):
    """Scroll with the arrow keys / PgUp / PgDn; t toggles the contents; Esc closes.
    The text is the app's ``rules_markdown()``."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)
    BINDINGS = [
        Binding("escape,q,r", "close", "Close", id="rules.close"),
        Binding("t", "toc", "Contents", id="rules.toc"),
    ]

    _rules_closed = False

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.app.rules_markdown(), show_table_of_contents=False, id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        found = self.query(MarkdownViewer)
        if found:
            found.first().focus()

    def action_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        if self.app.screen is self and not self._rules_closed:
            self._rules_closed = True
            self.dismiss(None)
