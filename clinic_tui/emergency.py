"""The 911th Extension on the screen, as text (no Textual: the plain mode and the
reports use it too): one player's Emergency Department board, the Emergency Waiting
Area (queues, residency, nurses, tiles left), the ED lines of the player table, the
Business / Admin reports and the end-game breakdown.

Levels are letters as well as colours (E37): ``L`` light, ``M`` medium, ``D`` dark;
people ``d`` doctor, ``n`` nurse, ``p`` patient, so ``dM`` is a medium emergency
doctor and ``pD`` a dark emergency patient.
"""

from __future__ import annotations

from rich.text import Text

from core.clinic.board import Border, Space
from core.clinic.components import Garden, ParkingTile
from core.clinic.expansions.emergency import constants as EK
from core.clinic.expansions.emergency.access import ed_state, waiting_area
from core.clinic.expansions.emergency.components import EDKind, EDRole, Level, Place

# The ED's Business, queues and end score are imported when first used: a game
# without the ED starts without them.

CELL = 9  # characters of a cell, as the main clinic's
PICK_STYLE = "bold reverse"  # a car to remove, marked with its menu number (as the clinic's)
LEVEL_STYLE = {Level.LIGHT: "bold plum2", Level.MEDIUM: "bold orchid", Level.DARK: "bold dark_magenta"}
MODULE_ABBR = {EDKind.HUB: "EHUB", EDKind.BREAK_ROOM: "BREAK"}


def level_text(level: Level | None, head: str = "", empty: str = "·") -> Text:
    if level is None:
        return Text(empty, style="dim")
    return Text(head + level.letter, style=LEVEL_STYLE[level])


def _people(people) -> Text:
    """``dL dM n2 pD``: doctors and patients by level, nurses counted."""
    text = Text()
    for role, head in ((EDRole.DOCTOR, "d"), (EDRole.PATIENT, "p")):
        for p in people:
            if p.role is role:
                if text:
                    text.append(" ")
                text.append_text(level_text(p.level, head))
    nurses = sum(1 for p in people if p.role is EDRole.NURSE)
    if nurses:
        text.append((" " if text else "") + (f"n{nurses}" if nurses > 1 else "n"))
    return text


def _cell(ed, space: Space, empty: str, marks: tuple[str, str] = ("✓", "✗"), pick: str = "") -> tuple[Text, Text]:
    board = ed.board
    tile = board.tile_at(space)
    top = Text()
    if tile is None:
        top.append(empty.center(CELL), style="dim")
    elif isinstance(tile, Garden):
        top.append("garden", style="bold green")
    elif isinstance(tile, ParkingTile):
        top.append(f"P {tile.cars}/{tile.capacity}", style="bold")
        if pick:  # a car to remove from this parking tile: its menu number
            top.append(f" {pick}", style=PICK_STYLE)
    elif tile.kind is EDKind.ROOM:
        top.append("ROOM ")
        top.append_text(level_text(tile.level))
        top.append(" " + (marks[0] if board.is_functional(space) else marks[1]),
                   style="bold green" if board.is_functional(space) else "bold red")
    else:
        top.append(MODULE_ABBR[tile.kind], style="bold magenta" if tile.kind is EDKind.HUB else "bold dodger_blue2")
    if space in board.conveyor_stops:
        top.pad_right(CELL - 1 - len(top))
        top.append("=" if marks[0] == "+" else "≡", style="bold")
    return top, _people(ed.at(space))


def ed_board_lines(ed, title: str = "", *, ascii: bool = False, cars: dict | None = None) -> list[Text]:
    """One ED board as lines: a grid of cells (module; people), cars on borders as
    ``c``, then who stands outside the grid and in emergency pre-admissions.  ``cars``:
    car spot (a ``Border``, or the ``Space`` of a parking tile) -> its number in the menu,
    for the cars the player may remove now, marked ``◆1`` (``*1``) on the board."""
    from core.clinic.expansions.emergency.business import expenses

    board = ed.board
    cars = cars or {}
    target = "*" if ascii else "◆"
    empty = "." if ascii else "·"
    lines = [Text(title or "Emergency department", style="bold")]
    lines[0].append(f"  ED ${ed.funds}", style="bold")
    head = Text("  ")
    for c in range(board.cols):
        head.append(" " + chr(ord("A") + c).center(CELL))
    lines.append(head)
    for r in range(board.rows + 1):
        line = Text("  +")
        for c in range(board.cols):
            border = Border(False, c, r)
            car = border in board.border_cars
            if border in cars:
                line.append(f" {target}{cars[border]} car ".center(CELL, "-"), style=PICK_STYLE)
            else:
                line.append((" car " if car else "").center(CELL, "-"), style="bold" if car else "")
            line.append("+")
        lines.append(line)
        if r == board.rows:
            break
        marks = ("+", "x") if ascii else ("✓", "✗")
        spaces = [Space(0, c, r) for c in range(board.cols)]
        cells = [_cell(ed, sp, empty, marks, pick=f"{target}{cars[sp]}" if sp in cars else "") for sp in spaces]
        for k in range(2):
            line = Text(f"{r + 1} " if k == 0 else "  ")
            for c in range(board.cols + 1):
                border = Border(True, c, r)
                car = border in board.border_cars and k == 0
                if border in cars:  # the car, then its number under it
                    line.append("c" if k == 0 else cars[border][:1], style=PICK_STYLE)
                else:
                    line.append("c" if car else "|", style="bold" if car else "")
                if c < board.cols:
                    part = cells[c][k][:CELL]
                    part.pad_right(CELL - len(part))
                    line.append_text(part)
            lines.append(line)
    outside = [p for p in ed.people if p.where is Place.OUTSIDE]
    waiting = [p for p in ed.people if p.where is Place.PRE_ADMISSIONS]
    line = Text("Outside ", style="bold")
    line.append_text(_people(outside) if outside else Text("none", style="dim"))
    line.append("  Pre-adm ", style="bold")
    line.append_text(_people(waiting) if waiting else Text("none", style="dim"))
    line.append(f" ({len(waiting)}/{EK.ED_PRE_ADMISSIONS})")
    lines.append(line)
    treated = "/".join(str(n) for n in ed.treated)
    lines.append(Text(f"Treated L/M/D {treated} · died {ed.dead} · expenses ${expenses(ed)}/round", style="dim"))
    return lines


