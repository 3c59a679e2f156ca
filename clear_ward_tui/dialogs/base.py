"""A modal that closes at most once, whatever keys arrive while it is closing."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """``close(value)`` dismisses only the first time and only while on top, so a fast
    second Escape or Enter cannot pop the screen underneath."""

    _dismissing = False

    def close(self, value: T | None = None) -> None:
        if self._dismissing or not self.is_current:
            return
        self._dismissing = True
        self.dismiss(value)
