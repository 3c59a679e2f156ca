"""An independent whole-board validator: every construction rule, checked on a finished
board from scratch (its own adjacency and building code, not ``construction``'s).

Used by the property tests (after every accepted build) and available to part 2 as a
game invariant.  Rulebook: Construction Rules; decisions: helipads, gardens, parking.
"""

from __future__ import annotations

from .board import Board, Border, Space
from .components import Garden, Helipad, Module, ModuleKind, ParkingTile
from .constants import MAX_FLOOR, PARKING_TILE_CARS, PARKING_TILE_UPGRADED_CARS


def _adjacent(a: Space, b: Space) -> bool:
    return abs(a.floor - b.floor) + abs(a.col - b.col) + abs(a.row - b.row) == 1


def _on_board(board: Board, s: Space) -> bool:
    cols, rows = board.side.size
    return 0 <= s.floor <= MAX_FLOOR and 0 <= s.col < cols and 0 <= s.row < rows


def _border_spaces(board: Board, vertical: bool, x: int, y: int) -> list[Space]:
    cand = [Space(0, x - 1, y), Space(0, x, y)] if vertical else [Space(0, x, y - 1), Space(0, x, y)]
    return [s for s in cand if _on_board(board, s)]


def board_violations(board: Board) -> tuple[str, ...]:
    """Every construction rule the board breaks, as messages (empty when legal)."""
    out: list[str] = []
    cols, rows = board.side.size
    where: dict[Space, object] = {}
    for s, t in board.tiles:
        if not _on_board(board, s):
            out.append(f"{t} at {s} is off the board")
        if s in where:
            out.append(f"{s} holds two components")
        where[s] = t
    modules = [(s, t) for s, t in board.tiles if isinstance(t, Module)]

    # Support, and gardens/helipads/parking placement.
    for s, t in board.tiles:
        below = where.get(Space(s.floor - 1, s.col, s.row))
        if isinstance(t, Module) and s.floor > 0 and not isinstance(below, Module):
            out.append(f"{t} at {s} has no module below (support)")
        if isinstance(t, Garden) and s.floor > 0 and not isinstance(below, Garden):
            out.append(f"garden at {s} is neither on floor 0 nor above a garden")
        if isinstance(t, Helipad) and (s.floor == 0 or not isinstance(below, Module)):
            out.append(f"helipad at {s} is not on top of a module")
        if isinstance(t, ParkingTile):
            if s.floor != 0:
                out.append(f"parking at {s} is not on the ground floor")
            if t.capacity not in (PARKING_TILE_CARS, PARKING_TILE_UPGRADED_CARS):
                out.append(f"parking at {s} has capacity {t.capacity}")
            if not 0 <= t.cars <= t.capacity:
                out.append(f"parking at {s} holds {t.cars} cars")

    # No matches: same tile colour never adjacent.
    for i, (a, ma) in enumerate(modules):
        for b, mb in modules[i + 1 :]:
            if _adjacent(a, b) and ma.kind.tile_colour is mb.kind.tile_colour:
                out.append(f"{ma} at {a} is adjacent to {mb} at {b} (same colour)")

    # Cars: on real borders, none touching a ground-floor module.
    for border in board.border_cars:
        touching = _border_spaces(board, border.vertical, border.x, border.y)
        if not touching:
            out.append(f"car on {border}, which is not a border of the board")
        for s in touching:
            if isinstance(where.get(s), Module):
                out.append(f"car parked {border} touches the module at {s} (obstruction)")

    # Buildings, replayed in build order with a union-find: no module joins two.
    parent: dict[Space, Space] = {}

    def root(s: Space) -> Space:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for s, m in modules:
        roots = {root(p) for p in parent if _adjacent(p, s)}
        if len(roots) > 1:
            out.append(f"{m} at {s} joined {len(roots)} separate buildings")
        parent[s] = s
        for r in roots:
            parent[r] = s
    hubs: dict[tuple[Space, int], Space] = {}
    for s, m in modules:
        if m.kind is ModuleKind.SERVICE_HUB:
            key = (root(s), s.floor)
            if key in hubs:
                out.append(f"service hubs at {hubs[key]} and {s}: one building, one floor")
            hubs[key] = s

    # Entrances: east/south/west edges, distinct, pointing at a ground module; first at a hub.
    for i, e in enumerate(board.entrances):
        if e.vertical:
            ok = e.x in (0, cols) and 0 <= e.y < rows
        else:
            ok = e.y == rows and 0 <= e.x < cols
        if not ok:
            out.append(f"entrance {e} is not on an east, south or west entrance space")
            continue
        if e in board.entrances[:i]:
            out.append(f"two entrances {e}")
        (target,) = _border_spaces(board, e.vertical, e.x, e.y)
        m = where.get(target)
        if not isinstance(m, Module):
            out.append(f"entrance {e} points at no module")
        elif i == 0 and m.kind is not ModuleKind.SERVICE_HUB:
            out.append(f"first entrance {e} points at a {m}, not a service hub")

    # Conveyors: on modules, first two aligned, each later one aligned with an earlier one.
    stops = board.conveyor_stops
    if len(stops) == 1:
        out.append("a conveyor with a single stop")
    for i, s in enumerate(stops):
        if not isinstance(where.get(s), Module):
            out.append(f"conveyor stop at {s} is not on a module")
        if s in stops[:i]:
            out.append(f"two conveyor stops at {s}")
        if i == 0:
            continue
        earlier = stops[:i]
        if not any(sum((s.floor == e.floor, s.col == e.col, s.row == e.row)) == 2 for e in earlier):
            out.append(f"conveyor stop at {s} is not aligned with an earlier stop")
    return tuple(out)


