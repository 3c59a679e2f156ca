"""Moving emergency patients and staff (911 rulebook "Move", "People cannot leave",
"People can switch rooms", "How much time it takes a person to move", "Module
Capacity"; E17-E19).

The walking graph: emergency pre-admissions and "outside the grid" lead into *any*
emergency service hub for 1 time (E17); a module leads to each orthogonally adjacent
module for 1; conveyor stops to the next stop on their line for 0 (the base game's
``conveyor_links``).  No edge leads back out: "they cannot leave the spaces of your
Emergency Department board".  Unlike the base game, emergency patients may switch rooms.
Base ruling 0.2 holds: people move as often as they like, capacity is checked when the
Move phase ends (``ed_move_violations``).
"""

from __future__ import annotations

from collections import deque

from attrs import evolve
from core.model import frozen

from core.clinic.board import Space
from core.clinic.errors import IllegalActionError
from core.clinic.movement import conveyor_links

from . import constants as K
from .board import EDBoard
from .components import EDKind, EDLocation, EDRole, Place
from .state import EmergencyState, replace_person

RULE_CANNOT_LEAVE = "they cannot leave the spaces of your Emergency Department board"
RULE_LEGAL_END = "Get everyone to a legal location by the end of the Move step"
RULE_FUNCTIONAL = "To be functional, an emergency room must be adjacent to an Emergency service hub"

# Capacity by module kind: (doctors, nurses, patients); None = any number (rulebook).
CAPACITY = {
    EDKind.HUB: (None, None, 0),
    EDKind.ROOM: (1, None, 1),
    EDKind.BREAK_ROOM: (0, 0, 0),
}
_ROLE_INDEX = {EDRole.DOCTOR: 0, EDRole.NURSE: 1, EDRole.PATIENT: 2}


@frozen
class EDMove:
    """Move emergency person ``pid`` to ``to`` along the cheapest path."""

    pid: int
    to: Space

    def __str__(self) -> str:
        return f"move emergency person {self.pid} to {self.to.name} of the emergency department"


@frozen
class EDEndMove:
    """End the emergency department's movement (everyone must stand legally)."""

    def __str__(self) -> str:
        return "end the emergency department's move"


def _edges(board: EDBoard, node: EDLocation):
    if isinstance(node, Place):
        for h in board.hubs:
            yield h, K.TIME_INTO_HUB
        return
    if board.module_at(node) is None:
        return
    for n in board.neighbours(node):
        if board.module_at(n) is not None:
            yield n, K.TIME_ADJACENT
    for s in conveyor_links(board).get(node, ()):
        yield s, K.TIME_CONVEYOR


def reachable(board: EDBoard, start: EDLocation) -> dict[EDLocation, int]:
    """Every place reachable from ``start`` with its cheapest time (0-1 BFS)."""
    best: dict[EDLocation, int] = {start: 0}
    queue: deque[EDLocation] = deque([start])
    while queue:
        node = queue.popleft()
        for nxt, cost in _edges(board, node):
            nd = best[node] + cost
            if nd < best.get(nxt, 1 << 30):
                best[nxt] = nd
                (queue.appendleft if cost == 0 else queue.append)(nxt)
    return best


def move_time(board: EDBoard, start: EDLocation, goal: Space) -> int:
    """Time of the cheapest path; raises IllegalActionError when none leads there."""
    best = reachable(board, start)
    if goal not in best:
        raise IllegalActionError(
            f"Emergency movement: no path of emergency modules leads from {start} to {goal.name}"
            f" ('{RULE_CANNOT_LEAVE}')"
        )
    return best[goal]


def ed_move(ed: EmergencyState, pid: int, goal: Space) -> EmergencyState:
    """Move person ``pid`` to ``goal``; the time goes to ``ed.move_time`` (the same Time
    track as the main clinic, rulebook L301).  Raises IllegalActionError."""
    person = ed.person(pid)
    time = move_time(ed.board, person.where, goal)
    ed = replace_person(ed, evolve(person, where=goal))
    return evolve(ed, move_time=ed.move_time + time, moved=ed.moved + (pid,))


