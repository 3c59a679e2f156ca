"""The setup screen both games share: how many players, a row per seat (name, person or
computer level, and the game's own fields), the game's own rows, the seed, and the
Start / Quit buttons. Each game's ``SetupScreen`` subclasses ``SetupBase`` and adds its
fields through the hooks (``seat_fields``, ``game_rows``, ``more_buttons``,
``below_buttons``) and starts its game in ``start_game``.

Keys: Tab / Shift+Tab or ↑ / ↓ move between fields (a list opens only on Enter or
Space; ← / → change its value in place), Enter on a name or the seed goes to the next
field, Enter starts only from the Start button (Ctrl+S starts from anywhere). The
focused field is drawn in the accent colour. Names are shown as typed (never read as
markup) and cut to ``MAX_NAME`` characters, which the player is told.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select

from tui_common.header import TableHeader
from tui_common.cli import MAX_NAME, lesson_name, player_name
from tui_common.option_list import SafeSelect

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dev")


class FieldSelect(SafeSelect, inherit_bindings=False):
    """A one-line choice that keeps ↑ / ↓ for moving between fields: Enter or Space
    opens its list, ← / → step through its values without opening it."""

    BINDINGS = [
        Binding("enter,space", "show_overlay", "Show menu", show=False),
        Binding("left", "step(-1)", "Previous value", show=False),
        Binding("right", "step(1)", "Next value", show=False),
    ]

    def action_step(self, step: int) -> None:
        values = [value for _, value in self._options if value is not Select.BLANK]
        if values and self.value in values:
            self.value = values[(values.index(self.value) + step) % len(values)]


class SetupBody(VerticalScroll, inherit_bindings=False):
    """The setup's scrolling body without the scroll keys: ↑/↓ move between fields
    (and the focused field is scrolled into view), even when the fields are taller
    than the terminal."""


def seat_kinds(levels: tuple[str, ...], names: dict[str, str]) -> list[tuple[str, str]]:
    """The choices of a seat's kind field: a person, then each computer ``levels`` by
    level word ("CPU (easy)")."""
    return [("Human", "human"), *((f"Computer ({names[level]})", level) for level in levels)]


class SetupBase(Screen):
    """See the module docstring. ``KINDS``: (label, value) of the person / computer
    choices ("human" for a person, ``seat_kinds``); ``TITLE``, ``HEADING`` (by default
    "New game of TITLE"), ``SOLO`` (what one player is called) and ``DEFAULT_CPU`` name
    the game's own words."""

    TITLE = HEADING = SOLO = ""
    DEFAULT_CPU = ""
    KINDS: list[tuple[str, str]] = []
    HINT = "Tab/↑↓: next field · ←→ or Enter: change a list · Enter on Start: start"

    DEFAULT_CSS = """
    SetupBase .setup-row Input:focus { background: $accent 40%; }
    SetupBase .setup-row Select:focus > SelectCurrent { background: $accent 40%; }
    SetupBase .setup-row:focus-within > .setup-label { color: $text-accent; text-style: bold; }
    SetupBase #setup-buttons Button:focus { text-style: bold reverse; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True, id="setup.start"),
        Binding("ctrl+o", "continue", "Continue", priority=True, id="setup.continue"),
        Binding("ctrl+d", "daily", "Daily deal", priority=True, id="setup.daily"),
        Binding("ctrl+l", "learn", "Learn to play", priority=True, show=False, id="setup.learn"),
        Binding("s", "stats", "Stats", id="setup.stats"),
        Binding("down", "app.focus_next", "Next field", show=False, id="setup.next"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="setup.previous"),
        Binding("escape", "app.quit", "Quit", id="setup.quit"),
    ]

    def __init__(self, options) -> None:
        super().__init__()  # no fixed id: screens of one kind may follow each other
        self.options = options

    # -- the game's own parts -------------------------------------------------------------

    def default_seat(self, i: int):
        """The seat shown in row ``i`` when the options name none."""
        raise NotImplementedError

    def seat_fields(self, i: int, seat) -> ComposeResult:
        """More fields on seat row ``i`` after the name and kind (none by default)."""
        yield from ()

    def game_rows(self) -> ComposeResult:
        """The game's own rows between the seats and the seed."""
        yield from ()

    def more_buttons(self) -> ComposeResult:
        """Buttons between Start and Quit."""
        yield from ()

    def below_buttons(self) -> ComposeResult:
        """What comes after the buttons and the hint."""
        yield from ()

    def count_changed(self, count: int, names: list[str]) -> None:
        """The number of players or a name changed (``names``: those shown)."""

    def make_seat(self, i: int, name: str, cpu: str | None, cut_from: str | None):
        """The seat of row ``i`` for the game's options."""
        raise NotImplementedError

    def start_game(self, seats: tuple, seed: int | None) -> None:
        """Start the game with these seats and seed (``None``: drawn at random)."""
        raise NotImplementedError

    #: The game's console script, which names its daily deal (``core.daily``); "" for none.
    DAILY = ""

    #: Whether the game has a guided first game (``start_learn``; Clinic's ``clinic learn``).
    LEARN = False

    def start_learn(self, name: str) -> None:
        """Start the game's guided first game for one player ``name``."""
        raise NotImplementedError

    def daily_folder(self):
        """The data folder holding the daily tries (``tui_common.daily``)."""
        raise NotImplementedError

    def start_daily(self, name: str, seed: int, day: str, practice: bool) -> None:
        """Start the daily deal of ``day`` (``seed``) for one player ``name``."""
        raise NotImplementedError

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        seats = self.options.seats
        yield TableHeader()
        with SetupBody(id="setup-body"):
            yield Label(self.HEADING or f"New game of {self.TITLE}", id="setup-title")
            yield from self.above_players()
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield FieldSelect([(f"{n} {self.SOLO if n == 1 else 'players'}", n) for n in range(1, 5)],
                                  value=len(seats) or 2, allow_blank=False, compact=True, id="count")
            for i in range(4):
                seat = seats[i] if i < len(seats) else self.default_seat(i)
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="setup-label")
                    yield Input(seat.name, placeholder="name", compact=True, id=f"name-{i}")
                    yield FieldSelect(self.KINDS, value=seat.cpu or "human", allow_blank=False, compact=True,
                                      id=f"kind-{i}")
                    yield from self.seat_fields(i, seat)
            yield from self.game_rows()
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                seed = "" if self.options.seed is None else str(self.options.seed)
                yield Input(seed, placeholder="blank: random", restrict=r"-?[0-9]*", max_length=20, compact=True,
                            id="seed")
            with Horizontal(classes="setup-row", id="setup-buttons"):
                yield Button("Start game (Ctrl+S)", id="start-button", variant="primary", compact=True)
                if self.DAILY:
                    yield Button("Daily (Ctrl+D)", id="daily-button", compact=True)
                if self.LEARN:
                    yield Button("Learn to play (^L)", id="learn-button", compact=True)
                yield from self.more_buttons()
                yield Button("Quit (Esc)", id="quit-button", variant="error", compact=True)
            yield Label(self.HINT, id="setup-hint")
            yield from self.below_buttons()
        yield Footer()

    def above_players(self) -> ComposeResult:
        """Lines between the heading and the players (none by default)."""
        yield from ()

    def on_mount(self) -> None:
        self.title = self.TITLE
        self.sub_title = "Setup"
        self._show_count()
        from tui_common import eggs

        egg = eggs.day_egg(eggs.today())
        if egg:
            self.notify(egg, timeout=6, markup=False)
        self.query_one("#count", Select).focus()  # not Start: a first Enter never starts by surprise

    def count(self) -> int:
        """How many players are chosen."""
        return int(self.query_one("#count", Select).value)

    def shown_names(self) -> list[str]:
        """The names typed in the seats shown ("Seat N" where blank), as typed."""
        return [self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}" for i in range(self.count())]

    def _show_count(self) -> None:
        count = self.count()
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count
        self.count_changed(count, self.shown_names())

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count":
            self._show_count()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("name-"):
            long = len(" ".join(event.input.value.split())) > MAX_NAME
            hint = f"Names are cut to {MAX_NAME} characters." if long else self.HINT
            self.query_one("#setup-hint", Label).update(hint)
            self._show_count()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.app.action_focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start-button":
            self.action_start()
        elif event.button.id == "daily-button":
            self.action_daily()
        elif event.button.id == "learn-button":
            self.action_learn()
        elif event.button.id == "continue-button":
            self.action_continue()
        elif event.button.id == "quit-button":
            self.app.exit()

    def action_continue(self) -> None:
        """Ctrl+O: the saved games (each game says how)."""

    # -- starting ---------------------------------------------------------------------------

    def action_stats(self) -> None:
        """s (outside a text field): the stats screen of the record of progress."""
        if not self.DAILY or self.app.screen is not self:
            return
        from tui_common.stats_screen import StatsScreen

        self.app.go(self, "push", lambda: StatsScreen(self.daily_folder(), self.DAILY))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.LEARN if action == "learn" else True

    def action_learn(self) -> None:
        """Ctrl+L (or the button): the game's guided first game, for the first seat's name."""
        if not self.LEARN or self.app.screen is not self:
            return
        name = lesson_name(self.query_one("#name-0", Input).value, DEFAULT_NAMES[0])  # blank: the default
        self.start_learn(name)

    def action_daily(self) -> None:
        """Ctrl+D: today's daily deal for the first seat's name, solo (``tui_common.daily``);
        today's counted try when it is still open, else practice (the player is told)."""
        if not self.DAILY or self.app.screen is not self:
            return
        from core.daily import today_utc
        from tui_common.daily import start

        name = lesson_name(self.query_one("#name-0", Input).value, DEFAULT_NAMES[0])  # blank: the default
        today = today_utc()
        seed, practice = start(self.DAILY, self.daily_folder(), today, today, False)
        if practice:
            self.notify(f"You have played today's daily deal ({today.isoformat()}) already: this one is practice.")
        self.start_daily(name, seed, today.isoformat(), practice)

    def action_start(self) -> None:
        """Check the fields (each problem said in a sentence) and start the game."""
        seats = []
        for i in range(self.count()):
            typed = self.query_one(f"#name-{i}", Input).value
            kind = self.query_one(f"#kind-{i}", Select).value
            try:
                name, cut_from = player_name(typed)
            except ValueError:
                self.notify(f"Seat {i + 1} needs a name.", severity="error")
                return
            if cut_from:
                self.notify(f"Seat {i + 1}: names are at most {MAX_NAME} characters; playing as {name!r}.",
                            markup=False)
            seats.append(self.make_seat(i, name, None if kind == "human" else kind, cut_from))
        if len({s.name for s in seats}) < len(seats):
            self.notify("Every seat needs a different name.", severity="error")
            return
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text) if text and text != "-" else None
        except ValueError:
            self.notify(f"The seed must be a whole number, not {text!r}.", severity="error", markup=False)
            return
        from core.saves import MAX_SEED  # every save holds a seed below it

        if seed is not None and not -MAX_SEED < seed < MAX_SEED:
            self.notify(f"The seed must be a whole number of at most {len(str(MAX_SEED - 1))} digits"
                        f" (below {MAX_SEED}).", severity="error", markup=False)
            return
        from tui_common.eggs import name_egg

        egg = name_egg([s.name for s in seats])
        if egg:
            self.notify(egg, timeout=6, markup=False)
        self.start_game(tuple(seats), seed)
