"""Save as: a small modal asking for the save's name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from clear_ward_tui.dialogs.base import Dialog


class SaveAsDialog(Dialog[str]):
    """Type a name; Enter dismisses with it, Esc with ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save_as.cancel")]

    def __init__(self, folder: str, suggestion: str = "") -> None:
        super().__init__(id="save-as-dialog")
        self.folder, self.suggestion = folder, suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save this game as", classes="dialog-title")
            yield Label(f"Kept in {self.folder}", classes="dialog-prompt")
            yield Input(self.suggestion, placeholder="a name, e.g. Ann vs Bob", max_length=60, id="save-name")
            yield Label("Enter save · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.close(event.value)

    def action_cancel(self) -> None:
        self.close(None)
