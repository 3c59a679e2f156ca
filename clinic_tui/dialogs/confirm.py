"""Yes / no question in a modal (quitting mid-game asks first)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from clinic_tui.dialogs.base import Dialog


class ConfirmDialog(Dialog[bool]):
    """Dismisses with ``True`` for yes (y / Enter on Yes), ``False`` for no (n / Esc)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
        Binding("left,right,h,l,tab", "app.focus_next", "Switch", show=False, id="confirm.switch"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error", compact=True)
                yield Button(f"{self.no} (n)", id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        found = self.query("#no")
        if found:
            found.first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.close(value)
