"""Clinic at a shared table: the real app and game screen, driven by a room (the same
seam as ``net_ward``). The board is drawn through ``player_view`` with this player's
eyes only (``viewer`` is always their seat; a spectator's is ``None``: nothing face
down is shown), so the action tiles chosen in secret stay secret until the reveal, and
there is no "pass the keyboard" screen: each player chooses on their own terminal. A
finished room opens on its replay (``NetClinicReplay``); q there goes back to the lobby.
"""

from __future__ import annotations


from clinic_tui import reports
from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, Seat
from clinic_tui.screens.game import GameScreen
from clinic_tui.screens.game_over import GameOverScreen
from clinic_tui.screens.replay import ReplayScreen
from core.clinic.game import Phase
from core.clinic.game.narration import describe
from tui_common.event_log import EventLog
from tui_common.server.net_common import (REPLAY_NOTE, NetAppMixin, NetGameOverMixin, NetSeatMixin, leave_question,
                                          waiting_text)
from tui_common.server.rooms import Room, RoomEvent


class NetClinicApp(NetAppMixin, ClinicApp):
    """Clinic for one seat (``seat`` None: a spectator) of ``room``."""

    def __init__(self, room: Room, seat: int | None, player: str, data_dir=None) -> None:
        seats = tuple(Seat(n, s.cpu) for n, s in zip(room.names(), room.seats))
        super().__init__(Options(seats=seats, seed=room.seed, data_dir=None if data_dir is None else str(data_dir)))
        self.room, self.seat, self.player = room, seat, player

    def on_mount(self, event) -> None:
        event.prevent_default()  # not ClinicApp's own start (setup, autosave)
        self.attach()
        if self.room.record.over:  # a finished game: its replay, not its game-over screen
            self.push_screen(NetClinicReplay(self.options, self.room.record, f"room #{self.room.id}"))
            self.notify(REPLAY_NOTE)
        else:
            self.push_screen(NetClinicScreen(self.room, self.seat, self.player, self.options))
        self.call_after_refresh(self.check_size)


class NetClinicScreen(NetSeatMixin, GameScreen):
    """Clinic's game screen for one seat at a shared table."""

    def __init__(self, room: Room, seat: int | None, player: str, options: Options) -> None:
        super().__init__(options, record=room.record, source=f"room #{room.id}" if room.record.actions else None)
        self.room, self.seat, self.player = room, seat, player
        self.bots = {i: None for i in range(len(self.names)) if i != seat}
        self.autosaving = False

    def on_mount(self) -> None:
        self.set_interval(1.0, self._show_waiting)
        self.call_after_refresh(self._show_waiting)

    def _show_waiting(self) -> None:
        who = "watching" if self.seat is None else f"you are {self.names[self.seat]}"
        wait = waiting_text(self.room)
        self.sub_title = f"room #{self.room.id} · {who}" + (f" · {wait}" if wait else "")

    @property
    def viewer(self) -> int | None:
        return self.seat

    def status_text(self) -> str:
        text = super().status_text()
        current = self.state.current
        if current is not None and current != self.seat and not self.room.seats[current].is_cpu:
            text = text.replace(" (computer) is thinking: ", " is playing: ", 1)  # a person, elsewhere
        return text

    # -- the room's news --------------------------------------------------------------

    def take_event(self, event: RoomEvent) -> None:
        if event.kind == "action":
            self._catch_up(event.record)
        elif event.kind in ("left", "back", "watching"):
            for log in self.query(EventLog):
                log.add(event.text)
            self.notify(event.text, timeout=4)
            self._show_waiting()

    def _catch_up(self, record) -> None:
        done = len(self.record.actions)
        if len(record.actions) <= done:
            return
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            for log in self.query(EventLog):
                log.add(describe(before, action, after))
            if self.seat is not None:
                self.reports.extend(reports.after_action(before, after))
            if before.current == self.seat:
                self._last_human = self.seat
        self.record = record
        self.state = record.state
        self._show_waiting()

    # -- the seam: actions go to the room ---------------------------------------------

    def _human_may_act(self, quiet: bool = False) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        if self.seat is None or self.state.current != self.seat:
            if not quiet:
                text = ("You are watching this game." if self.seat is None
                        else f"Wait: it is {self.names[self.state.current]}'s turn.")
                self.notify(text, severity="warning")
            return False
        return not self._dialog_open

    def _cpu_act(self) -> None:
        self._cpu_pending = False  # the room plays the others' turns

    def autosave(self) -> None:
        pass  # the room saved it

    UNDO = False  # never offered: the room plays on for everyone

    def action_undo(self) -> None:
        self.notify("Undo is off at a shared table.", severity="warning")

    def take_back(self) -> bool:
        """(u in one of the decision menus comes here, not to ``action_undo``.)"""
        self.action_undo()
        return False

    def action_save_as(self) -> None:
        self.notify("The server keeps this game; it needs no saving.")

    def action_quit(self) -> None:
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.go(self, "push", lambda: ConfirmDialog(leave_question(self.seat)), answered)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self.app.go(self, "replace",
                    NetClinicGameOverScreen(self.options, self.state, self.names, self.seed, record=self.record))


class NetClinicGameOverScreen(NetGameOverMixin, GameOverScreen):
    """Clinic's game-over screen without "play again" and "setup"."""


class NetClinicReplay(ReplayScreen):
    """The replay of a finished room: q goes back to the lobby (not to a setup)."""

    def action_back(self) -> None:
        self.app.exit()
