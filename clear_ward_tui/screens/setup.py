"""The setup screen: 1-4 seats (name, human or computer level), starting player, seed;
or Continue a saved game (Ctrl+O)."""

from __future__ import annotations

from tui_common.cli import MAX_NAME
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select

from clear_ward_tui.config import CPU_LEVELS, LEVEL_NAMES, Options, Seat

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dev")
KINDS = [("Human", "human"), *((f"Computer: {LEVEL_NAMES[level]} ({level})", level) for level in CPU_LEVELS)]


class SetupScreen(Screen):
    """Tab / Shift+Tab move between fields; Ctrl+S (or the Start button) starts."""

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
            yield Label("New game of Clear the Ward", id="setup-title")
            yield Label("", id="setup-saves")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select([(f"{n} {'(Night Shift, solo)' if n == 1 else 'players'}", n) for n in range(1, 5)],
                             value=count, allow_blank=False, compact=True, id="count")
            for i in range(4):
                seat = seats[i] if i < len(seats) else Seat(DEFAULT_NAMES[i], None if i == 0 else "greedy")
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="setup-label")
                    yield Input(seat.name, placeholder="name", max_length=MAX_NAME, compact=True, id=f"name-{i}")
                    yield Select(KINDS, value=seat.cpu or "human", allow_blank=False, compact=True, id=f"kind-{i}")
            with Horizontal(classes="setup-row"):
                yield Label("Starts", classes="setup-label")
                yield Select([("Decided by the seed", -1)], value=-1, allow_blank=False, compact=True, id="start")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                seed = "" if self.options.seed is None else str(self.options.seed)
                yield Input(seed, placeholder="blank: random", restrict=r"-?[0-9]*", compact=True, id="seed")
            with Horizontal(classes="setup-row", id="setup-buttons"):
                yield Button("Start game (Ctrl+S)", id="start-button", variant="primary", compact=True)
                yield Button("Continue… (Ctrl+O)", id="continue-button", compact=True)
                yield Button("Quit (Esc)", id="quit-button", variant="error", compact=True)
            yield Label("Tab / ↑ ↓ move between fields · Enter opens a list or presses a button",
                        id="setup-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clear the Ward"
        self.sub_title = "Setup"
        self._show_count()
        self.query_one("#start-button", Button).focus()
        self.call_after_refresh(self._show_saves)

    def _show_saves(self) -> None:
        """One line saying how many saved games Continue offers (the newest named)."""
        from clear_ward_tui.autosave import save_folder
        from clear_ward_tui.dialogs.saved_games import NO_SAVES, entry_label

        folder = save_folder(self.options)
        entries = folder.entries(("clear-the-ward", "Clear the Ward"))
        if not entries:
            text = f"{NO_SAVES}."
        else:
            from core.saves import SaveError

            readable = [(p, e) for p, e in entries if not isinstance(e, SaveError)] or entries
            path, entry = readable[0]
            more = f" (and {len(entries) - 1} more)" if len(entries) > 1 else ""
            text = f"Continue (Ctrl+O): {entry_label(folder, path, entry)}{more}"
        self.query_one("#setup-saves", Label).update(text)

    def _count(self) -> int:
        return int(self.query_one("#count", Select).value)

    def _show_count(self) -> None:
        count = self._count()
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count
        start = self.query_one("#start", Select)
        names = [self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}" for i in range(count)]
        old = start.value
        start.set_options([("Decided by the seed", -1), *((name, i) for i, name in enumerate(names))])
        start.value = old if isinstance(old, int) and old < count else -1

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count":
            self._show_count()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("name-"):
            self._show_count()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.app.action_focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start-button":
            self.action_start()
        elif event.button.id == "continue-button":
            self.action_continue()
        else:
            self.app.exit()

    def action_continue(self) -> None:
        """Open the list of saved games; the one chosen is played on (or replayed)."""
        from clear_ward_tui.autosave import save_folder
        from clear_ward_tui.dialogs.saved_games import SavedGamesDialog

        if not self.is_current:
            return

        def chosen(path) -> None:
            if path is not None:
                self.app.open_save(path, replace=True)

        self.app.go(self, "push", lambda: SavedGamesDialog(save_folder(self.options)), chosen)

    def action_start(self) -> None:
        count = self._count()
        seats = []
        for i in range(count):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = self.query_one(f"#kind-{i}", Select).value
            if not name:
                self.notify(f"Seat {i + 1} needs a name.", severity="error")
                return
            seats.append(Seat(name, None if kind == "human" else kind))
        if len({s.name for s in seats}) < len(seats):
            self.notify("Every seat needs a different name.", severity="error")
            return
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text) if text and text != "-" else None
        except ValueError:
            self.notify(f"The seed must be a whole number, not {text!r}.", severity="error")
            return
        start = self.query_one("#start", Select).value
        from clear_ward_tui.screens.game import GameScreen

        options = self.options.with_game(tuple(seats), seed, None if start == -1 else int(start))
        self.app.go(self, "switch", lambda: GameScreen(options))
