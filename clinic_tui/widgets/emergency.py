"""The Emergency Department board of one player (The 911th Extension), drawn beside
floor 0: a grid of emergency modules with the people in them, cars on the borders,
who stands outside the grid or in emergency pre-admissions, the ED funds.  It draws
what ``clinic_tui.emergency.ed_board_lines`` says; the screen decides whose ED."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from clinic_tui.emergency import ed_board_lines


class EDPanel(Static):
    """One player's ED board (``show``); empty while there is none."""

    DEFAULT_CSS = """
    EDPanel { height: auto; width: auto; padding: 0 1 0 0; }
    """

    def show(self, ed, title: str, *, ascii: bool = False, hint: str = "", cars: dict | None = None) -> None:
        """Draw ``ed``; ``cars``: car spot -> menu number of the cars to remove now."""
        if ed is None:
            self.update("")
            return
        lines = ed_board_lines(ed, title, ascii=ascii, cars=cars)
        if hint:
            lines.append(Text(hint, style="dim"))
        self.update(Text("\n").join(lines))
