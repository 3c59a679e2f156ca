"""Movement and time: paths of modules, the cheapest one, and the end-of-move check.

Rulebook: "Move" (people cannot leave, patients never switch rooms, how much time it
takes, module capacity, the worked example 6 time - 3 triage = 3); costs from
rules-decisions.md.  Nodes of the walking graph are module and helipad ``Space``s,
entrance ``Border``s and ``PreAdmissions``.  Edges:

* pre-admissions -> any entrance or helipad: ``TIME_PRE_ADMISSIONS_TO_ARRIVAL`` (0);
* entrance -> the module it points at, helipad -> the module below: 1;
* module -> orthogonally adjacent module, up and down included: 1;
* conveyor stop -> the next stop along a line of aligned stops, either way: 0
  (ruling 0.5, base L690 "always think through each step of moving by conveyor": a
  ride from A to C passes the stop B between them).

Expansions (data on the board, empty in the base game): a step into a module with an
extinguisher costs 1 more; a zombie's space is left out of the graph.

There is no edge back to an entrance, helipad or pre-admissions, so nobody who has
entered can leave.  The outpatient shortcut (base L746, patients "teleporting" from
pre-admissions to outpatient services for 0 time) is not an edge: it is a whole move
of its own, from pre-admissions straight to an outpatient services, and it ends that
patient's movement for the phase (ruling 0.3: ``move_person`` marks the patient as
staying).  A patient bound for a room walks from an entrance or helipad.
"""

from __future__ import annotations

import heapq
import weakref
from functools import lru_cache

from core.clinic.fast_evolve import evolve

from . import constants as K
from .board import Board, Border, Space
from .components import Helipad, Module, ModuleKind, Role
from .errors import IllegalActionError
from .people import Clinic, Location, PreAdmissions


def _edges(board: Board, node: Location, patient: bool):
    """(neighbour, time) pairs leaving ``node``; entering a module with an extinguisher
    costs ``TIME_EXTINGUISHER`` more (Extinguishers expansion, base L1087: "Moving or
    conveying into a module with an extinguisher costs 1 additional time"); a zombie's
    space is never entered (Zombies expansion, base L1168, rulings Z3: nor crossed)."""
    if not board.extinguishers and not board.zombies:
        yield from _base_edges(board, node, patient)
        return
    gawk, zombies = board.extinguishers, board.zombies
    for n, cost in _base_edges(board, node, patient):
        if n not in zombies:  # Zombies: "no one is allowed to move into" their space (L1168)
            yield n, cost + (K.TIME_EXTINGUISHER if n in gawk else 0)


def _base_edges(board: Board, node: Location, patient: bool):
    """(neighbour, time) pairs leaving ``node`` (the base game)."""
    if isinstance(node, PreAdmissions):
        for e in board.entrances:
            yield e, K.TIME_PRE_ADMISSIONS_TO_ARRIVAL
        for h in board.spaces_with(Helipad):
            yield h, K.TIME_PRE_ADMISSIONS_TO_ARRIVAL
        return
    if isinstance(node, Border):
        if node in board.entrances:
            yield board.entrance_target(node), K.TIME_ARRIVAL_TO_MODULE
        return
    tile = board.tile_at(node)
    if isinstance(tile, Helipad):
        yield node.below(), K.TIME_ARRIVAL_TO_MODULE
        return
    if not isinstance(tile, Module):
        return
    for n in board.neighbours(node):
        if isinstance(board.tile_at(n), Module):
            yield n, K.TIME_ADJACENT_MODULE
    for s in conveyor_links(board).get(node, ()):
        yield s, K.TIME_CONVEYOR


def _line_key(a: Space, b: Space) -> tuple:
    """The line two aligned spaces share: which coordinate varies, and the other two."""
    if a.floor != b.floor:
        return ("floor", a.col, a.row)
    if a.col != b.col:
        return ("col", a.floor, a.row)
    return ("row", a.floor, a.col)


def conveyor_links(board: Board) -> dict[Space, tuple[Space, ...]]:
    """Each conveyor stop -> the stops next to it along each line of aligned stops
    (ruling 0.5: consecutive stops only, so a ride visits every stop it passes).

    Stops on one line (same two of floor/column/row) are ordered along the third
    coordinate; each is linked to its neighbours in that order, both ways."""
    return _links(board.conveyor_stops)


