"""The end screen: each player's final popularity line by line (during the game,
end-game items, time penalty), the winner and the tie rule; in solitaire the goal and
the Hall of Fame rank.  Play again / same seed / setup / quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Static

from tui_common.game_over import GameOverActions

from clinic_tui.config import Options
from clinic_tui.reports import summary_text
from core.clinic.game import GameState, result


class GameOverScreen(GameOverActions):
    """Shown when the engine says the game is over."""

    BINDINGS = [
        Binding("p", "again(False)", "Play again", id="over.again"),
        Binding("s", "again(True)", "Same seed", id="over.same"),
        Binding("n", "setup", "New setup", id="over.setup"),
        Binding("v", "replay", "Replay", id="over.replay"),
        Binding("q", "app.quit", "Quit", id="over.quit"),
        Binding("left,h", "app.focus_previous", "Previous", show=False, id="over.prev"),
        Binding("right,l", "app.focus_next", "Next", show=False, id="over.next"),
    ]

    def __init__(self, options: Options, state: GameState, names: list[str], seed: int, record=None) -> None:
        """``record``: the finished game's ``GameRecord``, for the replay viewer (v)."""
        super().__init__(id="game-over")
        self.options, self.state, self.names, self.seed = options, state, names, seed
        self.record = record

    def compose(self) -> ComposeResult:
        yield Header(icon="✚")
        with VerticalScroll(id="over-body"):
            yield Static("GAME OVER", id="over-title")
            yield Static(summary_text(self.state, self.names), markup=False, id="over-summary")
            with Center():
                with Horizontal(id="over-buttons"):
                    yield Button("Play again (p)", id="again", variant="primary", compact=True)
                    yield Button("Same seed (s)", id="same", compact=True)
                    yield Button("Setup (n)", id="setup", compact=True)
                    if self.record is not None:
                        yield Button("Replay (v)", id="replay", compact=True)
                    yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clinic"
        self.sub_title = f"Game over · seed {self.seed}"
        found = self.query("#again")
        if found:
            found.first().focus()

    @property
    def result(self):
        return result(self.state)

    def game_screen(self, options):
        from clinic_tui.screens.game import GameScreen

        return GameScreen(options)

    def setup_screen(self, options):
        from clinic_tui.screens.setup import SetupScreen

        return SetupScreen(options)

    def replay_screen(self, options, record):
        from clinic_tui.screens.replay import ReplayScreen

        return ReplayScreen(options, record)

    def again_options(self, same_seed: bool):
        return self.options.with_game(self.options.seats, self.seed if same_seed else None, self.options.goal)
