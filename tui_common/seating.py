"""Who sits at a game screen: a parameter of each game's ``GameScreen``.

``Seating`` (the default) is everyone at this terminal: the hot seat. The screen runs
the computer seats itself, plays each action into its own record, autosaves, offers
undo and Save as, and q quits the app. A shared table at the game server
(``tui_common.server.table.SharedTable``) is another ``Seating``: one seat is this
terminal's, the others are played elsewhere, an action goes to the room, and the
room's news arrives by ``take_event``. The screen asks its seating at each seam (who
may act, whose private things are shown, where an action goes, whether undo, saving
and the computers are its own, what quit and the end do) and never needs a subclass.
"""

from __future__ import annotations

from typing import Any


class Seating:
    """The hot seat at this terminal (see the module docstring). Every method is a seam
    the game screens consult; this class's answers keep the local behaviour."""

    #: the screen runs its computer seats (False: they are played elsewhere)
    runs_computers = True
    #: undo is offered
    undo = True
    #: the screen autosaves and offers Save as
    saves = True
    #: the seat whose private things are always shown, when ``fixed_view`` (``None``:
    #: a spectator's, nobody's)
    seat: int | None = None
    #: ``seat`` is the screen's eyes whoever's turn it is (False: the screen decides,
    #: as the hot seat passes the keyboard)
    fixed_view = False

    def seats_elsewhere(self, seats: int) -> tuple[int, ...] | None:
        """The seats this terminal does not play and the screen must only wait for
        (``None``: the screen's own computers are those)."""
        return None

    def people_here(self, humans: list[int]) -> list[int]:
        """The seats of the people at this terminal, of ``humans`` (the seats of people)."""
        return humans

    def refusal(self, current: int | None, names: list[str]) -> str | None:
        """Why the person at this terminal may not act for seat ``current`` now (a
        sentence), or ``None`` (the screen's own checks follow)."""
        return None

    def play(self, screen: Any, action: Any) -> bool | None:
        """Play ``action`` elsewhere and return whether it was played; ``None``: the
        screen plays it into its own record (here)."""
        return None

    def refused(self, what: str) -> str | None:
        """The sentence that refuses ``what`` ("undo", "save_as") at this seating, or
        ``None`` when the screen does it."""
        return None

    def leave(self, screen: Any) -> bool:
        """q: handled here (True), or the screen's own quit (False)."""
        return False

    def game_over(self, screen: Any) -> Any:
        """The game-over screen ``screen`` as this seating shows it."""
        return screen

    def mounted(self, screen: Any) -> None:
        """The game screen is mounted (a shared table starts its waiting timer)."""

    def status(self, text: str, current: int | None) -> str:
        """The status line ``text`` of ``current``'s turn as this seating words it."""
        return text


#: The hot seat: one value is enough (it holds nothing).
LOCAL = Seating()
