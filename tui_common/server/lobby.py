"""The lobby: the first screen of every connection. It lists the rooms this player may
see (public rooms, and the private rooms that name them) with their seats and, in a
room's last days without a move, when it expires; the player creates a room (game,
seats, seed, public or private with its invited names), joins a free seat (or takes
their own back), watches a game, replays a finished one, or leaves.

Under the rooms, today's daily deal: for each game, "Daily deal YYYY-MM-DD" and the
day's finished results (names and scores, best first, the player's own line marked;
never a board). ``d`` plays today's deal of a game alone (``Hall.daily``: one counted
try a day; a second one is refused with a sentence and the first one's room is
highlighted, its replay a key away); ``s`` opens the player's stats screen on the
server's history (``tui_common.stats_screen.StatsScreen``, their games only).

``LobbyApp`` exits with ``("play", room_id)``, ``("watch", room_id)`` or ``None``
(leave); the server then runs the room's game app on the same connection and comes back
here when it closes.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tui_common import repaint
from tui_common.header import TableHeader
from tui_common.option_list import SafeOptionList, SafeSelect
from core import registry
from core.registry import FlagsField, SelectField
from tui_common.server.names import same_name
from tui_common.server.rooms import OVER, RoomError

repaint.install()  # partial updates send only what changed

HELP = (
    "Enter: play (your seat, or a free one; a finished game: its replay) · w: watch · n: new room · "
    "x: give up a seat in a room still waiting · d: today's daily deal · s: your stats · q: leave. "
    "Seats: me, open (anyone who joins), a friend's name, cpu:LEVEL."
)

#: Results of a game's daily deal the lobby lists (the player's own is always shown).
DAILY_SHOWN = 5


#: A new room's privacy, as the dialog offers it (option value: private?).
PRIVACY = [("Public room", False), ("Private room", True)]


class NewRoomDialog(ModalScreen):
    """Game, seats, seed, options, privacy and invited names of a new room, and the
    fields of the game highlighted (``Game.lobby_fields``: for Clinic the board side and
    the mini-expansions, as in the local setup: each expansion's checkbox is its title,
    its description wraps below it, so all of it reads at 80×24); dismisses with
    ``(game, seats, seed, options text, private, invited text)`` or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    NewRoomDialog { align: center middle; }
    #new-room { width: 70; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
                border: round $accent; padding: 0 1; }
    #new-room Input { margin: 0; }
    #new-room Input:focus { background: $accent 30%; }
    App:nocolor #new-room Input:focus { text-style: reverse; }
    #new-room Checkbox { border: none; padding: 0; }
    .game-options { height: auto; }
    #privacy-row { height: 1; }
    #privacy { width: 18; }
    #invited { width: 1fr; }
    .expansion { height: auto; }
    .expansion-text { padding-left: 4; color: $text-muted; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="new-room"):
            yield Static("New room — choose the game (Enter in a text field opens it):")
            games = registry.games()
            yield SafeOptionList(*(Option(game.title, id=name) for name, game in games.items()), id="game")
            yield Static("Seats (e.g. me,open or me,cpu:medium; computer levels: easy, medium, hard):")
            yield Input("me,open", id="seats", max_length=120, compact=True)
            yield Static("Seed (empty: a random deal):")
            yield Input("", id="seed", max_length=9, restrict=r"[0-9]*", compact=True)
            helps = "; ".join(f"{game.title}: {game.options_help}" for game in games.values() if game.options_help)
            yield Static(f"Options ({helps}):")
            yield Input("", id="options", max_length=80, compact=True)
            for name, game in games.items():
                fields = game.lobby_fields()
                if not fields:
                    continue
                with Vertical(classes="game-options", id=f"{name}-options") as box:
                    box.display = False
                    for found in fields:
                        if isinstance(found, SelectField):
                            yield SafeSelect(list(found.choices), value=found.default, allow_blank=False,
                                             compact=True, id=found.key)
                        else:
                            for flag, title, text in found.flags:
                                with Vertical(classes="expansion", id=f"about-{flag}"):
                                    yield Checkbox(title, False, compact=True, id=f"{found.prefix}-{flag}")
                                    yield Static(text, classes="expansion-text", markup=False)
            with Horizontal(id="privacy-row"):
                yield SafeSelect(PRIVACY, value=False, allow_blank=False, compact=True, id="privacy")
                yield Input("", id="invited", max_length=200, compact=True,
                            placeholder="invite: Bob,Cy (a private room)")
            yield Static("", id="problem")

    def on_mount(self) -> None:
        for game_list in self.query("#game"):  # (none when the lobby closed meanwhile: a hang-up)
            game_list.highlighted = 0

    def _game(self) -> str:
        game_list = self.query_one("#game", OptionList)
        return game_list.get_option_at_index(game_list.highlighted or 0).id

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        for options in self.query(".game-options"):
            options.display = options.id == f"{event.option.id}-options"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#seats", Input).focus()

    def on_descendant_focus(self, event) -> None:
        """A focused expansion's checkbox brings its description into view too."""
        widget: Widget | None = event.widget
        if isinstance(widget, Checkbox) and widget.parent is not None and widget.parent.has_class("expansion"):
            widget.parent.scroll_visible(immediate=True)

    def options_text(self) -> str:
        """The options as typed, with the game's fields chosen above (a choice other
        than its default, unless typed; the boxes ticked)."""
        text = self.query_one("#options", Input).value.strip()
        words = [text] if text else []
        for found in registry.get(self._game()).lobby_fields():
            if isinstance(found, SelectField):
                value = self.query_one(f"#{found.key}", Select).value
                if value != found.default and found.key not in text:
                    words.append(f"{found.key}={value}")
            elif isinstance(found, FlagsField):
                chosen = [flag for flag, _, _ in found.flags
                          if self.query_one(f"#{found.prefix}-{flag}", Checkbox).value]
                if chosen:
                    words.append(f"{found.key}=" + ",".join(chosen))
        return " ".join(words)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        seed = self.query_one("#seed", Input).value.strip()
        self.dismiss((self._game(), self.query_one("#seats", Input).value, int(seed) if seed else None,
                      self.options_text(), bool(self.query_one("#privacy", Select).value),
                      self.query_one("#invited", Input).value))

    def action_cancel(self) -> None:
        self.dismiss(None)


