"""The full rules (``docs/rules/clear-the-ward.md``) in a Markdown viewer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from clinic_tui.rules_doc import rules_text


class RulesScreen(Screen[None]):
    """Scroll with the arrow keys / PgUp / PgDn; t toggles the contents; Esc closes."""

    BINDINGS = [
        Binding("escape,q,r", "close", "Close", id="rules.close"),
        Binding("t", "toc", "Contents", id="rules.toc"),
    ]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_text(), show_table_of_contents=False, id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        found = self.query(MarkdownViewer)
        if found:
            found.first().focus()

    def action_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        if self.is_current and not getattr(self, "_rules_closed", False):
            self._rules_closed = True
            self.dismiss(None)
