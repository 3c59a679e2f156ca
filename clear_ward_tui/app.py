"""The Clear the Ward app: read the options, push the first screen."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding

from clear_ward_tui.config import Options, data_dir


class ClearWardApp(App):
    """Setup screen, or straight into a game when seats were given."""

    CSS_PATH = "clear_ward.tcss"
    TITLE = "Clear the Ward"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit")]

    def __init__(self, options: Options | None = None) -> None:
        super().__init__()
        self.options = options or Options()

    def on_mount(self) -> None:
        if self.options.resume and self._resume():
            pass
        elif self.options.seats:
            # Paint the table at once, then load the engine and the ward (lean startup).
            self.push_screen(_loading_screen(self.options))
            self.call_after_refresh(self._start_game)
        else:
            from clear_ward_tui.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.options))
        self.call_after_refresh(self.check_size)

    def _start_game(self) -> None:
        from clear_ward_tui.screens.game import GameScreen
        from clear_ward_tui.screens.too_small import TooSmallScreen

        if isinstance(self.screen, TooSmallScreen):  # replace the loading screen, not the notice
            self.set_timer(0.3, self._start_game)
            return

        self.switch_screen(GameScreen(self.options))

    def _resume(self) -> bool:
        """Push the autosaved game; on a missing or bad save say why and return False."""
        from clear_ward_tui import autosave
        from clear_ward_tui.screens.game import GameScreen
        from core.saves import SaveError

        path = autosave.autosave_path(self.options)
        if not path.exists():
            self.notify("No game in progress to resume.", severity="warning")
            return False
        try:
            seats, seed, start, states, actions = autosave.load(path)
        except SaveError as err:
            self.notify(f"{err}. The file was left as it was.", severity="error", timeout=10)
            return False
        options = self.options.with_game(seats, seed, start)
        self.push_screen(GameScreen(options, state=states[-1], history=list(zip(states, actions))))
        return True

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        from clear_ward_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not small:
            self.pop_screen()
        elif showing:
            self.screen.update_size()

    def night_shift_outcome(self, state, seed: int, seconds: float):
        """Record a won Night Shift's time (or just read the bests) and tell of a problem."""
        from clear_ward_tui import records
        from core.clear_ward import EndReason

        directory = data_dir(self.options)
        if state.end_reason is EndReason.WARD_CLEAR:
            outcome = records.record(directory, seed, seconds)
        else:
            try:
                data = records.load(directory / records.FILE_NAME)
                overall = data["overall"] or {}
                outcome = records.Outcome(seconds, data["seeds"].get(str(seed)), overall.get("seconds"),
                                          overall.get("seed"), False, False)
            except records.RecordsError as err:
                outcome = records.Outcome(seconds, None, None, None, False, False, f"Best times not read: {err}")
        if outcome.problem:
            self.notify(outcome.problem + " (the file was left untouched)", severity="warning", timeout=8)
        return outcome


def _loading_screen(options: Options):
    """A first frame naming the table, shown while the game screen loads."""
    from textual.screen import Screen
    from textual.widgets import Footer, Header, Static

    class LoadingScreen(Screen):
        def compose(self):
            yield Header(icon="✚")
            seed = "" if options.seed is None else f" · seed {options.seed}"
            yield Static(f"Dealing the ward for {', '.join(s.name for s in options.seats)}{seed}…", id="loading")
            yield Footer()

    return LoadingScreen(id="loading-screen")
