"""The Move phase for one player at a time, in turn order (rulebook "Move", base
L668-L750; rulings 0.2, 0.3 in ``clinic-expansion-rulings.md``).

Part 1 gives paths, times and the end-of-move check.  Here: the decision points.

- A person may move again after moving (L668 "as much as you want, but it all takes
  time"); each move costs the cheapest path from where they stand.  A full room never
  blocks the way (L698), and modules may be over capacity between moves (L696): the
  capacities and "where people may end" are checked when the player ends the phase
  (L750 "Everyone must be on a valid destination before you start the next phase").
- Offered destinations: reachable modules where that kind of person may end (role
  allowed, a patient only in a room of its own service).  Patients who finished a round
  in a room never move (L684); a patient sent straight to outpatient services by the
  0-time shortcut moves no more this phase (ruling 0.3, ``movement.move_person``).

**House rules** (reasons in ``docs/rules/clinic.md``, "Move"):

- at most ``MOVES_PER_PERSON`` (2) moves per person per Move phase are offered
  (ruling 0.2), so random and computer games stay finite;
- a move may overfill a module only as a person's first move, from inside the clinic
  (the swap of two full rooms); a person's last offered move, and a move in from an
  entrance, helipad or pre-admissions, goes only where there is room for them now, and
  nobody comes in to a limited place while people of their kind stand over capacity.
  So whenever a module is over capacity, someone standing there can still walk to a
  free place, and the phase can always be ended legally;
- ``EndMove`` is legal when everyone inside stands legally (``end_move_problems``) and
  nobody left on an entrance or helipad still has somewhere to go; anyone stuck there
  (rare: e.g. an orderly whose supply room was taken) leaves the clinic, taking a car of the player's
  choice (``cars``).
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from core.clinic.board import Space
from core.clinic.components import Module, ModuleKind, Role
from core.clinic.movement import CAPACITY_OF, end_of_move_violations, finish_move, move_person
from core.clinic.people import Clinic, Person, PreAdmissions, person_departs

from core.clinic.game.hooks import (
    end_of_movement,
    extra_capacity,
    move_refusal as expansion_move_refusal,
    move_violations,
    restrict_destinations,
)

from .actions import EndMove, MovePerson
from .cars import owe_cars, settle_cars
from .constants import MOVES_PER_PERSON
from .hire import on_arrival_point
from .memo import layout_tables, reach_from
from .outcome import Outcome
from .state import AfterCars, GameState, set_player

_ROLE_INDEX = {Role.DOCTOR: 0, Role.NURSE: 1, Role.ORDERLY: 2, Role.PATIENT: 3}
_ROOMS = (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM)


def occupancy(clinic: Clinic) -> dict[tuple[Space, Role], int]:
    """How many people of each role stand on each space now."""
    counts: dict[tuple[Space, Role], int] = {}
    for p in clinic.people:
        if isinstance(p.where, Space):
            counts[(p.where, p.role)] = counts.get((p.where, p.role), 0) + 1
    return counts


def capacity(clinic: Clinic, role: Role, where) -> int | None:
    """How many people of ``role`` may end the Move phase at ``where``: 0 where they may
    not (not a module, or not allowed there), None for any number (capacity table)."""
    if not isinstance(where, Space):
        return 0
    module = clinic.board.tile_at(where)
    if not isinstance(module, Module):
        return 0
    return CAPACITY_OF[module.kind][_ROLE_INDEX[role]]


def may_end_at(clinic: Clinic, person: Person, where) -> bool:
    """Could ``person``'s kind end the Move phase at ``where``, capacity aside (role
    allowed there; a patient only in a room of its own service, base L672)?"""
    if capacity(clinic, person.role, where) == 0:
        return False
    module = clinic.board.tile_at(where)
    if person.role is Role.PATIENT and module.kind in _ROOMS:
        return clinic.board.room_service(where) is person.service
    return True


def has_room(clinic: Clinic, person: Person, where, counts) -> bool:
    """Is there room for one more of ``person``'s kind at ``where`` now?"""
    cap = capacity(clinic, person.role, where)
    return cap is None or counts.get((where, person.role), 0) < cap


def entering(clinic: Clinic, person: Person) -> bool:
    """True while ``person`` has not entered the clinic: on an entrance or helipad, or
    a patient in pre-admissions (base L680)."""
    return isinstance(person.where, PreAdmissions) or on_arrival_point(clinic, person)


