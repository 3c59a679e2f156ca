"""The game's saves: every action is autosaved (``tui_common.autosave``), Ctrl+S saves
under a name.  ``SaveKeeper`` is a collaborator the game screen holds
(``screen.saves``): the screen's ``autosave`` and ``action_save_as`` (the seam a
shared table replaces) call it. Undo is the screen's own (``GameScreen.take_back``:
``GameRecord.undo``, the rule in ``core.undo``).
"""

from __future__ import annotations

from pathlib import Path

from clinic_tui import saving


class SaveKeeper:
    """Autosave and Save as for ``screen`` (its ``record``, ``options``, ``source``,
    ``names``, ``state``; the screen shows the "NOT SAVED" mark, ``AutosaveMark``)."""

    def __init__(self, screen) -> None:
        self.screen = screen

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
