"""A modal list of choices that dismisses with the chosen value (or ``None`` on Escape
when cancelling is allowed)."""

from __future__ import annotations

from typing import Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from clinic_tui.dialogs.base import Dialog

T = TypeVar("T")


class ChoiceDialog(Dialog[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value) with ↑/↓ and Enter, or a digit key."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
        Binding("down,j,s", "option('cursor_down')", "Down", show=False, id="dialog.down"),
        Binding("up,k,w", "option('cursor_up')", "Up", show=False, id="dialog.up"),
        *(Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False, id=f"dialog.pick{n}") for n in range(1, 10)),
        Binding("u,ctrl+z", "game_key('undo')", "Undo", id="dialog.undo"),
        Binding("ctrl+s", "game_key('save_as')", "Save as", id="dialog.save_as"),
    ]

    #: Set by the game screen for its menus: called with ``"undo"`` or ``"save_as"``
    #: when those keys are pressed here; returns True to close the menu (the action it
    #: was for was taken back). ``None``: the keys do nothing and are not shown.
    game_keys = None

    def __init__(self, title: str, choices: list[tuple[str, T]], *, prompt: str = "",
                 cancellable: bool = True, id: str | None = None) -> None:
        # ``id`` names the kind of menu (``kind``); it is not a DOM id, since a new menu
        # of the same kind may open while the last one is still being removed.
        super().__init__()
        self.kind = id
        self.title_text = title
        self.prompt = prompt
        self.choices = choices
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.prompt:
                yield Label(self.prompt, classes="dialog-prompt", markup=False)
            yield OptionList(
                *(Option(Text(f"{n}. {label}" if n < 10 else label), id=str(n - 1)) for n, (label, _) in enumerate(self.choices, 1)),
                id="choices",
            )
            hint = "↑/↓ choose · Enter confirm" + (" · Esc cancel" if self.cancellable else "")
            if self.game_keys is not None:
                hint += " · u undo"
            yield Label(hint, classes="dialog-hint")

    def on_mount(self) -> None:
        found = self.query(OptionList)
        if not found:  # already closed by a key that came before the mount
            return
        options = found.first()
        options.highlighted = 0
        options.focus()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "game_key":
            return self.game_keys is not None
        return True

    def action_game_key(self, name: str) -> None:
        if self.game_keys is not None and self.game_keys(name):
            self.close(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(int(event.option.id))

    def action_option(self, action: str) -> None:
        found = self.query(OptionList)
        if found:
            getattr(found.first(), f"action_{action}")()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.close(self.choices[index][1])

    def action_cancel(self) -> None:
        if self.cancellable:
            self.close(None)
        else:
            self.notify("Make a choice to go on (this is part of the rules).", severity="warning")
