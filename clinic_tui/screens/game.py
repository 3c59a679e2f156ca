"""The game screen: holds the game's record (``core.record.GameRecord``) and its state
now, turns keys into actions, runs the computer seats, shows Business / Admin reports
and hands over to the end screen.

Everything allowed comes from ``legal_actions``; anything else is sent to the engine
only to show its reason in a notification. The screen's parts live in mixins beside
it: ``view`` (what is drawn), ``cursor`` (cursor keys), ``moves`` (keys that play),
``menus`` (the menu of each decision), ``undo_save`` (autosave, undo, save as).
"""

from __future__ import annotations


from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static

from clinic_tui import choices, saving
from clinic_tui.config import ASCII, UNICODE, Options
from clinic_tui.screens.cursor import CursorMixin
from clinic_tui.screens.emergency import EmergencyMixin
from clinic_tui.screens.menus import MenusMixin
from clinic_tui.screens.moves import MovesMixin
from clinic_tui.screens.undo_save import UndoSaveMixin
from clinic_tui.screens.view import ViewMixin
from clinic_tui.widgets.clinic_view import ClinicView
from clinic_tui.widgets.other_clinics import OtherClinics
from tui_common.header import TableHeader
from tui_common.event_log import EventLog, EventLogKey
from tui_common.hint import HINT_BINDING, HintMixin
from tui_common.messages import reason_in_words
from tui_common.secrecy import new_seed, seed_words
from tui_common.seating import LOCAL, Seating
from tui_common.turns import ComputerTurns
from clinic_tui.widgets.main_board import MainBoard
from core.clinic.board import Space
# Imported when first needed, not at startup (the first screen shows sooner): the
# dialogs (tui_common.dialogs), the reports (clinic_tui.reports), the narration
# (core.clinic.game.narration), The 911th Extension's panel (clinic_tui.widgets.emergency).
from core.clinic.game import Action, GameState, Phase, legal_actions
from core.clinic.game.bots import make_bot
from core.errors import GameError
from core.record import GameRecord

HELP_TOPIC = {
    Phase.EXPERT_SETUP: "setup", Phase.BONUS: "setup", Phase.BONUS_PLACE: "setup",
    Phase.SELECT: "select", Phase.BUILD: "build", Phase.HIRE: "hire", Phase.ADMIT: "admit",
    Phase.MOVE: "move", Phase.BUY_POPULARITY: "business",
    Phase.START_CAR: "setup", Phase.REMOVE_CAR: "cars",
}


def start_state(options: Options, seed: int) -> GameState:
    """The deal of a new game with ``options``' seats, sides and goal."""
    return saving.new_record(options, seed).state


