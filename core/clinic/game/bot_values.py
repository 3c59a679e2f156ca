"""What things are worth to the basic computer player (``bots.BasicBot``): savings to
keep, a build's value over the rounds left, a hire's value, how long a person takes to
get somewhere, how much a parking spot gets in the way. Reads the state only; chooses
nothing (the bot chooses from ``legal_actions``).
"""

from __future__ import annotations

from core.clinic.board import Space
from core.clinic.build_options import is_legal_build
from core.clinic.business import clinic_upkeep, wages
from core.clinic.components import ModuleKind, Role
from core.clinic.constants import PRE_ADMISSIONS_PER_SERVICE
from core.clinic.construction import BuildEntrance, BuildGarden, BuildModule, BuildParking, build_cost
from core.clinic.people import admit_patient

from . import constants as K
from .actions import HireDoctor, HireNurse, HireOrderly, MovePerson
from .bot_plan import care_rooms, plan_care
from .build_phase import build_options
from .hire import nurse_cost, on_arrival_point
from .memo import free_parking_spots, per_object, reach_from
from .state import GameState, Phase, Turn


#: Savings the basic player wants before it opens a second service (a hub, then rooms,
#: supply rooms and doctors for them): less, and the first service starves.
SECOND_SERVICE_SAVINGS = 30


_COSTS: dict = {}


def cost_of(b) -> int:
    """``construction.build_cost(b)``, kept by the build's identity (the engine hands
    out the same build objects board after board, and the players price every option
    at every selection). Raises as ``build_cost`` does."""
    hit = _COSTS.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    cost = build_cost(b)
    if len(_COSTS) >= 4096:  # pragma: no mutate (a cache's size limit)
        _COSTS.clear()
    _COSTS[id(b)] = (b, cost)
    return cost


def build_options_for(state: GameState, p) -> list:
    """The builds ``p`` could make if it were their Build action now (for selecting)."""
    from attrs import evolve

    seat = state.players.index(p)
    probe = evolve(state, phase=Phase.BUILD, queue=(seat,), step=Turn())
    return build_options(probe)


def expenses(clinic) -> int:
    return wages(clinic) + clinic_upkeep(clinic)


def reserve(p, left: int) -> int:
    """Savings to keep: next round's expenses beyond what its care is likely to earn."""
    if left <= 0:
        return 0
    beyond = expenses(p.clinic) - plan_care(p.clinic).income
    kept = max(0, beyond)  # pragma: no mutate (max(1, x) // 2 is max(0, x) // 2 for whole x)
    return kept // 2


def investment(state: GameState, p) -> int:
    """Money to keep for growing: early rounds keep more."""
    return max(0, 10 - 2 * state.round)


def admit_room(state: GameState, p) -> int:
    """How many more patients ``p`` could treat this round, if the notepad has some."""
    clinic = p.clinic
    offered = [s for s in state.services if s in clinic.board.offered_services]
    if not offered or state.cars_lot <= 0 or not free_parking_spots(clinic.board):
        return 0
    n = 0
    for s in offered:
        row = state.notepad[state.row(s)]
        if len(clinic.pre_admitted(s)) >= PRE_ADMISSIONS_PER_SERVICE:
            continue
        colours = [c for c in row if c is not None]
        if any(treatable_gain(clinic, c, s) > 0 for c in set(colours)):
            n += 1
    return n


def treatable_gain(clinic, colour, service) -> int:
    """Extra income this round if a ``colour`` patient of ``service`` were admitted;
    0 unless the plan then treats one patient more (a better-paying newcomer would leave
    a patient waiting, to worsen and die). Kept per clinic (``_gains``): selecting and
    admitting ask it of the same clinic."""
    gains = _gains(clinic)
    key = (colour, service)
    gain = gains.get(key)
    if gain is None:
        gain = gains[key] = _treatable_gain(clinic, colour, service)
    return gain


@per_object
def _gains(clinic) -> dict:
    """``{(colour, service): treatable_gain}`` worked out so far for ``clinic``."""
    return {}


def _treatable_gain(clinic, colour, service) -> int:
    spots = free_parking_spots(clinic.board)
    if not spots or service not in clinic.board.offered_services:
        return 0
    if len(clinic.pre_admitted(service)) >= PRE_ADMISSIONS_PER_SERVICE:
        return 0
    before = plan_care(clinic)
    after = plan_care(admit_patient(clinic, colour, service, spots[0]))
    if len(after.treated) <= len(before.treated):
        return 0  # it would only take the place of a patient already waiting
    return after.income - before.income


