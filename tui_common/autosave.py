"""A game screen's autosave, shared by both apps: ``core.saves.Autosaver`` writes the
game after every action (never over another game's autosave); a failure shows as one
lasting mark in the header ("NOT SAVED"), told once when it begins and once when saving
works again, never a notice per action."""

from __future__ import annotations

from core.saves import Autosaver, SaveFolder, SaveGame

#: Added to the header's subtitle while the game is not being saved.
NOT_SAVED = "NOT SAVED"


class AutosaveMark:
    """Mixin of a game ``Screen``: call ``keep_autosave(folder, save, own=...)`` after
    every action. ``own``: the autosave file is this game's already (resumed from it)."""

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
