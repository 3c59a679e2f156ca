"""The Night Shift clock of the game screen: runs from the first move to the end."""

from __future__ import annotations

import time

from core.clear_ward import Phase


class NightShiftClock:
    """The game screen's clock (``GameScreen.clock``): ``started`` and ``stopped`` are
    ``time.monotonic()`` seconds of the first move and of the end (``None`` until then);
    ``play`` and ``catch_up`` move it on through ``follow``."""

    def __init__(self, elapsed: float | None = None) -> None:
        """A clock not yet started, or (``elapsed``: seconds it had run when the game
        was saved) one that goes on from there."""
        self.started: float | None = None if elapsed is None else time.monotonic() - elapsed
        self.stopped: float | None = None

    @property
    def running(self) -> bool:
        """Started and not stopped: the status line changes every second."""
        return self.started is not None and self.stopped is None

    def follow(self, before, after, *, restart: bool = True) -> None:
        """Start at the first move of ``before`` → ``after`` (again after an undo when
        ``restart``; at a shared table only once), stop when the game is over."""
        if before.moves == 0 and after.moves > 0 and (restart or self.started is None):
            self.started = time.monotonic()
        if after.phase is Phase.OVER and self.stopped is None:
            self.stopped = time.monotonic()

    def text(self, solo: bool, shown: bool) -> str | None:
        """The clock on the status line: ``None`` unless ``solo``; hidden unless ``shown``
        (the option ``show_clock``)."""
        if not solo:
            return None
        if not shown:
            return "⏱ --:--"
        if self.started is None:
            return "⏱ 00:00 (starts on 1st move)"  # short: the status line is 51 columns at 80x24
        from clear_ward_tui.records import format_time

        return "⏱ " + format_time(self.elapsed())

    def elapsed(self) -> float:
        """Seconds on the clock (0 before the first move)."""
        if self.started is None:
            return 0.0
        return (self.stopped or time.monotonic()) - self.started
