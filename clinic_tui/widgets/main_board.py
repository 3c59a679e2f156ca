"""The main board: round and action markers, the notepad of appointments (rightmost
column marked), the university with costs, nurses and orderlies, the face-up tiles,
and every player's popularity, savings, time spent and action tiles, in turn order.

It draws only what one player may see (``core.clinic.game.view.player_view``): during
the selection, another player's hand is shown as it was before this selection, with
``?`` once they have placed a tile face down; every tile shows at the reveal.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from clinic_tui import emergency as ed_text
from clinic_tui.widgets.clinic_view import COLOUR_STYLE, service_abbr
from tui_common.cli import short_name
from core.clinic.components import Colour
from core.clinic.game.constants import (
    NURSE_COSTS,
    ORDERLY_COST,
    ROUNDS,
    UNIVERSITY_COSTS,
    WORKAHOLIC_HIRE_FACTOR,
)
from core.clinic.game.end import goal_status
from core.clinic.game.state import ActionTile, Phase
from core.clinic.game.view import PlayerView

TILE_LETTER = {ActionTile.BUILD: "B", ActionTile.HIRE: "H", ActionTile.ADMIT: "A", ActionTile.EMERGENCY: "E"}
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
    Phase.EMERGENCY: "Emergency",  # The 911th Extension
    Phase.ED_BUSINESS: "Business: emergency care",
    Phase.ED_REMOVE_CAR: "Remove an emergency car",
    Phase.ED_BUY_POPULARITY: "Business: ED popularity",
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
    if ed_text.in_play(state):  # The 911th Extension: queues, residency, nurses
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
        t.append(ed_text.table_money(p), style="dim")  # the ED's funds (The 911th Extension)
    t.append("tiles: in hand, ? face down" if state.hidden else "tiles: left, then chosen (?)", style="dim")
    return t


class MainBoard(Static):
    """The main board panel (a ``Static`` updated from the viewer's ``PlayerView``)."""

    def show(self, view: PlayerView, names: list[str], **kw) -> None:
        self.update(board_text(view, names, **kw))
