"""A modal that closes at most once, whatever keys arrive while it is closing."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """``close(value)`` dismisses only the first time and only while on top, so a fast
    second Escape or Enter cannot pop the screen underneath.

    The flag is ``_dialog_closed``: Textual's message pump has its own ``_closed``,
    and setting that one stops the screen's messages (it then never finishes closing).
    """

    _dialog_closed = False

    def close(self, value: T | None = None) -> None:
        if self._dialog_closed or not self.is_current:
            return
        self._dialog_closed = True
        self.dismiss(value)
