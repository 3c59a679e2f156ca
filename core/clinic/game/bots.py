"""Computer players for Clinic.  Each picks from ``legal_actions`` only, so a bot can
never break a rule; its own seeded RNG keeps games replayable.

Interface (the one the TUI uses): ``bot.choose(state) -> Action``.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.clinic.board import Space
from core.clinic.business import clinic_upkeep, wages
from core.clinic.components import ModuleKind, Role
from core.clinic.constants import PRE_ADMISSIONS_PER_SERVICE
from core.clinic.build_options import is_legal_build
from core.clinic.construction import BuildEntrance, BuildGarden, BuildModule, BuildParking, build_cost
from core.clinic.people import admit_patient

from . import constants as K

from .actions import (
    Action,
    AdmitPatient,
    BuyPopularity,
    ChooseBonus,
    Construct,
    Done,
    EndMove,
    HireDoctor,
    HireNurse,
    HireOrderly,
    MovePerson,
    SelectTile,
    ShiftAppointment,
)
from .admit import _target, shift_notepad
from .bot_plan import care_rooms, plan_care
from .build_phase import build_options
from .hire import nurse_cost, on_arrival_point
from .memo import free_parking_spots, reach_from
from .rules import legal_actions
from .state import ActionTile, BonusTile, GameState, Phase, Turn


class Bot(Protocol):
    level: str

    def choose(self, state: GameState) -> Action:
        """One legal action for the current player of ``state`` (not over)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.  The Move phase always ends legally:
    each person moves at most once and ``EndMove`` is offered once nobody can still
    leave an entrance or helipad (``move_phase``)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(legal_actions(state))