def clinic_violations(clinic, cars_owed: int = 0) -> tuple[str, ...]:
    """``board_violations`` plus the clinic's own invariants: unique person ids, every
    person at a real place (a module, helipad, entrance of this board, or
    pre-admissions of an offered service), at most 4 patients per pre-admissions, only
    patients in pre-admissions, doctors and patients coloured, patients with a service,
    and one parked car per person (rulebook: every hire and admission parks a car,
    everyone leaving takes one; ``cars_owed``: people who left whose car the player has
    yet to choose, still parked)."""
    from .components import Role
    from .constants import PRE_ADMISSIONS_PER_SERVICE
    from .people import PreAdmissions

    board = clinic.board
    out = list(board_violations(board))
    ids = [p.id for p in clinic.people]
    if len(set(ids)) != len(ids):
        out.append("two people share an id")
    waiting: dict[object, int] = {}
    for p in clinic.people:
        w = p.where
        if isinstance(w, PreAdmissions):
            waiting[w] = waiting.get(w, 0) + 1
            if p.role is not Role.PATIENT:
                out.append(f"{p} in {w}")
        elif isinstance(w, Border):
            if w not in board.entrances:
                out.append(f"{p} stands {w}, where there is no entrance")
        elif not isinstance(board.tile_at(w), (Module, Helipad)):
            out.append(f"{p} stands at {w}, not a module or helipad")
        if (p.role in (Role.DOCTOR, Role.PATIENT)) != (p.colour is not None):
            out.append(f"{p} has colour {p.colour}")
        if (p.role is Role.PATIENT) != (p.service is not None):
            out.append(f"{p} has service {p.service}")
    for w, n in waiting.items():
        if n > PRE_ADMISSIONS_PER_SERVICE:
            out.append(f"{w} holds {n} patients")
    if board.parked_cars != len(clinic.people) + cars_owed + clinic.abandoned_cars:
        owed = f" and {cars_owed} cars owed" if cars_owed else ""
        out.append(f"{board.parked_cars} cars parked for {len(clinic.people)} people{owed}")
    return tuple(out)
