"""Building: the Build action (up to 2 components from the face-up tiles), the experts'
free initial construction, and the bonus tiles (rulebook "Action: Build", "Setup").
"""

from __future__ import annotations

import weakref
from itertools import compress

from core.clinic.fast_evolve import evolve

from core.clinic.build_options import legal_build_runs, legal_builds
from core.clinic.game.hooks import bonus_tile
from core.clinic.components import Colour, Module, ModuleKind, Role, Service
from core.clinic.people import recolour
from core.clinic.construction import (
    BuildEntrance,
    BuildGarden,
    BuildModule,
    BuildParking,
    build,
    build_cost,
)

from . import constants as K
from .actions import ChooseBonus, Construct, ParkStartingCar
from .outcome import Finished, Outcome, Waiting, waiting_or
from .setup import arrive, park_starting_car, starting_car_spots
from .state import BonusTile, GameState, Phase, Turn, set_player
from .supplies import shortage, supplies_left

PSYCHIATRY_HUB = Module(ModuleKind.SERVICE_HUB, Service.PSYCHIATRY)


def _stack_index(state: GameState, module: Module) -> tuple[str, int] | None:
    for name in ("hub_stacks", "special_stacks"):
        for i, st in enumerate(getattr(state, name)):
            if st.module == module:
                return name, i
    return None


def build_options(state: GameState) -> list[Construct]:
    """Every build the current player may make now: legal (part 1), affordable, and
    its tile available (face-up service hubs and special modules; supply rooms,
    gardens, parking tiles and conveyor stops while the shared supply lasts, rulings
    0.6)."""
    p = state.players[state.current]
    services = tuple(st.module.service for st in state.hub_stacks if st.available)
    constructs, kinds = _offers(p.clinic.board, services)
    specials = {st.module.kind for st in state.special_stacks if st.available}
    supplies = supplies_left(state)
    ok = {}
    for n in set(kinds):
        build, cost = _KINDS[n]
        ok[n] = (
            cost <= p.money
            and (build.__class__ is not BuildModule or _module_available(state, build.module.kind, specials))
            and not shortage(state, build, supplies)
        )
    return list(compress(constructs, map(ok.__getitem__, kinds)))


def _module_available(state: GameState, kind: ModuleKind, specials: set) -> bool:
    """A special module only while its stack is face up; a supply room while any is left."""
    if kind.is_special:
        return kind in specials
    return kind is not ModuleKind.SUPPLY_ROOM or state.supply_rooms > 0


# Kinds of build: builds of one kind (type, module, floor, number of conveyor stops)
# cost the same and draw on the same supply, so ``build_options`` decides once per kind.
_KIND_NUMBERS: dict = {}  # kind -> its number
_KINDS: list = []  # by number: (a build of that kind, its cost)


def _kind_number(build) -> int:
    space = getattr(build, "space", None)
    stops = len(getattr(build, "stops", ()))
    kind = (build.__class__, getattr(build, "module", None), space and space.floor, stops)
    n = _KIND_NUMBERS.get(kind)
    if n is None:
        n = _KIND_NUMBERS[kind] = len(_KINDS)
        _KINDS.append((build, build_cost(build)))
    return n


_RUNS: dict = {}  # id of a run of builds -> (the run, its Constructs, their kind numbers)
_OFFERS: dict = {}


def _offers(board, services: tuple) -> tuple:
    """``legal_builds(board, services)`` as ``(Constructs, the kind number of each)``,
    kept per board value while it lives (like ``legal_builds``), and made from the
    runs of ``legal_build_runs``, each wrapped once while it lives.  A run that is not
    of modules is of one kind: parking or upgrades of one space, a garden, a helipad,
    an entrance, conveyor purchases of as many stops each."""
    key = (id(board), services)
    hit = _OFFERS.get(key)
    if hit is not None and hit[0]() is board:
        return hit[1]
    constructs: list = []
    kinds: list = []
    for run in legal_build_runs(board, services):
        wrapped = _RUNS.get(id(run))
        if wrapped is None or wrapped[0] is not run:
            if len(_RUNS) >= 8192:  # pragma: no mutate (a cache's size limit)
                _RUNS.clear()
            if run and run[0].__class__ is not BuildModule:  # one kind: one space's
                kinds_of_run = (_kind_number(run[0]),) * len(run)  # parking, a conveyor's
            else:
                kinds_of_run = tuple(map(_kind_number, run))
            wrapped = _RUNS[id(run)] = (run, tuple(map(Construct, run)), kinds_of_run)
        constructs += wrapped[1]
        kinds += wrapped[2]
    value = (tuple(constructs), tuple(kinds))
    if len(_OFFERS) >= 2048:  # pragma: no mutate (a cache's size limit)
        _OFFERS.clear()
    _OFFERS[key] = (weakref.ref(board), value)
    return value


