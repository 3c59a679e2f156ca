"""What both games' game-over screens do with their buttons and keys: play again
(same or new seed), back to setup, replay the game just played, quit.

A game's ``GameOverScreen`` draws its own summary and inherits ``GameOverActions``;
it names its screens with ``game_screen(options)``, ``setup_screen(options)`` and
``replay_screen(options, record)`` and says which options start the next game with
``again_options(same_seed)``."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Button


class GameOverActions(Screen):
    """Buttons ``again``, ``same``, ``setup``, ``replay``, ``quit``; keys p, s, setup,
    v, q. While ``_ready`` is False (just after a computer's last move) they wait."""

    def game_screen(self, options) -> Screen:
        raise NotImplementedError

    def setup_screen(self, options) -> Screen:
        raise NotImplementedError

    def replay_screen(self, options, record) -> Screen:
        raise NotImplementedError

    def again_options(self, same_seed: bool):
        """The options of the next game: the same seats, this seed or a new one."""
        raise NotImplementedError

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not getattr(self, "_ready", True):
            return
        actions = {"again": lambda: self.action_again(False), "same": lambda: self.action_again(True),
                   "setup": self.action_setup, "replay": self.action_replay, "quit": self.app.exit}
        actions[event.button.id]()

    def action_again(self, same_seed: bool) -> None:
        options = self.again_options(same_seed)
        self.app.go(self, "switch", lambda: self.game_screen(options))

    def action_setup(self) -> None:
        self.app.go(self, "switch", lambda: self.setup_screen(self.options))

    def action_replay(self) -> None:
        """Step through the game just played (q comes back here)."""
        if self.record is None:
            self.notify("This game has no record to replay.", severity="warning")
            return
        self.app.go(self, "push", lambda: self.replay_screen(self.options, self.record))
