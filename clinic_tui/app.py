"""The Clinic app: read the options, push the first screen."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.binding import Binding

from clinic_tui.config import Options


class ClinicApp(App):
    """Setup screen, or straight into a game when seats were given."""

    CSS_PATH = "clinic.tcss"
    TITLE = "Clinic"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit")]

    def __init__(self, options: Options | None = None, *, state=None) -> None:
        super().__init__()
        self.options = options or Options()
        self.start_state = state  # a game in progress (tests, snapshots)

    def on_mount(self) -> None:
        if self.options.seats:
            from clinic_tui.screens.game import GameScreen

            self.push_screen(GameScreen(self.options, state=self.start_state))
        else:
            from clinic_tui.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.options))
        self.call_after_refresh(self._check_size)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        from clinic_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not small:
            self.pop_screen()
        elif showing:
            self.screen.update_size()
