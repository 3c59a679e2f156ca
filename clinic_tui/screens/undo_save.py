"""The game's record kept: every action is autosaved (``tui_common.autosave``), u /
Ctrl+Z takes the last action back (``GameRecord.undo``, the rule in ``core.undo``),
Ctrl+S saves under a name.  ``SaveKeeper`` is a collaborator the game screen holds
(``screen.saves``): the screen's ``autosave``, ``take_back`` and ``action_save_as``
and ``catch_up`` (the seams of a shared table) call it.
"""

from __future__ import annotations

from pathlib import Path

from clinic_tui import saving
from core.errors import GameError
from tui_common.event_log import EventLog


class SaveKeeper:
    """Autosave and Save as for ``screen`` (its ``record``, ``options``, ``source``,
    ``names``, ``state``; the screen shows the "NOT SAVED" mark, ``AutosaveMark``)."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def log_the_start(self, log: EventLog) -> None:
        """The event log's first lines: a new or saved game, its seats and turn order;
        a resumed game's actions so far."""
        from tui_common.secrecy import seed_words

        screen = self.screen
        record = screen.record
        seats = len(screen.names)
        log.add(
            f"{'Saved' if screen.source else 'New'} game{seed_words(screen.seed, seats, record.over, ', seed {seed}')}: "
            f"{', '.join(s.label() for s in screen.options.seats)}. "
            f"Turn order: {', '.join(screen.names[s] for s in record.states[0].turn_order)}."
        )
        if screen.source:
            from core.clinic.game.narration import describe

            for before, action, after in zip(record.states, record.actions, record.states[1:]):
                log.add(describe(before, action, after))
            log.add(f"Resumed from {screen.source} ({len(record.actions)} actions).")

    def autosave(self) -> None:
        """Keep the record in the save folder (``tui_common.autosave``): the autosave
        while the game runs, the finished games once it is over; another game's autosave
        is set aside first (a game resumed from the autosave writes it in place). A disk
        error is one lasting mark, not fatal."""
        screen = self.screen
        if not screen.autosaving:
            return
        folder = saving.folder(screen.options)
        own = screen.source is not None and Path(screen.source).resolve() == folder.autosave.resolve()
        screen.keep_autosave(folder, screen.record.to_save(), own=own)

    def save_as(self) -> None:
        """Ctrl+S: ask a name and save there (a game begun from a given position cannot be)."""
        screen = self.screen
        if screen.state is None or screen._finished:
            return
        if not screen.autosaving:
            screen.notify("This game began from a given position, not from a deal, so it cannot be saved.",
                          severity="warning", title="Save as")
            return
        suggestion = "-".join(screen.names) + f"-round-{screen.state.round}"
        # on top of whatever shows: Ctrl+S also works from inside a menu (``menu_key``)
        screen.ask_save_name(None, saving.folder(screen.options), suggestion)

    def undo_refusal(self) -> str | None:
        """Why ``u`` does nothing now (a sentence), or ``None`` when undo may go ahead."""
        screen = self.screen
        if screen.state is None or screen._finished:
            return "Nothing to undo."
        if screen.is_cpu_turn or screen._cpu_pending:
            return "Wait: a computer player is playing."
        return screen.record.undo_refusal

    def take_back(self) -> bool:
        """Undo the last action if the rule allows, else say why. True if undone (the
        screen then shows the state before it, and its menu again)."""
        screen = self.screen
        reason = self.undo_refusal()
        if reason is not None:
            screen.notify(reason, severity="warning", title="Undo", timeout=6)
            return False
        record = screen.record
        before, action, after = record.states[-2], record.actions[-1], record.states[-1]
        try:
            screen.record = record.undo()
        except GameError as err:  # UndoRefused: the check above said yes, the record no
            screen.notify(str(err), severity="warning", title="Undo", timeout=6)
            return False
        from core.clinic.game.narration import describe

        who = screen.names[before.current]
        for log in screen.query(EventLog):
            log.add(f"{who} took back: {describe(before, action, after)}")
        screen._menu_key = None  # the decision's menu opens again
        screen.autosave()
        screen.state = screen.record.state
        return True

    def catch_up(self, record) -> None:
        """Show ``record``'s actions the screen has not shown yet (none if it is older):
        actions played elsewhere (``tui_common.seating``), with this seat's reports."""
        from clinic_tui import reports
        from core.clinic.game.narration import describe

        screen = self.screen
        done, seat = len(screen.record.actions), screen.seating.seat
        if len(record.actions) <= done:
            return
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            for log in screen.query(EventLog):
                log.add(describe(before, action, after))
            if seat is not None:
                screen.reports.extend(reports.after_action(before, after))
            if before.current == seat:
                screen._last_human = seat
        screen.record = record
        screen.state = record.state
