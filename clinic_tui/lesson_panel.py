"""The guided first Clinic on the board (``clinic learn``): the ``LessonPanel`` under
the main board and the ``Lesson`` that feeds it from the game screen.

``Lesson`` watches the game screen (its state, the menu or report on top, what is on
the cursor) a few times a second, finds the current step of ``clinic_tui.lesson.STEPS``
and shows its sentence in the panel, and in the menu on top when that menu covers the
panel. The keys a sentence names are read from the screens' own bindings
(``GAME_KEYS``, the dialogs' ``BINDINGS``) and the suggested choice from the open menu's
labels. A game key pressed where it is of no use in the step gets a one-sentence note
(``key_pressed``). After round 1 the hints are on: each decision shows the hint.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Label, Static

from clinic_tui.lesson import Moment, Step, current_step, how_text, key_note

#: How a key is written in a sentence (``Binding.key`` -> words).
KEY_WORDS = {"enter": "Enter", "escape": "Esc", "space": "Space", "question_mark": "?"}


def key_words(binding: Binding) -> str:
    """The first key of ``binding`` as the key bar shows it ("Enter", "d", "H")."""
    if binding.key_display:
        return binding.key_display
    first = binding.key.split(",")[0].strip()
    return KEY_WORDS.get(first, first)


def action_name(binding: Binding) -> str:
    """``"cursor(0,-1)"`` -> ``"cursor"``; ``"app.help"`` -> ``"help"``."""
    return binding.action.split("(")[0].rpartition(".")[2]


def binding_keys(bindings) -> dict[str, str]:
    """Action name -> its key in words, from a screen's ``BINDINGS`` (the first
    binding of an action wins)."""
    out: dict[str, str] = {}
    for binding in bindings:
        out.setdefault(action_name(binding), key_words(binding))
    return out


def screen_keys() -> dict[str, str]:
    """The placeholders of the steps' sentences, from the game screen's and the
    dialogs' bindings."""
    from clinic_tui.screens.game_keys import GAME_KEYS
    from tui_common.dialogs import ConfirmDialog, ReportDialog

    keys = binding_keys(GAME_KEYS)
    report = binding_keys(ReportDialog.BINDINGS)
    confirm = {b.action: key_words(b) for b in ConfirmDialog.BINDINGS}
    keys["close"] = report.get("close", "Enter")
    keys["yes"] = confirm.get("answer(True)", "y")
    keys["no"] = confirm.get("answer(False)", "n")
    return keys


def suggested_choice(step: Step, moment: Moment, choices) -> int | None:
    """The index in a menu's ``choices`` ((label, value)) of the step's suggestion: the
    first label starting with one of its beginnings, in order ("" takes the first that
    does not close the menu); ``None`` when the step suggests nothing."""
    picks = step.suggest(moment)
    if not picks or not choices:
        return None
    closing = ("done", "end ")
    for pick in picks:
        for index, (label, _) in enumerate(choices):
            text = str(label).lower()
            if pick == "" and not text.startswith(closing):
                return index
            if pick and text.startswith(pick.lower()):
                return index
    return 0


class LessonPanel(Static):
    """The lesson's step beside the live board: its title, how to do it (first: it
    must show at 80x24), then the rule."""

    def show(self, title: str, how: str, rule: str) -> None:
        from rich.text import Text

        self.border_title = f"Lesson: {title}"
        self.update(Text.assemble((how, "bold"), "\n", rule))


