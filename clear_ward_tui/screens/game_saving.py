"""The game screen's saving and taking back: autosave after every action, undo (u /
Ctrl+Z) and Save as (Ctrl+S). A mixin of ``GameScreen``, which holds ``record``.

Undo follows ``core.undo`` through ``GameRecord.undo``: a player may take back their own
actions of this turn, never one that revealed hidden information, never a computer's.
"""

from __future__ import annotations

from pathlib import Path

from clear_ward_tui import autosave
from tui_common.event_log import EventLog
from core.clear_ward import describe
from core.saves import SaveError, SaveFolder, dumps, write_atomic


class SavingMixin:
    """Autosave, undo, Save as and Quit for ``GameScreen`` (needs ``record``, ``options``,
    ``names``, ``state``, ``_human_may_act``)."""

    #: True once the autosave file is known to be this game's (see ``_keep_previous_autosave``)
    _autosave_checked = False

    # -- autosave -------------------------------------------------------------------------

    def _autosave(self) -> None:
        """Keep the game after every action (``SaveFolder.keep``: a finished game goes
        to last-game.json and the autosave is removed)."""
        folder = autosave.save_folder(self.options)
        try:
            if not self._autosave_checked:
                self._autosave_checked = True
                self._keep_previous_autosave(folder)
            folder.keep(self.record.to_save())
        except OSError as err:
            self.notify(f"Could not save the game: {err}", severity="warning")

    def _keep_previous_autosave(self, folder: SaveFolder) -> None:
        """Before this game first writes the autosave, another game's autosave is set
        aside, not written over (``SaveFolder.set_aside``); the player is told where."""
        said = folder.set_aside()
        if said:
            self.notify(said, severity="warning", timeout=10)

    # -- undo -----------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last action if the undo rule allows it, else say why not."""
        if not self._human_may_act():
            return
        reason = self.record.undo_refusal
        if reason is not None:
            self.notify(reason, severity="warning", title="Cannot undo")
            return
        record = self.record
        before, action, after = record.states[-2], record.actions[-1], record.state
        self.record = record.undo()
        self.targeting, self.picked = None, ()
        who = self.names[before.current]
        self.query_one(EventLog).add(f"{who} took back: {describe(before, action, after)}")
        self._autosave()
        self.state = self.record.state

    def dialog_key(self, name: str) -> bool:
        """u / Ctrl+Z / Ctrl+S in a dialog of the rules (draw?, keep which?). Undo closes
        it (True) and undoes the action that opened it, or says why that cannot be."""
        if name == "save_as":
            self._ask_save_name(None)  # on top of the dialog
            return False
        if name == "hint":
            self.action_hint()  # tui_common.hint
            return False
        reason = self.record.undo_refusal
        if reason is not None:
            self.notify(reason, severity="warning", title="Cannot undo")
            return False
        self.call_after_refresh(self.action_undo)
        return True

    # -- quit -----------------------------------------------------------------------------

    def action_quit(self) -> None:
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.go(
            self, "push", ConfirmDialog("Quit this game? It is saved: clear-ward --resume goes on with it."), answered
        )

    # -- save as --------------------------------------------------------------------------

    def action_save_as(self) -> None:
        """Ask for a name, then save this game under it (asking before overwriting)."""
        self._ask_save_name(self)

    def _ask_save_name(self, source) -> None:
        """Push the Save-as dialog on behalf of ``source`` (``None``: over any screen)."""
        from tui_common.dialogs import SaveAsDialog

        if self.state is None:
            return
        folder = autosave.save_folder(self.options)
        suggestion = " vs ".join(self.names) if len(self.names) > 1 else f"{self.names[0]} Night Shift"
        self.app.go(source, "push", lambda: SaveAsDialog(str(folder.folder / "saves"), suggestion), self._save_named)

    def _save_named(self, name: str | None) -> None:
        if name is None:
            return
        try:
            path = autosave.save_folder(self.options).named(name)
        except SaveError as err:
            self.notify(f"Not saved: {err}", severity="error", title="Save as")
            return
        if not path.exists():
            self._write_save(path)
            return
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._write_save(path)
            else:
                self.notify("Not saved.")

        self.app.push_screen(ConfirmDialog(f"{path.name} already exists. Replace it with this game?",
                                           yes="Replace", no="Keep it"), answered)

    def _write_save(self, path: Path) -> None:
        try:
            write_atomic(path, dumps(self.record.to_save()))
        except OSError as err:
            self.notify(f"Not saved: {path}: {err}", severity="error", title="Save as")
            return
        self.notify(f"Saved as {path}", title="Save as")
