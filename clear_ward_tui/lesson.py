"""``clear-ward learn``: Clear the Ward's guided first turn. A Night Shift with a fixed
seed whose first turn opens one screen that explains the ward, the Doctor's move,
treating patients, stars and staff cards in the rulebook's terms (and the keys, read
from the screens' own bindings); Enter or Esc closes it. In ``--plain`` the same text is
said before turn 1.

``lesson_lines(keys)`` is the text (no Textual); ``LessonDialog`` shows it;
``screen_keys()`` reads the keys from ``GameScreen.BINDINGS`` and ``WardGrid.BINDINGS``.
"""

from __future__ import annotations

#: The seed of ``clear-ward learn``: a ward with patients to treat in the first move.
LESSON_SEED = 7
#: The player's name when none is given.
LESSON_NAME = "Ann"  # the setup screen's first name; narration speaks of a player in the third person
#: The dialog's title.
TITLE = "Your first turn: how Clear the Ward is played"


def lesson_lines(keys: dict[str, str], *, plain: bool = False) -> list[str]:
    """The lesson, a paragraph a line, in the rulebook's terms. ``keys``: action name
    -> key in words ("choose": "Enter", "next_stop": "n", "staff": "c", "end_turn": "e",
    "hint": "H", "cursor": "arrows"); ``plain``: how to do it in plain text instead."""
    k = {"choose": "Enter", "next_stop": "n", "staff": "c", "end_turn": "e", "hint": "H", "cursor": "arrows",
         "close": "Enter", **keys}
    lines = [
        "The ward: a 6 by 6 grid of patient cards and the Doctor card. Each patient has a speciality"
        f" ({'Cardiology, Psychiatry' if plain else 'Car, Psy'}, ...) and 1 to 5 stars; 4 and 5 stars start"
        " face down.",
        "Your turn: move the Doctor up, down, left or right, any number of spaces in a straight line;"
        " never diagonally, and not back the way it came unless that is the only move.",
        "Land on a face-up patient: you treat it and every other face-up patient of its speciality;"
        " they go into your log book and their stars are yours.",
        "Land on a face-down patient: flip it over; instead of treating it you may draw 2 staff cards"
        " and keep 1 (hold at most 2, use at most 1 a turn).",
        "The Night Shift: you alone against the clock, which starts at your first move; clear the"
        " ward to win. With no legal move the Doctor is moved for you (a forced move).",
    ]
    if plain:
        lines.append("In plain text each turn lists the Doctor's moves by number, each saying what it does"
                     " (the patients it treats and their stars, or a face-down patient turned over);"
                     " type a move's number, or its words.")
    else:
        lines.append(
            f"Keys: {k['cursor']} select a space (◆: the Doctor may stop there), {k['next_stop']} the next"
            f" stop, {k['choose']} moves the Doctor there; {k['staff']} your staff cards, {k['end_turn']}"
            f" end the turn, {k['hint']} a hint.")
    return lines


def screen_keys() -> dict[str, str]:
    """The keys the lesson names, from the game screen's and the ward's bindings."""
    from clear_ward_tui.screens.game import GameScreen
    from clear_ward_tui.widgets.ward_grid import WardGrid

    out: dict[str, str] = {}
    for binding in [*GameScreen.BINDINGS, *WardGrid.BINDINGS]:
        action = binding.action.split("(")[0]
        first = binding.key.split(",")[0].strip()
        shown = binding.key_display or {"enter": "Enter", "escape": "Esc"}.get(first, first)
        out.setdefault(action, shown)
    out["cursor"] = "the arrows"
    return out


def lesson_dialog():
    """The one screen of the guided first turn (a ``ReportDialog``: Enter, Space or Esc
    closes it)."""
    from tui_common.dialogs import ReportDialog

    return ReportDialog(TITLE, "\n".join(lesson_lines(screen_keys())), hint="Enter or Esc: start your turn",
                        id="lesson-dialog")