@lru_cache(maxsize=1024)
def _links(stops: tuple[Space, ...]) -> dict[Space, tuple[Space, ...]]:
    lines: dict[tuple, set[Space]] = {}
    for i, a in enumerate(stops):
        for b in stops[i + 1 :]:
            if a.aligned_with(b):
                lines.setdefault(_line_key(a, b), set()).update((a, b))
    out: dict[Space, list[Space]] = {}
    for key, members in lines.items():
        axis = key[0]
        ordered = sorted(members, key=lambda s: getattr(s, axis))
        for a, b in zip(ordered, ordered[1:]):
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
    return {s: tuple(n) for s, n in out.items()}


def _search(board: Board, start: Location, patient: bool) -> tuple[dict, dict]:
    """Cheapest times from ``start`` to every place it leads to, and the step before
    each (Dijkstra; steps cost 0, 1 or 2 with an extinguisher).  Ties keep the first
    path found, in the order ``_edges`` lists the steps."""
    best: dict[Location, int] = {start: 0}
    came: dict[Location, Location] = {}
    heap: list = [(0, 0, start)]
    count = 1
    while heap:
        d, _, node = heapq.heappop(heap)
        if d > best[node]:
            continue
        for nxt, cost in _edges(board, node, patient):
            nd = d + cost
            # Any bound above every real time is the same: 2 << 30 would change nothing.
            if nd < best.get(nxt, 1 << 30):  # pragma: no mutate
                best[nxt] = nd
                came[nxt] = node
                heapq.heappush(heap, (nd, count, nxt))
                count += 1
    return best, came


_SEARCHES: dict[int, tuple[weakref.ref, dict]] = {}


def _searched(board: Board, start: Location, patient: bool) -> tuple[dict, dict]:
    """``_search(board, start, patient)``, kept per board value while the board lives
    (boards are frozen; a Move phase asks the same ones for every offer and move).
    The dicts are shared: read them, never change them."""
    hit = _SEARCHES.get(id(board))
    if hit is None or hit[0]() is not board:
        if len(_SEARCHES) >= 1024:  # pragma: no mutate (a cache's size limit)
            _SEARCHES.clear()
        hit = _SEARCHES[id(board)] = (weakref.ref(board), {})
    table = hit[1]
    key = (start, patient)
    found = table.get(key)
    if found is None:
        found = table[key] = _search(board, start, patient)
    return found


def is_shortcut(board: Board, start: Location, goal: Location, patient: bool) -> bool:
    """True for the outpatient shortcut: a patient from pre-admissions straight to an
    outpatient services (base L746, 0 time; ruling 0.3)."""
    return (
        patient
        and isinstance(start, PreAdmissions)
        and isinstance(goal, Space)
        and (m := board.module_at(goal)) is not None
        and m.kind is ModuleKind.OUTPATIENT_SERVICES
    )


def cheapest_path(
    board: Board, start: Location, goal: Location, patient: bool = False
) -> tuple[int, tuple[Location, ...]]:
    """The cheapest walk from ``start`` to ``goal``: ``(time, (start, ..., goal))``.

    ``patient`` allows the pre-admissions -> outpatient services shortcut (as the whole
    move).  A 0-1 breadth-first search (all step costs are 0 or 1).  Raises
    IllegalActionError when no path of modules leads there.
    """
    if start == goal:
        return 0, (start,)
    if is_shortcut(board, start, goal, patient):
        return K.TIME_PRE_ADMISSIONS_TO_OUTPATIENT, (start, goal)
    best, came = _searched(board, start, patient)
    _check_path(best, start, goal)
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return best[goal], tuple(reversed(path))


def _check_path(best: dict, start: Location, goal: Location) -> None:
    if goal not in best:
        raise IllegalActionError(f"Movement: no path of modules leads from {start} to {goal}")


def cheapest_time(board: Board, start: Location, goal: Location, patient: bool = False) -> int:
    """``cheapest_path(...)[0]``: the time alone, without the walk (raises the same)."""
    if start == goal:
        return 0
    if is_shortcut(board, start, goal, patient):
        return K.TIME_PRE_ADMISSIONS_TO_OUTPATIENT
    best = _searched(board, start, patient)[0]
    _check_path(best, start, goal)
    return best[goal]