class BuildContext:
    """What a build is worth to the bot, in dollars over the rounds left."""

    def __init__(self, state: GameState, p) -> None:
        self.state = state
        self.p = p
        clinic = p.clinic
        self.board = clinic.board
        self.doctors = len(clinic.of_role(Role.DOCTOR))
        self.rooms = len(self.board.working_treatment_rooms)
        self.connected = {b: len(self.board.connected_treatment_rooms(b)) for b in self.board.buildings}
        self.spots = len(free_parking_spots(self.board))
        self.services = [s for s in state.services if s in self.board.offered_services]
        self.patients_waiting = sum(
            1 for s in self.services for c in state.notepad[state.row(s)] if c is not None
        )
        self.all_connected = sum(self.connected.values())
        self.supplies = len(self.board.modules_of_kind(ModuleKind.SUPPLY_ROOM))
        self.rooms_of: dict = {}
        for bld in self.board.buildings:
            for s in self.board.connected_treatment_rooms(bld):
                svc = self.board.room_service(s)
                self.rooms_of[svc] = self.rooms_of.get(svc, 0) + 1

    def supply_of(self, service, extra: int = 0) -> float:
        """Patients of ``service`` this clinic may hope for a round: those on the
        notepad and the 3 new ones a round, shared with the players offering it."""
        state = self.state
        if service not in state.services:
            return 0.0
        row = state.notepad[state.row(service)]
        rivals = extra + sum(1 for q in state.players if service in q.clinic.board.offered_services)
        return (3 + sum(c is not None for c in row) / 2) / max(1, rivals)

    def value(self, b, left: int) -> float:
        board = self.board
        upkeep = left  # $1 a round for any module or garden
        if isinstance(b, BuildModule):
            kind = b.module.kind
            if kind is ModuleKind.TREATMENT_ROOM:
                svc = board.room_service(b.space)
                if svc is None or left <= 2 or self.p.money < 8:
                    return 0
                mine = self.rooms_of.get(svc, 0)
                if mine and self.doctors < 2 * self.all_connected + 1:
                    return 0
                if mine and (self.all_connected >= 2 or self.doctors < 2 * self.all_connected):
                    return 0
                if mine and self.supply_of(svc) < 2 * mine + 1:
                    return 0
                building = self._building_of(b.space)
                supplied = building is not None and board.supply_rooms_in(building) > self.connected.get(building, 0)
                worth = 5 * (left - 1) + 1 + b.space.floor + (0 if mine else 8)
                return (worth if supplied else worth * 0.8) - 2 * upkeep
            if kind is ModuleKind.SUPPLY_ROOM:
                building = self._building_of(b.space)
                if building is None:
                    return 0
                if board.supply_rooms_in(building) >= self.connected.get(building, 0):
                    return 0
                return 8 * left - upkeep
            if kind is ModuleKind.SERVICE_HUB:
                svc = b.module.service
                if self.p.money < SECOND_SERVICE_SAVINGS:
                    return 0  # a second service pays only once the first one runs well
                if svc in board.offered_services or left <= 3 or len(board.offered_services) >= 2:
                    return 0
                if self.state.player_count < 2 or self.p.money < 12 or b.space.floor == 0:
                    return 0
                if self.doctors < 2:
                    return 0
                mine = self.supply_of(next(iter(board.offered_services)))
                if mine >= 2.5 or self.supply_of(svc, extra=1) < 1.5 or not room_site(board, b):
                    return 0
                return 5 * left - upkeep + self.supply_of(svc, extra=1)
            if kind is ModuleKind.OUTPATIENT_SERVICES:
                return (4 * left - upkeep) if self.doctors > 2 * self.rooms else 0
            if kind is ModuleKind.LAB:
                return 0
            return 0
        if isinstance(b, BuildGarden):
            rooms = board.working_treatment_rooms
            n = sum(1 for x in board.neighbours(b.space) if x in rooms)
            return n * 3 * (left - 1) - upkeep if left > 1 else 0
        if isinstance(b, BuildParking):
            if self.spots >= 3:
                return 0
            return 6 - 0.5 * site_value(board, b.space)
        if isinstance(b, BuildEntrance):
            if board.arrival_points >= 2 or left <= 1:
                return 0
            m = board.module_at(board.entrance_target(b.border))
            at_room = m is not None and board.entrance_target(b.border) in board.working_treatment_rooms
            return 2 + (2 * left if at_room else 0)
        return 0

    def _building_of(self, space):
        for n in self.board.neighbours(space):
            b = self.board.building_index.get(n)
            if b is not None:
                return self.board.buildings[b]
        return None


