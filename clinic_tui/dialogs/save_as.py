"""Ask for a name to save the game under (Ctrl+S in the game)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from clinic_tui.dialogs.base import Dialog


class SaveAsDialog(Dialog[str]):
    """An Input: Enter dismisses with the name typed, Esc with ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save_as.cancel")]

    def __init__(self, folder: str, suggestion: str = "") -> None:
        super().__init__()
        self.folder, self.suggestion = folder, suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-as"):
            yield Label("Save this game as", classes="dialog-title")
            yield Label(f"Saved in {self.folder}. Letters, digits, - and _ are kept.",
                        classes="dialog-prompt", markup=False)
            yield Input(self.suggestion, placeholder="a name, e.g. ann-vs-bot", max_length=60, id="save-name")
            yield Label("Enter save · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        found = self.query(Input)
        if found:
            found.first().focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.close(event.value)

    def action_cancel(self) -> None:
        self.close(None)
