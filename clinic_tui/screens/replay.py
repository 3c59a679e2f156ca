"""The replay viewer: a saved game's states one action at a time, read only.

It shows ``record.states[i]`` with the game's own widgets (a clinic, the main board,
the event log of actions 1..i). No cursor and no menu: the arrows step through the
game, floors and ``v`` work as in the game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from clinic_tui.config import ASCII, UNICODE, Options
from clinic_tui.widgets.clinic_view import ClinicPicture, ClinicView
from tui_common.header import TableHeader
from tui_common.secrecy import seed_words
from tui_common.event_log import EventLog
from tui_common.replay import ReplayBase
from clinic_tui.widgets.emergency import EDPanel
from core.clinic.expansions.emergency.access import ed_state
from clinic_tui.widgets.main_board import MainBoard
from core.clinic.game.narration import describe
from core.clinic.game.view import player_view, revealed_view
from core.record import GameRecord

class ReplayScreen(ReplayBase):
    """Step through ``record`` from the deal (0) to its last action (N)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (150, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (40, "-tall")]
    BINDINGS = [
        Binding("right,n,l", "step(1)", "Next", key_display="→/n", id="replay.next"),
        Binding("left,p,h", "step(-1)", "Previous", key_display="←/p", id="replay.previous"),
        Binding("home,g", "go(0)", "First", key_display="g", id="replay.first"),
        Binding("end,G", "go(-1)", "Last", key_display="G", id="replay.last"),
        Binding("left_square_bracket,pageup", "floor_step(-1)", "Floor-", key_display="[", show=False,
                id="replay.floor_down"),
        *(Binding(str(f), f"floor({f})", f"Floor {f}", show=False, id=f"replay.floor{f}") for f in range(4)),
        Binding("v", "view_next", "View", id="replay.view"),
        Binding("question_mark", "help", "Help", key_display="?", id="replay.help"),
        Binding("q,escape", "back", "Back", key_display="q", id="replay.back"),
        Binding("right_square_bracket,pagedown", "floor_step(1)", "Floor+", key_display="]", id="replay.floor_up"),
    ]

    def __init__(self, options: Options, record: GameRecord, source: str = "") -> None:
        super().__init__(options, record, source)
        self.glyphs = ASCII if options.ascii else UNICODE
        self.floor = 0
        self.view_seat = 0
        self._logged = 0  # how many actions the event log narrates

    def compose(self) -> ComposeResult:
        yield TableHeader()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ClinicView(self.glyphs, id="clinic")
                yield Static(id="status", markup=False)
                yield EventLog(id="log", focusable=False)
            side = VerticalScroll(id="side")
            side.can_focus = False
            with side:
                yield MainBoard(id="board")
                if "emergency" in self.record.state.config.options:  # The 911th Extension
                    yield EDPanel(id="ed-replay")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clinic"
        seed = seed_words(self.record.seed, len(self.record.seats), self.record.over)
        self.sub_title = f"Replay{seed}" + (f" · {self.source_name}" if self.source else "")
        self.show()

    def on_resize(self, event) -> None:
        self.call_after_refresh(self.show)

    # -- showing ------------------------------------------------------------------------

    def narration(self, number: int) -> str:
        """What action ``number`` (1..N) did, in the game's own words."""
        record = self.record
        return describe(record.states[number - 1], record.actions[number - 1], record.states[number])

    def status_text(self) -> str:
        if self.index == 0:
            return f"Replay: the deal, action 0 of {self.total} · → next"
        return f"Replay: action {self.index} of {self.total} — {self.narration(self.index)}"

    def show(self) -> None:
        if not self.query(ClinicView):
            return
        state = self.state
        width, height = self.app.size
        floors = (0, 1, 2, 3) if width >= 150 and height >= 40 else (self.floor,)
        clinic = state.players[self.view_seat].clinic
        title = f"{self.names[self.view_seat]}'s clinic (replay)"
        self.query_one(ClinicView).show(ClinicPicture(clinic, floors, None, {}, frozenset(), (), title))
        self.query_one("#status", Static).update(self.status_text())
        view = revealed_view(state) if self.record.over else player_view(state, None)
        self.query_one(MainBoard).show(view, self.names, empty=self.glyphs.empty, turn=self.glyphs.turn)
        for panel in self.query(EDPanel):  # The 911th Extension: the viewed seat's ED
            ed = ed_state(state.players[self.view_seat])
            panel.show(ed, f"{self.names[self.view_seat]}'s emergency department", ascii=self.glyphs.car == "c")
        self._show_log()

    def _show_log(self) -> None:
        log = self.query_one(EventLog)
        if self.index < self._logged:  # back: write the log again up to here
            log.clear()
            log.sentences.clear()
            self._logged = 0
        for number in range(self._logged + 1, self.index + 1):
            log.add(self.narration(number))
        self._logged = self.index

    # -- keys ---------------------------------------------------------------------------

    def action_floor(self, floor: int) -> None:
        self.floor = floor
        self.show()

    def action_floor_step(self, step: int) -> None:
        self.action_floor((self.floor + step) % 4)

    def action_view_next(self) -> None:
        self.view_seat = (self.view_seat + 1) % len(self.names)
        self.show()

    def action_help(self) -> None:
        from clinic_tui.screens.help import HelpScreen

        self.app.go(self, "push", lambda: HelpScreen("replay"))

    def action_back(self) -> None:
        """Back to the setup or game-over screen it was opened from (or a new setup)."""
        from clinic_tui.screens.game_over import GameOverScreen
        from clinic_tui.screens.setup import SetupScreen

        if len(self.app.screen_stack) > 1 and isinstance(self.app.screen_stack[-2], (SetupScreen, GameOverScreen)):
            self.app.go(self, "pop")
        else:
            self.app.go(self, "switch", lambda: SetupScreen(self.options))
