"""The basic computer player's planning: who should stand where for the Business phase.

``plan_care(clinic, moved)`` matches patients to rooms and doctors (and nurses) the way
part 1's ``treat`` pays for them, greedily: patients already in a room first, then
waiting patients by the income they bring.  People in ``moved`` are planned where they
stand.  A room's doctor places count only the doctors who will end there, so two
doctors may swap rooms (capacity is checked when the move ends, rulebook L696); a free
doctor left over in a room another doctor takes walks to a lab or a service hub.  The bot uses it three ways: to move people
(``MovePerson`` towards the plan), to admit only patients the plan can treat this round,
and to decide whether hiring a doctor or a nurse would let it treat more.

Only the bot uses this module; the rules never depend on it.
"""

from __future__ import annotations

from attrs import field
from core.model import frozen

from core.clinic.board import Board, Space
from core.clinic.business import nurses_needed, patient_income
from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.constants import CAPACITY, OPERATING_ROOM_VIRTUAL_NURSES
from core.clinic.people import Clinic, Person

from .hire import on_arrival_point
from .memo import layout_tables, per_object, reach_from

# Dollars one unit of time is worth to the bot: -1 popularity per 3 time, and a
# popularity costs $3 (so about $1 a time unit).
TIME_DOLLARS = 1.0


@frozen
class Room:
    """A room that can treat patients this round."""

    space: Space
    kind: ModuleKind
    service: object  # the service its patients need; None: any (outpatient services)
    patients: int  # capacity
    doctors: int
    gardens: int

    @property
    def virtual_nurses(self) -> int:
        return OPERATING_ROOM_VIRTUAL_NURSES if self.kind is ModuleKind.OPERATING_ROOM else 0

    def need(self, doctor: Colour, patient: Colour) -> int:
        if self.kind is ModuleKind.OUTPATIENT_SERVICES:
            return 0
        return nurses_needed(doctor, patient, self.virtual_nurses)

    def income(self, patient: Colour) -> int:
        return patient_income(patient, self.kind, self.gardens)


@per_object
def care_rooms(board: Board) -> tuple[Room, ...]:
    """Working treatment rooms, working operating rooms and outpatient services, best
    paying first (gardens), then by place. Kept per board layout too
    (``memo.layout_tables``: parked cars change no room), so the boards a car parks on
    share it."""
    tables = layout_tables(board)
    rooms = tables.get("bot_care_rooms")
    if rooms is None:
        rooms = tables["bot_care_rooms"] = _care_rooms(board)
    return rooms


def _care_rooms(board: Board) -> tuple[Room, ...]:
    out = []
    for s in sorted(board.working_treatment_rooms):
        cap = CAPACITY[ModuleKind.TREATMENT_ROOM.value]
        out.append(Room(s, ModuleKind.TREATMENT_ROOM, board.room_service(s), cap[3], cap[0], board.adjacent_gardens(s)))
    for s in sorted(board.working_operating_rooms()):
        cap = CAPACITY[ModuleKind.OPERATING_ROOM.value]
        out.append(Room(s, ModuleKind.OPERATING_ROOM, board.room_service(s), cap[3], cap[0], 0))
    for s in board.modules_of_kind(ModuleKind.OUTPATIENT_SERVICES):
        cap = CAPACITY[ModuleKind.OUTPATIENT_SERVICES.value]
        out.append(Room(s, ModuleKind.OUTPATIENT_SERVICES, None, cap[3], cap[0], 0))
    out.sort(key=lambda r: -r.gardens)
    return tuple(out)


@frozen
class CarePlan:
    """``goals``: pid -> where that person should end the Move phase (only people who
    should move); ``treated``: patient pid -> (room space, doctor pid); ``income``:
    dollars the plan earns; ``idle_doctors``: doctors with no patient."""

    goals: dict = field(factory=dict)
    treated: dict = field(factory=dict)
    income: int = 0
    idle_doctors: tuple[int, ...] = ()
    spare_slots: int = 0


def _time(board: Board, person: Person, goal) -> int | None:
    if person.where == goal:
        return 0
    return reach_from(board, person.where, person.role).get(goal)


@per_object
def _plans(clinic: Clinic) -> dict:
    """``{moved: plan}`` worked out so far for ``clinic`` (a frozen value)."""
    return {}


def plan_care(clinic: Clinic, moved: frozenset[int] = frozenset()) -> CarePlan:
    """A greedy plan for this round's care (see the module doc), kept per clinic and
    ``moved`` (the players ask for the same clinic's plan many times a decision;
    callers only read it)."""
    plans = _plans(clinic)
    plan = plans.get(moved)
    if plan is None:
        plan = plans[moved] = _plan_care(clinic, moved)
    return plan