def daily_games() -> dict[str, registry.Game]:
    """The games with a daily deal on the server (``Game.daily_options`` set), by name."""
    return {name: game for name, game in registry.games().items() if game.daily_options is not None}


def daily_lines(hall, player: str, shown: int = DAILY_SHOWN) -> list[str]:
    """Today's table of the daily deals: for each game, "Daily deal YYYY-MM-DD ·
    <title>" and its finished results best first ("1. Ann · 23 stars", ``player``'s
    line marked "← you"; the first ``shown`` and the player's), or a line saying there
    is none yet. Scores only: no board, no record."""
    day, lines = hall.today(), []
    for name, game in daily_games().items():
        results = hall.daily_table(name, day)
        if not results:
            lines.append(f"Daily deal {day} · {game.title}: no result yet (d: play it)")
            continue
        lines.append(f"Daily deal {day} · {game.title}:")
        for place, found in enumerate(results, 1):
            mine = same_name(found.name, player)
            if place <= shown or mine:
                lines.append(f"  {place}. {found.name} · {found.score} {game.score_name}" + (" ← you" if mine else ""))
    return lines


class DailyDialog(ModalScreen):
    """The game of today's daily deal (the games with one); dismisses with the game's
    name or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    DailyDialog { align: center middle; }
    #daily-box { width: 64; max-width: 100%; height: auto; border: round $accent; padding: 0 1; }
    """

    def __init__(self, day: str) -> None:
        super().__init__()
        self.day = day

    def compose(self) -> ComposeResult:
        with Vertical(id="daily-box"):
            yield Static(f"Daily deal {self.day}: the same deal for everyone, played alone; one counted "
                         "try a day. Choose the game (Enter; Esc: cancel):", markup=False)
            yield SafeOptionList(*(Option(game.title, id=name) for name, game in daily_games().items()),
                                 id="daily-game")

    def on_mount(self) -> None:
        for games in self.query("#daily-game"):
            games.highlighted = 0
            games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyApp(App):
    """The lobby of one connection; ``server`` is the ``GameServer`` (its ``hall``)."""

    TITLE = "Hospital games"
    ENABLE_COMMAND_PALETTE = False
    #: A player passes through the lobby: it is kept out of the collector's freeze and
    #: freed as soon as it closes (``collector.py``), not held until the next sweep.
    PASSING = True
    BINDINGS = [
        Binding("n", "new", "New room"),
        Binding("w", "watch", "Watch"),
        Binding("x", "give_up", "Give up seat"),
        Binding("d", "daily", "Daily deal"),
        Binding("s", "stats", "My stats"),
        Binding("q", "leave", "Leave"),
        Binding("ctrl+q", "leave", "Leave", show=False, priority=True),
    ]
    CSS = ("#rooms { height: 1fr; } #help { color: $text-muted; } #note { color: $warning; } "
           "#daily { height: auto; max-height: 8; overflow-y: auto; }")

    def __init__(self, hall, name: str, note: str = "", waiting_room: int | None = None) -> None:
        """``waiting_room``: a room where this player sits, still waiting for players: the
        lobby goes into its game by itself once every seat is taken."""
        super().__init__()
        self.hall = hall
        self.player = name
        self.note = note
        self.waiting_room = waiting_room
        self._shown: list | None = None
        self._daily_shown: list[str] | None = None

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints the traceback where this process's output went; the log keeps it.
        import logging

        logging.getLogger("hospital_games.server").error("lobby of %s failed", self.player, exc_info=error)
        super()._handle_exception(error)

    def compose(self) -> ComposeResult:
        yield TableHeader()
        yield Static(f"Welcome, {self.player}. Rooms:", id="welcome", markup=False)
        yield SafeOptionList(id="rooms")
        yield Static("", id="daily", markup=False)
        yield Static(self.note, id="note", markup=False)
        yield Static(HELP, id="help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"lobby · {self.player}"
        self.refresh_rooms()
        self.set_interval(1.0, self.refresh_rooms)
        self.query_one("#rooms").focus()

    def refresh_rooms(self) -> None:
        """Show the hall's rooms (kept in step once a second)."""
        waited = self.hall.rooms.get(self.waiting_room) if self.waiting_room is not None else None
        if waited is not None and waited.record is not None and waited.seat_of(self.player) is not None:
            self.exit(("play", waited.id))
            return
        self.refresh_daily()
        lines = [(r.id, self.room_line(r)) for r in self.hall.visible_to(self.player)]
        if lines == self._shown:
            return
        self._shown = lines
        listing = self.query_one("#rooms", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        if not lines:
            listing.add_option(Option("No room yet: press n to open one.", id="none", disabled=True))
            return
        listing.add_options([Option(text, id=str(room_id)) for room_id, text in lines])
        if keep is None:  # the first time: the first room with a seat of yours
            keep = next((i for i, (_, text) in enumerate(lines) if text.endswith("← your seat")), 0)
        listing.highlighted = min(keep, len(lines) - 1)

    def refresh_daily(self) -> None:
        """Today's table of the daily deals (``daily_lines``), redrawn when it changed."""
        lines = daily_lines(self.hall, self.player)
        if lines != self._daily_shown:
            self._daily_shown = lines
            self.query_one("#daily", Static).update("\n".join(lines))

    def room_line(self, room) -> str:
        """A room's line: its summary, when it expires (its last days) and whether this
        player has a seat in it."""
        note = self.hall.expiry_note(room)
        mine = " ← your seat" if room.seat_of(self.player) is not None else ""
        return room.summary() + (f" · {note}" if note else "") + mine

    def _chosen_room(self):
        """The highlighted room, if it is still there and this player may see it."""
        listing = self.query_one("#rooms", OptionList)
        if listing.highlighted is None or listing.option_count == 0:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        room = None if option.id == "none" else self.hall.rooms.get(int(option.id))
        return room if room is not None and room.may_see(self.player) else None

    def say(self, text: str) -> None:
        self.query_one("#note", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "rooms":
            self.action_play()

    def action_play(self) -> None:
        room = self._chosen_room()
        if room is None:
            return
        if room.status == OVER and room.seat_of(self.player) is None:
            self.exit(("watch", room.id))
            return
        try:
            room.join(self.player)
        except RoomError as err:
            self.say(f"{err}.")
            return
        self.exit(("play", room.id))

    def action_watch(self) -> None:
        room = self._chosen_room()
        if room is not None:
            self.exit(("watch", room.id))

    def action_give_up(self) -> None:
        """x: give up your seat in a room that still waits for players."""
        room = self._chosen_room()
        if room is None:
            return
        try:
            self.hall.leave(room, self.player)
        except RoomError as err:
            self.say(f"{err}.")
            return
        self.say(f"You gave up your seat in room #{room.id}.")
        self.refresh_rooms()

    def action_new(self) -> None:
        def made(answer) -> None:
            if answer is None:
                return
            game, seats, seed, options, private, invited = answer
            try:
                room = self.hall.create(game, seats, self.player, seed, options, private=private, invited=invited)
            except RoomError as err:
                self.say(f"No room opened: {err}.")
                return
            if room.seat_of(self.player) is not None:
                self.exit(("play", room.id))
            else:
                self.say(f"Room #{room.id} is open.")
                self.refresh_rooms()

        self.push_screen(NewRoomDialog(), made)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """The lobby's keys act on the rooms only while the rooms are on the screen (not
        under a dialog or the stats screen)."""
        if action in ("new", "watch", "give_up", "daily", "stats") and len(self.screen_stack) > 1:
            return False
        return True

    def action_daily(self) -> None:
        """d: today's daily deal of a game (asked when more than one game has one)."""
        games = daily_games()
        if not games:
            self.say("No game has a daily deal on this server.")
            return
        if len(games) == 1:
            self.play_daily(next(iter(games)))
        else:
            self.push_screen(DailyDialog(self.hall.today()), self.play_daily)

    def play_daily(self, game: str | None) -> None:
        """Sit down at today's deal of ``game``: a new counted try, or the one still
        being played; a second try is refused with a sentence and the first one's room
        (its replay) is highlighted."""
        from tui_common.server.hall import DailyPlayed

        if game is None:
            return
        try:
            room = self.hall.daily(game, self.player)
        except DailyPlayed as err:
            self.say(f"{err}.")
            if err.room is not None:
                self._shown = None
                self.refresh_rooms()
                self.highlight_room(err.room.id)
            return
        except RoomError as err:
            self.say(f"No daily deal: {err}.")
            return
        self.exit(("play", room.id))

    def highlight_room(self, room_id: int) -> None:
        """Move the highlight to room ``room_id``'s line, if it is listed."""
        listing = self.query_one("#rooms", OptionList)
        for index in range(listing.option_count):
            if listing.get_option_at_index(index).id == str(room_id):
                listing.highlighted = index
                return

    def action_stats(self) -> None:
        """s: this player's stats screen, on the server's history (both games)."""
        folder = self.hall.history_dir
        if folder is None:
            self.say("This server keeps no history.")
            return
        from tui_common.stats_screen import StatsScreen

        commands = tuple(game.command for game in registry.games().values())
        self.push_screen(StatsScreen(folder, commands, player=self.player))

    def action_leave(self) -> None:
        self.exit(None)
