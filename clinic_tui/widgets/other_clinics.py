"""The other players' clinics as small boards, beside the event log when the screen is
large (160×50 and up): one line of who and how they stand, then each built floor as
rows of three-letter cells (the ground floor first, each floor up beside it), so a
player sees every clinic without pressing v.

Cells: ``HPs`` a psychiatry service hub (``HCa`` cardiology, ``HOp``, ``HOr``,
``HNe``), ``T✓2`` a working treatment room with 2 patients (``✗`` not working),
``S`` / ``So`` a supply room without / with its orderly, ``OR1`` an operating room,
``Lab``, ``Out`` outpatient services, ``Tri``, ``gdn`` a garden, ``P`` parking,
``Hel`` a helipad, ``·`` an empty space. The line above: popularity, savings, time
spent, and the doctors, nurses, orderlies and patients (waiting ones counted in)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from clinic_tui.config import Glyphs
from clinic_tui.widgets.clinic_view import KIND_STYLE, SPECIAL_STYLE, service_abbr
from core.clinic.board import Space
from core.clinic.components import Garden, Helipad, ModuleKind, ParkingTile, Role
from core.clinic.game.state import GameState
from core.clinic.people import Clinic

SPECIAL = {ModuleKind.OPERATING_ROOM: "OR", ModuleKind.LAB: "Lab", ModuleKind.OUTPATIENT_SERVICES: "Out",
           ModuleKind.TRIAGE: "Tri"}


def cell(clinic: Clinic, space: Space, glyphs: Glyphs) -> tuple[str, str]:
    """The three characters (and their style) of one space of a small board."""
    board = clinic.board
    tile = board.tile_at(space)
    module = board.module_at(space)
    if module is None:
        if isinstance(tile, Garden):
            return "gdn", "green"
        if isinstance(tile, ParkingTile):
            return "P", ""
        if isinstance(tile, Helipad):
            return "Hel", ""
        return glyphs.empty, "dim"
    patients = sum(1 for p in clinic.at(space) if p.role is Role.PATIENT)
    count = str(patients) if patients else ""
    kind = module.kind
    if kind is ModuleKind.SERVICE_HUB:
        return "H" + service_abbr(module.service)[:2], KIND_STYLE[kind]
    if kind is ModuleKind.TREATMENT_ROOM:
        mark = glyphs.working if space in board.working_treatment_rooms else glyphs.idle
        return "T" + mark + count, KIND_STYLE[kind]
    if kind is ModuleKind.SUPPLY_ROOM:
        staffed = any(p.role is Role.ORDERLY for p in clinic.at(space))
        return "So" if staffed else "S", KIND_STYLE[kind]
    return (SPECIAL[kind] + count)[:3], SPECIAL_STYLE


def small_board(clinic: Clinic, glyphs: Glyphs) -> list[Text]:
    """One line per row of the board: each built floor as ``HPs T✓2 S   ·``, side by
    side from the ground floor up, parted by ``│`` (floors are built one on another, so
    the blocks are floors 0, 1, 2 ... in order; three floors of the 4×3 side take 51
    columns)."""
    board = clinic.board
    floors = sorted({0} | {space.floor for space in board.spaces() if board.tile_at(space) is not None})
    lines = []
    for row in range(board.rows):
        line = Text()
        for i, floor in enumerate(floors):
            line.append(" │ " if i else "", style="dim")
            for col in range(board.cols):
                text, style = cell(clinic, Space(floor, col, row), glyphs)
                line.append(f"{text:<3}", style=style)
                line.append(" " if col < board.cols - 1 else "")
        lines.append(line)
    return lines


def people_counts(clinic: Clinic) -> str:
    """"d2 n1 o0 p3": doctors, nurses, orderlies, patients (waiting ones too)."""
    count = {role: len(clinic.of_role(role)) for role in (Role.DOCTOR, Role.NURSE, Role.ORDERLY, Role.PATIENT)}
    return (f"d{count[Role.DOCTOR]} n{count[Role.NURSE]} o{count[Role.ORDERLY]} "
            f"p{count[Role.PATIENT]}")


def others_text(state: GameState, shown: int, names: list[str], glyphs: Glyphs) -> Text:
    """Every clinic but the one shown in full (``shown``), in turn order."""
    out = Text(no_wrap=True, overflow="ellipsis")
    for seat in state.turn_order:
        if seat == shown:
            continue
        p = state.players[seat]
        if out:
            out.append("\n")
        out.append(names[seat], style="bold")
        out.append(f" · pop {p.popularity} · ${p.money} · time {p.time_spent} · {people_counts(p.clinic)}\n")
        out.append_text(Text("\n").join(small_board(p.clinic, glyphs)))
    return out


class OtherClinics(Static):
    """The other players' small boards (shown only on a large screen)."""

    def show(self, state: GameState, shown: int, names: list[str], glyphs: Glyphs) -> None:
        self.update(others_text(state, shown, names, glyphs))
