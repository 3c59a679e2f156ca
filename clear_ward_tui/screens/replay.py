"""The replay viewer: a saved game's states one by one, read-only.

Shows ``record.states[i]`` with the ward, the side panel (every hand hidden) and the
event log of actions 1..i; it never applies an action of its own, so nothing beyond the
save is played and the file is never written.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Footer, Static

from clear_ward_tui.config import ASCII, UNICODE, Options
from clear_ward_tui.screens import status
from tui_common.header import TableHeader
from tui_common.levels import computer_says
from tui_common.event_log import EventLog
from tui_common.replay import ReplayBase
from tui_common.secrecy import seed_words
from clear_ward_tui.widgets.side_panel import SidePanel
from clear_ward_tui.widgets.ward_grid import GridView, WardGrid
from core.clear_ward import describe
from core.record import GameRecord


class ReplayScreen(ReplayBase):
    """Step through a saved game: → next, ← previous, Home first, End last."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    AUTO_FOCUS = ""  # nothing focused: every key is the viewer's
    BINDINGS = [
        Binding("right,n,l", "step(1)", "Next", key_display="→", priority=True, id="replay.next"),
        Binding("left,p,h", "step(-1)", "Previous", key_display="←", priority=True, id="replay.previous"),
        Binding("home,g", "go(0)", "First", key_display="Home", priority=True, id="replay.first"),
        Binding("end,G", "go(-1)", "Last", key_display="End", priority=True, id="replay.last"),
        Binding("question_mark", "help", "Help", key_display="?", id="replay.help"),
        Binding("q,escape", "close", "Back", key_display="q", id="replay.close"),
    ]

    def __init__(self, options: Options, record: GameRecord, source: Path | str = "", *,
                 closes_app: bool = False) -> None:
        super().__init__(options, record, source)
        self.closes_app = closes_app
        self.glyphs = ASCII if options.ascii else UNICODE
        states, actions = record.states, record.actions
        #: narrations[k]: the sentence of action k+1
        self.narrations = [describe(states[k], actions[k], states[k + 1]) for k in range(len(actions))]

    def compose(self) -> ComposeResult:
        yield TableHeader()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="replay-status")
                grid = WardGrid(self.glyphs, id="ward")
                grid.can_focus = False  # the arrows step through the game here
                yield grid
                yield EventLog(id="log")
            yield SidePanel(id="side")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clear the Ward"
        self.show()

    def show(self) -> None:
        """Show the state after action ``index`` (0: the deal)."""
        state, i, n = self.state, self.index, self.total
        of = f"Replay of {self.source_name}" if self.source_name else "Replay of this game"
        self.sub_title = f"{of} · action {i} of {n}"
        grid = self.query_one(WardGrid)
        grid.cursor = state.doctor
        grid.show(GridView(state))
        if i == 0:
            head = f"[b]Replay: action 0 of {n}[/b] — the deal; {escape(self.names[state.current])} starts."
        else:
            head = f"[b]Replay: action {i} of {n}[/b] — {escape(self.narrations[i - 1])}"
        self.query_one("#replay-status", Static).update(
            head + "\n" + status.direction_line(state, self.glyphs, None)
        )
        self.query_one(SidePanel).show(state, self.names, None, self.glyphs)
        players = ", ".join(computer_says(s.name) if s.computer else s.name for s in self.record.seats)
        seed = seed_words(self.record.seed, len(self.record.seats), self.record.over, ", seed {seed}")
        self.query_one(EventLog).replace([f"Replay{seed}: {players}.", *self.narrations[:i]])

    def action_help(self) -> None:
        from clear_ward_tui.screens.help import REPLAY_HELP, HelpScreen

        self.app.go(self, "push", lambda: HelpScreen(REPLAY_HELP))

    def action_close(self) -> None:
        if self.app.screen is not self:
            return
        if self.closes_app or len(self.app.screen_stack) <= 2:
            self.app.exit()
        else:
            self.app.go(self, "pop")
