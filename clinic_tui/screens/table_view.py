"""What Clinic's game screen shows: its layout (the clinic board, the status lines, the
event log, the other clinics, the main board, the ED panels) and the drawing of the
state on it. ``TableView`` is a collaborator the game screen holds
(``screen.drawing``); it reads the screen's ``state``, ``view_seat``, ``names``,
``bots``, ``glyphs``, ``viewer`` and draws through the widgets, which own their state.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from clinic_tui import choices
from clinic_tui.widgets.clinic_board import ClinicBoard
from clinic_tui.widgets.other_clinics import OtherClinics
from core.clinic.game import Phase
from core.clinic.game.view import player_view
from tui_common.event_log import EventLog
from tui_common.header import TableHeader


class TableView:
    """``compose`` (the layout), ``refresh`` (draw the state), ``show_status``,
    ``show_forecast`` for one game screen."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self._status_shown: str | None = None  # the status text on screen (not redrawn when the same)

    def compose(self) -> ComposeResult:
        """The game screen's widgets (``GameScreen.compose``); the ED panels only in a
        game with The 911th Extension."""
        screen = self.screen
        emergency = screen.emergency is not None
        if emergency:
            from clinic_tui.widgets.emergency import EDPanel
        yield TableHeader()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield screen.clinic_board
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
                yield screen.main_board
        yield Footer(compact=True, show_command_palette=False)  # every key fits in 80 columns

    def refresh(self, *, board: bool = True) -> None:
        """Draw the state: the clinic shown, the status lines and (``board``) the main
        board, the forecast, the other clinics; the ED panels."""
        screen = self.screen
        state = screen.state
        if state is None or not screen.query(ClinicBoard):  # before the game is on screen, or after it left
            return
        seat = screen.view_seat
        mine = seat == state.current
        whose = "your clinic" if mine and seat not in screen.bots else f"{screen.names[seat]}'s clinic"
        if not mine:
            whose += " (read only)"
        from core.clinic.expansions.blood import carrying  # the nurses with a Blood token

        screen.clinic_board.draw(
            screen.clinic, all_floors=screen.wide, title=whose,
            cars=choices.car_marks(state, screen.legal()) if mine and not screen.is_cpu_turn else {},
            carrying=frozenset(carrying(state)) if mine else frozenset(),
        )
        self.show_status()
        if board:
            admit = state.phase is Phase.ADMIT and not screen.is_cpu_turn
            screen.main_board.show(player_view(state, screen.viewer), screen.names, notepad=admit,
                                   empty=screen.glyphs.empty, turn=screen.glyphs.turn)
            self.show_forecast()
            if screen.wide:
                for others in screen.query(OtherClinics):
                    others.show(state, screen.view_seat, screen.names, screen.glyphs)
        if screen.emergency is not None:
            screen.emergency.refresh()

    def show_status(self) -> None:
        """The status lines (``GameScreen.status_text``), written only when they change."""
        text = self.screen.status_text()
        if text != self._status_shown:
            self._status_shown = text
            # the status has a fixed height (clinic.tcss): no layout pass for new text
            self.screen.query_one("#status", Static).update(text, layout=False)

    def show_forecast(self) -> None:
        """This round's Business for the clinic shown, as if played now, on the line
        above the event log (never covered by a menu; none once the game is over)."""
        from clinic_tui.widgets.forecast import forecast_text
        from core.clinic.game.business_phase import forecast

        screen = self.screen
        state = screen.state
        log = screen.query_one(EventLog)
        log.border_title = None if state.phase is Phase.OVER else forecast_text(
            forecast(state, screen.view_seat), ">" if screen.options.ascii else "→")
