"""What the game screen shows: the clinic picture (cursor, ◆ targets, path), the
status lines and the main board.  Mixed into ``GameScreen``, which provides ``state``,
``names``, ``bots``, ``glyphs``, the cursor fields and ``placement`` / ``moving``.
"""

from __future__ import annotations

from textual.widgets import Static

from clinic_tui import choices
from clinic_tui.widgets.clinic_view import ClinicPicture, ClinicView
from clinic_tui.widgets.main_board import MainBoard
from tui_common.event_log import EventLog
from core.clinic.board import Space
from core.clinic.components import Role
from core.clinic.game import Phase
from core.clinic.expansions import path_notes
from core.clinic.game.view import player_view
from core.clinic.movement import cheapest_path, time_to_record
from core.errors import GameError


class ViewMixin:
    """``refresh_view`` and what it draws from the screen's state and cursors."""

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
            cars=self._car_marks() if seat == state.current and not self.is_cpu_turn else {},
            carrying=frozenset(state.step.carrying) if seat == state.current else frozenset(),
        )

    def _car_marks(self) -> dict:
        """The car spots the player picks from now (removing a car, parking the starting
        car), labelled 1, 2, ... as in the menu."""
        return choices.car_marks(self.state, self.legal())

    def refresh_view(self, *, board: bool = True) -> None:
        state = self.state
        views = self.query(ClinicView)
        if state is None or not views:  # before the game is on screen, or after it left
            return
        views.first().show(self.picture())
        # the status has a fixed height (clinic.tcss): no layout pass for new text
        self.query_one("#status", Static).update(self.status_text(), layout=False)
        if not board:
            return
        admit = state.phase is Phase.ADMIT and not self.is_cpu_turn
        self.query_one(MainBoard).show(
            player_view(state, self.viewer), self.names, notepad_cursor=self.np_cursor if admit else None,
            held=self.np_held, empty=self.glyphs.empty, turn=self.glyphs.turn,
        )
        self.show_forecast()
        if self.wide:
            from clinic_tui.widgets.other_clinics import OtherClinics

            for others in self.query(OtherClinics):
                others.show(state, self.view_seat, self.names, self.glyphs)

    def show_forecast(self) -> None:
        """This round's Business for the clinic shown, as if played now, on the line
        above the event log (never covered by a menu; none once the game is over)."""
        from clinic_tui.widgets.forecast import forecast_text
        from core.clinic.game.business_phase import forecast

        state = self.state
        log = self.query_one(EventLog)
        log.border_title = None if state.phase is Phase.OVER else forecast_text(
            forecast(state, self.view_seat), ">" if self.options.ascii else "→")

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is: the human deciding now (in hot seat, the
        one the keyboard was passed to), else the last human who decided; None when only
        computers have played (nothing face down is shown)."""
        state = self.state
        return state.current if state.current not in self.bots else self._last_human

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
            tri = f" ({rec} after triage)" if self.clinic.board.has_triage else ""
            return f"Move, time {raw}{tri}: m people · e end"
        if phase is Phase.BUILD:
            return f"Build {state.step.builds}/2: m components · d done"
        if phase is Phase.REMOVE_CAR:
            n = state.players[state.current].cars_owed
            return f"remove {n} car{'s' if n != 1 else ''} of your choice: {self.glyphs.target} on the board (m)"
        if phase is Phase.START_CAR or choices.car_marks(state, self.legal()):
            return f"park your starting car: {self.glyphs.target} on the board (m)"
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
            what = f"{article(str(colour))} {colour} patient" if colour is not None else "empty"
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
                    gaze = path_notes(self.state, board, steps) if self.state.config.options else ""
                    text = (f"{self.glyphs.target} {space}: time {t}{f' ({gaze})' if gaze else ''}"
                            f" via {'>'.join(names)}; total {total}"
                            + (f", triage → {rec}" if board.has_triage else ""))
                except GameError:
                    pass
            else:
                text = f"{self.glyphs.target} {targets[space]}: {text}"
        return text


def article(word: str) -> str:
    """"an" before a vowel sound ("an orange patient"), else "a"."""
    return "an" if word[:1].lower() in "aeiou" else "a"