def apply_build(state: GameState, action: Construct) -> Outcome:
    """Pay, take the tile, build; after the second build the action is ``Finished``."""
    seat = state.current
    p = state.players[seat]
    b = action.build
    board = build(p.clinic.board, b)
    p = evolve(p, clinic=evolve(p.clinic, board=board), money=p.money - build_cost(b))
    state = evolve(state, players=set_player(state, seat, p))
    if isinstance(b, BuildModule):
        where = _stack_index(state, b.module)
        if where is not None:
            name, i = where
            stacks = getattr(state, name)
            st = evolve(stacks[i], left=stacks[i].left - 1, face_up=False)
            state = evolve(state, **{name: stacks[:i] + (st,) + stacks[i + 1 :]})
        elif b.module.kind is ModuleKind.SUPPLY_ROOM:
            state = evolve(state, supply_rooms=state.supply_rooms - 1)
    state = evolve(state, step=evolve(state.step, builds=state.step.builds + 1))
    return waiting_or(state, state.step.builds >= K.BUILDS_PER_ACTION)


# --- Experts' initial construction (rulebook: hub, treatment room, supply room, and an
# entrance that must point at the service hub; free) ------------------------------------
def expert_options(state: GameState) -> list:
    """The next starting component: the psychiatry hub (on a ground-floor space with an
    entrance space beside it), then a treatment room, a supply room, the entrance; then
    where the starting car stands (``start_car_options``)."""
    board = state.players[state.current].clinic.board
    if board.entrances:
        return start_car_options(state)
    # ``()``: no service hubs, which these lists leave out anyway (only to build fewer).
    builds = legal_builds(board, ())  # pragma: no mutate
    n = len(board.modules)
    if n == 0:
        return [
            Construct(BuildModule(PSYCHIATRY_HUB, s))
            for s in board.spaces(0)
            if any(b in board.entrance_spaces for b in board.borders_of(s))
        ]
    if n < 3:
        kind = (ModuleKind.TREATMENT_ROOM, ModuleKind.SUPPLY_ROOM)[n - 1]
        return [
            Construct(b)
            for b in builds
            if isinstance(b, BuildModule) and b.module.kind is kind
        ]
    return [Construct(b) for b in builds if isinstance(b, BuildEntrance)]


def apply_expert(state: GameState, action) -> Outcome:
    """Build one of an expert's starting components (or park the starting car)."""
    seat = state.current
    p = state.players[seat]
    if isinstance(action, ParkStartingCar):
        return apply_start_car(state, action)
    clinic = evolve(p.clinic, board=build(p.clinic.board, action.build))
    if not isinstance(action.build, BuildEntrance):
        return Waiting(evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic))))
    clinic = arrive(clinic, Role.DOCTOR, Colour.WHITE)
    state = evolve(
        state,
        players=set_player(state, seat, evolve(p, clinic=clinic)),
        cars_lot=state.cars_lot - 1,
        supply_doctors=state.supply_doctors + 1,
    )
    return Waiting(state)  # the same expert now chooses where the starting car stands


# --- The starting car (decisions: first free border clockwise, or the player's choice) --
def start_car_options(state: GameState) -> list[ParkStartingCar]:
    """Where the current player's starting car may stand, the first free border
    clockwise from the entrance first (``setup.starting_car_spots``)."""
    board = state.players[state.current].clinic.board
    return [ParkStartingCar(b) for b in starting_car_spots(board)]


