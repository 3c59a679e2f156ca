"""The game screen's saving and taking back: autosave after every action, undo (u /
Ctrl+Z), Save as (Ctrl+S) and Quit. ``WardSaves`` is a collaborator of ``GameScreen``
(``GameScreen.saves``), which keeps the record and forwards its keys here.

Undo follows ``core.undo`` through ``GameRecord.undo``: a player may take back their own
actions of this turn, never one that revealed hidden information, never a computer's.
"""

from __future__ import annotations

from clear_ward_tui import autosave
from core.clear_ward import describe
from tui_common.event_log import EventLog


class WardSaves:
    """Autosave, undo, Save as and Quit for one ``GameScreen`` (it reads the screen's
    ``record``, ``options``, ``names``, ``state``, ``seating``, ``clock`` and writes its
    ``record`` and ``state``; the autosave itself is the kit's ``keep_autosave``)."""

    def __init__(self, screen, *, own: bool = False) -> None:
        """``own``: the autosave file is this game's (resumed from it): written in place."""
        self.screen = screen
        self.own = own

    def autosave(self) -> None:
        """Keep the game after every action (``tui_common.autosave``: another game's
        autosave is set aside first, never written over; a finished game goes to the
        finished games and the autosave is removed; a failure is one lasting mark). Not
        at a seating that keeps the game elsewhere (``tui_common.seating``)."""
        screen = self.screen
        if not screen.seating.saves:
            return
        save = screen.record.to_save()
        if screen.clock.started is not None:  # the Night Shift clock goes on after a resume
            from attrs import evolve

            save = evolve(save, clock=round(screen.clock.elapsed(), 1))
        screen.keep_autosave(autosave.save_folder(screen.options), save, own=self.own)

    def undo(self) -> None:
        """Take back the last action if the undo rule allows it, else say why not (or
        why undo is off at this seating)."""
        screen = self.screen
        refused = screen.seating.refused("undo")
        if refused is not None:
            screen.notify(refused, severity="warning")
            return
        if not screen._human_may_act():
            return
        reason = screen.record.undo_refusal
        if reason is not None:
            screen.notify(reason, severity="warning", title="Cannot undo")
            return
        record = screen.record
        before, action, after = record.states[-2], record.actions[-1], record.state
        screen.record = record.undo()
        screen.targeting, screen.picked = None, ()
        who = screen.names[before.current]
        screen.query_one(EventLog).add(f"{who} took back: {describe(before, action, after)}")
        screen.autosave()
        screen.state = screen.record.state

    def dialog_key(self, name: str) -> bool:
        """u / Ctrl+Z / Ctrl+S / H in a dialog of the rules (draw?, keep which?). Undo
        closes it (True) and undoes the action that opened it, or says why that cannot be."""
        screen = self.screen
        if name != "hint" and screen.seating.refused(name) is not None:  # off here (the dialog stays)
            screen.action_save_as() if name == "save_as" else screen.action_undo()
            return False
        if name == "save_as":
            self.ask_save_name(None)  # on top of the dialog
            return False
        if name == "hint":
            screen.action_hint()  # tui_common.hint
            return False
        reason = screen.record.undo_refusal
        if reason is not None:
            screen.notify(reason, severity="warning", title="Cannot undo")
            return False
        screen.call_after_refresh(screen.action_undo)
        return True

    def quit(self) -> None:
        """Ask before leaving the game (kept in the autosave), or leave the seating."""
        screen = self.screen
        if screen.seating.leave(screen):
            return
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                screen.app.exit()

        screen.app.go(
            screen, "push", ConfirmDialog("Quit this game? It is saved: clear-ward --resume goes on with it."),
            answered,
        )

    def save_as(self) -> None:
        """Ask for a name, then save this game under it (asking before overwriting)."""
        refused = self.screen.seating.refused("save_as")
        if refused is not None:
            self.screen.notify(refused, severity="information")
            return
        self.ask_save_name(self.screen)

    def ask_save_name(self, source) -> None:
        """Push the Save-as dialog on behalf of ``source`` (``None``: over any screen)."""
        screen = self.screen
        if screen.state is None:
            return
        names = screen.names
        suggestion = " vs ".join(names) if len(names) > 1 else f"{names[0]} Night Shift"
        screen.ask_save_name(source, autosave.save_folder(screen.options), suggestion)
