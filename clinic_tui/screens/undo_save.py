"""The game screen's record of the game: every action goes through ``GameRecord.play``
and is autosaved; u / Ctrl+Z takes the last action back (``GameRecord.undo``, the rule
in ``core.undo``); Ctrl+S saves under a name.  Mixed into ``GameScreen``, which
provides ``record``, ``state``, ``names``, ``is_cpu_turn`` and ``_dialog_open``.
"""

from __future__ import annotations

from pathlib import Path

from clinic_tui import saving
from tui_common.event_log import EventLog
from core.errors import GameError
from tui_common.autosave import AutosaveMark


class UndoSaveMixin(AutosaveMark):
    """Autosave, undo and save as."""

    #: False for a game that began from a given position (``ClinicApp(state=...)``, tests
    #: and snapshots): its record cannot be replayed from a deal, so it is not saved.
    autosaving = True
    def autosave(self) -> None:
        """Keep the record in the save folder (``tui_common.autosave``): the autosave
        while the game runs, the finished games once it is over; another game's autosave
        is set aside first (a game resumed from the autosave writes it in place). A disk
        error is one lasting mark, not fatal."""
        if not self.autosaving:
            return
        folder = saving.folder(self.options)
        own = self.source is not None and Path(self.source).resolve() == folder.autosave.resolve()
        self.keep_autosave(folder, self.record.to_save(), own=own)

    # -- undo ---------------------------------------------------------------------------

    def check_undo(self) -> str | None:
        """Why ``u`` does nothing now (a sentence), or ``None`` when undo may go ahead."""
        if self.state is None or self._finished:
            return "Nothing to undo."
        if self.is_cpu_turn or self._cpu_pending:
            return "Wait: a computer player is playing."
        return self.record.undo_refusal

    def action_undo(self) -> None:
        if self._dialog_open:  # a menu on top: its own u key takes the action back
            return
        self.take_back()

    def take_back(self) -> bool:
        """Undo the last action if the rule allows, else say why. True if undone."""
        reason = self.check_undo()
        if reason is not None:
            self.notify(reason, severity="warning", title="Undo", timeout=6)
            return False
        record = self.record
        before, action, after = record.states[-2], record.actions[-1], record.states[-1]
        try:
            self.record = record.undo()
        except GameError as err:  # UndoRefused: the check above said yes, the record no
            self.notify(str(err), severity="warning", title="Undo", timeout=6)
            return False
        from core.clinic.game.narration import describe

        who = self.names[before.current]
        for log in self.query(EventLog):
            log.add(f"{who} took back: {describe(before, action, after)}")
        self._menu_key = None  # the decision's menu opens again
        self.autosave()
        self.state = self.record.state
        return True

    # -- save as ------------------------------------------------------------------------
    # The save-as and overwrite dialogs are pushed like the help screen (not as one of
    # the game's decisions): the game screen waits underneath, or the open menu does.

    def action_save_as(self) -> None:
        if self.state is None or self._finished:
            return
        if not self.autosaving:
            self.notify("This game began from a given position, not from a deal, so it cannot be saved.",
                        severity="warning", title="Save as")
            return
        suggestion = "-".join(self.names) + f"-round-{self.state.round}"
        # on top of whatever shows: Ctrl+S also works from inside a menu (``menu_key``)
        self.ask_save_name(None, saving.folder(self.options), suggestion)

    # -- the same keys while a menu is open ---------------------------------------------

    def menu_key(self, name: str) -> bool:
        """u / Ctrl+Z / Ctrl+S pressed in one of this screen's menus; True: close it."""
        if name == "undo":
            return self.take_back()
        if name == "save_as":
            self.action_save_as()
        if name == "hint":
            self.action_hint()  # tui_common.hint
        return False
