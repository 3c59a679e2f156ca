"""One player's clinic with the floor cursor: the ``ClinicView`` drawing plus the
state of what the player points at — the floor shown, the cursor's space, and the
build being placed (``choices.Placement``) or the person being moved
(``choices.Moving``) with their ◆ targets and the path to the cursor.

The widget owns that state and redraws itself when it changes; each cursor move calls
its ``on_move`` (the game screen rewrites its status line in the same frame), or, without
one, posts ``ClinicBoard.Moved`` up. What the clinic
is, whose it is and which cars are marked come from the screen (``draw``); the screen
decides from ``legal_actions`` what may be placed or moved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.message import Message

from clinic_tui.choices import Moving, Placement
from clinic_tui.config import Glyphs
from clinic_tui.widgets.clinic_view import ClinicPicture, ClinicView
from core.clinic.board import Space
from core.clinic.components import Role
from core.clinic.movement import cheapest_path
from core.clinic.people import Clinic
from core.errors import GameError


def _order(space: Space) -> tuple[int, int, int]:
    return space.floor, space.row, space.col


class ClinicBoard(ClinicView):
    """The clinic shown and its floor cursor (``floor``, ``cursor``, ``placement``,
    ``moving``). Moves clamp to the board; floors are 0-3."""

    @dataclass
    class Moved(Message):
        """The cursor is now on ``space`` (a key, a floor change, a new target)."""

        space: Space

    def __init__(self, glyphs: Glyphs, *, id: str | None = None,
                 on_move: Callable[[Space], None] | None = None) -> None:
        """``on_move``: called with the cursor's space at each move, in the same frame
        (the status line redrawn with the board: one screen update a key, not two);
        without it, ``Moved`` is posted."""
        super().__init__(glyphs, id=id)
        self.on_move = on_move
        self.floor = 0
        self.cursor = Space(0, 0, 0)
        self.placement: Placement | None = None
        self.moving: Moving | None = None
        self.clinic: Clinic | None = None
        self._look: dict = {}

    # -- what the screen tells it ------------------------------------------------------

    def draw(self, clinic: Clinic, *, all_floors: bool, title: str, cars: dict, carrying: frozenset) -> None:
        """Draw ``clinic`` (all four floors when ``all_floors``) with ``title``; ``cars``:
        car spots to pick -> menu label; ``carrying``: ids of nurses carrying Blood."""
        self.clinic = clinic
        self._look = {"all_floors": all_floors, "title": title, "cars": cars, "carrying": carrying}
        self._redraw()

    def targets(self) -> dict:
        """The ◆ spaces now (space -> short label such as ``$3`` or ``t2``): where the
        build may go, or where the person may move; empty otherwise."""
        if self.placement is not None:
            return self.placement.targets()
        if self.moving is not None:
            return self.moving.goals
        return {}

    def path(self) -> frozenset:
        """The spaces the person being moved would cross to reach the cursor."""
        if self.moving is None or self.cursor not in self.moving.goals or self.clinic is None:
            return frozenset()
        person = self.clinic.person(self.moving.pid)
        try:
            _, steps = cheapest_path(self.clinic.board, person.where, self.cursor, person.role is Role.PATIENT)
        except GameError:
            return frozenset()
        return frozenset(s for s in steps if isinstance(s, Space))

    def make_picture(self) -> ClinicPicture | None:
        """What is drawn now (``None`` before ``draw``)."""
        if self.clinic is None:
            return None
        look = self._look
        floors = (0, 1, 2, 3) if look["all_floors"] else (self.floor,)
        return ClinicPicture(
            self.clinic, floors, self.cursor, self.targets(), self.path(),
            self.placement.picked if self.placement else (), look["title"],
            cars=look["cars"], carrying=look["carrying"],
        )

    def _redraw(self) -> None:
        picture = self.make_picture()
        if picture is not None:
            self.show(picture)

    # -- the cursor --------------------------------------------------------------------

    def go_to(self, space: Space) -> None:
        """Put the cursor on ``space`` (its floor shown)."""
        self.floor, self.cursor = space.floor, space
        self._moved()

    def step(self, dx: int, dy: int) -> None:
        """Move the cursor one space (columns ``dx``, rows ``dy``), kept on the board."""
        board = self.clinic.board
        c = max(0, min(board.cols - 1, self.cursor.col + dx))
        r = max(0, min(board.rows - 1, self.cursor.row + dy))
        self.go_to(Space(self.floor, c, r))

    def show_floor(self, floor: int) -> None:
        """Show ``floor`` (0-3), the cursor on the same column and row there."""
        self.go_to(Space(floor, self.cursor.col, self.cursor.row))

    def next_target(self) -> None:
        """The cursor on the next ◆ target (floor, row, column order; wraps)."""
        targets = sorted(self.targets(), key=_order)
        if targets:
            here = _order(self.cursor)
            self.go_to(next((s for s in targets if _order(s) > here), targets[0]))

    def clamp(self, board) -> None:
        """Keep the cursor on ``board`` (the clinic about to be shown: another player's
        may be smaller)."""
        self.cursor = Space(self.floor, min(self.cursor.col, board.cols - 1), min(self.cursor.row, board.rows - 1))

    def _moved(self) -> None:
        self._redraw()
        if self.on_move is not None:
            self.on_move(self.cursor)
        else:
            self.post_message(self.Moved(self.cursor))

    # -- placing and moving ------------------------------------------------------------

    def place(self, placement: Placement, first: Space | None = None) -> None:
        """Start placing ``placement``: the cursor on ``first`` (else its first target)."""
        self.placement, self.moving = placement, None
        targets = sorted(placement.targets(), key=_order)
        if first is None and targets:
            first = targets[0]
        if first is not None:
            self.go_to(first)
        else:
            self._redraw()

    def move_person(self, moving: Moving, first: Space) -> None:
        """Start moving ``moving``'s person: their goals are the targets, the cursor on ``first``."""
        self.moving, self.placement = moving, None
        self.go_to(first)

    def drop(self) -> bool:
        """Stop placing or moving (Esc, a new position); True if something was dropped."""
        if self.placement is None and self.moving is None:
            return False
        self.placement = self.moving = None
        return True


__all__ = ["ClinicBoard"]
