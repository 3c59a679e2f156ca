"""The Continue list both games show: every save, newest first, one line each; Enter
opens one, ``d`` / Delete deletes the highlighted file after a yes/no question. A save
that cannot be used is listed with its reason (it can be deleted, not opened)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.binding import Binding
from textual.content import Content
from textual.widgets.option_list import Option

from core.saves import SaveError
from tui_common.option_list import SafeOptionList


class SavesList(SafeOptionList):
    """``entries``: (path, save or ``SaveError``) as ``SaveFolder.entries`` gives them;
    ``label(path, entry)``: the line shown. Option ids are indexes into ``entries``."""

    BINDINGS = [Binding("d,delete", "delete", "Delete save", id="saves.delete")]

    def __init__(self, entries: list, label: Callable[[Path, object], str], *, id: str | None = None) -> None:
        self.entries = list(entries)
        super().__init__(*(Option(Content(label(path, entry)), id=str(n))
                           for n, (path, entry) in enumerate(self.entries)), id=id)

    def entry(self, option_id: str | None):
        """(path, save or error) of an option id."""
        return self.entries[int(option_id)]

    def usable(self, option_id: str | None) -> Path | None:
        """The path of a save that can be opened; else tells why not and gives ``None``."""
        path, entry = self.entry(option_id)
        if isinstance(entry, SaveError):
            self.app.notify(f"{entry}. It can be deleted (d), not opened.", severity="warning", markup=False)
            return None
        return path

    def action_delete(self) -> None:
        if self.highlighted is None:
            return
        option_id = self.get_option_at_index(self.highlighted).id
        path, _ = self.entry(option_id)
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as err:
                self.app.notify(f"Not deleted: {path}: {err.strerror or err}", severity="error", markup=False)
                return
            self.remove_option(option_id)
            self.app.notify(f"Deleted {path.name}.", markup=False)

        self.app.push_screen(ConfirmDialog(f"Delete {path.name}? It cannot be brought back.",
                                           yes="Delete", no="Keep it"), answered)
