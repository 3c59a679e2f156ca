"""A seat at a shared table: the ``Seating`` the server gives a game's own app and game
screen (``tui_common.seating``), for any registered game (``core.registry``).

One seat is this connection's (``seat``; ``None``: a spectator). Every other seat is
played elsewhere: the screen waits for it as for a computer and never plays it (the
room runs the computer players). An action goes to the room (which checks whose turn it
is, plays it through the engine and saves it) instead of the screen's own record; the
room's news (actions of the others, "Ann left", "Ann is back") arrives by
``app.call_later`` and is handed to the game screen (``catch_up`` for actions). The
screen draws through ``player_view`` of this seat only, so this player's private things
are shown, always, and no one else's; there is no "pass the keyboard" screen.

Undo and Save as are off (the server keeps the game); q leaves the table (the seat stays
yours) and goes back to the lobby. The game-over screen has no "play again" or "setup"
(the lobby opens rooms). A finished room opens on its replay; q there goes back to the
lobby.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from core import registry
from core.errors import GameError
from tui_common.event_log import EventLog
from tui_common.messages import in_players_words
from tui_common.seating import Seating
from tui_common.server.rooms import Room, RoomEvent

#: Told when a finished room opens on its replay.
REPLAY_NOTE = "This game is over: here is its replay (→ next, ← previous, q back to the lobby)."
#: The sentences that refuse undo and Save as at a shared table.
REFUSED = {"undo": "Undo is off at a shared table.", "save_as": "The server keeps this game; it needs no saving."}


def leave_question(seat: int | None) -> str:
    return ("Back to the lobby? Your seat is kept: choose this room again to come back."
            if seat is not None else "Stop watching and go back to the lobby?")


def waiting_text(room: Room) -> str:
    """"waiting for Ann 1:05" while the game waits for a missing person, else ""."""
    waiting = room.waiting()
    if waiting is None:
        return ""
    name, seconds = waiting
    return f"waiting for {name} {int(seconds) // 60}:{int(seconds) % 60:02d}"


def game_app(room: Room, seat: int | None, player: str, data_dir=None):
    """The game's own app for ``seat`` of ``room`` (``None``: a spectator), opening on the
    room's game (or its replay) at a ``SharedTable``."""
    ui = registry.get(room.game).load_ui()
    options = ui.table_options(room.names(), [s.cpu for s in room.seats], room.seed, data_dir)
    if room.daily:  # the header names the day's deal; its end shows the share text
        options = dataclasses.replace(options, daily=room.daily)
    return ui.app(options, seating=SharedTable(room, seat, player))


class SharedTable(Seating):
    """One seat of ``room`` on this connection; see the module docstring."""

    runs_computers = False
    undo = False
    saves = False
    fixed_view = True

    def __init__(self, room: Room, seat: int | None, player: str) -> None:
        self.room, self.seat, self.player = room, seat, player
        self.app: Any = None
        self.attached = False
        self._catching_up = False

    # -- the app: opening, the room's news -----------------------------------------------

    def open(self, app) -> None:
        """Open the app on the room's game (a finished one: its replay) and listen to
        the room."""
        self.app = app
        self.attach()
        ui = registry.get(self.room.game).load_ui()
        if self.room.record.over:
            app.push_screen(ui.replay_screen(app.options, self.room.record, f"room #{self.room.id}"))
            app.notify(REPLAY_NOTE)
        else:
            app.push_screen(ui.game_screen(app.options, self.room.record, self, f"room #{self.room.id}"))
        app.call_after_refresh(app.check_size)

    def attach(self) -> None:
        self.room.attach(self.player, self.heard, watch=self.seat is None)
        self.attached = True

    def detach(self) -> None:
        if self.attached:
            self.attached = False
            self.room.detach(self.player, self.heard, watch=self.seat is None)

    def heard(self, room: Room, event: RoomEvent) -> None:
        """Called by the room, outside the app: queue the news for the app's task. A
        burst of actions (computer turns, a fast player) is shown once, at its end."""
        if event.kind != "action":
            self.app.call_later(self._deliver, event)
        elif not self._catching_up:
            self._catching_up = True
            self.app.call_later(self._deliver_latest)

    def _deliver_latest(self) -> None:
        self._catching_up = False
        self._deliver(RoomEvent("action", "", record=self.room.record))

    def _deliver(self, event: RoomEvent) -> None:
        for screen in reversed(self.app.screen_stack):
            if getattr(screen, "seating", None) is self and hasattr(screen, "catch_up"):
                self.take_event(screen, event)
                return

    def take_event(self, screen, event: RoomEvent) -> None:
        """Show the room's ``event`` on the game ``screen``."""
        if event.kind == "action":
            screen.catch_up(event.record)
            self.show_waiting(screen)
        elif event.kind in ("left", "back", "watching"):
            for log in screen.query(EventLog):
                log.add(event.text)
            screen.notify(event.text, timeout=4)
            self.show_waiting(screen)

    # -- the seams of the game screen ------------------------------------------------------

    def seats_elsewhere(self, seats: int) -> tuple[int, ...]:
        return tuple(i for i in range(seats) if i != self.seat)

    def people_here(self, humans: list[int]) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def refusal(self, current: int | None, names: list[str]) -> str | None:
        if self.seat is None:
            return "You are watching this game."
        if current != self.seat:
            return f"Wait: it is {names[current]}'s turn."
        return None

    def play(self, screen, action) -> bool:
        """Send ``action`` to the room for this seat; False, with a message in players'
        words, for a spectator or an action the room refuses (``GameError``)."""
        if self.seat is None:
            screen.notify("You are watching this game.", severity="warning")
            return False
        try:
            self.room.play(self.seat, action)
        except GameError as err:
            screen.notify(in_players_words(str(err)), severity="error", title="Not allowed", timeout=8)
            return False
        screen.catch_up(self.room.record)
        self.show_waiting(screen)
        return True

    def refused(self, what: str) -> str | None:
        return REFUSED.get(what)

    def leave(self, screen) -> bool:
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                screen.app.exit()

        screen.app.go(screen, "push", lambda: ConfirmDialog(leave_question(self.seat)), answered)
        return True

    def game_over(self, screen):
        """No "play again", "same seed" or "setup": the lobby opens rooms; q goes back."""
        screen.at_table = True
        return screen

    def mounted(self, screen) -> None:
        screen.set_interval(1.0, lambda: self.show_waiting(screen))
        screen.call_after_refresh(self.show_waiting, screen)

    def show_waiting(self, screen) -> None:
        """The sub-title: the room, who this is, and whom the game waits for."""
        who = "watching" if self.seat is None else f"you are {screen.names[self.seat]}"
        wait = waiting_text(self.room)
        daily = f" · daily deal {self.room.daily}" if self.room.daily else ""
        screen.sub_title = f"room #{self.room.id}{daily} · {who}" + (f" · {wait}" if wait else "")

    def status(self, text: str, current: int | None) -> str:
        """A person playing elsewhere is "playing", not a computer "thinking"."""
        if current is not None and current != self.seat and not self.room.seats[current].is_cpu:
            text = text.replace(" (computer) is playing…", " is playing…", 1)
            text = text.replace(" (computer) is thinking: ", " is playing: ", 1)
        return text
