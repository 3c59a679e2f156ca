"""The game screen: holds the ``GameState``, turns keys into actions, runs the computer
seats, shows Business / Admin reports and hands over to the end screen.

Everything allowed comes from ``legal_actions``; anything else is sent to
``apply_action`` only to show the engine's reason in a notification.
"""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from clinic_tui import choices, reports
from clinic_tui.config import ASCII, GOALS, UNICODE, Options
from clinic_tui.dialogs.choice import ChoiceDialog
from clinic_tui.dialogs.report import ReportDialog
from clinic_tui.screens.menus import MenusMixin
from clinic_tui.widgets.clinic_view import ClinicPicture, ClinicView
from clinic_tui.widgets.event_log import EventLog
from clinic_tui.widgets.main_board import MainBoard
from core.clinic.board import BoardSide, Space
from core.clinic.components import Role
from core.clinic.movement import cheapest_path, end_of_move_violations, reachable, time_to_record
from core.clinic.game import (
    Action,
    AdmitPatient,
    Done,
    EndMove,
    GameState,
    MovePerson,
    Phase,
    Shift,
    ShiftAppointment,
    SoloGoal,
    apply_action,
    legal_actions,
    new_game,
)
from core.clinic.game.bots import make_bot
from core.clinic.game.narration import describe
from core.errors import GameError

HELP_TOPIC = {
    Phase.EXPERT_SETUP: "setup", Phase.BONUS: "setup", Phase.BONUS_PLACE: "setup",
    Phase.SELECT: "select", Phase.BUILD: "build", Phase.HIRE: "hire", Phase.ADMIT: "admit",
    Phase.MOVE: "move", Phase.BUY_POPULARITY: "business",
}
DIRS = {(0, -1): Shift.UP, (0, 1): Shift.DOWN, (-1, 0): Shift.LEFT, (1, 0): Shift.RIGHT}


def start_state(options: Options, seed: int) -> GameState:
    seats = options.seats
    goal = None
    if len(seats) == 1:
        goal = SoloGoal[GOALS[options.goal or "red-patients"]]
    return new_game(
        [s.name for s in seats], seed,
        expert=[s.expert for s in seats],
        sides=[BoardSide.EXPERT if s.expert and s.side == "expert" else BoardSide.BEGINNER for s in seats],
        solo_goal=goal,
    )


