"""``clear-ward learn --plain``: the guided first turn said before turn 1
(``clear_ward_tui.lesson``), then the Night Shift as in ``clear-ward --plain``."""

from __future__ import annotations

from clear_ward_tui.lesson import TITLE, lesson_lines
from clear_ward_tui.plain import ClearWardPlain


class LearnPlain(ClearWardPlain):
    """Clear the Ward for ``tui_common.plain`` with the lesson said before turn 1."""

    def opening(self) -> list[str]:
        lines = super().opening()
        if self.resumed or self.record.actions:
            return lines
        return [*lines, f"{TITLE}:", *lesson_lines({}, plain=True)]
