"""Who sees what at the game screen: the hot seat's pass screen, the seat whose staff
hand and peeks are shown, and, at a seating that plays elsewhere (a shared table,
``tui_common.seating``), the actions played there caught up with. A mixin of
``GameScreen`` (needs ``state``, ``record``, ``names``, ``humans``, ``seating``,
``peeks``, ``_shown_to``)."""

from __future__ import annotations

import time

from core.clear_ward import Phase, describe, player_view
from core.record import GameRecord
from tui_common.event_log import EventLog


class SeatsMixin:
    """The seats' eyes for ``GameScreen``; see the module docstring."""

    def _pass_keyboard(self) -> None:
        """Hot seat: the next person's staff hand and peeks stay hidden until they say
        nobody else is looking."""
        if self._dialog_open:
            return
        from tui_common.dialogs import pass_dialog

        seat, previous = self.state.current, self._shown_to
        self._shown_to = None
        self.refresh_view()

        def passed(answer) -> None:
            self._dialog_open = False
            if answer == "undo":  # the one who just played takes it back, keyboard in hand
                self._shown_to = previous
                self.action_undo()
                self.call_after_refresh(self._next_step)
                return
            self._shown_to = seat
            self.refresh_view()
            self.call_after_refresh(self._next_step)

        dialog = pass_dialog(self.names[seat], "your staff cards are shown next.", undo=self.undo_offered())
        dialog.save_as = lambda: self._ask_save_name(None)
        self._push_dialog(dialog, passed)

    def _private_seat(self) -> int | None:
        """Whose staff hand and peeks may be shown now (``None``: nobody's); at a seating
        with its own eyes (a shared table), always that seat's."""
        if self.seating.fixed_view:
            return self.seating.seat
        seat = self.state.current
        if seat not in self.humans:
            return None
        if len(self.humans) > 1 and seat != self._shown_to:
            return None
        return seat

    def catch_up(self, record: GameRecord) -> None:
        """Show ``record``'s actions this screen has not shown yet (none if it is older):
        actions played elsewhere (``tui_common.seating``), this seat's peeks remembered."""
        done = len(self.record.actions)
        if len(record.actions) <= done:
            return
        log, seat = self.query_one(EventLog), self.seating.seat
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            log.add(describe(before, action, after))
            if seat is not None and before.current == seat and after.looked_at and not before.looked_at:
                seen = player_view(after, seat).ward  # my Junior Doctor looked: I remember
                self.peeks.setdefault(seat, {}).update(
                    {cell: seen[cell].patient for cell in after.looked_at if seen[cell] is not None})
        before, after = self.record.state, record.state
        if before.moves == 0 and after.moves > 0 and self.clock_started is None:
            self.clock_started = time.monotonic()
        if after.phase is Phase.OVER and self.clock_stopped is None:
            self.clock_stopped = time.monotonic()
        self.targeting, self.picked = None, ()
        self.record = record
        self.state = after
