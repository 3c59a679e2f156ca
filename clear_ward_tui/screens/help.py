"""``?``: every key and a summary of the rules."""

from __future__ import annotations

from tui_common.help import HelpDialog

HELP = """\
# Clear the Ward: keys

| Key | What it does |
| --- | --- |
| ↑ ↓ ← → | move the selection on the ward |
| h j k l, w a s d | the same, from the letter keys |
| Enter (or Space) | move the Doctor to the selected space / pick a staff target |
| n | jump to the next legal stop ◆ (or staff target ◇) |
| c | staff cards: see and use yours (one per turn) |
| e | end the turn (after your action, when a staff card could still be used) |
| H (Shift+h) | hint: the hard computer player's choice for you now, with its reason (the selection moves to it, a dialog marks it ◀); you still play it yourself; counted on the game-over screen |
| u or Ctrl+Z | undo: take back your last action of this turn (see below) |
| Ctrl+S | save as: keep this game under a name |
| L (Shift+l) | the whole event log, to scroll back through (Esc, q or L closes it) |
| Esc | cancel picking staff-card targets; close dialogs |
| 1-9, b f g… | choose an option in a dialog, while it is open (each line starts with its key) |
| ? | this help (Esc, q or ? closes it) · r the full rules (also from this help) |
| q | quit (asks first) |
| Ctrl+T | next colour theme (dark, light, ANSI…); there is no command palette: every command is a key |

**On the ward:** `Car 3★` is a Cardiology patient worth 3 stars, with its arrow below;
`░░ ? ░░` is a face-down patient (4 or 5 stars); `✚DOCTOR` / `✚DOC` is the Doctor;
`·` an empty space. ◆ marks where the Doctor may stop, › the cards it would pass over,
◇ staff-card targets, ✔ those picked, `obs` a patient under observation.
`--ascii` uses `*`, `#`, `+`, `o` instead.

**Saving:** the game is saved after every action (`autosave.json` in the data folder,
`--data-dir` or `$CLEAR_WARD_DATA_DIR`); if the terminal closes, start again with
`clear-ward --resume`, or pick it under *Continue* (Ctrl+O) on the setup screen. Ctrl+S
keeps a copy under a name (`saves/<name>.json`); `clear-ward --load FILE` plays on from
one. A finished game becomes `last-game.json`: `v` on the game-over screen, Continue or
`clear-ward --replay FILE` shows it action by action. Starting a new game moves the game in progress to `saves/`
rather than writing over it.

**Undo (u):** takes back your own last action, one at a time, while it is still your turn
(or until anyone else acts, when your move ended the turn by itself). It cannot take back
an action that revealed hidden information (turning a patient face up, drawing staff
cards, the Junior Doctor's look), a computer player's action, or a turn you ended with
`e`: you have seen something new, so taking it back would not be fair.

# Rules summary

* **Your turn:** you may use one staff card before your move or after your action.
  Move the Doctor in a straight line (up, down, left, right) any distance, passing over
  cards, and stop on a card. You may not reverse your previous direction unless it is
  the only legal move.
* **Stop on a face-up patient:** treat it and every other face-up patient of the same
  speciality anywhere in the ward (not those under observation). They go to your log book.
* **Stop on a face-down patient:** turn it face up (under observation this turn and the
  next) and you may draw 2 staff cards, keeping 1 (hand limit 2).
* **Speciality Victory Cards** (2-4 players): strictly most patients of a speciality
  takes its card; a tie keeps it with the holder. 3 stars each at the end.
* **The end:** the ward is clear, or the Doctor cannot move. Most stars wins; ties: most
  victory cards, then most patients in one speciality, else shared.
* **Night Shift (solo):** clear the whole ward. When no move is legal the Doctor makes a
  forced move following the card arrows. The clock runs from your first move.
* **Staff cards:** Pharmacist, Consultant Opinion, Nurse (2), Ward Round (3-4 players),
  Registrar, Porter, Locum, Junior Doctor: the full text is in the side panel and in the
  staff menu (c).
"""


REPLAY_HELP = """\
# Clear the Ward: replay keys

The replay viewer shows a saved game one action at a time. It only looks: nothing is
played and the file is not changed. Staff cards in hand stay hidden.

| Key | What it does |
| --- | --- |
| → or n or l | next action |
| ← or p or h | previous action |
| Home or g | the deal (before the first action) |
| End or G | after the last action |
| ? | this help |
| q or Esc | leave the replay |

The line above the ward says which action is shown and what it did; the event log
below lists every action up to it.
"""


class HelpScreen(HelpDialog):
    """Keys and rules summary (or the text given); Esc, q or ? closes it
    (``tui_common.help``)."""

    def __init__(self, text: str = HELP) -> None:
        super().__init__(text)
