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
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        texts = self.query("#too-small-text")
        if not texts:  # not composed yet: on_mount will do it
            return
        texts.first(Static).update(
            f"Terminal too small: {w}×{h}.\nClinic needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            "Enlarge the window to go on (Ctrl+Q quits)."
        )
