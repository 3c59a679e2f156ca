"""The main board: round and action markers, the notepad of appointments (rightmost
column marked), the university with costs, nurses and orderlies, the face-up tiles,
and every player's popularity, savings, time spent and action tiles, in turn order.

The widget also owns the notepad cursor of the Admit phase (``np_cursor``: row,
index; ``np_held``: the patient there picked up): arrows move it and post
``MainBoard.NotepadMoved``; an arrow while a patient is held posts
``MainBoard.ShiftAsked`` (the game screen plays the shift, then ``follow_shift``).

It draws only what one player may see (``core.clinic.game.view.player_view``): during
the selection, another player's hand is shown as it was before this selection, with
``?`` once they have placed a tile face down; every tile shows at the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from clinic_tui.widgets.clinic_view import COLOUR_STYLE, service_abbr
from tui_common.cli import short_name
from core.clinic.components import Colour
from core.clinic.game.constants import (
    NURSE_COSTS,
    ORDERLY_COST,
    ROUNDS,
    UNIVERSITY_COSTS,
)
from core.clinic.expansions.constants import WORKAHOLIC_HIRE_FACTOR
from core.clinic.game.end import goal_status
from core.clinic.expansions.emergency import in_play
from core.clinic.expansions.emergency.round import EDPhase, EDTile
from core.clinic.game.state import ActionTile, Phase
from core.clinic.game.actions import Shift
from core.clinic.game.view import PlayerView

TILE_LETTER = {ActionTile.BUILD: "B", ActionTile.HIRE: "H", ActionTile.ADMIT: "A", EDTile.EMERGENCY: "E"}
PHASE_TEXT = {
    Phase.EXPERT_SETUP: "Setup: initial clinic",
    Phase.BONUS: "Setup: bonus tiles",
    Phase.BONUS_PLACE: "Setup: place the bonus",
    Phase.SELECT: "Select an action tile",
    Phase.BUILD: "Build",
    Phase.HIRE: "Hire",
    Phase.ADMIT: "Admit Patients",
    Phase.MOVE: "Move",
    Phase.BUY_POPULARITY: "Business: buy popularity",
    Phase.START_CAR: "Setup: starting car",
    Phase.REMOVE_CAR: "Remove a car",
    Phase.OVER: "Game over",
    EDPhase.EMERGENCY: "Emergency",  # The 911th Extension
    EDPhase.ED_BUSINESS: "Business: emergency care",
    EDPhase.ED_REMOVE_CAR: "Remove an emergency car",
    EDPhase.ED_BUY_POPULARITY: "Business: ED popularity",
}


def goal_line(view: PlayerView) -> str | None:
    """The solitaire goal and its progress, e.g. "Goal 1/3: run 3 service hubs" (fits
    the panel's 30 columns; None without a goal; from ``core.clinic.game.end``)."""
    status = goal_status(view)
    return None if status is None else f"Goal {status.progress}: {status.goal}"


def expansion_supplies(view: PlayerView) -> str:
    """What is left of the expansions' shared supplies, e.g. "Blood 5 · Extinguishers
    12 · Zombies 8" (empty without expansions)."""
    options = view.config.options if view.config is not None else ()
    parts = []
    if "blood" in options:
        from core.clinic.expansions.blood import left

        parts.append(f"Blood {left(view)}")
    if "extinguishers" in options:
        from core.clinic.expansions.extinguishers import left

        parts.append(f"Extinguishers {left(view)}")
    if "zombies" in options:
        from core.clinic.expansions.zombies import left

        parts.append(f"Zombies {left(view)}")
    return " · ".join(parts)


def board_text(state: PlayerView, names: list[str], *,
               notepad_cursor: tuple[int, int] | None = None, held: bool = False,
               empty: str = "·", turn: str = "▶") -> Text:
    """The whole main board as one player sees it (``player_view``), as text (about 30
    columns wide)."""
    t = Text()
    t.append(f"Round {state.round}/{ROUNDS}", style="bold")
    if state.phase in (Phase.SELECT, Phase.BUILD, Phase.HIRE, Phase.ADMIT):
        t.append(f" · action {state.action}/3")
    t.append("\n" + PHASE_TEXT[state.phase], style="bold")
    if state.phase is Phase.ADMIT:
        t.append(f" · QP {state.step.qp}", style="bold reverse")
    if state.phase is Phase.BUILD:
        t.append(f" · built {state.step.builds}/2")
    goal = goal_line(state)
    if goal:
        t.append("\n" + goal)
    t.append("\nNotepad    1 2 3 4 [5]\n", style="bold")
    for r, service in enumerate(state.services):
        row = state.notepad[r]
        t.append(f"{service_abbr(service)}       ")
        for i, colour in enumerate(row):
            cell = empty if colour is None else colour.letter
            style = "" if colour is None else COLOUR_STYLE[int(colour)]
            left, right = ("[", "]") if i == len(row) - 1 else (" ", "")
            if notepad_cursor == (r, i):
                left, right = (">", "<") if not held else ("{", "}")
                style = (style + " reverse").strip()
            t.append(left)
            t.append(cell, style=style)
            if right:
                t.append(right)
        t.append("\n")
    t.append("Univ", style="bold")
    for slot, colour in enumerate(state.university):
        cost = UNIVERSITY_COSTS[slot] * (WORKAHOLIC_HIRE_FACTOR if colour is Colour.PURPLE else 1)
        t.append(f" ${cost}:")
        t.append(empty if colour is None else colour.letter, style="" if colour is None else COLOUR_STYLE[int(colour)])
    left = state.nurses[state.round - 1] if state.round <= len(state.nurses) else 0
    cost = NURSE_COSTS[state.player_count - left] if left else None
    t.append("\nNurse", style="bold")
    t.append(f" {left}" + (f" ${cost}" if cost else "") + " · ")
    t.append("Orderly", style="bold")
    t.append(f" {state.orderlies} ${ORDERLY_COST}")
    t.append("\nHub", style="bold")
    t.append(" " + " ".join(
        f"{service_abbr(s.module.service)}{s.left}" + ("" if s.face_up else "v") for s in state.hub_stacks
    ))
    t.append("\nSpec", style="bold")
    abbr = {"operating_room": "OPR", "lab": "LAB", "outpatient_services": "OUT", "triage": "TRI"}
    t.append(" " + " ".join(
        f"{abbr[s.module.kind.value]}{s.left}" + ("" if s.face_up else "v") for s in state.special_stacks
    ))
    t.append(f"\nSupply rooms {state.supply_rooms} · cars {state.cars_lot}")
    extra = expansion_supplies(state)
    if extra:
        t.append("\n" + extra)
    ed_text = None
    if in_play(state):  # The 911th Extension: queues, residency, nurses (imported if so)
        from clinic_tui import emergency as ed_text

        t.append("\n")
        t.append_text(ed_text.waiting_area_text(state, empty=empty))
    t.append("\nPlayer    pop   $ tim tiles\n", style="bold")
    for seat in state.turn_order:
        p = state.players[seat]
        mark = turn if seat == state.current else " "
        shown = p.final if p.final is not None else p.popularity
        tiles = "".join(TILE_LETTER[x] for x in p.tiles)
        chosen = state.selected[seat]
        if chosen is not None:
            now = TILE_LETTER[chosen]
        elif state.has_selected[seat]:
            now = "?"  # face down: chosen, not which
        else:
            now = ""
        t.append(mark, style="bold")
        t.append(f"{short_name(names[seat], 8):<8}", style="bold" if seat == state.current else "")
        t.append(f"{shown:>4}{p.money:>4}{p.time_spent:>4} {tiles:<6}")
        t.append(f"{now}\n", style="bold reverse" if now else "")
        if ed_text is not None:
            t.append(ed_text.table_money(p), style="dim")  # the ED's funds (The 911th Extension)
    t.append("tiles: in hand, ? face down" if state.hidden else "tiles: left, then chosen (?)", style="dim")
    return t


#: An arrow key's step (columns, rows) -> the way a held notepad patient moves.
DIRS = {(0, -1): Shift.UP, (0, 1): Shift.DOWN, (-1, 0): Shift.LEFT, (1, 0): Shift.RIGHT}


class MainBoard(Static):
    """The main board panel (a ``Static`` updated from the viewer's ``PlayerView``) and
    the notepad cursor."""

    @dataclass
    class NotepadMoved(Message):
        """The notepad cursor is now on (``row``, ``index``), or was picked up / put down."""

        row: int
        index: int

    @dataclass
    class ShiftAsked(Message):
        """The player moved the held patient at (``row``, ``index``) one space ``way``
        (``Shift``), from step (``dx``, ``dy``)."""

        row: int
        index: int
        way: Shift
        dx: int
        dy: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.np_cursor: tuple[int, int] = (0, 4)
        self.np_held = False
        self.notepad_on = False  # the cursor is drawn (the Admit phase, a person deciding)
        self._shown: tuple | None = None

    def show(self, view: PlayerView, names: list[str], *, notepad: bool = False, empty: str = "·",
             turn: str = "▶") -> None:
        """Draw the board as ``view`` shows it; ``notepad``: with the notepad cursor."""
        self.notepad_on = notepad
        self._shown = (view, names, empty, turn)
        self._redraw()

    def _redraw(self) -> None:
        if self._shown is None:
            return
        view, names, empty, turn = self._shown
        cursor = self.np_cursor if self.notepad_on else None
        self.update(board_text(view, names, notepad_cursor=cursor, held=self.np_held, empty=empty, turn=turn))

    def notepad_home(self, width: int) -> None:
        """The cursor on the first row's marked column (``width`` spaces a row), nothing held."""
        self.np_cursor, self.np_held = (0, width - 1), False

    def notepad_step(self, dx: int, dy: int, rows: int, width: int) -> None:
        """An arrow in the notepad (``rows`` x ``width``): the held patient asks to move
        (``ShiftAsked``), else the cursor moves, kept inside."""
        r, i = self.np_cursor
        if self.np_held:
            self.np_held = False
            self._redraw()
            self.post_message(self.ShiftAsked(r, i, DIRS[(dx, dy)], dx, dy))
            return
        self.np_cursor = (max(0, min(rows - 1, r + dy)), max(0, min(width - 1, i + dx)))
        self._redraw()
        self.post_message(self.NotepadMoved(*self.np_cursor))

    def follow_shift(self, shift: ShiftAsked, rows: int) -> None:
        """The cursor follows a patient whose shift was played."""
        r2 = max(0, min(rows - 1, shift.row + shift.dy))
        self.np_cursor = (r2, max(0, min(4, shift.index + shift.dx)))

    def point_at(self, row: int, index: int) -> None:
        """The notepad cursor on (``row``, ``index``) (a hint's appointment); drawn at
        the next ``show``."""
        self.np_cursor = (row, index)

    def release(self) -> None:
        """Nothing held any more (a new position); drawn at the next ``show``."""
        self.np_held = False

    def hold(self, held: bool) -> None:
        """Pick up (or put down) the patient under the notepad cursor."""
        self.np_held = held
        self._redraw()
        self.post_message(self.NotepadMoved(*self.np_cursor))
