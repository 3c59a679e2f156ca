"""The setup screen: 1-4 seats (name, person or computer level, board side), the seed,
and the solitaire goal when alone; below, the Continue list of saved games."""

from __future__ import annotations

from tui_common.cli import MAX_NAME
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, Select

from textual.widgets.option_list import Option

from tui_common.option_list import SafeOptionList

from clinic_tui import saving
from clinic_tui.config import CPU_LEVELS, LEVEL_NAMES, DEFAULT_GOAL, GOAL_TEXT, Options, Seat

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dev")
KINDS = [("Human", "human"), *((f"Computer: {LEVEL_NAMES[level]} ({level})", level) for level in CPU_LEVELS)]
SIDES = [("Beginner (4x3)", "beginner"), ("Expert, 4x3 side", "expert-4x3"), ("Expert, 3x3 side", "expert")]


class SetupScreen(Screen):
    """Tab / Shift+Tab (or ↑ ↓) move between fields; Ctrl+S (or the Start button) starts."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True, id="setup.start"),
        Binding("ctrl+o", "continue", "Continue", priority=True, id="setup.continue"),
        Binding("down", "app.focus_next", "Next field", show=False, id="setup.next"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="setup.previous"),
        Binding("escape", "app.quit", "Quit", id="setup.quit"),
    ]

    def __init__(self, options: Options) -> None:
        super().__init__(id="setup")
        self.options = options

    def compose(self) -> ComposeResult:
        seats = self.options.seats
        count = len(seats) or 2
        yield Header(icon="✚")
        with VerticalScroll(id="setup-body"):
            yield Label("New game of Clinic: Deluxe Edition", id="setup-title")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select([(f"{n} {'(solitaire)' if n == 1 else 'players'}", n) for n in range(1, 5)],
                             value=count, allow_blank=False, compact=True, id="count")
            for i in range(4):
                default_side = "expert" if self.options.expert else "beginner"
                seat = seats[i] if i < len(seats) else Seat(DEFAULT_NAMES[i], None if i == 0 else "basic",
                                                            self.options.expert, default_side)
                side = "beginner" if not seat.expert else ("expert" if seat.side == "expert" else "expert-4x3")
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="setup-label")
                    yield Input(seat.name, placeholder="name", max_length=MAX_NAME, compact=True, id=f"name-{i}")
                    yield Select(KINDS, value=seat.cpu or "human", allow_blank=False, compact=True, id=f"kind-{i}")
                    yield Select(SIDES, value=side, allow_blank=False, compact=True, id=f"side-{i}")
            with Horizontal(classes="setup-row", id="goal-row"):
                yield Label("Goal", classes="setup-label")
                yield Select([(text, key) for key, text in GOAL_TEXT.items()],
                             value=self.options.goal or DEFAULT_GOAL, allow_blank=False, compact=True, id="goal")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                seed = "" if self.options.seed is None else str(self.options.seed)
                yield Input(seed, placeholder="blank: random", restrict=r"-?[0-9]*", compact=True, id="seed")
            with Horizontal(classes="setup-row", id="setup-buttons"):
                yield Button("Start game (Ctrl+S)", id="start-button", variant="primary", compact=True)
                yield Button("Quit (Esc)", id="quit-button", variant="error", compact=True)
            yield Label("Tab / ↑ ↓ move between fields · Enter opens a list or presses a button",
                        id="setup-hint")
            yield Label("Continue a saved game (Ctrl+O)", id="continue-title")
            yield from self._saves()
        yield Footer()

    def _saves(self) -> ComposeResult:
        """The Continue list: every save, newest first; unreadable ones disabled with the
        reason. Option ids are indexes into ``self.entries``."""
        self.entries = saving.folder(self.options).entries(("clinic", "Clinic"))
        if not self.entries:
            yield Label("No saved games.", id="no-saves")
            return
        from core.saves import SaveError, summary

        options = []
        for i, (path, save) in enumerate(self.entries):
            if isinstance(save, SaveError):
                reason = str(save).removeprefix(f"{path}: ")
                options.append(Option(f"{path.name}: cannot be loaded: {reason}", id=str(i), disabled=True))
            else:
                kind = "replay" if save.finished else "play on"
                options.append(Option(f"{path.name} ({kind}): {summary(save)}", id=str(i)))
        yield SafeOptionList(*options, id="saves")

    def on_mount(self) -> None:
        self.title = "Clinic"
        self.sub_title = "Setup"
        self._show_count()
        self.query_one("#start-button", Button).focus()

    def _count(self) -> int:
        return int(self.query_one("#count", Select).value)

    def _show_count(self) -> None:
        count = self._count()
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count
        self.query_one("#goal-row").display = count == 1

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count":
            self._show_count()

    def action_continue(self) -> None:
        found = self.query("#saves")
        if found:
            found.first().focus()
        else:
            self.notify("No saved games yet: every game is autosaved as it is played.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path, _ = self.entries[int(event.option.id)]
        self.app.open_file(path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.app.action_focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start-button":
            self.action_start()
        else:
            self.app.exit()

    def action_start(self) -> None:
        count = self._count()
        seats = []
        for i in range(count):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = self.query_one(f"#kind-{i}", Select).value
            side = self.query_one(f"#side-{i}", Select).value
            if not name:
                self.notify(f"Seat {i + 1} needs a name.", severity="error")
                return
            seats.append(Seat(name, None if kind == "human" else kind, side != "beginner",
                              "expert" if side == "expert" else "beginner"))
        if len({s.name for s in seats}) < len(seats):
            self.notify("Every seat needs a different name.", severity="error")
            return
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text) if text and text != "-" else None
        except ValueError:
            self.notify(f"The seed must be a whole number, not {text!r}.", severity="error")
            return
        goal = self.query_one("#goal", Select).value if count == 1 else None
        from clinic_tui.screens.game import GameScreen

        self.app.go(self, "switch", lambda: GameScreen(self.options.with_game(tuple(seats), seed, goal)))
