"""Who sees what at the game screen: the hot seat's pass screen, the seat whose staff
hand and peeks are shown, and, at a seating that plays elsewhere (a shared table,
``tui_common.seating``), the actions played there caught up with. ``WardSeats`` is a
collaborator of ``GameScreen`` (``GameScreen.seats``)."""

from __future__ import annotations

from core.clear_ward import describe, player_view
from core.record import GameRecord
from tui_common.event_log import EventLog


class WardSeats:
    """The seats' eyes for one ``GameScreen`` (it reads the screen's ``state``,
    ``record``, ``names``, ``humans``, ``seating``, ``peeks``)."""

    def __init__(self, screen, shown_to: int | None) -> None:
        """``shown_to``: hot seat (2+ people): the seat whose private things are shown
        (``None``: nobody's yet, a pass screen comes first)."""
        self.screen = screen
        self.shown_to = shown_to

    def pass_keyboard(self) -> None:
        """Hot seat: the next person's staff hand and peeks stay hidden until they say
        nobody else is looking."""
        screen = self.screen
        if screen._dialog_open:
            return
        from tui_common.dialogs import pass_dialog

        seat, previous = screen.state.current, self.shown_to
        self.shown_to = None
        screen.refresh_view()

        def passed(answer) -> None:
            screen._dialog_open = False
            if answer == "undo":  # the one who just played takes it back, keyboard in hand
                self.shown_to = previous
                screen.action_undo()
                screen.call_after_refresh(screen._next_step)
                return
            self.shown_to = seat
            screen.refresh_view()
            screen.call_after_refresh(screen._next_step)

        dialog = pass_dialog(screen.names[seat], "your staff cards are shown next.", undo=screen.undo_offered())
        dialog.save_as = lambda: screen.saves.ask_save_name(None)
        screen._push_dialog(dialog, passed)

    def private_seat(self) -> int | None:
        """Whose staff hand and peeks may be shown now (``None``: nobody's); at a seating
        with its own eyes (a shared table), always that seat's."""
        screen = self.screen
        if screen.seating.fixed_view:
            return screen.seating.seat
        seat = screen.state.current
        if seat not in screen.humans:
            return None
        if len(screen.humans) > 1 and seat != self.shown_to:
            return None
        return seat

    def catch_up(self, record: GameRecord) -> None:
        """Show ``record``'s actions the screen has not shown yet (none if it is older):
        actions played elsewhere (``tui_common.seating``), this seat's peeks remembered."""
        screen = self.screen
        done = len(screen.record.actions)
        if len(record.actions) <= done:
            return
        log, seat = screen.query_one(EventLog), screen.seating.seat
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            log.add(describe(before, action, after))
            if seat is not None and before.current == seat and after.looked_at and not before.looked_at:
                seen = player_view(after, seat).ward  # my Junior Doctor looked: I remember
                screen.peeks.setdefault(seat, {}).update(
                    {cell: seen[cell].patient for cell in after.looked_at if seen[cell] is not None})
        screen.clock.follow(screen.record.state, record.state, restart=False)
        screen.targeting, screen.picked = None, ()
        screen.record = record
        screen.state = record.state
