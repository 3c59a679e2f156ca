"""Clear the Ward at a shared table: the real app and game screen, driven by a room.

The seam is small: ``NetWardScreen`` is the app's own ``GameScreen`` with four things
changed. ``play`` sends the action to the room (which plays it through the engine and
saves it) instead of the screen's own record; every seat that is not this player's is
treated like a computer seat (the screen waits, keys say whose turn it is) and nothing
is ever played for it here (the room runs the computer players); the room's news
(actions of the others, "Ann left", "Ann is back") arrives by ``app.call_later``; the
ward and the side panel are drawn from ``player_view`` of this seat (a spectator's:
``None``), so this player's staff hand and Junior Doctor peeks are shown, always, and
no one else's.

Undo and Save as are off at a shared table (the server keeps the game); q leaves the
table (the seat stays yours) and goes back to the lobby. A finished room opens on its
replay (the app's own viewer, every hand hidden); q there goes back to the lobby.
"""

from __future__ import annotations

import time

from clear_ward_tui.app import ClearWardApp
from clear_ward_tui.config import Options, Seat
from clear_ward_tui.screens.game import GameScreen
from clear_ward_tui.screens.game_over import GameOverScreen
from clear_ward_tui.widgets.ward_grid import WardGrid
from textual.widgets import Static
from core.clear_ward import Phase, describe, player_view
from tui_common.event_log import EventLog
from tui_common.server.net_common import (REPLAY_NOTE, NetAppMixin, NetGameOverMixin, NetSeatMixin, leave_question,
                                          waiting_text)
from tui_common.server.rooms import Room, RoomEvent


class NetWardApp(NetAppMixin, ClearWardApp):
    """Clear the Ward for one seat (``seat`` None: a spectator) of ``room``."""

    def __init__(self, room: Room, seat: int | None, player: str, data_dir=None) -> None:
        seats = tuple(Seat(n, s.cpu) for n, s in zip(room.names(), room.seats))
        super().__init__(Options(seats=seats, seed=room.seed, data_dir=data_dir))
        self.room, self.seat, self.player = room, seat, player

    def on_mount(self, event) -> None:
        event.prevent_default()  # not ClearWardApp's own start (setup, autosave, loading screen)
        self.attach()
        if self.room.record.over:  # a finished game: its replay, not its game-over screen
            from clear_ward_tui.screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(self.options, self.room.record, f"room #{self.room.id}", closes_app=True))
            self.notify(REPLAY_NOTE)
        else:
            self.push_screen(NetWardScreen(self.room, self.seat, self.player, self.options))
        self.call_after_refresh(self.check_size)


class NetWardScreen(NetSeatMixin, GameScreen):
    """The game screen of one seat at a shared table; see the module docstring."""

    def __init__(self, room: Room, seat: int | None, player: str, options: Options) -> None:
        super().__init__(options, record=room.record)
        self.room, self.seat, self.player = room, seat, player
        # Every other seat is played elsewhere: the screen waits for it, as for a computer.
        self.bots = {i: None for i in range(len(self.names)) if i != seat}
        # One person at this terminal: no hot-seat pass screen, the hand always shown.
        self.humans = [] if seat is None else [seat]
        self._shown_to = seat

    def _private_seat(self) -> int | None:
        """Whose eyes this screen is: always this seat's (a spectator: nobody's)."""
        return self.seat

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs after this one, as Textual calls every class's handler)
        self.set_interval(1.0, self._show_waiting)
        self.call_after_refresh(self._show_waiting)
        # The status lines follow the ward's selection at once, in the same frame as the
        # two spaces it changes: one frame a cursor move over SSH, not two.
        self.watch(self.query_one(WardGrid), "cursor", self._selection_moved, init=False)

    def _selection_moved(self) -> None:
        if self.state is not None:
            self.refresh_view(panel=False, grid_too=False)

    def on_ward_grid_moved(self, event: WardGrid.Moved) -> None:
        event.prevent_default()  # done already, by _selection_moved

    def _show_waiting(self) -> None:
        who = "watching" if self.seat is None else f"you are {self.names[self.seat]}"
        wait = waiting_text(self.room)
        self.sub_title = f"room #{self.room.id} · {who}" + (f" · {wait}" if wait else "")

    # -- the room's news --------------------------------------------------------------

    def take_event(self, event: RoomEvent) -> None:
        if event.kind == "action":
            self._catch_up(event.record)
        elif event.kind in ("left", "back", "watching"):
            self.query_one(EventLog).add(event.text)
            self.notify(event.text, timeout=4)
            self._show_waiting()

    def _catch_up(self, record) -> None:
        """Show ``record``'s actions this screen has not shown yet (none if it is older)."""
        done = len(self.record.actions)
        if len(record.actions) <= done:
            return
        log = self.query_one(EventLog)
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            log.add(describe(before, action, after))
            if self.seat is not None and before.current == self.seat and after.looked_at and not before.looked_at:
                seen = player_view(after, self.seat).ward  # my Junior Doctor looked: I remember
                self.peeks.setdefault(self.seat, {}).update(
                    {cell: seen[cell].patient for cell in after.looked_at if seen[cell] is not None})
        before, after = self.record.state, record.state
        if before.moves == 0 and after.moves > 0 and self.clock_started is None:
            self.clock_started = time.monotonic()
        if after.phase is Phase.OVER and self.clock_stopped is None:
            self.clock_stopped = time.monotonic()
        self.targeting, self.picked = None, ()
        self.record = record
        self.state = after
        self._show_waiting()

    # -- the seam: actions go to the room ---------------------------------------------

    def _human_may_act(self) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        if self.seat is None:
            self.notify("You are watching this game.", severity="warning")
            return False
        if self.state.current != self.seat:
            self.notify(f"Wait: it is {self.names[self.state.current]}'s turn.", severity="warning")
            return False
        return True

    def _cpu_act(self) -> None:
        self._cpu_pending = False  # the room plays the others' turns, never this screen

    def refresh_view(self, *, panel: bool = True, grid_too: bool = True) -> None:
        super().refresh_view(panel=panel, grid_too=grid_too)
        current = None if self.state is None else self.state.current
        if current is not None and current != self.seat and not self.room.seats[current].is_cpu:
            shown = self.query_one("#status", Static)
            text = str(shown.content)
            shown.update(text.replace(" (computer) is playing…", " is playing…", 1))

    def _autosave(self) -> None:
        pass  # the room saved it

    UNDO = False  # never offered: the room plays on for everyone

    def action_undo(self) -> None:
        self.notify("Undo is off at a shared table.", severity="warning")

    def dialog_key(self, name: str) -> bool:
        """u / Ctrl+S in a dialog of the rules: off here too (the dialog stays open)."""
        if name == "hint":
            return super().dialog_key(name)
        self.action_save_as() if name == "save_as" else self.action_undo()
        return False

    def action_save_as(self) -> None:
        self.notify("The server keeps this game; it needs no saving.", severity="information")

    def action_quit(self) -> None:
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.go(self, "push", ConfirmDialog(leave_question(self.seat)), answered)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        outcome = None
        if self.state.solo:
            outcome = self.app.night_shift_outcome(self.state, self.seed, self.elapsed())
        self.app.go(self, "replace",
                    NetGameOverScreen(self.options, self.state, self.names, self.seed, outcome, record=self.record))


class NetGameOverScreen(NetGameOverMixin, GameOverScreen):
    """The game-over screen without "play again" and "setup" (the lobby opens rooms)."""
