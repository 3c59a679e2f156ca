"""The keys of a menu's choices, and how the boards name them: no Textual here, so a
board can mark the choices of the menu it is about to open without importing the menus
(``tui_common.dialogs``) before its first frame (issue 33)."""

from __future__ import annotations

#: The key of each choice: 1-9, then the letters that are no key of either game (on its
#: board or in a menu: a c d e h j k l m n q r s u v w are), so a menu's "d." is never
#: the key bar's "d Done" (issue 30). Past these, choices are labelled by number
#: ("20.") and reached with ↑ ↓ and Enter.
CHOICE_KEYS = "123456789bfgioptxyz"


def choice_label(index: int) -> str:
    """The label of choice ``index`` (from 0) in every menu: its key ("1", "b"), or its
    number past the keys ("20"). Marks on a board name menu choices the same way."""
    return CHOICE_KEYS[index] if index < len(CHOICE_KEYS) else str(index + 1)
