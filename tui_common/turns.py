"""The turn loop both game screens share: the legal actions of the state shown
(computed once per state), computer seats taking their turn after a pause, and waiting
while help, the rules, a dialog or the size gate is on top.

A mixin of a game ``Screen`` that has ``state`` (the game's state, with ``current``),
``bots`` (seat -> computer player with ``choose(state)``), ``options.cpu_delay``,
``record`` (``GameRecord``: ``over``), ``play(action)`` and ``_next_step()`` (what comes
next: a dialog, a computer's turn via ``schedule_computer``, the end)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tui_common.hint import run_in_thread, slow_bot


class ComputerTurns:
    _cpu_pending = False
    _resume_pending = False
    _legal_of: tuple = (None, [])

    #: the game's ``legal_actions`` (set by each game screen)
    legal_actions: Callable = staticmethod(lambda state: [])

    @property
    def is_cpu_turn(self) -> bool:
        return self.state is not None and self.state.current in self.bots

    def legal(self) -> list:
        """``legal_actions`` of the state shown (computed once per state)."""
        if self._legal_of[0] is not self.state:
            self._legal_of = (self.state, type(self).legal_actions(self.state))
        return self._legal_of[1]

    def schedule_computer(self) -> None:
        """The computer whose turn it is acts after ``cpu_delay`` seconds (once)."""
        if not self._cpu_pending:
            self._cpu_pending = True
            self.set_timer(max(self.options.cpu_delay, 0.001), self._cpu_act)

    def wait_for_top(self) -> None:
        """Something is on top of the game: take the next step when it is back."""
        self._resume_pending = True

    def on_screen_resume(self) -> None:
        if self._resume_pending and self.state is not None:
            self._resume_pending = False
            self.call_after_refresh(self._next_step)

    def _cpu_act(self) -> None:
        self._cpu_pending = False
        if self.app.screen is not self:  # help, a dialog or the size gate is on top
            self._resume_pending = True
            return
        if self.record.over or not self.is_cpu_turn:
            return
        bot, state = self.bots[self.state.current], self.state
        if slow_bot(bot):  # thinks in a thread: the app stays responsive (tui_common.hint)
            self._cpu_pending = True
            run_in_thread(self, "cpu", partial(bot.choose, state), partial(self._cpu_chosen, state))
            return
        self.play(bot.choose(state))

    def _cpu_chosen(self, state, action) -> None:
        """A computer player's choice worked out in a thread, played if still due."""
        self._cpu_pending = False
        if isinstance(action, Exception):
            raise action
        if state is not self.state or self.record.over:
            return
        if self.app.screen is not self:  # help or a dialog on top: it plays once that closes
            self._resume_pending = True
            return
        self.play(action)