def may_end_at(board: EDBoard, role: EDRole, where: EDLocation) -> bool:
    """Can a ``role`` end the Move phase at ``where`` (capacity aside)?  E18: patients in
    functional emergency rooms or emergency pre-admissions; staff in hubs or rooms."""
    if isinstance(where, Place):
        return role is EDRole.PATIENT and where is Place.PRE_ADMISSIONS
    m = board.module_at(where)
    if m is None or CAPACITY[m.kind][_ROLE_INDEX[role]] == 0:
        return False
    return role is not EDRole.PATIENT or board.is_functional(where)


def _capacity(board: EDBoard, role: EDRole, where: Space) -> int | None:
    m = board.module_at(where)
    assert m is not None
    return CAPACITY[m.kind][_ROLE_INDEX[role]]


def move_options(ed: EmergencyState) -> list[EDMove | EDEndMove]:
    """Every move offered, then ``EDEndMove`` when the department may end its movement.

    Offered: places where that person may end, at most ``MOVES_PER_PERSON`` moves a
    person (house value), with the base game's house rule so that the phase can always
    be ended legally: a move may overfill a room only as a person's first move from
    inside the ED (a swap of two rooms); a last offered move, or a move in from outside
    the grid or pre-admissions, goes only where there is room now, and nobody comes in
    to a room while people of their kind stand over capacity."""
    board = ed.board
    counts: dict[tuple[Space, EDRole], int] = {}
    for p in ed.people:
        if isinstance(p.where, Space):
            counts[(p.where, p.role)] = counts.get((p.where, p.role), 0) + 1
    over = {
        role
        for (where, role), n in counts.items()
        if (cap := _capacity(board, role, where)) is not None and n > cap
    }
    out: list[EDMove | EDEndMove] = []
    for p in ed.people:
        made = ed.moved.count(p.id)
        if made >= K.MOVES_PER_PERSON:
            continue
        inside = isinstance(p.where, Space)
        free = inside and made + 1 < K.MOVES_PER_PERSON
        blocked = not inside and p.role in over
        for where in reachable(board, p.where):
            if where == p.where or not isinstance(where, Space):
                continue
            if not may_end_at(board, p.role, where):
                continue
            cap = _capacity(board, p.role, where)
            if cap is None or (not blocked and (free or counts.get((where, p.role), 0) < cap)):
                out.append(EDMove(p.id, where))
    if not ed_move_violations(ed):
        out.append(EDEndMove())
    return out


def ed_move_violations(ed: EmergencyState) -> tuple[str, ...]:
    """Every reason the ED may not end its movement now (empty if none)."""
    board = ed.board
    out: list[str] = []
    counts: dict[Space, list[int]] = {}
    for p in ed.people:
        if not may_end_at(board, p.role, p.where):
            if p.where is Place.OUTSIDE:
                why = "is still outside the grid"
            elif isinstance(p.where, Place):
                why = "cannot stay in emergency pre-admissions (patients only)"
            elif (m := board.module_at(p.where)) is not None and m.kind is EDKind.ROOM:
                why = f"is in the {m} at {p.where.name}, which is not functional ('{RULE_FUNCTIONAL}')"
            else:
                why = f"cannot end at {p.where.name}"
            out.append(f"{p} {why} ('{RULE_LEGAL_END}')")
            continue
        if isinstance(p.where, Space):
            counts.setdefault(p.where, [0, 0, 0])[_ROLE_INDEX[p.role]] += 1
    for where, n in sorted(counts.items()):
        module = board.module_at(where)
        assert module is not None
        for role, i in _ROLE_INDEX.items():
            cap = CAPACITY[module.kind][i]
            if cap is not None and n[i] > cap:
                out.append(
                    f"the {module} at {where.name} holds {n[i]} {role}s (capacity {cap})"
                )
    return tuple(out)


def finish_ed_move(ed: EmergencyState) -> tuple[EmergencyState, int]:
    """End the ED's movement: raises IllegalActionError listing every violation;
    returns ``(ed, time)`` with the time to add to the player's time spent this round
    (E19: a triage's -3 applies once, to the round's total; the caller applies it)."""
    problems = ed_move_violations(ed)
    if problems:
        raise IllegalActionError("End the emergency move: " + "; ".join(problems))
    return evolve(ed, move_time=0, moved=()), ed.move_time


__all__ = [
    "CAPACITY",
    "EDEndMove",
    "EDMove",
    "ed_move",
    "ed_move_violations",
    "finish_ed_move",
    "may_end_at",
    "move_options",
    "move_time",
    "reachable",
]