class BasicBot:
    """Plays sensibly, one decision at a time, from ``legal_actions`` only:

    - builds treatment rooms next to a service hub, a supply room for each, gardens
      beside them, a second service when patients run short, parking when spots run
      out; only what it can pay for and keep up;
    - hires orderlies for empty supply rooms, doctors for empty places in its rooms,
      a nurse when colours do not match, only what it can pay;
    - admits only patients it can treat this round (``bot_plan.plan_care``), moving
      a treatable patient into the admitting column when that helps;
    - moves patients, doctors and nurses to the plan's rooms, idle doctors to a lab;
    - buys popularity with the income it does not need for next round.

    Ties are broken by the order of ``legal_actions`` (deterministic); ``rng`` is kept
    for the interface."""

    level = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        handler = getattr(self, "_" + state.phase.name.lower(), None)
        choice = handler(state, options) if handler else None
        return choice if choice is not None else options[-1]

    # --- setup ----------------------------------------------------------------------
    def _expert_setup(self, state: GameState, options: list) -> Action:
        board = state.players[state.current].clinic.board

        def score(a: Construct) -> tuple:
            b = a.build
            space = getattr(b, "space", None)
            if space is None:  # the entrance: all point at the hub
                return (0, -_spot_block(board, b.border))
            free = sum(1 for n in board.neighbours(space) if n.floor == 0 and board.tile_at(n) is None)
            touches = any(board.building_index.get(n) is not None for n in board.neighbours(space))
            return (touches, free, -space.row, -space.col)

        return max(options, key=score)

    def _bonus(self, state: GameState, options: list) -> Action:
        order = (
            BonusTile.ORDERLY, BonusTile.YELLOW_DOCTOR, BonusTile.GARDEN, BonusTile.MONEY,
            BonusTile.NURSE, BonusTile.TRAINED_DOCTOR, BonusTile.PARKING,
        )
        return min(options, key=lambda a: order.index(a.tile))

    def _bonus_place(self, state: GameState, options: list) -> Action:
        board = state.players[state.current].clinic.board
        rooms = board.working_treatment_rooms
        if state.step.placing is BonusTile.GARDEN:
            return max(options, key=lambda a: sum(1 for n in board.neighbours(a.build.space) if n in rooms))
        return min(options, key=lambda a: _site_value(board, a.build.space))

    # --- actions --------------------------------------------------------------------
    def _select(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        tiles = {a.tile for a in options}
        want = {
            ActionTile.BUILD: self._best_build(state, p, None)[0],
            ActionTile.HIRE: self._best_hire_value(state, p),
            ActionTile.ADMIT: 10.0 * _admit_room(state, p),
        }
        best = max(tiles, key=lambda t: (want[t], -int(t) if t is not ActionTile.ADMIT else 3))
        if want[best] <= 0 and ActionTile.ADMIT in tiles:
            best = ActionTile.ADMIT
        return SelectTile(best)

    def _build(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        value, action = self._best_build(state, p, options)
        return action if value > 0 and action is not None else Done()

    def _best_build(self, state: GameState, p, options) -> tuple[float, Action | None]:
        if options is None:
            options = build_options_for(state, p)
        board = p.clinic.board
        left = K.ROUNDS - state.round + 1
        reserve = _reserve(p, left)
        best: tuple[float, Action | None] = (0.0, None)
        ctx = _BuildContext(state, p)
        for a in options:
            if not isinstance(a, Construct):
                continue
            cost = build_cost(a.build)
            if p.money - cost < reserve:
                continue
            v = ctx.value(a.build, left) - cost
            if v > best[0]:
                best = (v, a)
        return best

    def _hire(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        clinic = p.clinic
        left = K.ROUNDS - state.round + 1
        best, choice = 0.0, None
        for a in options:
            v = _hire_value(state, p, a, left)
            if v is None or v <= 0:
                continue
            v -= 0.01 * _spot_block(clinic.board, a.car) + 0.001 * _arrival_time(clinic, a)
            if v > best:
                best, choice = v, a
        return choice or Done()

    def _best_hire_value(self, state: GameState, p) -> float:
        left = K.ROUNDS - state.round + 1
        if not free_parking_spots(p.clinic.board) or state.cars_lot <= 0:
            return 0.0
        clinic = p.clinic
        vals = [0.0]
        probe = _probe_arrival(clinic)
        if probe is None:
            return 0.0
        for slot, colour in enumerate(state.university):
            if colour is not None and K.UNIVERSITY_COSTS[slot] <= p.money:
                vals.append(_hire_value(state, p, HireDoctor(slot, probe, probe), left) or 0)
        if state.orderlies > 0 and p.money >= K.ORDERLY_COST and left > 1:
            vals.append(_hire_value(state, p, HireOrderly(probe, probe), left) or 0)
        if nurse_cost(state) is not None:
            vals.append(_hire_value(state, p, HireNurse(probe, probe), left) or 0)
        return max(vals)

    def _admit(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        clinic = p.clinic
        admits = [a for a in options if isinstance(a, AdmitPatient)]
        good: dict = {}
        for a in admits:
            if a.service not in good:
                colour = state.notepad[state.row(a.service)][-1]
                good[a.service] = _treatable_gain(clinic, colour, a.service)
        ranked = [a for a in admits if good[a.service] > 0]
        if ranked:
            return max(ranked, key=lambda a: (good[a.service], -_spot_block(clinic.board, a.car)))
        if state.step.qp >= 2:
            current = {s: state.notepad[state.row(s)][-1] for s in clinic.board.offered_services if s in state.services}
            for a in options:
                if not isinstance(a, ShiftAppointment):
                    continue
                r = state.row(a.service)
                r2, i2 = _target(state, r, a.index, a.direction)
                pad = shift_notepad(state.notepad, r, a.index, r2, i2)
                for s, before in current.items():
                    after = pad[state.row(s)][-1]
                    if after is not None and after != before and _treatable_gain(clinic, after, s) > 0:
                        if len(clinic.pre_admitted(s)) < PRE_ADMISSIONS_PER_SERVICE:
                            return a
        return Done()

    def _move(self, state: GameState, options: list) -> Action:
        clinic = state.players[state.current].clinic
        plan = plan_care(clinic, state.step.moved)
        moves = [a for a in options if isinstance(a, MovePerson)]
        for a in moves:
            if plan.goals.get(a.pid) == a.goal:
                return a
        if any(isinstance(a, EndMove) for a in options):
            return EndMove()
        # Someone on an entrance or helipad must still go in: the quickest place.
        stuck = [a for a in moves if on_arrival_point(clinic, clinic.person(a.pid))]
        return min(stuck or moves, key=lambda a: _move_time(clinic, a))

    def _buy_popularity(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        if state.round >= K.ROUNDS:
            return max(options, key=lambda a: a.amount)
        keep = _reserve(p, K.ROUNDS - state.round) + _investment(state, p)
        spare = p.income - max(0, keep - p.money)
        amount = max(0, spare // POP_PRICE)
        return max((a for a in options if a.amount <= amount), key=lambda a: a.amount)


# --- the basic bot's economics -------------------------------------------------------
POP_PRICE = 3


def build_options_for(state: GameState, p) -> list:
    """The builds ``p`` could make if it were their Build action now (for selecting)."""
    from attrs import evolve

    seat = state.players.index(p)
    probe = evolve(state, phase=Phase.BUILD, queue=(seat,), step=Turn())
    return build_options(probe)


def _expenses(clinic) -> int:
    return wages(clinic) + clinic_upkeep(clinic)


def _reserve(p, left: int) -> int:
    """Savings to keep: next round's expenses beyond what its care is likely to earn."""
    if left <= 0:
        return 0
    return max(0, _expenses(p.clinic) - plan_care(p.clinic).income) // 2


def _investment(state: GameState, p) -> int:
    """Money to keep for growing: early rounds keep more."""
    return max(0, 10 - 2 * state.round)


def _admit_room(state: GameState, p) -> int:
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
        if any(_treatable_gain(clinic, c, s) > 0 for c in set(colours)):
            n += 1
    return n


def _treatable_gain(clinic, colour, service) -> int:
    """Extra income this round if a ``colour`` patient of ``service`` were admitted."""
    spots = free_parking_spots(clinic.board)
    if not spots or service not in clinic.board.offered_services:
        return 0
    if len(clinic.pre_admitted(service)) >= PRE_ADMISSIONS_PER_SERVICE:
        return 0
    before = plan_care(clinic).income
    after = plan_care(admit_patient(clinic, colour, service, spots[0])).income
    return after - before


class _BuildContext:
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
                if svc in board.offered_services or left <= 3 or len(board.offered_services) >= 2:
                    return 0
                if self.state.player_count < 2 or self.p.money < 12 or b.space.floor == 0:
                    return 0
                if self.doctors < 2:
                    return 0
                mine = self.supply_of(next(iter(board.offered_services)))
                if mine >= 2.5 or self.supply_of(svc, extra=1) < 1.5 or not _room_site(board, b):
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
            return 6 - 0.5 * _site_value(board, b.space)
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


def _room_site(board, hub_build) -> bool:
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


def _hire_value(state: GameState, p, a, left: int) -> float | None:
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
        if cost is None or p.money - cost < _expenses(clinic) + 2:
            return 0
        points = K.END_DOCTOR[int(state.university[a.slot])] if isinstance(a, HireDoctor) else K.END_NURSE
        return points + 0.1 - 0.01 * cost
    rooms = care_rooms(board)
    places = sum(min(r.doctors, r.patients) for r in rooms)
    if isinstance(a, HireDoctor):
        cost = K.UNIVERSITY_COSTS[a.slot]
        if len(doctors) >= places or left <= 1:
            return 0
        if p.money - cost < _reserve(p, left) + 2:
            return 0
        colour = state.university[a.slot]
        return 3 + 2 * left + 1.5 * int(colour) - cost
    if isinstance(a, HireNurse):
        cost = nurse_cost(state)
        nurses = len(clinic.of_role(Role.NURSE))
        if cost is None or nurses >= len(doctors) or cost > 3 or left <= 1:
            return 0
        if p.money - cost < _reserve(p, left) + 1:
            return 0
        return 2 + left - cost
    return None


def _probe_arrival(clinic):
    from .hire import arrival_points

    points = arrival_points(clinic)
    return points[0] if points else None


def _arrival_time(clinic, a) -> int:
    reach = reach_from(clinic.board, a.arrival, Role.DOCTOR)
    rooms = [r.space for r in care_rooms(clinic.board)]
    times = [reach[s] for s in rooms if s in reach]
    return min(times) if times else 9


def _move_time(clinic, a: MovePerson) -> int:
    person = clinic.person(a.pid)
    return reach_from(clinic.board, person.where, person.role).get(a.goal, 99)


def _site_value(board, space) -> int:
    """How useful an empty ground-floor space is for modules (neighbouring modules)."""
    if not isinstance(space, Space):
        return 0
    return sum(1 for n in board.neighbours(space) if board.module_at(n) is not None)


def _spot_block(board, spot) -> float:
    """How much parking at ``spot`` gets in the way of building: parking tiles block
    nothing; a border blocks the empty spaces beside it, worse next to a module."""
    if isinstance(spot, Space):
        return 0
    cost = 0.0
    for s in board.spaces_of_border(spot):
        if board.tile_at(s) is not None:
            continue
        if any(b in board.border_cars for b in board.borders_of(s) if b != spot):
            cost += 0.5  # already blocked
            continue
        cost += 2 + 3 * _site_value(board, s)
    return cost


BOTS: dict[str, type] = {"random": RandomBot, "basic": BasicBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random" or "basic"); raises ``ValueError`` otherwise."""
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(BOTS)}") from None