class GameScreen(EmergencyMixin, HintMixin, MenusMixin, CursorMixin, MovesMixin, UndoSaveMixin, ViewMixin, ComputerTurns,
                 EventLogKey, Screen):
    """One game of Clinic from setup to the end of round 6."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (150, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (40, "-tall")]
    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Up", show=False, id="game.up"),
        Binding("down,j", "cursor(0,1)", "Down", show=False, id="game.down"),
        Binding("left,h", "cursor(-1,0)", "Left", show=False, id="game.left"),
        Binding("right,l", "cursor(1,0)", "Right", show=False, id="game.right"),
        Binding("enter,space", "choose", "Choose", show=False, id="game.choose"),
        Binding("m", "menu", "Menu", id="game.menu"),
        Binding("n", "next_target", "Next◆", id="game.next"),
        Binding("d", "done", "Done", id="game.done"),
        Binding("e", "end_move", "End move", id="game.end_move"),
        Binding("a", "admit", "Admit", id="game.admit"),
        Binding("right_square_bracket,pagedown", "floor_step(1)", "Floor+", key_display="]", show=False,
                id="game.floor_up"),  # the floor tabs above the clinic say 0-3; ? lists [ ]
        Binding("left_square_bracket,pageup", "floor_step(-1)", "Floor-", key_display="[", show=False,
                id="game.floor_down"),
        *(Binding(str(f), f"floor({f})", f"Floor {f}", show=False, id=f"game.floor{f}") for f in range(4)),
        Binding("v", "view_next", "View", id="game.view"),
        Binding("E", "toggle_ed", "ED", show=False, id="game.ed"),  # The 911th Extension: listed in ? help
        HINT_BINDING,
        Binding("u,ctrl+z", "undo", "Undo", id="game.undo"),
        Binding("ctrl+s", "save_as", "Save as", id="game.save_as"),
        Binding("escape", "cancel", "Cancel", show=False, id="game.cancel"),
        Binding("L", "event_log", "Log", id="game.log"),
        Binding("question_mark", "help", "Help", key_display="?", id="game.help"),
        Binding("r", "rules", "Rules", show=False, id="game.rules"),  # listed in ? help
        Binding("q", "quit", "Quit", id="game.quit"),
    ]

    state: var[GameState | None] = var(None, init=False)
    legal_actions = staticmethod(legal_actions)

    def __init__(self, options: Options, *, state: GameState | None = None, record: GameRecord | None = None,
                 source: str | None = None, seating: Seating = LOCAL) -> None:
        """A new game from ``options``; or a saved game's ``record`` (``options`` then
        has its seats, see ``saving.options_for``; ``source`` names the file for the
        log); or a game in progress from a bare ``state`` (tests, snapshots): its record
        starts at that state, undo works, but it is neither autosaved nor saved.
        ``seating``: who sits here (``tui_common.seating``; the default: hot seat)."""
        super().__init__()  # no fixed id: the next game's screen may arrive while this one leaves
        self.options = options
        self.glyphs = ASCII if options.ascii else UNICODE
        if record is not None:
            self.seed = record.seed
        else:
            self.seed = options.seed if options.seed is not None else new_seed()
        self.names = [s.name for s in options.seats]
        self.bots = {i: make_bot(s.cpu, self.seed * 10 + i) for i, s in enumerate(options.seats) if s.is_cpu}
        self.seating = seating
        elsewhere = seating.seats_elsewhere(len(self.names))
        if elsewhere is not None:  # played elsewhere: the screen waits for them, as for a computer
            self.bots = {i: None for i in elsewhere}
        if record is None:
            record = saving.new_record(options, self.seed)
            if state is not None:
                record = GameRecord(record.rules, record.seed, record.seats, record.options, (state,))
                self.autosaving = False
        self.record: GameRecord = record
        self.source = source
        self.floor = 0
        self.cursor = Space(0, 0, 0)
        self.view_seat = 0
        self.placement: choices.Placement | None = None
        self.moving: choices.Moving | None = None
        self.np_cursor = (0, 4)
        self.np_held = False
        self.reports: list[tuple[str, str]] = []
        self._dialog_open = False
        self._finished = False
        self._menu_key = None
        self._handover_key = None
        self._last_human: int | None = None

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        emergency = "emergency" in self.record.state.config.options
        if emergency:
            from clinic_tui.widgets.emergency import EDPanel
        yield TableHeader()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ClinicView(self.glyphs, id="clinic")
                if emergency:  # key E shows it at 80 columns
                    yield EDPanel(id="ed-left")
                yield Static(id="status")
                with Horizontal(id="lower"):
                    yield EventLog(id="log", focusable=False)
                    yield OtherClinics(id="others")  # only on a large screen (clinic.tcss)
            side = VerticalScroll(id="side")
            side.can_focus = False  # the screen's keys move the cursors, not the scroll
            with side:
                if emergency:  # beside the clinic when wide
                    yield EDPanel(id="ed-side")
                yield MainBoard(id="board")
        yield Footer(compact=True, show_command_palette=False)  # every key fits in 80 columns

    def on_mount(self) -> None:
        self.title = "Clinic"
        solo = len(self.names) == 1
        seats, over = len(self.names), self.record.over
        self.sub_title = f"{'solitaire' if solo else f'{seats} players'}{seed_words(self.seed, seats, over)}"
        log = self.query_one(EventLog)
        first = self.record.states[0]
        log.add(
            f"{'Saved' if self.source else 'New'} game{seed_words(self.seed, seats, over, ', seed {seed}')}: "
            f"{', '.join(s.label() for s in self.options.seats)}. "
            f"Turn order: {', '.join(self.names[s] for s in first.turn_order)}."
        )
        if self.source:
            from core.clinic.game.narration import describe

            record = self.record
            for before, action, after in zip(record.states, record.actions, record.states[1:]):
                log.add(describe(before, action, after))
            log.add(f"Resumed from {self.source} ({len(record.actions)} actions).")
        self.seating.mounted(self)
        self.state = self.record.state

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.names)) if i not in self.bots]

    @property
    def wide(self) -> bool:
        """All four floors at once (the ``-wide -tall`` breakpoints)."""
        width, height = self.app.size
        return width >= 150 and height >= 40

    def on_resize(self, event) -> None:
        if self.state is not None and not self._finished:
            self.call_after_refresh(self.refresh_view)

    @property
    def clinic(self):
        return self.state.players[self.view_seat].clinic

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is (``view``); at a seating with its own eyes (a
        shared table) always that seat's, a spectator's ``None``."""
        if self.seating.fixed_view:
            return self.seating.seat
        return super().viewer

    def status_text(self) -> str:
        return self.seating.status(super().status_text(), self.state.current)

    @property
    def own_view(self) -> bool:
        return self.view_seat == self.state.current

    # -- showing the state --------------------------------------------------------------

    def watch_state(self, old: GameState | None, state: GameState) -> None:
        self.cancel_hint()
        self.placement = None
        self.moving = None
        self.np_held = False
        if old is None or old.current != state.current or old.phase is not state.phase:
            if state.current is not None:
                self.view_seat = state.current
            if state.phase is Phase.ADMIT:
                self.np_cursor = (0, len(state.notepad[0]) - 1)
            self._clamp_cursor()
        self.refresh_view()
        if old is None or old.phase is not state.phase:
            self.refresh_bindings()  # d / e / a come and go with the phase
        self.call_after_refresh(self._next_step)

    # -- playing ------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply ``action`` through the record, log it, autosave; False (and the
        engine's reason shown) when it is illegal. At a seating that plays elsewhere (a
        shared table) the action goes there and comes back through ``catch_up``."""
        sent = self.seating.play(self, action)
        if sent is not None:
            return sent
        from clinic_tui import reports
        from core.clinic.game.narration import describe

        before = self.state
        try:
            self.record = self.record.play(action)
        except GameError as err:
            self.notify(reason_in_words(str(err)), severity="error", title="Not allowed", timeout=8)
            return False
        after = self.record.state
        if before.current not in self.bots:
            self._last_human = before.current
        self.autosave()
        for log in self.query(EventLog):
            log.add(describe(before, action, after))
        if self.humans:
            self.reports.extend(reports.after_action(before, after))
        self.state = after
        return True

    def catch_up(self, record: GameRecord) -> None:
        """Show ``record``'s actions this screen has not shown yet (none if it is older):
        actions played elsewhere (``tui_common.seating``), with this seat's reports."""
        from clinic_tui import reports
        from core.clinic.game.narration import describe

        done, seat = len(self.record.actions), self.seating.seat
        if len(record.actions) <= done:
            return
        for before, action, after in zip(record.states[done:], record.actions[done:], record.states[done + 1:]):
            for log in self.query(EventLog):
                log.add(describe(before, action, after))
            if seat is not None:
                self.reports.extend(reports.after_action(before, after))
            if before.current == seat:
                self._last_human = seat
        self.record = record
        self.state = record.state

    def _next_step(self) -> None:
        from tui_common.too_small import MIN_HEIGHT, MIN_WIDTH

        small = self.app.size.width < MIN_WIDTH or self.app.size.height < MIN_HEIGHT
        if self.app.screen is not self or small:  # a dialog, help or the size gate is on top
            self._resume_pending = True
            return
        state = self.state
        if self._dialog_open:
            return
        if self.reports:
            from tui_common.dialogs import ReportDialog

            title, body = self.reports.pop(0)
            self._push(ReportDialog(title, body), lambda _: self._after_dialog())
            return
        if state.phase is Phase.OVER:
            self._finish()
            return
        if self.is_cpu_turn:
            self.schedule_computer()
            return
        seat = state.current
        if state.phase is Phase.SELECT and len(self.humans) > 1:
            key = (state.round, state.action, seat)
            if self._handover_key != key:
                self._handover_key = key
                if self._last_human is not None and self._last_human != seat:
                    from tui_common.dialogs import ReportDialog

                    self._push(
                        ReportDialog(f"Pass the keyboard to {self.names[seat]}",
                                     f"{self.names[seat]}, press Enter when nobody else is looking: "
                                     "you will choose your action tile in secret."),
                        lambda _: self._after_dialog(),
                    )
                    return
        key = (id(state), seat)
        if self._menu_key != key and state.phase is not Phase.ADMIT and self.placement is None and self.moving is None:
            self._menu_key = key
            self.action_menu()

    def _after_dialog(self) -> None:
        self._dialog_open = False
        self.call_after_refresh(self._next_step)

    def _push(self, dialog, callback) -> None:
        from tui_common.dialogs import ChoiceDialog

        if isinstance(dialog, ChoiceDialog):
            dialog.game_keys = self.menu_key  # u / Ctrl+Z / Ctrl+S work in the menus too
            dialog.undo_offered = self.seating.undo and self.record.can_undo
        self._dialog_open = True
        self.app.push_screen(dialog, callback)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from clinic_tui.screens.game_over import GameOverScreen

        over = GameOverScreen(self.options, self.state, self.names, self.seed, record=self.record)
        self.app.go(self, "replace", self.seating.game_over(over))

    # -- input --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        state = self.state
        if state is None:  # before the game is on the screen: keys are dropped quietly
            return False
        if action == "done":
            return state.phase in (Phase.BUILD, Phase.HIRE, Phase.ADMIT)
        if action == "end_move":
            return state.phase is Phase.MOVE
        if action == "admit":
            return state.phase is Phase.ADMIT
        if action == "undo":
            return self.seating.undo  # not at a shared table
        return True

    def _human_may_act(self, quiet: bool = False) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        refusal = self.seating.refusal(self.state.current, self.names)
        if refusal is not None:  # not this terminal's turn (a shared table)
            if not quiet:
                self.notify(refusal, severity="warning")
            return False
        if self.is_cpu_turn:
            if not quiet and not self._cpu_pending:  # while a computer thinks: quietly
                self.notify("Wait: a computer player is playing.", severity="warning")
            return False
        if self._dialog_open:
            return False
        return True

    def _cpu_act(self) -> None:
        if not self.seating.runs_computers:  # played elsewhere (the room), never here
            self._cpu_pending = False
            return
        super()._cpu_act()

    # -- saving, undo, quit: as the seating allows (``undo_save`` does them) -----------

    def autosave(self) -> None:
        if self.seating.saves:
            super().autosave()

    def action_undo(self) -> None:
        refused = self.seating.refused("undo")
        if refused is not None:
            self.notify(refused, severity="warning")
            return
        super().action_undo()

    def take_back(self) -> bool:
        """(u in one of the decision menus comes here, not to ``action_undo``.)"""
        refused = self.seating.refused("undo")
        if refused is not None:
            self.notify(refused, severity="warning")
            return False
        return super().take_back()

    def action_save_as(self) -> None:
        refused = self.seating.refused("save_as")
        if refused is not None:
            self.notify(refused)
            return
        super().action_save_as()

    def _own(self) -> bool:
        if not self.own_view:
            self.view_seat = self.state.current
            self._clamp_cursor()
            self.refresh_view()
            self.notify("Back to your own clinic.")
            return False
        return True

    def _admit_mode(self) -> bool:
        return (self.state.phase is Phase.ADMIT and not self.is_cpu_turn and self.own_view)

    # -- hint (tui_common.hint) ---------------------------------------------------------

    def hint_function(self, state: GameState, seed: int):
        from core.clinic.game.bot_hint import hint

        return hint(state, seed)

    def hint_allowed(self) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        if self.is_cpu_turn:
            self.notify("Wait: a computer player is playing.", severity="warning")
            return False
        return True

    def hint_matches(self, value, action) -> bool:
        """Whether a menu item's value stands for ``action`` (menus: ``menus``)."""
        from core.clinic.game import Done, EndMove, MovePerson

        if super().hint_matches(value, action):
            return True
        if value == "done" or value == "end":
            return isinstance(action, Done if value == "done" else EndMove)
        if isinstance(value, str):  # a group of builds
            return action in choices.build_groups(self.legal()).get(value, ())
        if isinstance(value, int):  # a person to move
            return isinstance(action, MovePerson) and action.pid == value
        return value is not None and value in (getattr(action, "arrival", None), getattr(action, "car", None))

    def show_hint_on_board(self, hint) -> None:
        """The hint selects its whole action: a move's person is picked up and the
        cursor put on its goal, a build's cursor on its space (Enter then plays
        exactly that action, ``MovesMixin.hinted_here``); an admission or a shifted
        appointment: the notepad cursor on its row (and space)."""
        from core.clinic.game import MovePerson

        action = hint.action
        space = getattr(getattr(action, "build", None), "space", None) or getattr(action, "goal", None)
        if isinstance(space, Space) and self.own_view:
            if isinstance(action, MovePerson) and (self.moving is None or self.moving.pid != action.pid):
                self._start_moving(action.pid)  # the hint's person, the cursor on its goal
            if self.placement is not None and all(a != action for _, a in self.placement.seqs):
                self.placement = None  # placing something else: the hint is another build
            self.floor, self.cursor = space.floor, space
        elif hasattr(action, "service") and self.state.phase is Phase.ADMIT:
            index = getattr(action, "index", self.np_cursor[1])
            self.np_cursor = (self.state.row(action.service), index)
        self.refresh_view()

    def keep_hint_count(self) -> None:
        if self.record.actions:
            self.autosave()

    # -- other screens ------------------------------------------------------------------

    def action_help(self) -> None:
        from clinic_tui.screens.help import HelpScreen

        self.app.go(self, "push", lambda: HelpScreen(HELP_TOPIC.get(self.state.phase) if self.state else None))

    def action_rules(self) -> None:
        from tui_common.rules import RulesScreen

        self.app.go(self, "push", RulesScreen)

    def action_quit(self) -> None:
        if self.seating.leave(self):
            return
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        if self.autosaving and self.record.actions:
            where = saving.folder(self.options).autosave
            question = f"Quit this game? It is kept in {where}: clinic --resume plays on."
        else:
            question = "Quit this game? It will not be saved."
        self.app.go(self, "push", lambda: ConfirmDialog(question), answered)
