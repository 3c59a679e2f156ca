"""What both replay viewers share: a saved game's ``GameRecord`` shown one state at a
time, read only (nothing is played, the file is never written), stepped with the
arrows, Home and End. Each game's ``ReplayScreen`` draws ``state`` with its own
widgets in ``show()``."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen


class ReplayBase(Screen):
    """``index``: the state shown, after action ``index`` (0: the deal) of ``total``."""

    def __init__(self, options, record, source: Path | str = "") -> None:
        super().__init__()
        self.options, self.record = options, record
        self.source = source
        self.names = [s.name for s in record.seats]
        self.index = 0

    @property
    def total(self) -> int:
        """How many actions the game has."""
        return len(self.record.actions)

    @property
    def state(self):
        """The state shown (after action ``index``; the deal at 0)."""
        return self.record.states[self.index]

    @property
    def source_name(self) -> str:
        """The save file's name, or "" for the game just played."""
        return Path(self.source).name if self.source else ""

    def show(self) -> None:
        """Draw ``state``."""
        raise NotImplementedError

    def action_step(self, step: int) -> None:
        self.action_go(max(0, min(self.total, self.index + step)))

    def action_go(self, index: int) -> None:
        """Show the state after action ``index`` (-1: the last)."""
        self.index = self.total if index < 0 else max(0, min(self.total, index))
        self.show()
