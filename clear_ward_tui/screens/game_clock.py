"""The Night Shift clock of the game screen: runs from the first move to the end."""

from __future__ import annotations

import time


class NightShiftClock:
    """A mixin of ``GameScreen`` (needs ``names``, ``options``, ``state``,
    ``refresh_view``); ``play`` starts and stops the clock."""

    #: ``time.monotonic()`` of the first move and of the end (``None`` until then)
    clock_started: float | None = None
    clock_stopped: float | None = None

    def _clock_text(self) -> str | None:
        if len(self.names) != 1:
            return None
        if not self.options.show_clock:
            return "⏱ --:--"
        if self.clock_started is None:
            return "⏱ 00:00 (starts on 1st move)"  # short: the status line is 51 columns at 80x24
        from clear_ward_tui.records import format_time

        return "⏱ " + format_time(self.elapsed())

    def elapsed(self) -> float:
        if self.clock_started is None:
            return 0.0
        return (self.clock_stopped or time.monotonic()) - self.clock_started

    def _tick(self) -> None:
        if self.clock_started is not None and self.clock_stopped is None and self.state is not None:
            self.refresh_view(panel=False, grid_too=False)
