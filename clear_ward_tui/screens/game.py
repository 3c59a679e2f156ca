"""The game screen: holds the game record (``core.record.GameRecord``), turns keys into
actions, runs the computer seats, hands over to the game-over screen. Its parts:
``WardGrid`` (posts ``WardGrid.Chosen``), ``SidePanel``; collaborators ``WardSaves``
(autosave, undo, Save as, Quit), ``WardSeats`` (who sees what, the pass screen, catching
up with a shared table), ``NightShiftClock``. The screen plays actions and is the seam a
shared table (``tui_common.server``) builds on. Everything allowed comes from
``legal_actions``; anything else goes to the engine only to show its reason.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Footer

from clear_ward_tui.config import ASCII, UNICODE, Options
from clear_ward_tui.screens import status
from clear_ward_tui.screens.game_clock import NightShiftClock
from clear_ward_tui.screens.game_saving import WardSaves
from clear_ward_tui.screens.game_seats import WardSeats
from tui_common.header import TableHeader
from tui_common.event_log import EventLog
from tui_common.hint import HINT_BINDING
from tui_common.messages import in_players_words
from tui_common.secrecy import new_seed, seed_words
from tui_common.seating import LOCAL, Seating
from tui_common.table_screen import TableScreen
from clear_ward_tui.widgets.side_panel import SidePanel
from clear_ward_tui.widgets.ward_grid import GridView, WardGrid, line_to
from core.clear_ward import (
    Action,
    Direction,
    EndTurn,
    GameState,
    IllegalActionError,
    Move,
    Phase,
    StaffCard,
    UseStaff,
    cell_name,
    describe,
    legal_actions,
)
from clear_ward_tui.autosave import record_seats
from core.record import GameRecord
from core.clear_ward.movement import destination


def _dialogs():
    """The staff dialogs, imported on first use (keeps startup lean)."""
    from clear_ward_tui.dialogs import staff

    return staff


class GameScreen(TableScreen):
    """One game of Clear the Ward from setup to the last move."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        Binding("c", "staff", "Staff", id="game.staff"),
        Binding("e", "end_turn", "End turn", id="game.end_turn"),
        Binding("n", "next_stop", "Next", id="game.next"),
        HINT_BINDING,
        Binding("u,ctrl+z", "undo", "Undo", key_display="u", id="game.undo"),
        Binding("ctrl+s", "save_as", "Save as", key_display="^s", id="game.save_as"),
        Binding("escape", "cancel", "Cancel", show=False, id="game.cancel"),
        Binding("L", "event_log", "Log", id="game.log"),
        Binding("question_mark", "help", "Help", key_display="?", id="game.help"),
        Binding("r", "rules", "Rules", show=False, id="game.rules"),  # listed in ? help: the footer fits 80
        Binding("q", "quit", "Quit", id="game.quit"),
    ]

    state: var[GameState | None] = var(None, init=False)
    legal_actions = staticmethod(legal_actions)

    def __init__(self, options: Options, *, record: GameRecord | None = None, autosaved: bool = False,
                 clock: float | None = None, seating: Seating = LOCAL) -> None:
        """A new game from ``options`` (seats, seed, starting seat), or the game of
        ``record`` played on (a resumed or loaded save; ``options`` then hold its seats).
        ``autosaved``: the record is the autosave's (it may be written over at once).
        ``clock``: seconds the Night Shift clock had run when the game was saved.
        ``seating``: who sits here (``tui_common.seating``; the default: hot seat)."""
        super().__init__()  # no id: the finished game's screen may still be leaving when a new one comes
        self.clock = NightShiftClock(clock)
        self.saves = WardSaves(self, own=autosaved)
        self.options = options
        self.glyphs = ASCII if options.ascii else UNICODE
        if record is None:
            from core.clear_ward.game_record import RULES

            seed = options.seed if options.seed is not None else new_seed()
            record = GameRecord.new(RULES, seed, record_seats(options), {"starting_player": options.start})
        #: every state from the deal and every action taken; a loaded game brings its own
        self.record: GameRecord = record
        self.resumed = bool(record.actions)
        self.seed = record.seed
        seats = options.seats
        self.names = [s.name for s in seats]
        self.seating = seating
        self.bots = {}
        if any(s.is_cpu for s in seats):  # the computer players' module only when one plays
            from core.clear_ward.bots import make_bot

            self.bots = {i: make_bot(s.cpu, self.seed * 10 + i) for i, s in enumerate(seats) if s.is_cpu}
        elsewhere = seating.seats_elsewhere(len(seats))
        if elsewhere is not None:  # played elsewhere: the screen waits for them, as for a computer
            self.bots = {i: None for i in elsewhere}
        self._initial = record.state
        self.targeting: StaffCard | None = None
        self.picked: tuple[int, ...] = ()
        self._dialog_open = False
        self._finished = False
        #: hot seat (2+ people): whose private things (staff hand, peeks) are shown; a
        #: pass screen comes before they change hands
        self.humans = seating.people_here([i for i, s in enumerate(seats) if not s.is_cpu])
        self.seats = WardSeats(self, seating.seat if seating.fixed_view else None)
        #: what each seat's Junior Doctor looked at: seat -> {space: patient}, shown to that
        #: seat while the card there stays face down
        self.peeks: dict[int, dict] = {}
        self._turn_key: tuple | None = None

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableHeader()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield status.StatusLines(id="status")
                yield WardGrid(self.glyphs, id="ward")
                yield EventLog(id="log", focusable=False)  # Tab never takes the arrows from the ward
            side = SidePanel(id="side")
            side.can_focus = False
            yield side
        yield Footer(compact=True, show_command_palette=False)  # every key fits in 80 columns

    def on_mount(self) -> None:
        self.title = "Clear the Ward"
        seats, over = len(self.names), self.record.over
        self.sub_title = self.header_line('Night Shift' if seats == 1 else f'{seats} players')
        grid = self.query_one(WardGrid)
        grid.focus()
        grid.cursor = self._initial.doctor
        # the status lines follow the selection in the frame of its two spaces (one SSH frame)
        self.watch(grid, "cursor", self._selection_moved, init=False)
        players = ", ".join(s.label() for s in self.options.seats)
        done = len(self.record.actions)
        if self.resumed:
            log = self.query_one(EventLog)
            record = self.record
            for before, action, after in zip(record.states, record.actions, record.states[1:]):
                log.add(describe(before, action, after))
            log.add(
                f"Resumed the game ({seed_words(self.seed, seats, over, 'seed {seed}: ')}{players}) after {done} "
                f"action{'s' if done != 1 else ''}. "
                f"{self.names[self._initial.current]} to play."
            )
        else:
            self.query_one(EventLog).add(
                f"New game{seed_words(self.seed, seats, over, ', seed {seed}')}: {players}. "
                f"{self.names[self._initial.current]} starts."
            )
        if len(self.names) == 1:
            self.set_interval(1, self._tick)
        if self._initial.current in self.humans:
            self.seats.shown_to = self._initial.current  # the first player needs no pass screen
        self.seating.mounted(self)
        self.state = self._initial
        if self.options.learn and not self.record.actions:  # clear-ward learn: the guided first turn
            from clear_ward_tui.lesson import lesson_dialog

            self.call_after_refresh(self.app.push_screen, lesson_dialog())

    def _uses(self, card: StaffCard) -> list[UseStaff]:
        return [a for a in self.legal() if isinstance(a, UseStaff) and a.card is card]

    def _grid_view(self) -> GridView:
        state = self.state
        human = not self.is_cpu_turn
        peeked, viewer = self._peeked(state), self.seats.private_seat()
        if self.targeting is not None:
            targets = frozenset(c for use in self._uses(self.targeting) for c in use.cells)
            return GridView(state, {}, targets, self.picked, peeked, viewer)
        stops = {}
        if human and state.phase is Phase.MOVE:
            stops = {
                line: a for a in self.legal() if isinstance(a, Move)
                for line in [self._destination(a)]
            }
        return GridView(state, stops, peeked=peeked, viewer=viewer)

    def _peeked(self, state: GameState) -> dict:
        """The face-down patients the seat shown has looked at (still face down there)."""
        seat = self.seats.private_seat()
        seen = self.peeks.get(seat, {}) if seat is not None else {}
        return {cell: patient for cell, patient in seen.items()
                if state.ward[cell] is not None and not state.ward[cell].face_up
                and state.ward[cell].patient == patient}

    def _destination(self, move: Move) -> int:
        return destination(self.state, move)[0]

    # -- showing the state --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Keys that arrive before the game is on the screen (``state`` is set at the
        end of ``on_mount``) are dropped quietly: no game key works on no game."""
        if action == "undo" and not self.seating.undo:
            return False
        return self.state is not None

    def undo_offered(self) -> bool:
        """Whether ``u`` is offered in a dialog opened now: the last action may be taken back
        (never at a seating without undo: a shared table)."""
        return self.seating.undo and self.record.can_undo

    def watch_state(self, old: GameState | None, state: GameState) -> None:
        self.cancel_hint()
        if old is None:
            self.refresh_bindings()  # the keys come alive with the game
        human = state.current not in self.bots
        key = (state.current, state.turn, state.phase is Phase.MOVE, state.moves)
        grid = self.query_one(WardGrid)
        if human and state.phase is Phase.MOVE and key != self._turn_key:
            grid.cursor = state.doctor
        self._turn_key = key
        self.refresh_view()
        self.call_after_refresh(self._next_step)

    def refresh_view(self, *, panel: bool = True, grid_too: bool = True) -> None:
        """Redraw the status lines, and the ward and side panel unless told not to
        (a cursor move or a clock tick changes only the status lines)."""
        state, g = self.state, self.glyphs
        grid = self.query_one(WardGrid)
        if grid_too or getattr(self, "_view", None) is None:
            grid.show(self._grid_view())
            self._view = grid.view
        view = self._view
        human = not self.is_cpu_turn
        forced = state.solo and state.phase is Phase.MOVE and state.moves_now[1]
        need = status.staff_need(self._uses(self.targeting)) if self.targeting else 0
        can_staff = any(isinstance(a, UseStaff) for a in self.legal())
        lines = [
            self.seating.status(
                status.instruction(state, self.names[state.current], cpu=not human, forced=forced,
                                   targeting=self.targeting, need=need, can_staff=can_staff, g=g), state.current),
            status.describe_cell(view, grid.cursor, g, short=not self.has_class("-wide")),
            status.direction_line(state, g, self.clock.text(len(self.names) == 1, self.options.show_clock)),
        ]
        self.query_one("#status", status.StatusLines).show(lines)
        if not panel:
            return
        self.query_one(SidePanel).show(state, self.names, self.seats.private_seat(), g)

    def _selection_moved(self) -> None:
        if self.state is not None:
            self.refresh_view(panel=False, grid_too=False)

    # -- playing actions ----------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply ``action`` for the current player; on an illegal one, show the engine's
        reason. Returns whether it was played. At a seating that plays elsewhere (a
        shared table) the action goes there and comes back through ``catch_up``."""
        sent = self.seating.play(self, action)
        if sent is not None:
            return sent
        before = self.state
        try:
            record = self.record.play(action)
        except IllegalActionError as err:
            self.notify(in_players_words(str(err)), severity="error", title="Not allowed")
            return False
        self.record, after = record, record.state
        self.clock.follow(before, after)
        self.targeting, self.picked = None, ()
        if after.looked_at and not before.looked_at:  # the Junior Doctor looked: the looker remembers
            self.peeks.setdefault(before.current, {}).update(
                {cell: after.ward[cell].patient for cell in after.looked_at if after.ward[cell] is not None})
        self.query_one(EventLog).add(describe(before, action, after))
        self.autosave()
        self.state = after
        return True

    def _next_step(self) -> None:
        if self.app.screen is not self:  # help, rules or "too small" on top: wait for them
            self._resume_pending = True
            return
        state = self.state
        if state.phase is Phase.OVER:
            self._finish()
        elif self.is_cpu_turn:
            self.schedule_computer()
        elif len(self.humans) > 1 and state.current != self.seats.shown_to:
            self.seats.pass_keyboard()
        elif state.phase in (Phase.DRAW_DECISION, Phase.KEEP_STAFF, Phase.JUNIOR_DOCTOR):
            self._open_phase_dialog()

    def _open_phase_dialog(self) -> None:
        if self._dialog_open:
            return
        state = self.state
        if state.phase is Phase.DRAW_DECISION:
            dialog = _dialogs().draw_dialog(state)
        elif state.phase is Phase.KEEP_STAFF:
            dialog = _dialogs().keep_dialog(state, [a for a in self.legal()])
        else:
            dialog = _dialogs().junior_doctor_dialog(state)
        dialog.game_keys = self.dialog_key
        dialog.undo_offered = self.undo_offered()
        self._push_dialog(dialog, self._dialog_done)

    def _push_dialog(self, dialog, callback) -> None:
        self._dialog_open = True
        self.app.push_screen(dialog, callback)

    def _dialog_done(self, action: Action | None) -> None:
        self._dialog_open = False
        if action is not None:
            self.play(action)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from clear_ward_tui.screens.game_over import GameOverScreen

        outcome = None
        if self.state.solo:
            computer = any(s.is_cpu for s in self.options.seats)
            outcome = self.app.night_shift_outcome(self.state, self.seed, self.clock.elapsed(), computer=computer)
        over = GameOverScreen(self.options, self.state, self.names, self.seed, outcome, record=self.record)
        self.app.go(self, "replace", self.seating.game_over(over))

    # -- player input -------------------------------------------------------------------

    def _human_may_act(self) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        refusal = self.seating.refusal(self.state.current, self.names)
        if refusal is not None:  # not this terminal's turn (a shared table)
            self.notify(refusal, severity="warning")
            return False
        if self.is_cpu_turn:
            if not self._cpu_pending:  # keys while a computer thinks: ignored quietly
                self.notify("Wait: a computer player is taking its turn.", severity="warning")
            return False
        return True

    def on_ward_grid_chosen(self, event: WardGrid.Chosen) -> None:
        if not self._human_may_act():
            return
        cell, state = event.cell, self.state
        if self.targeting is not None:
            self._pick_target(cell)
        elif state.phase in (Phase.DRAW_DECISION, Phase.KEEP_STAFF, Phase.JUNIOR_DOCTOR):
            self._open_phase_dialog()
        elif state.phase is Phase.MOVE and cell in self._grid_view().stops:
            self.play(self._grid_view().stops[cell])
        elif state.phase is Phase.AFTER_ACTION and (cell == state.doctor or line_to(state.doctor, cell) is None):
            self.notify("Your move is done: use a staff card (c) or end the turn (e).", severity="warning")
        elif cell == state.doctor:
            self.notify(f"The Doctor is on {cell_name(cell)}: choose a space to move to.", severity="warning")
        else:
            found = line_to(state.doctor, cell)
            if found is None:
                self.notify(
                    f"Movement: the Doctor slides in a straight line; {cell_name(cell)} is not in line "
                    f"with {cell_name(state.doctor)}.", severity="error", title="Not allowed")
                return
            direction, steps, _ = found
            self.play(Move(Direction(direction), steps))

    def _cpu_act(self) -> None:
        if not self.seating.runs_computers:  # played elsewhere (the room), never here
            self._cpu_pending = False
            return
        super()._cpu_act()

    def _pick_target(self, cell: int) -> None:
        card = self.targeting
        uses = self._uses(card)
        targets = {c for use in uses for c in use.cells}
        if cell not in targets:
            self.play(UseStaff(card, self.picked + (cell,)))
            return
        self.picked = tuple(c for c in self.picked if c != cell) if cell in self.picked else self.picked + (cell,)
        need = status.staff_need(uses)
        if len(self.picked) >= need:
            chosen = sorted(self.picked)
            use = next((u for u in uses if sorted(u.cells) == chosen), None)
            self.play(use or UseStaff(card, tuple(chosen)))
            self.picked = ()
        self.refresh_view()

    def action_staff(self) -> None:
        if not self._human_may_act():
            return
        hand = self.state.players[self.state.current].staff
        if not hand:
            self.notify("You hold no staff cards (draw 2 when you turn a patient face up).", severity="warning")
            return
        usable = {a.card for a in self.legal() if isinstance(a, UseStaff)}
        self._push_dialog(_dialogs().staff_menu(self.state, usable), self._staff_chosen)

    def _staff_chosen(self, card: StaffCard | None) -> None:
        self._dialog_open = False
        if card is None:
            return
        uses = self._uses(card)
        if not uses:
            self.play(UseStaff(card))  # not usable now: the engine says why
        elif uses[0].patient is not None:
            self._push_dialog(_dialogs().locum_dialog(self.state, uses), self._dialog_done)
        elif uses[0].cells:
            self.targeting, self.picked = card, ()
            view = self._grid_view()
            self.query_one(WardGrid).cursor = min(view.targets)
            self.refresh_view()
        else:
            self.play(uses[0])

    def action_end_turn(self) -> None:
        if self._human_may_act():
            self.play(EndTurn())

    def action_next_stop(self) -> None:
        view = self._grid_view()
        cells = sorted(view.targets or view.stops)
        if cells:
            grid = self.query_one(WardGrid)
            grid.cursor = next((c for c in cells if c > grid.cursor), cells[0])

    def action_cancel(self) -> None:
        if self.targeting is not None:
            self.targeting, self.picked = None, ()
            self.notify("Staff card not used.")
            self.refresh_view()

    # -- hint (tui_common.hint) ---------------------------------------------------------

    def hint_function(self, state: GameState, seed: int):
        from core.clear_ward.hint import hint

        return hint(state, seed)

    def hint_allowed(self) -> bool:
        return self._human_may_act()

    def hint_matches(self, value, action) -> bool:
        return super().hint_matches(value, action) or (isinstance(action, UseStaff) and value is action.card)

    def show_hint_on_board(self, hint) -> None:
        """A move: the selection on the space the Doctor would stop on."""
        if isinstance(hint.action, Move) and self.state.phase is Phase.MOVE:
            self.query_one(WardGrid).cursor = self._destination(hint.action)
            self.refresh_view(panel=False)

    def keep_hint_count(self) -> None:
        if self.record.actions:
            self.autosave()

    def action_help(self) -> None:
        from clear_ward_tui.screens.help import HelpScreen

        self.app.go(self, "push", HelpScreen)

    def action_rules(self) -> None:
        from tui_common.rules import RulesScreen

        self.app.go(self, "push", RulesScreen)

    # -- the seams of a shared table (``tui_common.seating``): the parts do the work --------

    def catch_up(self, record: GameRecord) -> None:
        """Show the actions of ``record`` played elsewhere (``WardSeats.catch_up``)."""
        self.seats.catch_up(record)

    def autosave(self) -> None:
        """Keep the game on disk after an action (``WardSaves.autosave``)."""
        self.saves.autosave()

    def action_undo(self) -> None:
        """Take back the last action, or say why not (``WardSaves.undo``)."""
        self.saves.undo()

    def dialog_key(self, name: str) -> bool:
        """u / Ctrl+Z / Ctrl+S / H in a dialog; True: close it (``WardSaves.dialog_key``)."""
        return self.saves.dialog_key(name)

    def action_save_as(self) -> None:
        self.saves.save_as()

    def action_quit(self) -> None:
        self.saves.quit()

    def _tick(self) -> None:
        """Every second in a Night Shift: the clock on the status line."""
        if self.clock.running and self.state is not None:
            self.refresh_view(panel=False, grid_too=False)
