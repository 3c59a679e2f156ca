"""The Move phase for one player at a time, in turn order (rulebook "Move").

Part 1 gives paths, times and the end-of-move check.  Here: the decision points.
**House rules** (reasons in ``docs/rules/clinic.md ("The game round")``):

- each person moves at most once a Move phase, straight to where they end (the
  cheapest path; a second walk could never be cheaper than one walk to the end);
- a move is offered only to a place where that person may end the phase, with room
  left for them counting everyone standing there now; so the clinic stays legal apart
  from people still on an entrance or helipad;
- ``EndMove`` is offered once nobody left on an entrance or helipad has somewhere to
  go; anyone still stuck there (rare: e.g. an orderly whose supply room was taken)
  leaves the clinic, taking a car of the player's choice (``cars``).
"""

from __future__ import annotations

from attrs import evolve

from core.clinic.board import Space
from core.clinic.components import Module, ModuleKind, Role
from core.clinic.constants import CAPACITY
from core.clinic.movement import finish_move, move_person
from core.clinic.people import Clinic, Person, person_departs

from .actions import EndMove, MovePerson
from .cars import owe_cars, settle_cars
from .hire import on_arrival_point
from .memo import reach_from
from .state import AfterCars, GameState, set_player

_ROLE_INDEX = {Role.DOCTOR: 0, Role.NURSE: 1, Role.ORDERLY: 2, Role.PATIENT: 3}
_ROOMS = (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM)


def _occupancy(clinic: Clinic) -> dict[tuple[Space, Role], int]:
    counts: dict[tuple[Space, Role], int] = {}
    for p in clinic.people:
        if isinstance(p.where, Space):
            counts[(p.where, p.role)] = counts.get((p.where, p.role), 0) + 1
    return counts


def may_end_at(clinic: Clinic, person: Person, where, counts) -> bool:
    """Could ``person`` end the Move phase at ``where``, with room for them now?"""
    if not isinstance(where, Space):
        return False
    module = clinic.board.tile_at(where)
    if not isinstance(module, Module):
        return False
    cap = CAPACITY[module.kind.value][_ROLE_INDEX[person.role]]
    if cap == 0:
        return False
    if person.role is Role.PATIENT and module.kind in _ROOMS:
        if clinic.board.room_service(where) is not person.service:
            return False
    return cap is None or counts.get((where, person.role), 0) < cap


def destinations(clinic: Clinic, person: Person, counts=None) -> list:
    """Where ``person`` may move to now (sorted by time, then place)."""
    counts = _occupancy(clinic) if counts is None else counts
    reach = {} if person.stays else reach_from(clinic.board, person.where, person.role)
    return [
        w
        for w, _ in sorted(reach.items(), key=lambda kv: (kv[1], str(kv[0])))
        if w != person.where and may_end_at(clinic, person, w, counts)
    ]


def move_options(state: GameState) -> list:
    """Every move of a person not yet moved, then ``EndMove`` when allowed."""
    clinic = state.players[state.current].clinic
    counts = _occupancy(clinic)
    moved = state.step.moved
    out: list = []
    stuck_only = True
    for p in clinic.people:
        if p.id in moved or p.stays:
            continue
        dests = destinations(clinic, p, counts)
        out += [MovePerson(p.id, w) for w in dests]
        if dests and on_arrival_point(clinic, p):
            stuck_only = False
    if stuck_only:
        out.append(EndMove())
    return out


def apply_move(state: GameState, action: MovePerson) -> GameState:
    seat = state.current
    p = state.players[seat]
    clinic = move_person(p.clinic, action.pid, action.goal)
    step = evolve(state.step, moved=state.step.moved | {action.pid})
    return evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)), step=step)


def apply_end_move(state: GameState) -> GameState:
    """Dismiss anyone stuck on an arrival point (each takes a car of the player's
    choice: ``cars.settle_cars``), check the clinic, record the time."""
    seat = state.current
    p = state.players[seat]
    clinic = p.clinic
    stuck = [q for q in clinic.people if on_arrival_point(clinic, q)]
    for q in stuck:
        clinic = person_departs(clinic, q.id)
    clinic, time = finish_move(clinic)
    gone = {role: sum(1 for q in stuck if q.role is role) for role in Role}
    p = evolve(
        p,
        clinic=clinic,
        time_spent=p.time_spent + time,
        dismissed_doctors=p.dismissed_doctors + gone[Role.DOCTOR],
        dismissed_nurses=p.dismissed_nurses + gone[Role.NURSE],
        dismissed_orderlies=p.dismissed_orderlies + gone[Role.ORDERLY],
    )
    state = owe_cars(evolve(state, players=set_player(state, seat, p)), seat, len(stuck))
    return settle_cars(state, AfterCars.MOVE)
