"""The game screen's cursors: the board cursor (arrows / h j k l, floors 0-3, [ ]),
the notepad cursor in the Admit phase, the ◆ targets (n), looking at another clinic
(v) and Esc.  Mixed into ``GameScreen``, which provides ``state``, ``play()``,
``legal()`` and ``refresh_view()``.
"""

from __future__ import annotations

from core.clinic.board import Space
from core.clinic.game import Shift, ShiftAppointment

DIRS = {(0, -1): Shift.UP, (0, 1): Shift.DOWN, (-1, 0): Shift.LEFT, (1, 0): Shift.RIGHT}


class CursorMixin:
    """Keys that move a cursor or change what is looked at, never the game (except a
    notepad patient moved by an arrow once picked up)."""

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.state is None:
            return
        if self._admit_mode():
            self._notepad_cursor(dx, dy)
            return
        board = self.clinic.board
        c = max(0, min(board.cols - 1, self.cursor.col + dx))
        r = max(0, min(board.rows - 1, self.cursor.row + dy))
        self.cursor = Space(self.floor, c, r)
        self.refresh_view(board=False)

    def _notepad_cursor(self, dx: int, dy: int) -> None:
        state = self.state
        r, i = self.np_cursor
        if self.np_held:
            self.np_held = False
            service = state.services[r]
            shift = ShiftAppointment(service, i, DIRS[(dx, dy)])
            if shift not in self.legal():
                self.notify(
                    "Admit: that notepad move is not offered (house rule: only moves that change"
                    " the notepad, within it: not onto a patient of the same colour, not left into"
                    " an empty space).", severity="error", title="Not allowed", timeout=8)
            if self.play(shift):
                r2 = max(0, min(len(state.services) - 1, r + dy))
                self.np_cursor = (r2, max(0, min(4, i + dx)))
            self.refresh_view()
            return
        rows, width = len(state.notepad), len(state.notepad[0])
        self.np_cursor = (max(0, min(rows - 1, r + dy)), max(0, min(width - 1, i + dx)))
        self.refresh_view()

    def action_floor(self, floor: int) -> None:
        self.floor = floor
        self.cursor = Space(floor, self.cursor.col, self.cursor.row)
        self.refresh_view()

    def action_floor_step(self, step: int) -> None:
        self.action_floor((self.floor + step) % 4)

    def action_view_next(self) -> None:
        if self.state is None:
            return
        self.view_seat = (self.view_seat + 1) % len(self.names)
        self.placement = self.moving = None
        self._clamp_cursor()
        self.refresh_view()

    def action_next_target(self) -> None:
        if self.state is None:
            return
        targets = sorted(self._targets(), key=lambda s: (s.floor, s.row, s.col))
        if not targets:
            return
        key = (self.cursor.floor, self.cursor.row, self.cursor.col)
        nxt = next((s for s in targets if (s.floor, s.row, s.col) > key), targets[0])
        self.floor = nxt.floor
        self.cursor = nxt
        self.refresh_view()

    def action_cancel(self) -> None:
        if self.state is None:
            return
        if self.placement is not None or self.moving is not None:
            self.placement = self.moving = None
            self.refresh_view()
        elif self.np_held:
            self.np_held = False
            self.refresh_view()

