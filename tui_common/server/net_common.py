"""What both games' shared-table apps have in common: the room's news reaching the app,
the waiting timer, leaving the table, and a game-over screen without "play again"."""

from __future__ import annotations

from core.errors import GameError
from tui_common.messages import in_players_words
from tui_common.secrecy import seed_words
from tui_common.server.rooms import Room, RoomEvent


#: Told when a finished room opens on its replay.
REPLAY_NOTE = "This game is over: here is its replay (→ next, ← previous, q back to the lobby)."


def game_app(room, seat, name, data_dir):
    """The game app of ``room`` for ``seat`` (``None``: a spectator)."""
    if room.game == "clear-the-ward":
        from tui_common.server.net_ward import NetWardApp

        return NetWardApp(room, seat, name, data_dir)
    from tui_common.server.net_clinic import NetClinicApp

    return NetClinicApp(room, seat, name, data_dir)


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


class NetSeatMixin:
    """Both games' seat screens: an action goes to the room (which checks whose turn it
    is and plays it for everyone), never straight into the screen's own record."""

    def play(self, action) -> bool:
        """Play ``action`` for this seat; False, with a message in players' words, for a
        spectator or an action the room refuses (``GameError``)."""
        if self.seat is None:
            self.notify("You are watching this game.", severity="warning")
            return False
        try:
            self.room.play(self.seat, action)
        except GameError as err:
            self.notify(in_players_words(str(err)), severity="error", title="Not allowed", timeout=8)
            return False
        self._catch_up(self.room.record)
        return True


class NetAppMixin:
    """What both games' shared-table apps do: be told of the room's news (attached on
    mount, detached by the server when the connection or the app ends) and pass it to
    the game screen in the app's own context."""

    room: Room
    seat: int | None
    player: str
    attached = False
    #: no "--resume" line after a crash: the room keeps the game
    RESUME_COMMAND = ""

    def rules_markdown(self) -> str:
        """The game's rules, found beside the game's own app module (not this one)."""
        from tui_common.rules_file import package_of, rules_text

        game_app = next(c for c in type(self).__mro__ if c.__module__.endswith("_tui.app"))
        return rules_text(package_of(game_app), self.title)

    def attach(self) -> None:
        self.room.attach(self.player, self.heard, watch=self.seat is None)
        self.attached = True

    def detach(self) -> None:
        if self.attached:
            self.attached = False
            self.room.detach(self.player, self.heard, watch=self.seat is None)

    def heard(self, room: Room, event: RoomEvent) -> None:
        """Called by the room, outside this app: queue the news for the app's task. A
        burst of actions (computer turns, a fast player) is shown once, at its end."""
        if event.kind != "action":
            self.call_later(self._deliver, event)
        elif not getattr(self, "_catching_up", False):
            self._catching_up = True
            self.call_later(self._deliver_latest)

    def _deliver_latest(self) -> None:
        self._catching_up = False
        self._deliver(RoomEvent("action", "", record=self.room.record))

    def _deliver(self, event: RoomEvent) -> None:
        for screen in reversed(self.screen_stack):
            take = getattr(screen, "take_event", None)
            if take is not None:
                take(event)
                return


class NetGameOverMixin:
    """A game-over screen without "play again", "same seed" and "setup" (the lobby opens
    rooms); q goes back to the lobby."""

    def on_mount(self) -> None:
        # (the game's own on_mount runs after this one: Textual calls every class's handler)
        self.call_after_refresh(self._tidy)

    def _tidy(self) -> None:
        for button in ("#again", "#same", "#setup"):
            for found in self.query(button):
                found.remove()
        for found in self.query("#quit"):
            found.focus()
        self.sub_title = f"Game over{seed_words(self.seed, len(self.names), True)} · q: back to the lobby"

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("again", "setup"):
            return False
        return super().check_action(action, parameters)
