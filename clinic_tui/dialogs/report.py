"""A read-only report (Business, Admin, passing the keyboard): Enter or Esc closes it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from tui_common.dialogs import Dialog


class ReportDialog(Dialog[None]):
    """A title, lines of text (markup off) and a hint."""

    BINDINGS = [Binding("enter,escape,space", "close", "Continue", id="report.close")]

    def __init__(self, title: str, body: str, *, hint: str = "Enter: continue", id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text, self.body, self.hint = title, body, hint

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog report"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.body, markup=False, classes="dialog-prompt", id="report-body")
            yield Label(self.hint, classes="dialog-hint")

    def on_mount(self) -> None:
        found = self.query(VerticalScroll)
        if found:
            found.first().focus()

    def action_close(self) -> None:
        self.close(None)
