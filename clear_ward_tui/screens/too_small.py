"""Shown while the terminal is smaller than 80x24; swallows the game's keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Goes away by itself when the terminal is large enough again (the app checks)."""

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._message(), id="too-small-text")

    def on_mount(self) -> None:
        self.set_interval(0.5, self.app.check_size)  # a resize event may be missed

    def _message(self) -> str:
        w, h = self.app.size
        return (
            f"Terminal too small: {w}×{h}.\nClear the Ward needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            "Enlarge the window to go on (Ctrl+Q quits)."
        )

    def update_size(self) -> None:
        for text in self.query("#too-small-text").results(Static):
            text.update(self._message())
