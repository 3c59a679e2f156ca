"""The game-over screen: final stars, victory cards, what decided the winner (or the
Night Shift time and best times), and play again / same seed / setup / quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Footer, Header, Static

from tui_common.game_over import GameOverActions
from tui_common.hint import hints_line

from clear_ward_tui.config import Options
from clear_ward_tui.records import Outcome, format_time
from core.clear_ward import SPECIALITIES, DecidedBy, EndReason, GameState, result, victory_cards
from core.clear_ward.constants import VICTORY_CARD_STARS


def summary_markup(state: GameState, names: list[str], seed: int, outcome: Outcome | None, star: str) -> str:
    res = result(state)
    lines = [f"The game is over: {state.end_reason.value}.", ""]
    if state.solo:
        won = state.end_reason is EndReason.WARD_CLEAR
        lines.append(f"[b]{'The ward is clear: you win the Night Shift!' if won else 'The Night Shift is lost: patients remain.'}[/b]")
        lines.append(f"Stars treated: {res.scores[0]}{star} · patients left: {state.patients_in_ward}")
        if outcome is not None:
            lines.append(f"Time: [b]{format_time(outcome.seconds)}[/b]" if won else "")
            if outcome.best_for_seed is not None:
                new = " [b $text-success](new best!)[/]" if won and outcome.new_seed_best else ""
                lines.append(f"Best for seed {seed}: {format_time(outcome.best_for_seed)}{new}")
            if outcome.best_overall is not None:
                new = " [b $text-success](new record!)[/]" if won and outcome.new_overall_best else ""
                lines.append(
                    f"Best overall: {format_time(outcome.best_overall)} (seed {outcome.best_overall_seed}){new}"
                )
            if outcome.problem:
                lines.append(f"[$text-warning]{escape(outcome.problem)}[/]")
        return "\n".join(line for line in lines if line is not None)
    if res.decided_by is DecidedBy.SHARED:
        lines.append("[b]Shared victory: " + " and ".join(escape(names[s]) for s in res.winners) + "[/b]")
    else:
        lines.append(f"[b]{escape(names[res.winners[0]])} wins[/b] ({res.decided_by.value})")
    lines.append("")
    order = sorted(range(len(names)), key=lambda s: -res.scores[s])
    for seat in order:
        mark = "▶" if seat in res.winners else " "
        vc = victory_cards(state, seat)
        held = ", ".join(s.short for s in SPECIALITIES if state.victory[s.index] == seat) or "none"
        lines.append(
            f"{mark} {escape(names[seat]):<14} {res.scores[seat]:>3}{star}  "
            f"= {state.players[seat].stars} from patients + {vc}×{VICTORY_CARD_STARS} victory cards ({held})"
        )
    if state.removed:
        lines.append("")
        lines.append("Removed from the game: " + ", ".join(str(p) for p in state.removed))
    return "\n".join(lines)


class GameOverScreen(GameOverActions):
    """Shown when the engine says the game is over."""

    BINDINGS = [
        Binding("p", "again(False)", "Play again", id="over.again"),
        Binding("s", "again(True)", "Same seed", id="over.same"),
        Binding("o", "setup", "Setup", id="over.setup"),
        Binding("v", "replay", "Replay", id="over.replay"),
        Binding("q", "app.quit", "Quit", id="over.quit"),
        Binding("left,h", "app.focus_previous", "Previous", show=False, id="over.prev"),
        Binding("right,l", "app.focus_next", "Next", show=False, id="over.next"),
    ]

    def __init__(self, options: Options, state: GameState, names: list[str], seed: int,
                 outcome: Outcome | None = None, record=None) -> None:
        """``record``: the finished game's ``GameRecord``, for the replay viewer (v)."""
        super().__init__(id="game-over")
        self.options, self.state, self.names, self.seed, self.outcome = options, state, names, seed, outcome
        self.record = record

    def compose(self) -> ComposeResult:
        yield Header(icon="✚")
        with VerticalScroll(id="over-body"):
            yield Static("GAME OVER", id="over-title")
            star = "*" if self.options.ascii else "★"
            summary = summary_markup(self.state, self.names, self.seed, self.outcome, star)
            hints = hints_line(self.record)  # tui_common.hint
            yield Static(summary + (f"\n\n{hints}" if hints else ""), id="over-summary")
            with Center():
                with Horizontal(id="over-buttons"):
                    yield Button("Play again (p)", id="again", variant="primary", compact=True)
                    yield Button("Same seed (s)", id="same", compact=True)
                    yield Button("Setup (o)", id="setup", compact=True)
                    if self.record is not None:
                        yield Button("Replay (v)", id="replay", compact=True)
                    yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clear the Ward"
        self.sub_title = "Game over"
        self.query_one("#again", Button).focus()
        # keys typed for the last move must not press a button here: a short guard
        self._ready = self.options.cpu_delay == 0
        if not self._ready:
            self.set_timer(0.8, self._arm)

    def _arm(self) -> None:
        self._ready = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return True if action in ("quit", "app.quit") else getattr(self, "_ready", True)

    @property
    def result(self):
        return result(self.state)

    def game_screen(self, options):
        from clear_ward_tui.screens.game import GameScreen

        return GameScreen(options)

    def setup_screen(self, options):
        from clear_ward_tui.screens.setup import SetupScreen

        return SetupScreen(options)

    def replay_screen(self, options, record):
        from clear_ward_tui.screens.replay import ReplayScreen

        return ReplayScreen(options, record)

    def again_options(self, same_seed: bool):
        return self.options.with_game(self.options.seats, self.seed if same_seed else None, None)