def ed_board_text(ed, title: str = "", *, ascii: bool = False, cars: dict | None = None) -> Text:
    return Text("\n").join(ed_board_lines(ed, title, ascii=ascii, cars=cars))


def waiting_area_text(view, *, empty: str = "·") -> Text:
    """The Emergency Waiting Area: the queues (rightmost space marked), the residency
    with costs, this round's emergency nurses, the tiles left."""
    from core.clinic.expansions.emergency.queues import QUEUE_NAMES

    area = waiting_area(view)
    t = Text()
    t.append("Emergency queues", style="bold")
    t.append("  1 2 3 [4]\n")
    for i, queue in enumerate(area.queues):
        t.append(f"{QUEUE_NAMES[i]:<16}")
        for j, level in enumerate(queue):
            left, right = ("[", "]") if j == len(queue) - 1 else (" ", "")
            t.append(left)
            t.append_text(level_text(level, empty=empty))
            t.append(right)
        t.append("\n")
    t.append("Residency", style="bold")
    for slot, level in enumerate(area.residency):
        t.append(f" ${EK.RESIDENCY_COSTS[slot]}:")
        t.append_text(level_text(level, empty=empty))
    nurses = area.nurses[view.round - 1] if view.round <= len(area.nurses) else 0
    t.append("\nE-nurse", style="bold")
    t.append(f" {nurses} ${EK.ED_NURSE_COST}")
    stock = area.stock
    t.append(f" · EHUB {stock.hubs} ROOM L{stock.rooms[0]} M{stock.rooms[1]} D{stock.rooms[2]} BRK {stock.break_rooms}")
    return t


def status_money(player) -> str:
    """The plain mode's ``status`` words for a player's ED funds (dollars), ``", ED
    funds $N"``; empty without the ED."""
    return "" if ed_state(player) is None else f", ED funds ${ed_state(player).funds}"


def table_money(player) -> str:
    """The player table's ED line under a player's row: the ED funds under the ``$``
    column (empty without the ED)."""
    if ed_state(player) is None:
        return ""
    return f"{'ED $' + str(ed_state(player).funds):>17}\n"


def short_place(ed, where) -> str:
    """``EHUB C1``, ``ROOM L D1``, ``outside``, ``pre-adm``: a place on the ED board
    in the board's own letters."""
    if where is Place.OUTSIDE:
        return "outside the grid"
    if where is Place.PRE_ADMISSIONS:
        return "pre-admissions"
    m = ed.board.module_at(where)
    if m is None:
        return where.name
    if m.kind is EDKind.ROOM:
        return f"ROOM {m.level.letter} {where.name}"
    return f"{MODULE_ABBR[m.kind]} {where.name}"


def person_short(p) -> str:
    """``dM 1``, ``n 2``, ``pD 5``: an emergency person by the board's letters."""
    head = {EDRole.DOCTOR: "d", EDRole.NURSE: "n", EDRole.PATIENT: "p"}[p.role]
    return f"{head}{p.level.letter if p.level is not None else ''} {p.id}"


