"""The game screen's saving and taking back: autosave after every action, undo (u /
Ctrl+Z) and Save as (Ctrl+S). A mixin of ``GameScreen``, which holds ``record``.

Undo follows ``core.undo`` through ``GameRecord.undo``: a player may take back their own
actions of this turn, never one that revealed hidden information, never a computer's.
"""

from __future__ import annotations


from clear_ward_tui import autosave
from tui_common.event_log import EventLog
from core.clear_ward import describe
from tui_common.autosave import AutosaveMark


class SavingMixin(AutosaveMark):
    """Autosave, undo, Save as and Quit for ``GameScreen`` (needs ``record``, ``options``,
    ``names``, ``state``, ``_human_may_act``)."""

    #: the autosave file is this game's (resumed from it): written in place
    _autosave_checked = False

    # -- autosave -------------------------------------------------------------------------

    def _autosave(self) -> None:
        """Keep the game after every action (``tui_common.autosave``: another game's
        autosave is set aside first, never written over; a finished game goes to the
        finished games and the autosave is removed; a failure is one lasting mark). Not
        at a seating that keeps the game elsewhere (``tui_common.seating``)."""
        if not self.seating.saves:
            return
        save = self.record.to_save()
        if self.clock_started is not None:  # the Night Shift clock goes on after a resume
            from attrs import evolve

            save = evolve(save, clock=round(self.elapsed(), 1))
        self.keep_autosave(autosave.save_folder(self.options), save, own=self._autosave_checked)

    # -- undo -----------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last action if the undo rule allows it, else say why not (or
        why undo is off at this seating)."""
        refused = self.seating.refused("undo")
        if refused is not None:
            self.notify(refused, severity="warning")
            return
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
        if name != "hint" and self.seating.refused(name) is not None:  # off here (the dialog stays)
            self.action_save_as() if name == "save_as" else self.action_undo()
            return False
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
        if self.seating.leave(self):
            return
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
        refused = self.seating.refused("save_as")
        if refused is not None:
            self.notify(refused, severity="information")
            return
        self._ask_save_name(self)

    def _ask_save_name(self, source) -> None:
        """Push the Save-as dialog on behalf of ``source`` (``None``: over any screen)."""
        if self.state is None:
            return
        suggestion = " vs ".join(self.names) if len(self.names) > 1 else f"{self.names[0]} Night Shift"
        self.ask_save_name(source, autosave.save_folder(self.options), suggestion)
