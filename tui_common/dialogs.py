"""The modal dialogs both games use: ``Dialog`` (closes at most once), ``ConfirmDialog``
(yes / no), ``ChoiceDialog`` (one of a list) and ``SaveAsDialog`` (a save's name).
Their styles (``.dialog``, ``.dialog-title`` ...) are in each app's ``.tcss``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList

from textual.widgets.option_list import Option

from tui_common.option_list import SafeOptionList

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


class ConfirmDialog(Dialog[bool]):
    """Dismisses with ``True`` for yes (y / Enter on Yes), ``False`` for no (n / Esc)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
        Binding("left,right,h,l,tab", "app.focus_next", "Switch", show=False, id="confirm.switch"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error", compact=True)
                yield Button(f"{self.no} (n)", id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        found = self.query("#no")
        if found:
            found.first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.close(value)


class ChoiceDialog(Dialog[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value) with ↑/↓ and Enter, or a digit key."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
        Binding("down,j,s", "option('cursor_down')", "Down", show=False, id="dialog.down"),
        Binding("up,k,w", "option('cursor_up')", "Up", show=False, id="dialog.up"),
        *(Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False, id=f"dialog.pick{n}") for n in range(1, 10)),
        Binding("u,ctrl+z", "game_key('undo')", "Undo", id="dialog.undo"),
        Binding("ctrl+s", "game_key('save_as')", "Save as", id="dialog.save_as"),
        Binding("H", "game_key('hint')", "Hint", id="dialog.hint"),  # tui_common.hint
    ]

    #: Set by the game screen for its menus and the dialogs of the rules: called with
    #: ``"undo"``, ``"save_as"`` or ``"hint"`` when those keys are pressed here; returns True to
    #: close the dialog (the action it was for was taken back). ``None``: the keys do
    #: nothing and are not shown.
    game_keys: Callable[[str], bool] | None = None

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
            yield SafeOptionList(
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
        # query, not query_one: a key may arrive while the closing dialog empties itself
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


class SaveAsDialog(Dialog[str]):
    """An Input: Enter dismisses with the name typed, Esc with ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save_as.cancel")]

    def __init__(self, folder: str, suggestion: str = "") -> None:
        super().__init__()
        self.folder, self.suggestion = folder, suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-as"):
            yield Label("Save this game as", classes="dialog-title")
            yield Label(f"Saved in {self.folder}. Letters, digits, - and _ are kept.",
                        classes="dialog-prompt", markup=False)
            yield Input(self.suggestion, placeholder="a name, e.g. ann-vs-bot", max_length=60, id="save-name")
            yield Label("Enter save · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        found = self.query(Input)
        if found:
            found.first().focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.close(event.value)

    def action_cancel(self) -> None:
        self.close(None)
