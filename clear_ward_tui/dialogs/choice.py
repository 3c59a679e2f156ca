"""A modal list of choices that dismisses with the chosen value (or ``None`` on Escape
when cancelling is allowed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from clear_ward_tui.dialogs.base import Dialog

T = TypeVar("T")


class ChoiceDialog(Dialog[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value) with ↑/↓ and Enter, or a digit key."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
        Binding("down,j,s", "option('cursor_down')", "Down", show=False, id="dialog.down"),
        Binding("up,k,w", "option('cursor_up')", "Up", show=False, id="dialog.up"),
        *(Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False, id=f"dialog.pick{n}") for n in range(1, 10)),
        Binding("u,ctrl+z", "undo", "Undo", show=False, id="dialog.undo"),
    ]

    #: Set by the game screen for the dialogs of the rules (draw?, keep which?): u asks
    #: it to undo the action that led here (it says why not, when refused).
    undo: Callable[[ChoiceDialog], None] | None = None

    def __init__(self, title: str, choices: list[tuple[str, T]], *, prompt: str = "",
                 cancellable: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.prompt = prompt
        self.choices = choices
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            if self.prompt:
                yield Label(self.prompt, classes="dialog-prompt")
            yield OptionList(
                *(Option(f"{n}. {label}" if n < 10 else label, id=str(n - 1)) for n, (label, _) in enumerate(self.choices, 1)),
                id="choices",
            )
            hint = "↑/↓ choose · Enter confirm" + (" · Esc cancel" if self.cancellable else "")
            yield Label(hint, classes="dialog-hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(int(event.option.id))

    def action_option(self, action: str) -> None:
        # query, not query_one: a key may arrive while the closing dialog empties itself
        for options in self.query(OptionList):
            getattr(options, f"action_{action}")()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.close(self.choices[index][1])

    def action_undo(self) -> None:
        if self.undo is not None:
            self.undo(self)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.close(None)
        else:
            self.notify("Make a choice to go on (this is part of the rules).", severity="warning")