def apply_start_car(state: GameState, action: ParkStartingCar) -> Outcome:
    """Park the starting car; the next beginner chooses, then the experts build, then
    the bonus tiles are taken."""
    seat = state.current
    p = state.players[seat]
    p = evolve(p, clinic=park_starting_car(p.clinic, action.spot))
    state = evolve(state, players=set_player(state, seat, p))
    queue = state.queue[1:]
    if queue:
        return Waiting(evolve(state, queue=queue))
    if state.phase is Phase.START_CAR:
        experts = tuple(s for s in state.turn_order if state.config.expert[s])
        if experts:
            return Waiting(evolve(state, phase=Phase.EXPERT_SETUP, queue=experts))
    return Waiting(evolve(state, phase=Phase.BONUS, queue=tuple(reversed(state.turn_order))))


# --- Bonus tiles (decisions; rulebook: people come with a car, from the supply) -------
def bonus_options(state: GameState) -> list[ChooseBonus]:
    return [ChooseBonus(t) for t in state.bonus_tiles]


def apply_bonus(state: GameState, action: ChooseBonus) -> Outcome:
    """Take a bonus tile; setup is ``Finished`` after the last player's."""
    seat = state.current
    p = state.players[seat]
    tile = action.tile
    state = evolve(state, bonus_tiles=tuple(t for t in state.bonus_tiles if t is not tile))
    clinic = p.clinic
    if state.config.options and (taken := bonus_tile(state, seat, tile)) is not None:
        return next_bonus(taken)  # an expansion's own bonus tile
    if tile is BonusTile.MONEY:
        p = evolve(p, money=p.money + K.BONUS_MONEY)
    elif tile in (BonusTile.NURSE, BonusTile.ORDERLY, BonusTile.YELLOW_DOCTOR):
        role = {BonusTile.NURSE: Role.NURSE, BonusTile.ORDERLY: Role.ORDERLY}.get(tile, Role.DOCTOR)
        colour = Colour.YELLOW if role is Role.DOCTOR else None
        p = evolve(p, clinic=arrive(clinic, role, colour))
        state = evolve(
            state,
            cars_lot=state.cars_lot - 1,
            supply_doctors=state.supply_doctors + (role is Role.DOCTOR),
            supply_nurses=state.supply_nurses + (role is Role.NURSE),
            supply_orderlies=state.supply_orderlies + (role is Role.ORDERLY),
        )
    elif tile is BonusTile.TRAINED_DOCTOR:
        whites = [d for d in clinic.of_role(Role.DOCTOR) if d.colour is Colour.WHITE]
        if whites:
            p = evolve(p, clinic=recolour(clinic, whites[0].id, Colour.YELLOW))
    else:
        state = evolve(state, players=set_player(state, seat, p))
        return Waiting(evolve(state, phase=Phase.BONUS_PLACE, step=Turn(placing=tile)))
    state = evolve(state, players=set_player(state, seat, p))
    return next_bonus(state)


def next_bonus(state: GameState) -> Outcome:
    """The next player takes a bonus tile, or setup is ``Finished`` (round 1 begins)."""
    queue = state.queue[1:]
    if queue:
        return Waiting(evolve(state, phase=Phase.BONUS, queue=queue))
    return Finished(state)


def bonus_place_options(state: GameState) -> list[Construct]:
    """Where the free parking tile or garden may go: ground floor (this bonus)."""
    board = state.players[state.current].clinic.board
    want = BuildParking if state.step.placing is BonusTile.PARKING else BuildGarden
    # ``()``: no service hubs, which this list leaves out anyway (only to build fewer).
    builds = legal_builds(board, ())  # pragma: no mutate
    return [Construct(b) for b in builds if type(b) is want and b.space.floor == 0]


def apply_bonus_place(state: GameState, action: Construct) -> Outcome:
    seat = state.current
    p = state.players[seat]
    p = evolve(p, clinic=evolve(p.clinic, board=build(p.clinic.board, action.build)))
    return next_bonus(evolve(state, players=set_player(state, seat, p)))
