"""The end screen: each player's final popularity line by line (during the game,
end-game items, time penalty), the winner and the tie rule; in solitaire the goal and
the Hall of Fame rank.  Play again / same seed / setup / quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Static

from tui_common.game_over import GameOverActions
from tui_common.hint import hints_line

from clinic_tui.config import Options
from core.clinic.game import GameState, end_score, result


def summary_text(state: GameState, names: list[str]) -> str:
    res = result(state)
    lines = []
    order = sorted(range(len(names)), key=lambda s: (s not in res.winners, -res.scores[s]))
    for seat in order:
        p = state.players[seat]
        e = end_score(p)
        during = p.popularity - e.total
        mark = ">" if seat in res.winners else " "
        lines.append(f"{mark} {names[seat]}: {p.popularity} popularity")
        if p.popularity > 0 or e.total >= 0:
            lines.append(f"    during the game (bought, earned, lost): {during}")
        else:
            lines.append("    during the game: the end-game items took it to 0 (never below 0)")
        lines.append(
            f"    end-game items {e.total - e.time:+}: doctors +{e.doctors}, nurses +{e.nurses}, rooms +{e.rooms},"
            f" waiting {e.patients}"
        )
        lines.append(f"    time penalty {e.time} (time spent {p.time_spent}, -1 per full 3)")
        lines.append(f"    cured {p.cured} patients ({p.cured_red} red), {p.dead} died")
    lines.append("")
    best = max(res.scores)
    tied = [s for s, v in enumerate(res.scores) if v == best]
    if state.config.solo_goal is not None:
        met = "met" if res.goal_met else "not met"
        lines.append(f"Solitaire goal: {res.solo_goal} — {met}.")
        if res.goal_met:
            lines.append(f"Hall of Fame rank: {res.rank}.")
        else:
            lines.append("No rank in the Hall of Fame: play again to meet the goal.")
    else:
        lines.append(f"{names[res.winners[0]]} wins with {best} popularity.")
        if len(tied) > 1:
            lines.append("Tie rule: the player who reached that popularity first wins ("
                         + ", ".join(names[s] for s in tied) + " tied).")
    return "\n".join(lines)


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
            hints = hints_line(self.record)  # tui_common.hint
            yield Static(summary_text(self.state, self.names) + (f"\n\n{hints}" if hints else ""), markup=False,
                         id="over-summary")
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
