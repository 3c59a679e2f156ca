"""``?``: every key and a summary of the rules."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from clear_ward_tui.dialogs.base import Dialog

HELP = """\
# Clear the Ward: keys

| Key | What it does |
| --- | --- |
| ↑ ↓ ← → or h j k l or w a s d | move the selection on the ward |
| Enter (or Space) | move the Doctor to the selected space / pick a staff target |
| n | jump to the next legal stop ◆ (or staff target ◇) |
| c | staff cards: see and use yours (one per turn) |
| e | end the turn (after your action, when a staff card could still be used) |
| Esc | cancel picking staff-card targets; close dialogs |
| 1-9 | choose an option in a dialog |
| ? | this help · r the full rules · q quit (asks first) |
| Ctrl+P | command palette: change the theme (dark, light, ANSI…) |

**On the ward:** `Car 3★` is a Cardiology patient worth 3 stars, with its arrow below;
`░░ ? ░░` is a face-down patient (4 or 5 stars); `✚DOCTOR` / `✚DOC` is the Doctor;
`·` an empty space. ◆ marks where the Doctor may stop, › the cards it would pass over,
◇ staff-card targets, ✔ those picked, `obs` a patient under observation.
`--ascii` uses `*`, `#`, `+`, `o` instead.

**Saving:** the game is saved after every action; if the terminal closes, start again
with `clear-ward --resume`.

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


class HelpScreen(Dialog[None]):
    """Keys and rules summary; Esc, q or ? closes it."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body", classes="dialog"):
            yield Markdown(HELP, id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.close(None)