# -- words (the plain text mode) --------------------------------------------------------------
def ed_plain_lines(view, seat: int) -> list[str]:
    """One player's ED in sentences: each space in reading order, who stands outside the
    grid and in emergency pre-admissions, the cars, the ED funds."""
    from core.clinic.expansions.emergency.words import where_name

    p = view.players[seat]
    ed = ed_state(p)
    board = ed.board
    lines = [f"{p.name}'s emergency department, {board.cols} columns A to {chr(ord('A') + board.cols - 1)}"
             f" by {board.rows} rows, funds ${ed.funds}:"]
    parts = []
    for s in board.spaces():
        tile = board.tile_at(s)
        if tile is None:
            words = "empty"
        elif isinstance(tile, (Garden, ParkingTile)):
            words = str(tile)
        else:
            words = where_name(ed, s).removeprefix("the ").removesuffix(f" at {s.name}")
            if tile.kind is EDKind.ROOM:
                words += " (functional)" if board.is_functional(s) else " (not functional: no hub beside it)"
        people = ", ".join(str(x) for x in ed.at(s))
        parts.append(f"{s.name} {words}" + (f" with {people}" if people else ""))
    lines.append("; ".join(parts) + ".")
    for place in (Place.OUTSIDE, Place.PRE_ADMISSIONS):
        people = ", ".join(str(x) for x in ed.at(place))
        lines.append(f"{str(place).capitalize()}: {people or 'nobody'}.")
    cars = sorted(str(b) for b in board.border_cars)
    lines.append(f"Cars parked on its borders: {', '.join(cars) if cars else 'none'}.")
    return lines


def waiting_area_plain_lines(view) -> list[str]:
    """The Emergency Waiting Area in sentences."""
    from core.clinic.expansions.emergency.queues import QUEUE_NAMES

    area = waiting_area(view)
    lines = []
    for i, queue in enumerate(area.queues):
        cells = ", ".join(str(c) if c is not None else "empty" for c in queue)
        lines.append(f"Emergency queue {QUEUE_NAMES[i]}, spaces 1 to {len(queue)} ({len(queue)} is admitted first): {cells}.")
    res = ", ".join(f"space {i + 1} ${EK.RESIDENCY_COSTS[i]} " + (f"{c} emergency doctor" if c is not None else "empty")
                    for i, c in enumerate(area.residency))
    lines.append(f"Emergency Residency: {res}.")
    nurses = area.nurses[view.round - 1] if view.round <= len(area.nurses) else 0
    stock = area.stock
    lines.append(f"Emergency nurses left this round: {nurses} (${EK.ED_NURSE_COST} each); tiles left: {stock.hubs}"
                 f" emergency service hubs, emergency rooms {stock.rooms[0]} light, {stock.rooms[1]} medium,"
                 f" {stock.rooms[2]} dark, {stock.break_rooms} break rooms.")
    return lines


# -- reports --------------------------------------------------------------------------------
def business_lines(before, after, seat: int) -> list[str]:
    """The ED's part of a Business report for ``seat``."""
    b, a = ed_state(before.players[seat]), ed_state(after.players[seat])
    if a is None:
        return []
    treated = [x - y for x, y in zip(a.treated, b.treated)]
    what = ", ".join(f"{n} {lv}" for n, lv in zip(treated, Level) if n) or "nobody"
    return [f"  emergency department: treated {what} · ED funds ${b.funds} -> ${a.funds}"]


def admin_lines(before, after, seat: int) -> list[str]:
    """The ED's part of an Admin report: expenses, doctors flipping, patients
    worsening, deaths."""
    b, a = ed_state(before.players[seat]), ed_state(after.players[seat])
    if a is None:
        return []
    out = [f"  emergency department: ED funds ${b.funds} -> ${a.funds}"]
    flipped = sum(1 for d in a.of_role(EDRole.DOCTOR) if any(o.id == d.id and o.level != d.level for o in b.people))
    if flipped:
        out.append(f"  {flipped} emergency doctor{'s' if flipped != 1 else ''} changed level (light <-> medium)")
    dead = a.dead - b.dead
    if dead:
        out.append(f"  {dead} dark emergency patient{'s' if dead != 1 else ''} died: -{EK.ED_DEATH_PENALTY} popularity each")
    return out


def end_total(state, seat: int) -> int:
    """The ED's end-game popularity for ``seat`` (0 without the ED)."""
    from core.clinic.expansions.emergency.end import end_score as ed_end_score

    ed = ed_state(state.players[seat])
    return 0 if ed is None else ed_end_score(ed).total


def end_lines(state, seat: int) -> list[str]:
    """The ED's end-game lines for the summary."""
    from core.clinic.expansions.emergency.end import end_score as ed_end_score

    ed = ed_state(state.players[seat])
    if ed is None:
        return []
    e = ed_end_score(ed)
    light, medium, dark = ed.treated
    return [
        f"    emergency department {e.total:+}: staff +{e.staff}, rooms +{e.rooms}, patients waiting {e.patients}",
        f"    treated {light} light, {medium} medium, {dark} dark emergency patients, {ed.dead} died",
    ]


__all__ = [
    "admin_lines",
    "business_lines",
    "ed_board_lines",
    "ed_board_text",
    "ed_plain_lines",
    "waiting_area_plain_lines",
    "end_lines",
    "end_total",
    "person_short",
    "short_place",
    "table_money",
    "waiting_area_text",
]