def room_site(board, hub_build) -> bool:
    """After ``hub_build``, could a treatment room go beside the new hub on its floor?"""
    from core.clinic.components import Module
    from core.clinic.construction import build

    try:
        after = build(board, hub_build)
    except ValueError:
        return False
    space = hub_build.space
    room = Module(ModuleKind.TREATMENT_ROOM)
    return any(
        n.floor == space.floor and is_legal_build(after, BuildModule(room, n))
        for n in after.neighbours(space)
    )


def hire_value(state: GameState, p, a, left: int) -> float | None:
    clinic = p.clinic
    board = clinic.board
    if isinstance(a, HireOrderly):
        taken = {q.where for q in clinic.of_role(Role.ORDERLY)}
        empty = [s for s in board.modules_of_kind(ModuleKind.SUPPLY_ROOM) if s not in taken]
        waiting = sum(1 for q in clinic.of_role(Role.ORDERLY) if on_arrival_point(clinic, q))
        if len(empty) <= waiting or left <= 1:
            return 0
        if clinic_upkeep(clinic) < 3:
            return 0
        return 2 * left - K.ORDERLY_COST
    doctors = clinic.of_role(Role.DOCTOR)
    if left == 1 and isinstance(a, (HireDoctor, HireNurse)):
        # The last round: savings are worth nothing at the end, staff score.
        cost = K.UNIVERSITY_COSTS[a.slot] if isinstance(a, HireDoctor) else nurse_cost(state)
        if cost is None or p.money - cost < expenses(clinic) + 2:
            return 0
        points = K.END_DOCTOR[int(state.university[a.slot])] if isinstance(a, HireDoctor) else K.END_NURSE
        return points + 0.1 - 0.01 * cost
    rooms = care_rooms(board)
    places = sum(min(r.doctors, r.patients) for r in rooms)
    if isinstance(a, HireDoctor):
        cost = K.UNIVERSITY_COSTS[a.slot]
        if len(doctors) >= places or left <= 1:
            return 0
        if p.money - cost < reserve(p, left) + 2:
            return 0
        colour = state.university[a.slot]
        return 3 + 2 * left + 1.5 * int(colour) - cost
    if isinstance(a, HireNurse):
        cost = nurse_cost(state)
        nurses = len(clinic.of_role(Role.NURSE))
        if cost is None or nurses >= len(doctors) or cost > 3 or left <= 1:
            return 0
        if p.money - cost < reserve(p, left) + 1:
            return 0
        return 2 + left - cost
    return None


def probe_arrival(clinic):
    from .hire import arrival_points

    points = arrival_points(clinic)
    return points[0] if points else None


def arrival_time(clinic, a) -> int:
    reach = reach_from(clinic.board, a.arrival, Role.DOCTOR)
    rooms = [r.space for r in care_rooms(clinic.board)]
    times = [reach[s] for s in rooms if s in reach]
    return min(times) if times else 9


def move_time(clinic, a: MovePerson) -> int:
    person = clinic.person(a.pid)
    reach = reach_from(clinic.board, person.where, person.role)
    return reach.get(a.goal, 99)  # pragma: no mutate (a legal move's goal is in reach: the default is never read)


def site_value(board, space) -> int:
    """How useful an empty ground-floor space is for modules (neighbouring modules)."""
    if not isinstance(space, Space):
        return 0
    return sum(1 for n in board.neighbours(space) if board.module_at(n) is not None)


def spot_block(board, spot) -> float:
    """How much parking at ``spot`` gets in the way of building: parking tiles block
    nothing; a border blocks the empty spaces beside it, worse next to a module. Kept
    per board and spot (``_spot_blocks``)."""
    if isinstance(spot, Space):
        return 0
    blocks = _spot_blocks(board)
    cost = blocks.get(spot)
    if cost is None:
        cost = blocks[spot] = _spot_block(board, spot)
    return cost


@per_object
def _spot_blocks(board) -> dict:
    """``{border: spot_block(board, border)}`` worked out so far for ``board``."""
    return {}


def _spot_block(board, spot) -> float:
    cost = 0.0
    for s in board.spaces_of_border(spot):
        if board.tile_at(s) is not None:
            continue
        if any(b in board.border_cars for b in board.borders_of(s) if b != spot):
            cost += 0.5  # already blocked
            continue
        cost += 2 + 3 * site_value(board, s)
    return cost