def overfull_roles(clinic: Clinic, counts, extra=None) -> frozenset[Role]:
    """Roles with more people than room in some module now (``extra``: the expansions'
    ``extra_capacity``, or None)."""
    return frozenset(
        role for (where, role), n in counts.items()
        if (cap := capacity(clinic, role, where))  # 0 (helipad) or None: no limit here
        and n > cap + (extra(clinic, where, _one_at(clinic, where, role)) if extra else 0)
    )


def _one_at(clinic: Clinic, where, role: Role) -> Person:
    """Someone of ``role`` standing at ``where`` (there is one)."""
    return next(p for p in clinic.people if p.where == where and p.role is role)


def moves_made(state: GameState, pid: int) -> int:
    """How many times person ``pid`` has moved in this Move phase."""
    return state.step.moved.count(pid)


def _candidate_table(board) -> dict:
    return layout_tables(board).setdefault("candidates", {})


def _candidates(clinic: Clinic, person: Person, table: dict | None = None) -> tuple:
    """``(place, capacity)`` for every place ``person``'s kind may end and can reach
    from where they stand, by time then place (memoized per board layout:
    ``memo.layout_tables``; ``table``: ``_candidate_table(clinic.board)`` if known)."""
    if table is None:
        table = _candidate_table(clinic.board)
    key = (person.where, person.role, person.service)
    hit = table.get(key)
    if hit is None:
        reach = reach_from(clinic.board, person.where, person.role)
        ends = [
            (t, _name(w), w)
            for w, t in reach.items()
            if w != person.where and may_end_at(clinic, person, w)
        ]
        ends.sort(key=lambda e: e[:2])
        hit = table[key] = tuple((w, capacity(clinic, person.role, w)) for _, _, w in ends)
    return hit


_NAMES: dict = {}


def _name(place) -> str:
    """``str(place)``, kept (the sort key after the time; places are few)."""
    name = _NAMES.get(place)
    if name is None:
        name = _NAMES[place] = str(place)
    return name


def destinations(
    clinic: Clinic, person: Person, made: int = 0, counts=None, over=None, extra=None, table=None
) -> list:
    """Where ``person``, having moved ``made`` times this phase, is offered to move
    (sorted by time, then place); see the module doc for the house rules.  ``extra``:
    the expansions' ``extra_capacity`` (``(clinic, where, person) -> int``), or None;
    ``table``: ``_candidate_table(clinic.board)`` if known."""
    if person.stays or made >= MOVES_PER_PERSON:
        return []
    counts = occupancy(clinic) if counts is None else counts  # pragma: no mutate (given only for speed)
    over = overfull_roles(clinic, counts) if over is None else over
    inside = not entering(clinic, person)
    free = inside and made + 1 < MOVES_PER_PERSON  # may overfill: a first move inside
    blocked = not inside and person.role in over  # coming in during a swap
    role = person.role
    return [
        w for w, cap in _candidates(clinic, person, table)
        if cap is None or (not blocked and (
            free or counts.get((w, role), 0) < cap + (extra(clinic, w, person) if extra else 0)
        ))
    ]


def _all_destinations(state: GameState, clinic: Clinic) -> dict[int, list]:
    counts = occupancy(clinic)
    extra = extra_capacity(state)
    over = overfull_roles(clinic, counts, extra)  # pragma: no mutate (only for speed: None is computed the same)
    made = state.step.moved
    table = _candidate_table(clinic.board)
    out = {p.id: destinations(clinic, p, made.count(p.id), counts, over, extra, table) for p in clinic.people}
    return restrict_destinations(state, clinic, out) if state.config.options else out


def end_move_problems(state: GameState, dests: dict | None = None) -> tuple[str, ...]:
    """Why the current player may not end the Move phase now (empty: ``EndMove`` is
    legal): everyone inside must stand legally (``movement.end_of_move_violations``,
    base L696, L750), and nobody may stay on an entrance or helipad who can still go
    somewhere (the stuck are dismissed at ``EndMove``, house rule)."""
    if state.config.options:
        state = end_of_movement(state, state.current)  # the expansions' hook point
    clinic = state.players[state.current].clinic
    dests = _all_destinations(state, clinic) if dests is None else dests
    out = []
    stuck = set()
    for p in clinic.people:
        if on_arrival_point(clinic, p):
            if dests[p.id]:
                out.append(f"{p} on {p.where} can still go in (e.g. to {dests[p.id][0]})")
            else:
                stuck.add(p.id)
    inside = evolve(clinic, people=tuple(p for p in clinic.people if p.id not in stuck)) if stuck else clinic
    extra = extra_capacity(state)
    more = move_violations(state, inside) if state.config.options else ()
    return (*end_of_move_violations(inside, extra), *more, *out)


