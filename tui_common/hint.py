"""The hint key of both games (H, Shift+h: plain h moves the cursor left): the
``strong`` computer player's suggestion for the decision in front of the player,
shown on the board and with a one-line reason; never played by itself.

- The suggestion is worked out in a thread (a Textual worker) so the app stays
  responsive; meanwhile the screen's sub-title says "hint: thinking…". A hint still
  being worked out when the position changes (an action, an undo) is dropped.
- One hint at a time: its reason is one notice, replaced by the next hint's and gone
  as soon as the position changes (an action, an undo, a computer's move): a hint
  never stays on screen for another position (``cancel_hint``).
- Each hint shown is counted in the game record's options (``hints_used``), so a
  save, autosave and resume keep the count; the end screen shows it (``hints_line``).
- ``run_in_thread`` is also how the game screens let a ``strong`` computer player
  (``slow_bot``) think without freezing the app.
- The game screen mixes in ``HintMixin`` and provides ``hint_function(state, seed)``
  (the game's ``hint``), ``hint_allowed()``, ``show_hint_on_board(hint)``,
  ``keep_hint_count()`` (autosave) and ``hint_matches(value, action)`` (does a menu
  item's value stand for the action).
"""

from __future__ import annotations

from functools import partial

from attrs import evolve
from textual.binding import Binding
from textual.worker import get_current_worker

#: The key of the option in the game record (and its save) counting the hints shown.
HINTS_KEY = "hints_used"

#: The hint's key binding, for the game screens' BINDINGS.
HINT_BINDING = Binding("H", "hint", "Hint", key_display="H", id="game.hint")

#: What a menu item suggested by the hint is marked with.
MARK = "  ◀ hint"


def run_in_thread(screen, group: str, compute, deliver) -> None:
    """Call ``compute()`` in a thread (a Textual worker of ``screen`` in ``group``) and
    hand its result, or the exception it raised, to ``deliver`` on the app's thread.
    Nothing is delivered once the group's workers are cancelled or the app has closed."""

    def work() -> None:
        worker = get_current_worker()
        try:
            result = compute()
        except Exception as err:  # handed over: the caller decides
            result = err
        if worker.is_cancelled:
            return
        try:
            screen.app.call_from_thread(deliver, result)
        except RuntimeError:  # the app closed meanwhile
            pass

    screen.run_worker(work, thread=True, group=group, exit_on_error=False)


def slow_bot(bot) -> bool:
    """The computer players that think in a thread while the app stays responsive (the
    ``strong`` level: it looks ahead with the engine); the others answer at once."""
    return getattr(bot, "level", None) == "strong"


def hints_used(record) -> int:
    """Hints shown so far in the game of ``record`` (a ``GameRecord``; 0 for ``None``)."""
    if record is None:
        return 0
    return int(record.options.get(HINTS_KEY, 0))


def counted(record):
    """``record`` with one more hint counted (kept in its options, so in its save)."""
    return evolve(record, options={**record.options, HINTS_KEY: hints_used(record) + 1})


def hints_line(record) -> str:
    """The end screen's line: "Hints used: 2." ("" when none were used)."""
    n = hints_used(record)
    return f"Hints used: {n}." if n else ""


class HintMixin:
    """Key H on the game screen (and in its menus, through ``game_keys``)."""

    #: The state a hint is being worked out for (``None``: none).
    _hint_for = None
    #: The sub-title before "thinking…" was added.
    _hint_title: str | None = None
    #: The last hint shown and the state it is for.
    shown_hint = None
    #: The notice saying the hint's reason (a Textual ``Notification``), while shown.
    _hint_notice = None

    def hint_function(self, state, seed: int):
        raise NotImplementedError

    def hint_allowed(self) -> bool:
        raise NotImplementedError

    def show_hint_on_board(self, hint) -> None:
        raise NotImplementedError

    def keep_hint_count(self) -> None:
        """Save the record (its hint count) now: the game's autosave."""

    def hint_matches(self, value, action) -> bool:
        return value == action or (isinstance(value, (list, tuple)) and action in value)

    def action_hint(self) -> None:
        """Start working out a hint for the decision now (once per position)."""
        if not self.hint_allowed():
            return
        state = self.state
        if self._hint_for is state:
            return  # already thinking about this one
        self._hint_for = state
        self._thinking(True)
        run_in_thread(self, "hint", partial(self.hint_function, state, len(self.record.actions)),
                      partial(self._hint_ready, state))

    def _hint_ready(self, state, found) -> None:
        if state is not self.state or self._hint_for is not state:
            return  # the position changed: that hint is for another decision
        self._hint_for = None
        self._thinking(False)
        if isinstance(found, Exception):
            self.notify(f"No hint this time ({type(found).__name__}).", severity="warning", title="Hint")
            return
        self.record = counted(self.record)
        self.keep_hint_count()
        self.shown_hint = (state, found)
        self.show_hint(found)

    def cancel_hint(self) -> None:
        """The position changed: drop the hint being worked out, and the one shown."""
        if self._hint_for is not None:
            self._hint_for = None
            self.workers.cancel_group(self, "hint")
            self._thinking(False)
        self.shown_hint = None
        self._drop_hint_notice()

    def _say_hint(self, reason: str) -> None:
        """The hint's reason as the one hint notice (the last one goes)."""
        from textual.notifications import Notification

        self._drop_hint_notice()
        notice = Notification(reason, "Hint", "information", 120, markup=False)
        self._hint_notice = notice
        app = self.app
        app._notifications.add(notice)  # at once, so that the next hint can take it away
        app._refresh_notifications()

    def _drop_hint_notice(self) -> None:
        notice, self._hint_notice = self._hint_notice, None
        if notice is None:
            return
        try:
            self.app._unnotify(notice)
        except KeyError:  # already gone (its time was up)
            pass

    def _thinking(self, on: bool) -> None:
        if on:
            if self._hint_title is None:
                self._hint_title = self.sub_title
            self.sub_title = f"{self._hint_title} · hint: thinking…"
        elif self._hint_title is not None:
            self.sub_title, self._hint_title = self._hint_title, None

    def show_hint(self, hint) -> None:
        """Mark the suggested item in the menu on top (if any), the board (the game's
        ``show_hint_on_board``) and say the reason."""
        from rich.text import Text
        from textual.widgets import OptionList

        from tui_common.dialogs import ChoiceDialog, choice_label

        dialog = self.app.screen
        if isinstance(dialog, ChoiceDialog):
            for index, (label, value) in enumerate(dialog.choices):
                if self.hint_matches(value, hint.action):
                    found = dialog.query(OptionList)
                    if found:
                        options = found.first()
                        prompt = f"{choice_label(index)}. {label}"
                        options.replace_option_prompt_at_index(index, Text(prompt + MARK))
                        options.highlighted = index
                    break
        else:
            self.show_hint_on_board(hint)
        self._say_hint(hint.reason)
