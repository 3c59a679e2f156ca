"""A game screen's saving, shared by both apps.

- Autosave: ``core.saves.Autosaver`` writes the game after every action (never over
  another game's autosave); a failure shows as one lasting mark in the header ("NOT
  SAVED"), told once when it begins and once when saving works again, never a notice
  per action.
- Save as (Ctrl+S): a name, then ``saves/<name>.json``, asking before replacing a file.
"""

from __future__ import annotations

from pathlib import Path

from core.saves import Autosaver, SaveError, SaveFolder, SaveGame, dumps, write_atomic

#: Added to the header's subtitle while the game is not being saved.
NOT_SAVED = "NOT SAVED"


class AutosaveMark:
    """Mixin of a game ``Screen`` (with ``record``): call ``keep_autosave(folder, save,
    own=...)`` after every action (``own``: the autosave file is this game's already,
    resumed from it); ``ask_save_name(source, folder, suggestion)`` for Save as."""

    _autosaver: Autosaver | None = None
    #: why the game is not being saved now (``None``: it is)
    save_problem: str | None = None

    def keep_autosave(self, folder: SaveFolder, save: SaveGame, *, own: bool = False) -> None:
        if self._autosaver is None or self._autosaver.folder != folder:
            self._autosaver = Autosaver(folder, own=own)
        said = self._autosaver.keep(save)
        if said:
            self.notify(said, severity="warning", timeout=10)
        self._show_save_problem(self._autosaver.problem)

    def _show_save_problem(self, problem: str | None) -> None:
        was, self.save_problem = self.save_problem, problem
        base = self.sub_title.removesuffix(f" · {NOT_SAVED}")
        self.sub_title = base if problem is None else f"{base} · {NOT_SAVED}"
        if problem is not None and was is None:
            self.notify(f"{problem}. The game goes on; the header says {NOT_SAVED} until saving works again.",
                        severity="error", title="Autosave", timeout=12)
        elif problem is None and was is not None:
            self.notify("The game is being saved again.", title="Autosave")

    # -- save as ------------------------------------------------------------------------

    def ask_save_name(self, source, folder: SaveFolder, suggestion: str) -> None:
        """Push the Save-as dialog on behalf of ``source`` (``None``: over any screen)."""
        from tui_common.dialogs import SaveAsDialog

        def named(name: str | None) -> None:
            if name is not None:
                self._save_named(folder, name)

        self.app.go(source, "push", lambda: SaveAsDialog(str(folder.folder / "saves"), suggestion), named)

    def _save_named(self, folder: SaveFolder, name: str) -> None:
        try:
            path = folder.named(name)
        except SaveError as err:
            self.notify(f"Not saved: {err}", severity="error", title="Save as", timeout=8)
            return
        if not path.exists():
            self._write_save(path)
            return
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._write_save(path)
            else:
                self.notify(f"Not saved: {path} was kept as it was.", title="Save as")

        self.app.push_screen(ConfirmDialog(f"{path.name} already exists. Replace it with this game?",
                                           yes="Replace", no="Keep it"), answered)

    def _write_save(self, path: Path) -> None:
        try:
            write_atomic(path, dumps(self.record.to_save()))
        except OSError as err:
            self.notify(f"Not saved: {path}: {err}", severity="error", title="Save as", timeout=10)
            return
        self.notify(f"Saved as {path}", title="Save as")