def end_move_refusal(state: GameState) -> str:
    """The message of a refused ``EndMove``, in players' words."""
    return "End the move: " + "; ".join(end_move_problems(state))


def move_options(state: GameState) -> list:
    """Every offered move, person by person, then ``EndMove`` when it is legal."""
    clinic = state.players[state.current].clinic
    dests = _all_destinations(state, clinic)
    out: list = [MovePerson(p.id, w) for p in clinic.people for w in dests[p.id]]
    # Passing ``dests`` only saves working them out again (None would give the same).
    problems = end_move_problems(state, dests)  # pragma: no mutate
    if not problems:
        out.append(EndMove())
    return out


def apply_move(state: GameState, action: MovePerson) -> GameState:
    seat = state.current
    p = state.players[seat]
    clinic = move_person(p.clinic, action.pid, action.goal)
    step = evolve(state.step, moved=(*state.step.moved, action.pid))
    return evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)), step=step)


def apply_end_move(state: GameState) -> Outcome:
    """Dismiss anyone stuck on an arrival point (each takes a car of the player's
    choice: ``cars.settle_cars``), check the clinic, record the time
    (``rules.apply_action`` refuses an illegal ``EndMove`` with ``end_move_refusal``;
    ``finish_move`` raises IllegalActionError listing every problem)."""
    return settle_cars(ended_move(state), AfterCars.MOVE)


def ended_move(state: GameState) -> GameState:
    """``apply_end_move`` up to the cars: the current player's clinic as the move
    leaves it (the reports of Business start from it)."""
    seat = state.current
    if state.config.options:
        state = end_of_movement(state, seat)  # the expansions' hook point
    p = state.players[seat]
    clinic = p.clinic
    stuck = [q for q in clinic.people if on_arrival_point(clinic, q)]
    for q in stuck:
        clinic = person_departs(clinic, q.id)
    clinic, time = finish_move(clinic, extra_capacity(state))
    gone = {role: sum(1 for q in stuck if q.role is role) for role in Role}
    p = evolve(
        p,
        clinic=clinic,
        time_spent=p.time_spent + time,
        dismissed_doctors=p.dismissed_doctors + gone[Role.DOCTOR],
        dismissed_nurses=p.dismissed_nurses + gone[Role.NURSE],
        dismissed_orderlies=p.dismissed_orderlies + gone[Role.ORDERLY],
    )
    return owe_cars(evolve(state, players=set_player(state, seat, p)), seat, len(stuck))


def move_refusal(state: GameState, action: MovePerson) -> str:
    """Why ``action`` is not offered, in players' words (the rule it breaks)."""
    clinic = state.players[state.current].clinic
    if not any(p.id == action.pid for p in clinic.people):
        return f"Move: you have no person {action.pid}"
    person = clinic.person(action.pid)
    why = expansion_move_refusal(state, clinic, person, action.goal) if state.config.options else None
    if why:  # an expansion's rule (its hook point)
        return why
    made = moves_made(state, person.id)
    if person.stays:
        return (
            f"Move: {person} stays at {person.where} (patients who finished a round in a room"
            " never move; a patient sent straight to outpatient services ends its movement there)"
        )
    if made >= MOVES_PER_PERSON:
        return f"Move: {person} has moved {made} times this phase (at most {MOVES_PER_PERSON}, house rule)"
    if action.goal == person.where:
        return f"Move: {person} is already at {action.goal}"
    if action.goal not in reach_from(clinic.board, person.where, person.role):
        return f"Move: no path of modules leads {person} from {person.where} to {action.goal}"
    if not may_end_at(clinic, person, action.goal):
        return (
            f"Move: {person} may not end the phase at {action.goal} (where that person may"
            " end: the capacity table; patients only in rooms of their own service)"
        )
    return (
        f"Move: no room for {person} at {action.goal} now; only a person's first move from"
        " inside the clinic may go over capacity, and nobody comes in while a module is over"
        " capacity (house rule, so the phase can always end legally)"
    )
