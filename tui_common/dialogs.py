"""The modal dialogs both games use: ``Dialog`` (closes at most once), ``ConfirmDialog``
(yes / no), ``ChoiceDialog`` (one of a list) and ``SaveAsDialog`` (a save's name).
Their styles (``.dialog``, ``.dialog-title`` ...) are in each app's ``.tcss``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static

from textual.widgets.option_list import Option

from tui_common.choice_keys import CHOICE_KEYS, choice_label  # noqa: F401 (the menus' keys)
from tui_common.option_list import SafeOptionList

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """``close(value)`` dismisses only the first time and only while on top, so a fast
    second Escape or Enter cannot pop the screen underneath.

    "On top" is ``app.screen is self``, not Textual's ``is_current``: that one is also
    true while a modal screen (help) is drawn over the dialog, and ``dismiss`` pops
    whatever is on top, so a late pick would close the help and leave this dialog
    stranded, marked closed, ignoring every key.

    The flag is ``_dialog_closed``: Textual's message pump has its own ``_closed``,
    and setting that one stops the screen's messages (it then never finishes closing).
    """

    _dialog_closed = False

    def close(self, value: T | None = None) -> None:
        if self._dialog_closed or self.app.screen is not self:
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
        yield Footer(compact=True, show_command_palette=False)  # y / n, not the board's keys under it

    def on_mount(self) -> None:
        found = self.query("#no")
        if found:
            found.first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.close(value)


#: Keys that close a menu with its closing choice, as on the board: (key, that
#: choice's value, the key bar's word). Shown and working only in a menu that offers
#: the choice (``ChoiceDialog(closing=...)``).
CLOSING_KEYS = (("d", "done", "Done"), ("e", "end", "End move"))


def _natural(label: str) -> tuple:
    """Sort key: numbers by value ("buy 2" before "buy 10"), words without case."""
    import re

    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", label) if part)


def tidy_choices(choices: list[tuple[str, T]], *, sort: bool = True) -> list[tuple[str, T]]:
    """The choices as offered: an identical (label, value) only once; identical labels of
    different values told apart (" (2)"); sorted by label unless ``sort`` is False, the
    closing choices ("done: ...", "end ...") last, in their order."""
    seen: dict[str, list] = {}
    out: list[tuple[str, T]] = []
    for label, value in choices:
        values = seen.setdefault(label, [])
        if any(v is value or v == value for v in values):
            continue
        values.append(value)
        out.append((label if len(values) == 1 else f"{label} ({len(values)})", value))
    if not sort:
        return out
    closing = [c for c in out if c[0].lower().startswith(("done", "end "))]
    rest = [c for c in out if c not in closing]
    return sorted(rest, key=lambda c: _natural(c[0])) + closing


class ChoiceDialog(Dialog[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value) with ↑/↓ and Enter, or its key (1-9, then
    letters: ``CHOICE_KEYS``; each line starts with its ``choice_label``). Offered
    tidied (``tidy_choices``: sorted unless ``sort=False``, no line twice). Over a game
    screen it is drawn at the right, beside the board (the screen's ``#left`` column is
    left uncovered where the width allows), or at the left over the board when
    ``side="left"`` (a choice that depends on what is at the right: the main board).

    The menu has its own key bar: only the keys that work in it (the game's key bar
    underneath is covered). ``closing`` names the values of the closing choices the
    board's keys also take here: with ``closing=("done",)`` d picks the "done"
    choice, as it ends the action on the board (``CLOSING_KEYS``)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
        Binding("down,j,s", "option('cursor_down')", "Down", show=False, id="dialog.down"),
        Binding("up,k,w", "option('cursor_up')", "Up", show=False, id="dialog.up"),
        *(Binding(key, f"pick({n})", f"Choice {key}", show=False, id=f"dialog.pick{key}")
          for n, key in enumerate(CHOICE_KEYS)),
        Binding("u,ctrl+z", "game_key('undo')", "Undo", id="dialog.undo"),
        # u where undo is not offered now: not shown, but the game still says why not
        Binding("u,ctrl+z", "undo_refused", "Undo", show=False, id="dialog.undo_refused"),
        Binding("ctrl+s", "game_key('save_as')", "Save as", id="dialog.save_as"),
        Binding("H", "game_key('hint')", "Hint", id="dialog.hint"),  # tui_common.hint
        *(Binding(key, f"closing({value!r})", word, id=f"dialog.closing.{value}")
          for key, value, word in CLOSING_KEYS),
        # the app's ? (a priority key) opens help over the menu: listed in the menu's key bar
        Binding("question_mark", "app.help", "Help", key_display="?", id="dialog.help"),
    ]

    #: Set by the game screen for its menus and the dialogs of the rules: called with
    #: ``"undo"``, ``"save_as"`` or ``"hint"`` when those keys are pressed here; returns True to
    #: close the dialog (the action it was for was taken back). ``None``: the keys do
    #: nothing and are not shown.
    game_keys: Callable[[str], bool] | None = None
    #: False when undo would be refused here (a card was just turned face up, a shared
    #: table): ``u`` is then not shown, and pressing it only tells why.
    undo_offered: bool = True

    #: the narrowest a dialog beside the board may be, in columns
    MIN_WIDTH = 30

    def __init__(self, title: str, choices: list[tuple[str, T]], *, prompt: str = "",
                 cancellable: bool = True, id: str | None = None, sort: bool = True,
                 closing: tuple = (), side: str = "right") -> None:
        # ``id`` names the kind of menu (``kind``); it is not a DOM id, since a new menu
        # of the same kind may open while the last one is still being removed.
        super().__init__()
        self.kind = id
        self.title_text = title
        self.prompt = prompt
        self.choices = tidy_choices(choices, sort=sort)
        self.cancellable = cancellable
        self.closing = tuple(value for value in closing if any(v == value for _, v in self.choices))
        self.side = side

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.prompt:
                yield Label(self.prompt, classes="dialog-prompt", markup=False)
            yield SafeOptionList(
                *(Option(Text(f"{choice_label(n)}. {label}"), id=str(n))
                  for n, (label, _) in enumerate(self.choices)),
                id="choices",
            )
            keyed = min(len(self.choices), len(CHOICE_KEYS))
            keys = f"1-{keyed}" if keyed <= 9 else f"1-9, {CHOICE_KEYS[9]}-{choice_label(keyed - 1)}"
            hint = f"{keys} or ↑/↓ Enter choose" + (" · Esc cancel" if self.cancellable else "")
            if self.game_keys is not None and self.undo_offered:
                hint += " · u undo"
            yield Label(hint, classes="dialog-hint")
        yield Footer(compact=True, show_command_palette=False)  # only the keys that work here

    def on_mount(self) -> None:
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        boards = below.query("#left") if below is not None else ()
        board = boards.first().outer_size.width if boards else 0
        if board and self.side == "left":  # over the board's foot, the right column uncovered
            self.styles.align_horizontal = "left"
            self.styles.align_vertical = "bottom"
            logs = below.query("#log")
            # the log's title line (Clinic's Business forecast) is covered: the menu repeats it
            title = logs.first().border_title if logs else None
            for box in self.query(".dialog"):
                box.styles.width = max(self.MIN_WIDTH, min(76, board))
                if title:
                    box.border_subtitle = title
        elif board:  # beside the board (the screen's #left column), not over it
            self.styles.align_horizontal = "right"
            for box in self.query(".dialog"):
                box.styles.width = max(self.MIN_WIDTH, min(76, self.app.size.width - board))
        found = self.query(OptionList)
        if not found:  # already closed by a key that came before the mount
            return
        options = found.first()
        options.highlighted = 0
        options.focus()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "game_key":
            return self.game_keys is not None and (self.undo_offered or parameters != ("undo",))
        if action == "undo_refused":
            return self.game_keys is not None and not self.undo_offered
        if action == "closing":
            return parameters[0] in self.closing
        return True

    def action_closing(self, value) -> None:
        """d / e in a menu that offers "done" / "end": that choice, as on the board."""
        if value in self.closing:
            self.close(next(v for _, v in self.choices if v == value))

    def action_undo_refused(self) -> None:
        """``u`` where undo is not offered: the game's undo, which says why it is refused."""
        self.action_game_key("undo")

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


