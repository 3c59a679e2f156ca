"""The Clear the Ward app: read the options, push the first screen."""

from __future__ import annotations

from pathlib import Path


from tui_common.app import TableApp

from clear_ward_tui.config import ASCII, UNICODE, Options, data_dir


class ClearWardApp(TableApp):
    """Setup screen, or straight into a game when seats were given."""

    GAME_CSS = "clear_ward.tcss"
    TITLE = "Clear the Ward"
    RESUME_COMMAND = "clear-ward --resume"
    GLYPHS = (UNICODE, ASCII)

    def __init__(self, options: Options | None = None, *, seating=None) -> None:
        """``seating``: a ``tui_common.seating.Seating`` that opens the game itself (a
        shared table of the server), instead of setup or a save."""
        super().__init__()
        self.options = options or Options()
        self.seating = seating

    def crash_folder(self):
        return data_dir(self.options)

    def help_screen(self):
        """? from a dialog or the setup: the keys and rules summary."""
        from clear_ward_tui.screens.help import HelpScreen

        return HelpScreen()

    def on_mount(self) -> None:
        if self.open_seating():
            return
        if self.options.replay is not None and self.open_replay(self.options.replay, closes_app=True):
            pass
        elif self.options.load is not None and self.open_save(self.options.load):
            pass
        elif self.options.resume and self._resume():
            pass
        elif self.options.seats and self.options.load is None and self.options.replay is None:
            # Textual draws nothing until the app's start is over: the board pushed now
            # would have its first frame thrown away. Pushed just after, it is the first
            # frame; keys typed before it are played on it (issue 33).
            self.hold_keys()
            self.call_later(self._start_game)
        else:
            from clear_ward_tui.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.options))
        self.call_after_refresh(self.check_size)

    def _start_game(self) -> None:
        """Open the board of a new game, then play the keys typed meanwhile."""
        from clear_ward_tui.screens.game import GameScreen

        self.push_screen(GameScreen(self.options))
        self.call_after_refresh(self.release_keys)  # once the board is drawn

    def _resume(self) -> bool:
        """Push the autosaved game; on a missing or bad save say why and return False."""
        from clear_ward_tui.autosave import autosave_path

        path = autosave_path(self.options)
        if not path.exists():
            self.notify("No game in progress to resume.", severity="warning")
            return False
        return self.open_save(path)

    def read_record(self, path):
        """The game record in ``path``, or ``None`` after one notification naming the file
        and the problem (the file is never changed)."""
        from clear_ward_tui.autosave import load
        from core.saves import LEFT_AS_IT_WAS, SaveError

        try:
            return load(path)
        except SaveError as err:
            self.notify(f"{err}. {LEFT_AS_IT_WAS}", title="Cannot open the save", severity="error", timeout=12)
            return None

    def open_save(self, path, *, replace: bool = False) -> bool:
        """Play on from the save in ``path`` (a finished game opens its replay instead).
        ``replace``: switch the current screen rather than push. False if unreadable."""
        from clear_ward_tui.autosave import options_for
        from clear_ward_tui.screens.game import GameScreen

        record = self.read_record(path)
        if record is None:
            return False
        if record.over:
            self.notify("That game is over: here is its replay.")
            return self._show_replay(record, path, closes_app=not replace)
        from clear_ward_tui.autosave import autosave_path

        autosaved = Path(path).resolve() == autosave_path(self.options).resolve()
        screen = GameScreen(options_for(self.options, record), record=record, autosaved=autosaved,
                            clock=_saved_clock(path))
        (self.switch_screen if replace else self.push_screen)(screen)
        return True

    def open_replay(self, path, *, closes_app: bool = False) -> bool:
        """Push the replay viewer for the save in ``path``; False if unreadable.
        ``closes_app``: leaving the viewer quits (it was opened with ``--replay``)."""
        record = self.read_record(path)
        return record is not None and self._show_replay(record, path, closes_app=closes_app)

    def _show_replay(self, record, path, *, closes_app: bool) -> bool:
        from clear_ward_tui.autosave import options_for
        from clear_ward_tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(options_for(self.options, record), record, path, closes_app=closes_app))
        return True

    def night_shift_outcome(self, state, seed: int, seconds: float, *, computer: bool = False):
        """Record a won Night Shift's time (or just read the bests) and tell of a problem.
        ``computer``: a computer played it, so its time is never a best time."""
        from clear_ward_tui import records
        from core.clear_ward import EndReason

        won = state.end_reason is EndReason.WARD_CLEAR and not computer
        outcome = records.outcome(data_dir(self.options), seed, seconds, won)
        if outcome.problem:
            self.notify(outcome.problem + " (the file was left untouched)", severity="warning", timeout=8)
        return outcome


def _saved_clock(path) -> float | None:
    """The seconds the Night Shift clock had run in the save at ``path`` (``None``)."""
    from core.saves import SaveError, read_save

    try:
        clock = read_save(Path(path)).clock
    except SaveError:
        return None
    return clock if isinstance(clock, (int, float)) and 0 <= clock < 1e9 else None
