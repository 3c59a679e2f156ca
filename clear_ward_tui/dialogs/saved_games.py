"""Continue: the saved games of the data folder, newest first, to play on or replay."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList

from tui_common.saves_list import SavesList
from tui_common.dialogs import Dialog
from core.saves import SaveError, SaveFolder, SaveGame, summary

#: Shown when the folder holds no save at all.
NO_SAVES = "No saved games"


def entry_label(folder: SaveFolder, path: Path, entry: SaveGame | SaveError) -> str:
    """One line of the list: which file, then the players, progress and date, or why it
    cannot be opened."""
    name = {folder.autosave: "Game in progress", folder.last_game: "Last finished game"}.get(path, path.stem)
    if isinstance(entry, SaveError):
        reason = str(entry).removeprefix(f"{path}: ")
        return f"{name}: cannot be opened ({reason})"
    kind = " · replay" if entry.finished else ""
    return f"{name}{kind}: {summary(entry)}"


class SavedGamesDialog(Dialog[Path]):
    """↑/↓ and Enter choose a save (dismisses with its path); d deletes one (after a
    question); Esc cancels. Saves that cannot be read are listed with the reason."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saves.cancel")]

    def __init__(self, folder: SaveFolder) -> None:
        super().__init__(id="saved-games")
        self.folder = folder
        self.entries = folder.entries(("clear-the-ward", "Clear the Ward"))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Continue a saved game", classes="dialog-title")
            if not self.entries:
                yield Label(f"{NO_SAVES} in {self.folder.folder}.", id="saves-empty")
                yield Label("Esc close", classes="dialog-hint")
                return
            yield SavesList(self.entries, lambda path, entry: entry_label(self.folder, path, entry), id="saves-list")
            yield Label("↑/↓ choose · Enter play on (a finished game: replay) · d delete · Esc cancel",
                        classes="dialog-hint")

    def on_mount(self) -> None:
        for options in self.query("#saves-list").results(OptionList):
            options.focus()
            first = next((n for n, (_, e) in enumerate(self.entries) if not isinstance(e, SaveError)), None)
            options.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.query_one(SavesList).usable(event.option.id)
        if path is not None:
            self.close(path)

    def action_cancel(self) -> None:
        self.close(None)