def _plan_care(clinic: Clinic, moved: frozenset[int]) -> CarePlan:
    board = clinic.board
    rooms = care_rooms(board)
    by_space = {r.space: r for r in rooms}
    people = clinic.people
    loc = {p.id: p.where for p in people}
    free = {p.id: (p.id not in moved and not p.stays) for p in people}
    patients = [p for p in people if p.role is Role.PATIENT]
    doctors = [p for p in people if p.role is Role.DOCTOR]
    nurses = [p for p in people if p.role is Role.NURSE]

    def count(space, role_people) -> int:
        return sum(1 for q in role_people if loc[q.id] == space)

    def kept_doctors(space) -> int:
        """Doctors who will end at ``space``: those who cannot move and those the plan
        put there.  A free doctor standing there may still walk out (capacity is only
        checked when the move ends, so two doctors may swap rooms)."""
        return sum(1 for q in doctors if loc[q.id] == space and (q.id in used_doctors or not free[q.id]))

    # Nurses: those that cannot move serve only where they stand; the rest are a pool.
    fixed_nurses = {}
    for n in nurses:
        if not free[n.id]:
            fixed_nurses[n.where] = fixed_nurses.get(n.where, 0) + 1
    pool = sum(1 for n in nurses if free[n.id])
    need: dict[Space, int] = {}

    def deficit(space, extra=0) -> int:
        return max(0, need.get(space, 0) + extra - fixed_nurses.get(space, 0))

    def pool_needed(space=None, extra=0) -> int:
        return sum(deficit(s, extra if s == space else 0) for s in set(need) | {space} if s is not None)

    fixed_first = sorted(patients, key=lambda p: (not (not free[p.id] and p.where in by_space), -int(p.colour), p.id))
    treated: dict[int, tuple[Space, int]] = {}
    used_doctors: set[int] = set()
    income = 0
    for p in fixed_first:
        if free[p.id]:
            candidates = [r for r in rooms if (r.service is None or r.service is p.service)]
        else:
            candidates = [by_space[p.where]] if p.where in by_space else []
        best = None
        for r in candidates:
            if loc[p.id] != r.space:
                t_p = _time(board, p, r.space)
                if t_p is None or count(r.space, patients) >= r.patients:
                    continue
            else:
                t_p = 0
            for d in doctors:
                if d.id in used_doctors:
                    continue
                if loc[d.id] == r.space:
                    t_d = 0
                elif free[d.id]:
                    t_d = _time(board, d, r.space)
                    if t_d is None or kept_doctors(r.space) >= r.doctors:
                        continue
                else:
                    continue
                k = r.need(d.colour, p.colour)
                if pool_needed(r.space, k) > pool:
                    continue
                value = r.income(p.colour) - 0.5 * k - TIME_DOLLARS * (t_p + t_d)
                key = (value, -int(d.colour) if k == 0 else 0, -d.id)
                if value > 0 and (best is None or key > best[0]):
                    best = (key, r, d, k)
        if best is None:
            continue
        _, r, d, k = best
        loc[p.id] = r.space
        loc[d.id] = r.space
        used_doctors.add(d.id)
        need[r.space] = need.get(r.space, 0) + k
        treated[p.id] = (r.space, d.id)
        income += r.income(p.colour)

    # Nurses to the rooms that need them: those already there first, then the rest.
    for space in need:
        want = deficit(space)
        here = [n for n in nurses if free[n.id] and loc[n.id] == space]
        for n in here[:want]:
            free[n.id] = False  # stays
        need[space] = max(0, want - len(here[:want]))
    spare = [n for n in nurses if free[n.id]]
    for space, want in need.items():
        while want > 0 and spare:
            n = min(spare, key=lambda q: (_time(board, q, space) is None, _time(board, q, space) or 0, q.id))
            spare.remove(n)
            if _time(board, n, space) is None:
                continue
            loc[n.id] = space
            want -= 1

    # Idle doctors: a free lab, else stay (or walk in to a service hub).
    idle = [d for d in doctors if d.id not in used_doctors]
    labs = [s for s in board.modules_of_kind(ModuleKind.LAB) if not any(loc[q.id] == s for q in doctors)]
    for d in idle:
        if not free[d.id]:
            continue
        if isinstance(loc[d.id], Space) and board.module_at(loc[d.id]) is not None and board.module_at(loc[d.id]).kind is ModuleKind.LAB:
            continue
        reach = [s for s in labs if _time(board, d, s) is not None]
        if reach:
            s = min(reach, key=lambda s: (_time(board, d, s), s))
            labs.remove(s)
            loc[d.id] = s
        elif loc[d.id] in by_space and kept_doctors(loc[d.id]) >= by_space[loc[d.id]].doctors:
            # Another doctor takes this room: make way, to the nearest service hub.
            hubs = [s for s in board.modules_of_kind(ModuleKind.SERVICE_HUB) if _time(board, d, s) is not None]
            if hubs:
                loc[d.id] = min(hubs, key=lambda s: (_time(board, d, s), s))

    # Orderlies: a supply room without an orderly.
    taken = {loc[q.id] for q in people if q.role is Role.ORDERLY and not on_arrival_point(clinic, q)
             and isinstance(q.where, Space) and board.module_at(q.where) is not None
             and board.module_at(q.where).kind is ModuleKind.SUPPLY_ROOM}
    for o in (q for q in people if q.role is Role.ORDERLY and free[q.id]):
        here = board.module_at(o.where) if isinstance(o.where, Space) else None
        if here is not None and here.kind is ModuleKind.SUPPLY_ROOM:
            continue
        options = [
            s for s in board.modules_of_kind(ModuleKind.SUPPLY_ROOM)
            if s not in taken and _time(board, o, s) is not None
        ]
        if options:
            s = min(options, key=lambda s: (_time(board, o, s), s))
            taken.add(s)
            loc[o.id] = s

    # Anyone still on an entrance or helipad walks to the nearest place they may end.
    for q in people:
        if free[q.id] and loc[q.id] == q.where and on_arrival_point(clinic, q) and q.role in (Role.DOCTOR, Role.NURSE):
            hubs = [s for s in board.modules_of_kind(ModuleKind.SERVICE_HUB) if _time(board, q, s) is not None]
            if hubs:
                loc[q.id] = min(hubs, key=lambda s: (_time(board, q, s), s))

    goals = {p.id: loc[p.id] for p in people if loc[p.id] != p.where and p.id not in moved}
    slots = sum(r.patients - count(r.space, patients) for r in rooms)
    return CarePlan(goals, treated, income, tuple(d.id for d in idle), slots)