def walk_time(board: Board, path: tuple[Location, ...], patient: bool = False) -> int:
    """Time of a hand-walked ``path``, step by step; raises IllegalActionError when a
    step is not an edge of the walking graph (the cheapest step is used).  The
    outpatient shortcut is a path of its own: ``(pre-admissions, outpatient services)``."""
    if len(path) == 2 and is_shortcut(board, path[0], path[1], patient):
        return K.TIME_PRE_ADMISSIONS_TO_OUTPATIENT
    total = 0
    for a, b in zip(path, path[1:]):
        costs = [c for n, c in _edges(board, a, patient) if n == b]
        if not costs:
            raise IllegalActionError(f"Movement: cannot step from {a} to {b}")
        total += min(costs)
    return total


def reachable(clinic: Clinic, pid: int) -> dict[Location, int]:
    """Every place person ``pid`` can reach this Move phase, with its cheapest time
    (for part 2's ``legal_actions``).  Empty for a patient who stays.  A patient in
    pre-admissions reaches every outpatient services for 0 (the shortcut)."""
    person = clinic.person(pid)
    if person.stays:
        return {}
    board = clinic.board
    patient = person.role is Role.PATIENT
    best = dict(_searched(board, person.where, patient)[0])
    if patient and isinstance(person.where, PreAdmissions):
        for s in board.modules_of_kind(ModuleKind.OUTPATIENT_SERVICES):
            best[s] = K.TIME_PRE_ADMISSIONS_TO_OUTPATIENT
    return best


def move_person(clinic: Clinic, pid: int, goal: Location) -> Clinic:
    """Move person ``pid`` to ``goal`` along the cheapest path; its time is added to
    ``clinic.move_time``.  A person may be moved again (base L668 "as much as you want,
    but it all takes time"); each move costs the cheapest path from where they stand.
    A patient sent from pre-admissions straight to an outpatient services (the 0-time
    shortcut, base L746) stays there: it moves no more (ruling 0.3).  Raises
    IllegalActionError when the patient stays (base L684, patients never switch rooms)
    or no path leads there (people cannot leave)."""
    person = clinic.person(pid)
    if person.stays and goal != person.where:
        raise IllegalActionError(
            f"Movement: {person} stays at {person.where} (patients never switch rooms)"
        )
    patient = person.role is Role.PATIENT
    time = cheapest_time(clinic.board, person.where, goal, patient)
    stays = person.stays or is_shortcut(clinic.board, person.where, goal, patient)
    moved = evolve(person, where=goal, stays=stays)
    people = tuple(moved if p.id == pid else p for p in clinic.people)
    return evolve(clinic, people=people, move_time=clinic.move_time + time)


_ROLE_INDEX = {Role.DOCTOR: 0, Role.NURSE: 1, Role.ORDERLY: 2, Role.PATIENT: 3}
# ``constants.CAPACITY`` by module kind (its keys are the kinds' values; reading an
# enum's ``value`` is a slow property).
CAPACITY_OF = {kind: K.CAPACITY[kind.value] for kind in ModuleKind}
_ROOMS = (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM)


# The rulebook's words each end-of-move check quotes (base game, Move).
RULE_CAPACITY = (
    "a module's capacity does limit how many people can be in it at the end of this phase"
)
RULE_NO_ARRIVAL_POINT = "no person can end their movement on an entrance or helipad"
RULE_ON_A_MODULE = "each person's movement must end on a module"
RULE_OWN_SERVICE = "get patients into treatment/operating rooms connected to the correct service"