class Lesson:
    """The lesson of one game screen (``GameScreen.lesson`` in a ``clinic learn``
    game). ``shown``: the names of the steps shown so far, in order; ``keys_now``:
    the keys the current step names, in the order to press them (for the tests and
    the hints)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.keys = screen_keys()
        self.shown: list[str] = []
        self.step: Step | None = None
        self.text = ""
        self.how = ""
        self.keys_now: tuple[str, ...] = ()
        self._phase_key = None
        self._phase_start = 0
        self._hinted = None

    def mount(self) -> Lesson:
        """Put the panel under the main board and start watching; returns the lesson."""
        screen = self.screen
        screen.mark_lesson()  # a resumed save of this game is a lesson again
        self.panel = LessonPanel(id="lesson")
        screen.query_one("#side").mount(self.panel)
        screen.set_class(True, "-learn")
        screen.set_interval(0.1, self.update)
        self.update()
        return self

    # -- what the player is looking at ----------------------------------------------------

    def moment(self) -> Moment | None:
        """The ``Moment`` now (``None`` before the game is on screen)."""
        from tui_common.dialogs import ChoiceDialog, ConfirmDialog, ReportDialog

        screen = self.screen
        state = screen.state
        if state is None:
            return None
        key = (state.round, state.action, state.phase)
        if key != self._phase_key:
            self._phase_key, self._phase_start = key, len(screen.record.actions)
        top = screen.app.screen
        above = top is not screen
        board = screen.clinic_board
        return Moment(
            round=state.round, phase=state.phase.value, action=state.action,
            played=len(screen.record.actions) - self._phase_start,
            menu=top.kind if above and isinstance(top, ChoiceDialog) else None,
            report=top.title_text if above and isinstance(top, ReportDialog) else "",
            confirm=above and isinstance(top, ConfirmDialog),
            placing=board.placement is not None, moving=board.moving is not None,
        )

    def update(self) -> None:
        """Show the current step (in the panel, and in a menu that covers it); after
        round 1, ask for the hint at each new decision."""
        from tui_common.dialogs import ChoiceDialog, choice_label

        moment = self.moment()
        if moment is None:
            return
        step = current_step(moment)
        if step is None:
            return
        top = self.screen.app.screen
        choices = top.choices if isinstance(top, ChoiceDialog) and top is not self.screen else None
        keys = dict(self.keys)
        index = suggested_choice(step, moment, choices) if choices is not None else None
        if index is not None:
            keys["pick"] = f"press {choice_label(index)}"
        elif step.suggest(moment):
            keys["pick"] = f"{keys.get('menu', 'm')} opens the menu"
        self.how = how_text(step, moment, keys)
        text = f"{step.rule} {self.how}"
        self.keys_now = self._keys_to_press(step, index)
        if step is not self.step or text != self.text:
            self.step, self.text = step, text
            if not self.shown or self.shown[-1] != step.name:
                self.shown.append(step.name)
            self.panel.show(step.title, self.how, step.rule)
        self._dress(top, step.title, self.how if isinstance(top, ChoiceDialog) else text)
        if not moment.lesson:
            self._hint_on(top)

    def _keys_to_press(self, step: Step, index: int | None) -> tuple[str, ...]:
        """The keys the step names, as Textual key names, in order."""
        from tui_common.dialogs import choice_label

        if index is not None:
            return (choice_label(index),)
        named = {"move": ("H", "enter"), "build-place": ("enter",), "move-to": ("enter",),
                 "business": ("enter",), "admin": ("enter",), "confirm": ("y",), "admit": ("m",)}
        return named.get(step.name, ("m",) if step.suggest(self.moment()) else ())

    def _dress(self, top, title: str, text: str) -> None:
        """The step under the title of a dialog (the panel may be covered, or too short
        to show it all): how to do it in a narrow menu, the whole text in a report."""
        if top is self.screen:
            return
        boxes = top.query(".dialog")
        if not boxes or not boxes.first().children:  # not composed yet: next time
            return
        notes = top.query(".lesson-note")
        words = f"Lesson, {title}: {text}"
        if notes:
            note = notes.first()
            if getattr(note, "words", None) != words:
                note.words = words
                note.update(words)
            return
        note = Label(words, classes="lesson-note", markup=False)
        note.words = words
        box = boxes.first()
        box.mount(note, after=0)  # under the dialog's title

    def _hint_on(self, top) -> None:
        """After round 1: the hint for each decision, once, when a menu is open or the
        board is waiting for the player."""
        from tui_common.dialogs import ChoiceDialog

        screen = self.screen
        state = screen.state
        if self._hinted is state or screen.is_cpu_turn or not screen.humans:
            return
        if top is screen or isinstance(top, ChoiceDialog):
            self._hinted = state
            screen.action_hint()

    # -- keys of no use now ----------------------------------------------------------------

    def key_pressed(self, key: str) -> bool:
        """A key pressed on the game screen: when it is one of the game's keys of no use
        in the step shown, say what it does and what to do now. True if a note was shown."""
        from clinic_tui.screens.game_keys import GAME_KEYS

        moment = self.moment()
        if self.step is None or moment is None or not moment.lesson:
            return False
        for binding in GAME_KEYS:
            if key in [k.strip() for k in binding.key.split(",")]:
                note = key_note(self.step, action_name(binding), key_words(binding), self.how)
                if note:
                    self.screen.notify(note, title="Lesson", timeout=8, markup=False)
                    return True
                return False
        return False