class GameScreen(MenusMixin, Screen):
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
        Binding("right_square_bracket,pagedown", "floor_step(1)", "Floor+", key_display="]", id="game.floor_up"),
        Binding("left_square_bracket,pageup", "floor_step(-1)", "Floor-", key_display="[", show=False,
                id="game.floor_down"),
        *(Binding(str(f), f"floor({f})", f"Floor {f}", show=False, id=f"game.floor{f}") for f in range(4)),
        Binding("v", "view_next", "View", id="game.view"),
        Binding("escape", "cancel", "Cancel", show=False, id="game.cancel"),
        Binding("question_mark", "help", "Help", key_display="?", id="game.help"),
        Binding("r", "rules", "Rules", id="game.rules"),
        Binding("q", "quit", "Quit", id="game.quit"),
    ]

    state: var[GameState | None] = var(None, init=False)

    def __init__(self, options: Options, *, state: GameState | None = None) -> None:
        super().__init__(id="game")
        self.options = options
        self.glyphs = ASCII if options.ascii else UNICODE
        self.seed = options.seed if options.seed is not None else random.randrange(1_000_000)
        self.names = [s.name for s in options.seats]
        self.bots = {i: make_bot(s.cpu, self.seed * 10 + i) for i, s in enumerate(options.seats) if s.is_cpu}
        self._initial = state or start_state(options, self.seed)
        self.history: list[tuple[GameState, Action]] = []
        self.floor = 0
        self.cursor = Space(0, 0, 0)
        self.view_seat = 0
        self.placement: choices.Placement | None = None
        self.moving: choices.Moving | None = None
        self.np_cursor = (0, 4)
        self.np_held = False
        self.reports: list[tuple[str, str]] = []
        self._dialog_open = False
        self._cpu_pending = False
        self._finished = False
        self._resume_pending = False
        self._menu_key = None
        self._handover_key = None
        self._last_human: int | None = None
        self._legal_cache: tuple[GameState | None, list[Action]] = (None, [])

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(icon="✚")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ClinicView(self.glyphs, id="clinic")
                yield Static(id="status")
                yield EventLog(id="log")
            side = VerticalScroll(id="side")
            side.can_focus = False  # the screen's keys move the cursors, not the scroll
            with side:
                yield MainBoard(id="board")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Clinic"
        solo = len(self.names) == 1
        self.sub_title = f"{'solitaire' if solo else f'{len(self.names)} players'} · seed {self.seed}"
        self.query_one(EventLog).add(
            f"New game, seed {self.seed}: {', '.join(s.label() for s in self.options.seats)}. "
            f"Turn order: {', '.join(self.names[s] for s in self._initial.turn_order)}."
        )
        self.state = self._initial

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.names)) if i not in self.bots]

    @property
    def is_cpu_turn(self) -> bool:
        return self.state is not None and self.state.current in self.bots

    @property
    def wide(self) -> bool:
        """All four floors at once (the ``-wide -tall`` breakpoints)."""
        width, height = self.app.size
        return width >= 150 and height >= 40

    def on_resize(self, event) -> None:
        if self.state is not None and not self._finished:
            self.call_after_refresh(self.refresh_view)

    def legal(self) -> list[Action]:
        if self._legal_cache[0] is not self.state:
            self._legal_cache = (self.state, legal_actions(self.state))
        return self._legal_cache[1]

    @property
    def clinic(self):
        return self.state.players[self.view_seat].clinic

    @property
    def own_view(self) -> bool:
        return self.view_seat == self.state.current

    # -- showing the state --------------------------------------------------------------

    def watch_state(self, old: GameState | None, state: GameState) -> None:
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

    def _clamp_cursor(self) -> None:
        board = self.clinic.board
        c = min(self.cursor.col, board.cols - 1)
        r = min(self.cursor.row, board.rows - 1)
        self.cursor = Space(self.floor, c, r)

    def _targets(self) -> dict:
        if self.placement is not None:
            return self.placement.targets()
        if self.moving is not None:
            return self.moving.goals
        return {}

    def picture(self) -> ClinicPicture:
        state = self.state
        seat = self.view_seat
        path: frozenset = frozenset()
        if self.moving is not None and self.cursor in self.moving.goals:
            person = self.clinic.person(self.moving.pid)
            try:
                _, steps = cheapest_path(self.clinic.board, person.where, self.cursor, person.role is Role.PATIENT)
                path = frozenset(s for s in steps if isinstance(s, Space))
            except GameError:
                pass
        floors = (0, 1, 2, 3) if self.wide else (self.floor,)
        whose = "your clinic" if seat == state.current and seat not in self.bots else f"{self.names[seat]}'s clinic"
        if seat != state.current:
            whose += " (read only)"
        return ClinicPicture(
            self.clinic, floors, self.cursor, self._targets(), path,
            self.placement.picked if self.placement else (), whose,
        )

    def refresh_view(self, *, board: bool = True) -> None:
        state = self.state
        views = self.query(ClinicView)
        if state is None or not views:  # before the game is on screen, or after it left
            return
        views.first().show(self.picture())
        self.query_one("#status", Static).update(self.status_text())
        if not board:
            return
        admit = state.phase is Phase.ADMIT and not self.is_cpu_turn
        viewer = state.current if state.current not in self.bots else self._last_human
        self.query_one(MainBoard).show(
            state, self.names, viewer, notepad_cursor=self.np_cursor if admit else None, held=self.np_held,
            empty=self.glyphs.empty, turn=self.glyphs.turn,
        )

    def status_text(self) -> str:
        from rich.markup import escape

        state = self.state
        if state.phase is Phase.OVER:
            return "The game is over."
        who = self.names[state.current]
        if self.is_cpu_turn:
            first = f"{who} (computer) is thinking: {state.phase.value}…"
        else:
            first = f"[b]{escape(who)}[/b]: " + self._instruction()
        return first + "\n" + escape(self._cursor_line())

    def _instruction(self) -> str:
        state = self.state
        if not self.own_view:
            return f"looking at {self.names[self.view_seat]}'s clinic · v to go back"
        if self.placement is not None:
            step = " (second stop)" if self.placement.picked else ""
            return f"{self.placement.name}{step}: {self.glyphs.target}+Enter · Esc"
        if self.moving is not None:
            person = self.clinic.person(self.moving.pid)
            return f"move {person}: {self.glyphs.target}+Enter · Esc"
        phase = state.phase
        if phase is Phase.ADMIT:
            if self.np_held:
                return f"QP {state.step.qp}: an arrow moves the patient · Esc"
            return f"QP {state.step.qp}: Enter pick up, a admit, d done"
        if phase is Phase.MOVE:
            raw = self.clinic.move_time
            rec = time_to_record(raw, self.clinic.board.has_triage)
            tri = f" (triage: {rec})" if self.clinic.board.has_triage else ""
            return f"Move, time {raw}{tri}: m people · e end"
        if phase is Phase.BUILD:
            return f"Build {state.step.builds}/2: m components · d done"
        return {
            Phase.SELECT: "choose an action tile (m)",
            Phase.BONUS: "take a bonus tile (m)",
            Phase.BONUS_PLACE: "place your free tile (m)",
            Phase.EXPERT_SETUP: "build your initial clinic (m)",
            Phase.HIRE: "Hire: m to choose · d done",
            Phase.BUY_POPULARITY: "buy popularity (m)",
        }.get(phase, "")

    def _cursor_line(self) -> str:
        if self._admit_mode():
            r, i = self.np_cursor
            colour = self.state.notepad[r][i]
            what = f"a {colour} patient" if colour is not None else "empty"
            last = " (marked column: a admits)" if i == len(self.state.notepad[r]) - 1 else ""
            return f"Notepad {self.state.services[r]} space {i + 1}: {what}{last}"
        board = self.clinic.board
        space = self.cursor
        tile = board.tile_at(space)
        text = f"{space}: {tile if tile is not None else 'empty'}"
        module = board.module_at(space)
        if module is not None and module.kind.value in ("treatment_room", "operating_room"):
            service = board.room_service(space)
            text += f" ({service})" if service else " (no service hub beside it)"
            if module.kind.value == "treatment_room":
                text += ", working" if space in board.working_treatment_rooms else ", not working"
        if space in board.conveyor_stops:
            text += ", conveyor stop"
        people = [str(p) for p in self.clinic.at(space)]
        if people:
            text += " · " + ", ".join(people)
        targets = self._targets()
        if space in targets:
            if self.moving is not None:
                person = self.clinic.person(self.moving.pid)
                try:
                    t, steps = cheapest_path(board, person.where, space, person.role is Role.PATIENT)
                    names = [s.name if isinstance(s, Space) else ("pre" if hasattr(s, "service") else "E") for s in steps]
                    total = self.clinic.move_time + t
                    rec = time_to_record(total, board.has_triage)
                    text = (f"{self.glyphs.target} {space}: time {t} via {'>'.join(names)}; total {total}"
                            + (f", triage → {rec}" if board.has_triage else ""))
                except GameError:
                    pass
            else:
                text = f"{self.glyphs.target} {targets[space]}: {text}"
        return text

    # -- playing ------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        before = self.state
        try:
            after = apply_action(before, action)
        except GameError as err:
            self.notify(str(err), severity="error", title="Not allowed", timeout=8)
            return False
        if before.current not in self.bots:
            self._last_human = before.current
        self.history.append((before, action))
        for log in self.query(EventLog):
            log.add(describe(before, action, after))
        if self.humans:
            self.reports.extend(reports.after_action(before, after))
        self.state = after
        return True

    def _next_step(self) -> None:
        from clinic_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH

        small = self.app.size.width < MIN_WIDTH or self.app.size.height < MIN_HEIGHT
        if not self.is_current or small:  # a dialog, help or the size gate is on top
            self._resume_pending = True
            return
        state = self.state
        if self._dialog_open:
            return
        if self.reports:
            title, body = self.reports.pop(0)
            self._push(ReportDialog(title, body), lambda _: self._after_dialog())
            return
        if state.phase is Phase.OVER:
            self._finish()
            return
        if self.is_cpu_turn:
            if not self._cpu_pending:
                self._cpu_pending = True
                self.set_timer(max(self.options.cpu_delay, 0.001), self._cpu_act)
            return
        seat = state.current
        if state.phase is Phase.SELECT and len(self.humans) > 1:
            key = (state.round, state.action, seat)
            if self._handover_key != key:
                self._handover_key = key
                if self._last_human is not None and self._last_human != seat:
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

    def on_screen_resume(self) -> None:
        if self._resume_pending and self.state is not None:
            self._resume_pending = False
            self.call_after_refresh(self._next_step)

    def _cpu_act(self) -> None:
        self._cpu_pending = False
        if not self.is_current:
            self._resume_pending = True
            return
        if self.state.phase is Phase.OVER or not self.is_cpu_turn:
            return
        self.play(self.bots[self.state.current].choose(self.state))

    def _push(self, dialog, callback) -> None:
        self._dialog_open = True
        self.app.push_screen(dialog, callback)

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        from clinic_tui.screens.game_over import GameOverScreen

        self.app.switch_screen(GameOverScreen(self.options, self.state, self.names, self.seed))

    # -- input --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        state = self.state
        if state is None:
            return True
        if action == "done":
            return state.phase in (Phase.BUILD, Phase.HIRE, Phase.ADMIT)
        if action == "end_move":
            return state.phase is Phase.MOVE
        if action == "admit":
            return state.phase is Phase.ADMIT
        return True

    def _human_may_act(self, quiet: bool = False) -> bool:
        if self.state is None or self.state.phase is Phase.OVER:
            return False
        if self.is_cpu_turn:
            if not quiet:
                self.notify("Wait: a computer player is playing.", severity="warning")
            return False
        if self._dialog_open:
            return False
        return True

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

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.state is None:
            return
        if self._admit_mode():
            self._notepad_cursor(dx, dy)
            return
        board = self.clinic.board
        c = max(0, min(board.cols - 1, self.cursor.col + dx))
        r = max(0, min(board.rows - 1, self.cursor.row + dy))
        self.cursor = Space(self.floor, c, r)
        self.refresh_view(board=False)

    def _notepad_cursor(self, dx: int, dy: int) -> None:
        state = self.state
        r, i = self.np_cursor
        if self.np_held:
            self.np_held = False
            service = state.services[r]
            shift = ShiftAppointment(service, i, DIRS[(dx, dy)])
            if shift not in self.legal():
                self.notify(
                    "Admit: that notepad move is not offered (house rule: only moves that change"
                    " the notepad, within it: not onto a patient of the same colour, not left into"
                    " an empty space).", severity="error", title="Not allowed", timeout=8)
            if self.play(shift):
                r2 = max(0, min(len(state.services) - 1, r + dy))
                self.np_cursor = (r2, max(0, min(4, i + dx)))
            self.refresh_view()
            return
        rows, width = len(state.notepad), len(state.notepad[0])
        self.np_cursor = (max(0, min(rows - 1, r + dy)), max(0, min(width - 1, i + dx)))
        self.refresh_view()

    def action_floor(self, floor: int) -> None:
        self.floor = floor
        self.cursor = Space(floor, self.cursor.col, self.cursor.row)
        self.refresh_view()

    def action_floor_step(self, step: int) -> None:
        self.action_floor((self.floor + step) % 4)

    def action_view_next(self) -> None:
        if self.state is None:
            return
        self.view_seat = (self.view_seat + 1) % len(self.names)
        self.placement = self.moving = None
        self._clamp_cursor()
        self.refresh_view()

    def action_next_target(self) -> None:
        if self.state is None:
            return
        targets = sorted(self._targets(), key=lambda s: (s.floor, s.row, s.col))
        if not targets:
            return
        key = (self.cursor.floor, self.cursor.row, self.cursor.col)
        nxt = next((s for s in targets if (s.floor, s.row, s.col) > key), targets[0])
        self.floor = nxt.floor
        self.cursor = nxt
        self.refresh_view()

    def action_cancel(self) -> None:
        if self.state is None:
            return
        if self.placement is not None or self.moving is not None:
            self.placement = self.moving = None
            self.refresh_view()
        elif self.np_held:
            self.np_held = False
            self.refresh_view()

    def action_choose(self) -> None:
        if not self._human_may_act():
            return
        if not self._own():
            return
        if self._admit_mode():
            r, i = self.np_cursor
            if self.state.notepad[r][i] is None:
                self.notify("No patient in that notepad space.", severity="warning")
            else:
                self.np_held = not self.np_held
            self.refresh_view()
            return
        if self.placement is not None:
            self._place_at(self.cursor)
        elif self.moving is not None:
            self.play(MovePerson(self.moving.pid, self.cursor))
        elif self.state.phase is Phase.MOVE:
            movers = choices.movers(self.state, self.legal())
            here = [p for p in self.clinic.at(self.cursor) if p.id in movers]
            if len(here) == 1:
                self._start_moving(here[0].id)
            elif here:
                self._push(ChoiceDialog("Move whom?", [(str(p), p.id) for p in here], id="who-dialog"),
                           self._mover_chosen)
            else:
                self.action_menu()
        else:
            self.action_menu()

    def _place_at(self, space: Space) -> None:
        placement = self.placement
        if space not in placement.targets():
            probe = placement.probe(space)
            if probe is None:
                self.notify(f"{placement.name}: not on {space}; choose a {self.glyphs.target} space.", severity="error")
            else:
                self.play(probe)
            return
        done = placement.pick(space)
        if done is None:
            self.refresh_view()
            self.action_next_target()
        elif len(done) == 1:
            self.play(done[0])
        elif done:
            labels = [(str(a.build), a) for a in done]
            placement.picked = placement.picked[:-1]
            self._push(ChoiceDialog("Which side?", labels, id="side-dialog"), self._dialog_action)

    def _dialog_action(self, action: Action | None) -> None:
        self._dialog_open = False
        if action is not None:
            self.play(action)
        else:
            self.refresh_view()

    def _start_moving(self, pid: int) -> None:
        moves = choices.movers(self.state, self.legal()).get(pid, [])
        times = reachable(self.clinic, pid)
        goals = {m.goal: f"t{times.get(m.goal, '?')}" for m in moves}
        self.moving = choices.Moving(pid, goals)
        self.placement = None
        first = min(goals, key=lambda s: (int(goals[s][1:]) if goals[s][1:].isdigit() else 99, s))
        self.floor, self.cursor = first.floor, first
        self.refresh_view()

    def _mover_chosen(self, pid) -> None:
        self._dialog_open = False
        if pid == "end":
            self.action_end_move()
        elif pid is not None:
            self._start_moving(pid)

    def action_done(self) -> None:
        if self._human_may_act() and self._own():
            self.play(Done())

    def action_end_move(self) -> None:
        if not (self._human_may_act() and self._own()):
            return
        if EndMove() in self.legal():
            self.play(EndMove())
            return
        problems = end_of_move_violations(self.clinic)
        movers = choices.movers(self.state, self.legal())
        waiting = [str(p) for p in self.clinic.people if p.id in movers and not isinstance(p.where, Space)]
        lines = [f"• {p}" for p in problems]
        if waiting:
            lines.append("Still able to go somewhere: " + ", ".join(waiting))
        self.notify("The move cannot end yet:\n" + "\n".join(lines), severity="error",
                    title="Not allowed", timeout=10)

    def action_admit(self) -> None:
        if not (self._human_may_act() and self._own()):
            return
        state = self.state
        r, _ = self.np_cursor
        service = state.services[r]
        acts = [a for a in self.legal() if isinstance(a, AdmitPatient) and a.service is service]
        if not acts:
            offered = service in self.clinic.board.offered_services
            why = (f"the {service} row has no patient in the marked column or pre-admissions is full"
                   if offered else f"your clinic offers no {service} service (no {service} service hub)")
            self.notify(f"Admit: not possible now: {why}; a parked car is needed too.",
                        severity="error", title="Not allowed", timeout=8)
            return
        self._choose_car(acts)

    # -- other screens ------------------------------------------------------------------

    def action_help(self) -> None:
        from clinic_tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(HELP_TOPIC.get(self.state.phase) if self.state else None))

    def action_rules(self) -> None:
        from clinic_tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_quit(self) -> None:
        from clinic_tui.dialogs.confirm import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmDialog("Quit this game? It will not be saved."), answered)