def end_of_move_violations(clinic: Clinic, extra=None) -> tuple[str, ...]:
    """Every reason the clinic may not end the Move phase as it stands (empty if none),
    each naming the place and quoting the rule: people on an entrance or helipad (base
    L750), people where their kind is not allowed (capacity table), patients in rooms
    of another service or of none (L672), modules over capacity (L696).  ``extra``:
    ``(clinic, where, person) -> int``, more room an expansion gives (or None)."""
    board = clinic.board
    out: list[str] = []
    counts: dict[Space, list[int]] = {}
    for p in clinic.people:
        where = p.where
        if isinstance(where, PreAdmissions):
            if p.role is not Role.PATIENT:
                out.append(f"{p} cannot stay in {where} (patients only)")
            continue
        if isinstance(where, Border):
            out.append(f"{p} is on the entrance {where} ('{RULE_NO_ARRIVAL_POINT}')")
            continue
        tile = board.tile_at(where)
        if isinstance(tile, Helipad):
            out.append(f"{p} is on the helipad at {where} ('{RULE_NO_ARRIVAL_POINT}')")
            continue
        if not isinstance(tile, Module):
            out.append(f"{p} is at {where}, which is not a module ('{RULE_ON_A_MODULE}')")
            continue
        cap = CAPACITY_OF[tile.kind][_ROLE_INDEX[p.role]]
        if cap == 0 and not (extra is not None and extra(clinic, where, p) > 0):
            out.append(
                f"{p} cannot end in the {tile} at {where}"
                f" (no {p.role} allowed there: capacity 0 on the module)"
            )
            continue
        if p.role is Role.PATIENT and tile.kind in _ROOMS:
            service = board.room_service(where)
            if service is None:
                out.append(
                    f"{p} is in the {tile} at {where}, not connected to any service"
                    f" ('{RULE_OWN_SERVICE}')"
                )
                continue
            if service is not p.service:
                out.append(
                    f"{p} is in the {tile} at {where}, connected to {service}"
                    f" (patients only in rooms of their own service: '{RULE_OWN_SERVICE}')"
                )
                continue
        counts.setdefault(where, [0, 0, 0, 0])[_ROLE_INDEX[p.role]] += 1
    for where, n in sorted(counts.items(), key=_space_order):
        caps = CAPACITY_OF[board.tile_at(where).kind]  # type: ignore[union-attr]
        for role, idx in _ROLE_INDEX.items():
            cap = caps[idx]
            if cap is not None and n[idx] > cap and extra is not None:
                one = next(p for p in clinic.people if p.where == where and p.role is role)
                cap += extra(clinic, where, one)
            if cap is not None and n[idx] > cap:
                out.append(
                    f"the {board.tile_at(where)} at {where} holds {n[idx]} {role}s"
                    f" (capacity {cap}: '{RULE_CAPACITY}')"
                )
    return tuple(out)


def _space_order(item) -> tuple[int, int, int]:
    """Sort key of ``(space, ...)`` pairs: ``Space``'s own order, without its slow ``__lt__``."""
    s = item[0]
    return s.floor, s.col, s.row


def time_to_record(raw_time: int, has_triage: bool) -> int:
    """Time spent this round after triage: ``raw_time - 3`` with a triage, never below
    0 (rulebook example: 6 - 3 = 3).  One triage or several: 3 (decisions: "while you
    have one")."""
    if has_triage:
        return max(0, raw_time - K.TRIAGE_TIME_REDUCTION)
    return max(0, raw_time)


def finish_move(clinic: Clinic, extra=None) -> tuple[Clinic, int]:
    """End the Move phase: check every person (raises IllegalActionError listing each
    violation), mark patients in treatment rooms, operating rooms and outpatient
    services as staying, reset ``move_time``.  Returns ``(clinic, time)`` where
    ``time`` is what to record on the Time Spent track (triage applied)."""
    problems = end_of_move_violations(clinic, extra)
    if problems:
        raise IllegalActionError("End the move: " + "; ".join(problems))
    board = clinic.board
    staying = (*_ROOMS, ModuleKind.OUTPATIENT_SERVICES)
    people = []
    for p in clinic.people:
        m = board.module_at(p.where) if isinstance(p.where, Space) else None
        if p.role is Role.PATIENT and m is not None and m.kind in staying:
            p = evolve(p, stays=True)
        people.append(p)
    time = time_to_record(clinic.move_time, board.has_triage)
    return evolve(clinic, people=tuple(people), move_time=0), time


__all__ = [
    "cheapest_path",
    "cheapest_time",
    "conveyor_links",
    "end_of_move_violations",
    "finish_move",
    "is_shortcut",
    "move_person",
    "reachable",
    "time_to_record",
    "walk_time",
]
