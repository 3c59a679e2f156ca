"""``SafeOptionList`` for every list of choices in both apps, and ``SafeSelect`` for
every drop-down (``tui_common.setup.FieldSelect``, the server lobby).

Textual 8.2's ``OptionList`` (and the ``SelectOverlay`` a ``Select`` opens, which is one)
pages with PageUp/PageDown through a table of lines that is only built when the list is
first drawn; a page key that arrives while a dialog or a drop-down is still opening
raised ``KeyError`` and closed the app (found by the key fuzz, issue 20). Here such a
key is dropped quietly, like any key that arrives while a dialog opens.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class PageKeysWaitForTheFirstDraw:
    """Mixin for an ``OptionList``: its page keys do nothing until it has been laid out."""

    def _move_page(self, direction: int) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return
        super()._move_page(direction)


class SafeOptionList(PageKeysWaitForTheFirstDraw, OptionList):
    """An ``OptionList`` whose page keys do nothing until it has been laid out."""


class SafeSelectOverlay(PageKeysWaitForTheFirstDraw, SelectOverlay):
    """A ``Select``'s drop-down list whose page keys wait for its first draw."""


class SafeSelect(Select):
    """A ``Select`` whose drop-down list is a ``SafeSelectOverlay``."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield SafeSelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
