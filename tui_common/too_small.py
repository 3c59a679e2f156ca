"""The too-small gate: shown while the terminal is smaller than 80×24; it swallows the
game's keys and goes away by itself (``TableApp.check_size``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

#: The smallest terminal, in columns and rows, both games are drawn for.
MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Names the terminal's size and the size the game (the app's title) needs."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_size()
        self.set_interval(0.5, self.app.check_size)  # a resize event may be missed

    def update_size(self) -> None:
        w, h = self.app.size
        texts = self.query("#too-small-text")
        if not texts:  # not composed yet: on_mount will do it
            return
        texts.first(Static).update(
            f"Terminal too small: {w}×{h}.\n{self.app.title} needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            "Enlarge the window to go on (Ctrl+Q quits)."
        )
