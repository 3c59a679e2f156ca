"""``SafeOptionList``: Textual's ``OptionList`` for every list of choices in both apps.

Textual 8.2's ``OptionList`` pages with PageUp/PageDown through a table of lines that is
only built when the list is first drawn; a page key that arrives while a dialog is still
opening raised ``KeyError`` and closed the app (found by the key fuzz, issue 20). Here
such a key is dropped quietly, like any key that arrives while a dialog opens.
"""

from __future__ import annotations

from textual.widgets import OptionList


class SafeOptionList(OptionList):
    """An ``OptionList`` whose page keys do nothing until it has been laid out."""

    def _move_page(self, direction: int) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return
        super()._move_page(direction)
