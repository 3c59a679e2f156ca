"""What both games' game-over screens share: the buttons and their keys (play again
with the same or a new seed, back to setup with a new seed, replay the game just
played, quit), the layout around the game's own summary, and the guard that keeps keys
typed for the last move from pressing a button.

A game's ``GameOverScreen`` inherits ``GameOverActions``, draws its summary in
``summary()`` and names its screens as ``"module:Class"`` in ``GAME_SCREEN``,
``SETUP_SCREEN``, ``REPLAY_SCREEN`` (imported only when used) and its ``result``
function in ``RESULT``; ``again_options(same_seed)`` says which options start the next
game."""

from __future__ import annotations

import dataclasses
import importlib

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

from tui_common.header import TableHeader


def _made(path: str, *args):
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)(*args)


class GameOverActions(Screen):
    """Buttons ``again``, ``same``, ``setup``, ``replay``, ``quit``; keys p, s,
    ``SETUP_KEY``, v, q. While ``_ready`` is False (just after a computer's last move)
    they wait."""

    GAME_SCREEN = SETUP_SCREEN = REPLAY_SCREEN = RESULT = ""
    #: the game's title in the header; the key of the Setup button and its footer label
    TITLE, SETUP_KEY, SETUP_LABEL = "", "o", "Setup"
    #: seconds the buttons wait after a computer's last move (0 with no computer pause)
    GUARD = 0.8
    #: the game was played at a shared table (``tui_common.seating``: ``game_over``): no
    #: "play again", "same seed" or "setup" (the lobby opens rooms); q goes back to it
    at_table = False

    def __init__(self, options, state, names: list[str], seed: int, record=None) -> None:
        """``record``: the finished game's ``GameRecord``, for the replay viewer (v)."""
        super().__init__()  # no fixed id: screens of one kind may follow each other
        self.options, self.state, self.names, self.seed = options, state, names, seed
        self.record = record

    def __init_subclass__(cls, **kwargs) -> None:
        # the keys, with the game's own key and label for Setup, before Textual reads them
        if "BINDINGS" not in cls.__dict__:
            cls.BINDINGS = [
                Binding("p", "again(False)", "Play again", id="over.again"),
                Binding("s", "again(True)", "Same seed", id="over.same"),
                Binding(cls.SETUP_KEY, "setup", cls.SETUP_LABEL, id="over.setup"),
                Binding("v", "replay", "Replay", id="over.replay"),
                Binding("q", "app.quit", "Quit", id="over.quit"),
                Binding("left,h", "app.focus_previous", "Previous", show=False, id="over.prev"),
                Binding("right,l", "app.focus_next", "Next", show=False, id="over.next"),
            ]
        super().__init_subclass__(**kwargs)

    def summary(self) -> Widget:
        """The game's summary of the finished game (``#over-summary``)."""
        raise NotImplementedError

    def again_options(self, same_seed: bool):
        """The options of the next game: the same seats, this seed or a new one."""
        raise NotImplementedError

    def finished(self):
        """The finished game as a ``tui_common.history.Finished`` (``None``: not kept)."""
        return None

    def data_folder(self):
        """The game's data folder, where the history is kept (``None``: not kept)."""
        return None

    def keep_in_history(self) -> None:
        """Add the finished game to the history (``tui_common.history``); a problem is
        said once, and the game goes on."""
        from tui_common.history import record_game

        entry, folder = self.finished(), self.data_folder()
        if entry is None or folder is None:
            return
        problem = record_game(folder, entry)
        if problem:
            self.notify(problem, severity="warning", timeout=8, markup=False)

    def score_egg(self) -> str | None:
        """``tui_common.eggs.score_egg`` of the final scores (``RESULT``), or ``None``."""
        from tui_common.eggs import score_egg

        if not self.RESULT:
            return None
        try:
            return score_egg(_made(self.RESULT, self.state).scores)
        except (ValueError, AttributeError):  # not a finished state: no egg, never a crash
            return None

    def share(self) -> str | None:
        """A daily deal's share text (``tui_common.daily``), else ``None``: the game's
        ``core.<game>.share``. Shown under the summary, copied to the clipboard (OSC 52)
        and printed when the app exits."""
        return None

    def compose(self) -> ComposeResult:
        yield TableHeader()
        with VerticalScroll(id="over-body"):
            yield Static("GAME OVER", id="over-title")
            yield self.summary()
            egg = self.score_egg()
            if egg:
                yield Static(egg, id="over-egg", markup=False)
            self.share_text = self.share() if getattr(self.options, "daily", None) else None
            if self.share_text:
                yield Static("To share (copied where the terminal allows it; printed on quitting):",
                             id="over-share-title", markup=False)
                yield Static(self.share_text, id="over-share", markup=False)
            with Center():
                with Horizontal(id="over-buttons"):
                    if not self.at_table:
                        yield Button("Play again (p)", id="again", variant="primary", compact=True)
                        yield Button("Same seed (s)", id="same", compact=True)
                        yield Button(f"Setup ({self.SETUP_KEY})", id="setup", compact=True)
                    if self.record is not None:
                        yield Button("Replay (v)", id="replay", compact=True)
                    yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.TITLE
        self.sub_title = f"Game over · seed {self.seed}"
        if self.at_table:
            from tui_common.secrecy import seed_words

            self.sub_title = f"Game over{seed_words(self.seed, len(self.names), True)} · q: back to the lobby"
        self.query_one("#quit" if self.at_table else "#again", Button).focus()
        if not self.at_table:  # a served game is the server's, not kept in a player's folder
            self.keep_in_history()
        if self.share_text:
            self.app.share_text = self.share_text  # printed after the app exits (tui_common.cli)
            self.app.copy_to_clipboard(self.share_text)
        # keys typed for the last move must not press a button here: a short guard
        self._ready = self.options.cpu_delay == 0 or not self.GUARD
        if not self._ready:
            self.set_timer(self.GUARD, self._arm)

    def _arm(self) -> None:
        self._ready = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.at_table and action in ("again", "setup"):
            return False
        return True if action in ("quit", "app.quit") else getattr(self, "_ready", True)

    @property
    def result(self):
        module, name = self.RESULT.split(":")
        return getattr(importlib.import_module(module), name)(self.state)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not getattr(self, "_ready", True):
            return
        if self.at_table and event.button.id in ("again", "same", "setup"):
            return
        actions = {"again": lambda: self.action_again(False), "same": lambda: self.action_again(True),
                   "setup": self.action_setup, "replay": self.action_replay, "quit": self.app.exit}
        actions[event.button.id]()

    def action_again(self, same_seed: bool) -> None:
        options = self.again_options(same_seed)
        if getattr(options, "daily", None):  # the same daily deal again is practice; a new one is no daily
            options = dataclasses.replace(options, practice=True) if same_seed else dataclasses.replace(options, daily=None)
        self.app.go(self, "switch", lambda: _made(self.GAME_SCREEN, options))

    def action_setup(self) -> None:
        """Back to setup with the same seats and a new seed (blank: drawn at the start)."""
        options = dataclasses.replace(self.options, seed=None)
        if getattr(options, "daily", None):
            options = dataclasses.replace(options, daily=None, practice=False)
        self.app.go(self, "switch", lambda: _made(self.SETUP_SCREEN, options))

    def action_replay(self) -> None:
        """Step through the game just played (q comes back here)."""
        if self.record is None:
            self.notify("This game has no record to replay.", severity="warning")
            return
        self.app.go(self, "push", lambda: _made(self.REPLAY_SCREEN, self.options, self.record))