class ReportDialog(Dialog[None]):
    """A read-only report (a phase's reckoning, passing the keyboard): a title, lines of
    text (markup off) and a hint; Enter, Space or Esc closes it."""

    BINDINGS = [Binding("enter,escape,space", "close", "Continue", id="report.close")]

    def __init__(self, title: str, body: str, *, hint: str = "Enter: continue", id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text, self.body, self.hint = title, body, hint

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog report"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, markup=False, classes="dialog-prompt", id="report-body")
            yield Label(self.hint, classes="dialog-hint")
        yield Footer(compact=True, show_command_palette=False)  # Continue, not the board's keys under it

    def on_mount(self) -> None:
        found = self.query(VerticalScroll)
        if found:
            found.first().focus()

    def action_close(self) -> None:
        self.close(None)


class PassDialog(ReportDialog):
    """Hot seat: "Pass the keyboard to Bob", before a person's private things are shown.
    Enter: Bob has the keyboard (closes with ``None``); u / Ctrl+Z: the one who just
    played takes it back instead (closes with ``"undo"``)."""

    BINDINGS = [Binding("u,ctrl+z", "undo", "Undo", id="pass.undo"),
                Binding("ctrl+s", "save_as", "Save as", id="pass.save_as")]
    #: the game's Ctrl+S (Save as, pushed above this screen); ``None``: not offered
    save_as: Callable[[], None] | None = None
    #: False when the last action cannot be taken back (``pass_dialog``'s ``undo``)
    undo_offered: bool = True

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.undo_offered if action == "undo" else True

    def action_undo(self) -> None:
        self.close("undo")

    def action_save_as(self) -> None:
        if self.save_as is not None:
            self.save_as()


def pass_dialog(name: str, what: str, undo: bool = True) -> PassDialog:
    """The pass screen for ``name``; ``what`` says what comes next; ``undo``: the last
    action may be taken back here (else ``u`` is neither offered nor taken)."""
    dialog = PassDialog(f"Pass the keyboard to {name}",
                        f"{name}, press Enter when nobody else is looking: {what}",
                        hint="Enter: continue" + (" · u: undo the last action" if undo else ""))
    dialog.undo_offered = undo
    return dialog
