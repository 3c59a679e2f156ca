"""The game screen: holds the game's record (``core.record.GameRecord``) and its state
now, turns keys into actions, runs the computer seats, shows Business / Admin reports
and hands over to the end screen.

Everything allowed comes from ``legal_actions``; anything else is sent to the engine
only to show its reason in a notification. The screen composes parts that own their
state: the widgets ``ClinicBoard`` (the clinic and its floor cursor: placing, moving),
``MainBoard`` (with the notepad cursor), ``EDPanel``; they tell the screen
(``ClinicBoard.on_move``) or post messages up (``MainBoard.NotepadMoved`` / ``ShiftAsked``). Plain
collaborators do the rest: ``TableView`` (the layout and the drawing), ``Menus``
(the menu of each decision), ``Plays`` (keys that play), ``EmergencyDesk`` (The 911th
Extension), ``SaveKeeper`` (autosave, undo, save as), ``status`` (the status lines).
The screen itself plays actions, keeps the record (autosave, undo, save as) and is the
seam a shared table (``tui_common.server``) builds on.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import var

from clinic_tui import saving
from clinic_tui.config import ASCII, UNICODE, Options
from clinic_tui.screens import status
from clinic_tui.screens.emergency import EmergencyDesk
from clinic_tui.screens.game_keys import GAME_KEYS, HELP_TOPIC
from clinic_tui.screens.menus import Menus
from clinic_tui.screens.moves import Plays
from clinic_tui.screens.table_view import TableView
from clinic_tui.screens.undo_save import SaveKeeper
from clinic_tui.widgets.clinic_board import ClinicBoard
from tui_common.event_log import EventLog
from tui_common.messages import reason_in_words
from tui_common.secrecy import new_seed
from tui_common.seating import LOCAL, Seating
from tui_common.table_screen import TableScreen
from clinic_tui.widgets.main_board import MainBoard
# Imported when first needed, not at startup (the first screen shows sooner): the
# dialogs (tui_common.dialogs), the reports (clinic_tui.reports), the narration
# (core.clinic.game.narration), The 911th Extension's panel (clinic_tui.widgets.emergency).
from core.clinic.game import Action, GameState, Phase, legal_actions
from core.clinic.game.bots import make_bot
from core.errors import GameError
from core.record import GameRecord

class GameScreen(TableScreen):
    """One game of Clinic from setup to the end of round 6."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (150, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (40, "-tall")]
    BINDINGS = GAME_KEYS

    state: var[GameState | None] = var(None, init=False)
    legal_actions = staticmethod(legal_actions)

    #: False for a game that began from a given position (``ClinicApp(state=...)``, tests
    #: and snapshots): its record cannot be replayed from a deal, so it is not saved.
    autosaving = True

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
        self.view_seat = 0
        self.reports: list[tuple[str, str]] = []
        self._dialog_open = False
        self._finished = False
        self._menu_key = None
        self._last_human: int | None = None
        # the parts: widgets that own their state, collaborators that act through the screen
        self.clinic_board = ClinicBoard(self.glyphs, id="clinic", on_move=self._board_moved)
        self.main_board = MainBoard(id="board")
        self.menus = Menus(self)
        self.plays = Plays(self)
        self.saves = SaveKeeper(self)
        self.drawing = TableView(self)
        self.emergency = EmergencyDesk(self) if "emergency" in record.state.config.options else None

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        return self.drawing.compose()

    def on_mount(self) -> None:
        self.title = "Clinic"
        seats = len(self.names)
        self.sub_title = self.header_line("solitaire" if seats == 1 else f"{seats} players")
        self.saves.log_the_start(self.query_one(EventLog))
        self.seating.mounted(self)
        self.state = self.record.state
        if self.in_lesson:  # clinic learn, or its save resumed: the guided first game (lesson_panel)
            from clinic_tui.lesson_panel import Lesson

            self.lesson = Lesson(self).mount()

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
        """The clinic shown (the seat looked at: ``view_seat``)."""
        return self.state.players[self.view_seat].clinic

    @property
    def own_view(self) -> bool:
        return self.view_seat == self.state.current

    # -- showing the state --------------------------------------------------------------

    def watch_state(self, old: GameState | None, state: GameState) -> None:
        self.cancel_hint()
        self.clinic_board.drop()
        self.main_board.release()
        if old is None or old.current != state.current or old.phase is not state.phase:
            if state.current is not None:
                self.view_seat = state.current
            if state.phase is Phase.ADMIT:
                self.main_board.notepad_home(len(state.notepad[0]))
            self.clinic_board.clamp(self.clinic.board)
        self.refresh_view()
        if old is None or old.phase is not state.phase:
            self.refresh_bindings()  # d / e / a come and go with the phase
        self.call_after_refresh(self._next_step)

    def refresh_view(self, *, board: bool = True) -> None:
        """Draw the state (``TableView.refresh``; ``board``: the main board too)."""
        self.drawing.refresh(board=board)

    def _board_moved(self, space) -> None:
        """The clinic cursor moved: the status line follows in the same frame."""
        if self.state is not None and self.is_mounted:
            self.drawing.show_status()

    def on_clinic_board_moved(self, event: ClinicBoard.Moved) -> None:
        self._board_moved(event.space)

    def on_main_board_notepad_moved(self, event: MainBoard.NotepadMoved) -> None:
        if self.state is not None:
            self.drawing.show_status()

    def on_main_board_shift_asked(self, event: MainBoard.ShiftAsked) -> None:
        self.plays.shift(event)

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is: the human deciding now (in hot seat, the
        one the keyboard was passed to), else the last human who decided; None when only
        computers have played (nothing face down is shown). At a seating with its own
        eyes (a shared table) always that seat's, a spectator's ``None``."""
        if self.seating.fixed_view:
            return self.seating.seat
        state = self.state
        return state.current if state.current not in self.bots else self._last_human

    def status_text(self) -> str:
        """The two status lines (``screens.status``), worded for the seating."""
        return self.seating.status(status.status_lines(self), self.state.current)

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
        """Show ``record``'s actions this screen has not shown yet (``SaveKeeper.catch_up``):
        actions played elsewhere (``tui_common.seating``), with this seat's reports."""
        self.saves.catch_up(record)

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
        if self.menus.pass_keyboard():
            return
        key = (id(state), state.current)
        board = self.clinic_board
        if self._menu_key != key and state.phase is not Phase.ADMIT and board.placement is None and board.moving is None:
            self._menu_key = key
            self.menus.open()

    def _after_dialog(self) -> None:
        self._dialog_open = False
        self.call_after_refresh(self._next_step)

    def _push(self, dialog, callback) -> None:
        from tui_common.dialogs import ChoiceDialog

        if isinstance(dialog, ChoiceDialog):
            dialog.game_keys = self.menu_key  # u / Ctrl+Z / Ctrl+S work in the menus too
            dialog.undo_offered = self.seating.undo and self.record.can_undo

        def answered(result) -> None:
            self._dialog_open = False  # closed: the part that asked acts on the answer
            callback(result)

        self._dialog_open = True
        self.app.push_screen(dialog, answered)

    def dialog_action(self, action: Action | None) -> None:
        """A menu's answer that is one action: played (``None``: closed, nothing)."""
        self._dialog_open = False
        if action is not None:
            self.play(action)
        else:
            self.refresh_view()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from clinic_tui.screens.game_over import GameOverScreen

        over = GameOverScreen(self.options, self.state, self.names, self.seed, record=self.record)
        self.app.go(self, "replace", self.seating.game_over(over))

    # -- input --------------------------------------------------------------------------

    #: ``clinic learn``'s lesson (``clinic_tui.lesson_panel.Lesson``); ``None`` in other games.
    lesson = None

    def on_key(self, event) -> None:
        if self.lesson is not None:  # a key of no use in the lesson's step: what it does
            self.lesson.key_pressed(event.key)

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

    def back_to_own(self) -> None:
        """Show the clinic of the player deciding now."""
        self.view_seat = self.state.current
        self.clinic_board.clamp(self.clinic.board)
        self.refresh_view()

    def _own(self) -> bool:
        if not self.own_view:
            self.back_to_own()
            self.notify("Back to your own clinic.")
            return False
        return True

    def admit_mode(self) -> bool:
        """Whether the arrows and Enter work the notepad (the Admit phase, own clinic)."""
        return (self.state.phase is Phase.ADMIT and not self.is_cpu_turn and self.own_view)

    # -- keys: the parts do the work ----------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        state = self.state
        if state is None:
            return
        if self.admit_mode():
            self.main_board.notepad_step(dx, dy, len(state.notepad), len(state.notepad[0]))
        else:
            self.clinic_board.step(dx, dy)

    def action_floor(self, floor: int) -> None:
        self.clinic_board.show_floor(floor)

    def action_floor_step(self, step: int) -> None:
        self.clinic_board.show_floor((self.clinic_board.floor + step) % 4)

    def action_view_next(self) -> None:
        if self.state is None:
            return
        self.view_seat = (self.view_seat + 1) % len(self.names)
        self.clinic_board.drop()
        self.clinic_board.clamp(self.clinic.board)
        self.refresh_view()

    def action_next_target(self) -> None:
        if self.state is not None:
            self.clinic_board.next_target()

    def action_cancel(self) -> None:
        if self.state is None:
            return
        if self.clinic_board.drop():
            self.refresh_view()
        elif self.main_board.np_held:
            self.main_board.hold(False)

    def action_toggle_ed(self) -> None:
        if self.emergency is None or not self.emergency.on():
            self.notify("This game has no emergency department (the option emergency).")
            return
        self.emergency.toggle()

    def action_menu(self) -> None:
        self.menus.open()

    def action_choose(self) -> None:
        self.plays.choose()

    def action_done(self) -> None:
        self.plays.done()

    def action_end_move(self) -> None:
        self.plays.end_move()

    def action_admit(self) -> None:
        self.plays.admit()

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
        """Whether a menu item's value stands for ``action`` (``Menus.stands_for``)."""
        return super().hint_matches(value, action) or self.menus.stands_for(value, action)

    def show_hint_on_board(self, hint) -> None:
        self.plays.show_hint(hint)

    def keep_hint_count(self) -> None:
        if self.record.actions:
            self.autosave()

    # -- the record: autosave, undo, save as (the seam of a shared table) ---------------

    def autosave(self) -> None:
        """Keep the record on disk (``SaveKeeper.autosave``), where the seating saves."""
        if self.seating.saves:
            self.saves.autosave()

    def action_undo(self) -> None:
        if self._dialog_open:  # a menu on top: its own u key takes the action back
            return
        self.take_back()

    def take_back(self) -> bool:
        """Undo the last action if the rule and the seating allow, else say why. True if
        undone. (u in one of the decision menus comes here, not to ``action_undo``.)"""
        refused = self.seating.refused("undo")
        if refused is not None:
            self.notify(refused, severity="warning")
            return False
        return self.saves.take_back()

    def action_save_as(self) -> None:
        refused = self.seating.refused("save_as")
        if refused is not None:
            self.notify(refused)
            return
        # pushed like the help screen (not as one of the game's decisions): the game
        # screen waits underneath, or the open menu does
        self.saves.save_as()

    def menu_key(self, name: str) -> bool:
        """u / Ctrl+Z / Ctrl+S / H pressed in one of this screen's menus; True: close it."""
        if name == "undo":
            return self.take_back()
        if name == "save_as":
            self.action_save_as()
        if name == "hint":
            self.action_hint()  # tui_common.hint
        return False

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
