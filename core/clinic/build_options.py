"""Listing builds: every candidate, and every legal one (for part 2's legal actions).

``legal_builds`` is the one list of legal builds that the UI, bots and tests use; the
property tests check it equals the candidates that ``check_build`` accepts.
"""

from __future__ import annotations

import weakref
from itertools import combinations

from . import constants as K
from .board import Board, Space
from .components import Garden, Module, ModuleKind, ParkingTile, Service
from .construction import (
    Build,
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    UpgradeParking,
    check_build,
)
from .errors import IllegalActionError


def movable_cars(board: Board) -> tuple:
    """Parked cars worth moving into a new or upgraded parking tile: cars on borders
    that touch an empty ground-floor space (moving them frees that space for a
    module).  **House rule:** other moves (a car from another parking tile, or from a
    border beside no empty space) change nothing and are not offered."""
    return tuple(
        b
        for b in sorted(board.border_cars, key=_border_key)
        if any(board.tile_at(s) is None for s in board.spaces_of_border(b))
    )


def _border_key(b) -> tuple:
    return (b.vertical, b.x, b.y)  # the attrs order of Border, without its slow __lt__


def car_choices(board: Board, room: int) -> tuple[tuple, ...]:
    """Every choice of cars to move into a parking tile with ``room`` free places:
    no car, then each set of up to ``room`` of ``movable_cars`` (sorted)."""
    cars = movable_cars(board)
    out: list[tuple] = [()]
    for n in range(1, min(room, len(cars)) + 1):
        out.extend(combinations(cars, n))
    return tuple(out)


def _parking_builds(board: Board, space: Space, memo: dict | None = None):
    memo = {} if memo is None else memo  # pragma: no mutate (a cache: a fresh one gives the same builds)
    tile = board.tile_at(space)
    if tile is None:
        room = K.PARKING_TILE_CARS
    elif isinstance(tile, ParkingTile):
        room = K.PARKING_TILE_UPGRADED_CARS - tile.cars
    else:
        return
    if room not in memo:
        memo[room] = car_choices(board, room)
    kind = BuildParking if tile is None else UpgradeParking
    for cars in memo[room]:
        yield kind(space, cars)


def candidate_builds(board: Board, services: tuple[Service, ...] = tuple(Service)):
    """Every build worth trying on ``board`` (legal or not): each module kind (service
    hubs for ``services``) on each space, gardens, helipads, parking and upgrades (with
    each choice of ``car_choices``), entrances and conveyor stops."""
    modules = [Module(ModuleKind.SERVICE_HUB, s) for s in services]
    modules += [Module(k) for k in ModuleKind if k is not ModuleKind.SERVICE_HUB]
    for space in board.spaces():
        for m in modules:
            yield BuildModule(m, space)
        yield BuildGarden(space)
        yield BuildHelipad(space)
        if space.floor == 0:
            yield BuildParking(space)
            yield UpgradeParking(space)
            if isinstance(board.tile_at(space), (ParkingTile, type(None))):
                yield from (a for a in _parking_builds(board, space) if a.cars_moved)
    for border in sorted(board.entrance_spaces):
        yield BuildEntrance(border)
    yield from _conveyor_candidates(board)


def _conveyor_candidates(board: Board):
    module_spaces = [s for s, _ in board.modules]
    if board.conveyor_stops:
        for s in module_spaces:
            yield BuildConveyor((s,))
    else:
        for i, a in enumerate(module_spaces):
            for b in module_spaces[i + 1 :]:
                yield BuildConveyor((a, b))


def _modules_fitting(board: Board, space: Space, modules: list[Module], hub_floors: frozenset | None = None):
    """Legal ``BuildModule``s on a free, supported ``space``: the checks of
    ``_check_module`` done once per space instead of once per module (a fast path for
    ``legal_builds``; the property tests compare it with ``check_build``)."""
    if space.floor == 0 and any(b in board.border_cars for b in board.borders_of(space)):
        return
    colours = set()
    buildings = set()
    for n in board.neighbours(space):
        m = board.module_at(n)
        if m is not None:
            colours.add(m.kind.tile_colour)
            buildings.add(board.building_index[n])
    if len(buildings) > 1:
        return
    if hub_floors is None:
        hub_floors = _hub_floors(board)
    hub_taken = any((space.floor, b) in hub_floors for b in buildings)
    for m in modules:
        if m.kind.tile_colour in colours:
            continue
        if hub_taken and m.kind is ModuleKind.SERVICE_HUB:
            continue
        yield BuildModule(m, space)


def _hub_floors(board: Board) -> frozenset:
    """(floor, building number) of every service hub: one hub per floor per building."""
    index = board.building_index
    return frozenset((s.floor, index[s]) for s, m in board.modules if m.kind is ModuleKind.SERVICE_HUB)


def _plausible_builds(board: Board, services: tuple[Service, ...]):
    """``candidate_builds`` without the ones that fail on an occupied or unsupported
    space (a cheap pre-filter; ``check_build`` still decides)."""
    modules = [Module(ModuleKind.SERVICE_HUB, s) for s in services]
    modules += [Module(k) for k in ModuleKind if k is not ModuleKind.SERVICE_HUB]
    memo: dict = {}
    hub_floors = _hub_floors(board)
    for space in board.spaces():
        tile = board.tile_at(space)
        if isinstance(tile, ParkingTile):
            yield from _parking_builds(board, space, memo)
        if tile is not None:
            continue
        below = board.tile_at(space.below()) if space.floor else None
        if space.floor == 0 or isinstance(below, Module):
            yield from _modules_fitting(board, space, modules, hub_floors)
        if space.floor == 0 or isinstance(below, Garden):
            yield BuildGarden(space)
        if isinstance(below, Module):
            yield BuildHelipad(space)
        if space.floor == 0:
            yield from _parking_builds(board, space, memo)
    # The key is Border's own order, only faster: sorting without it is the same.
    for border in sorted(board.entrance_spaces - set(board.entrances), key=_border_key):  # pragma: no mutate
        yield BuildEntrance(border)
    yield from _conveyor_candidates(board)


def is_legal_build(board: Board, action: Build) -> bool:
    """True when ``check_build`` accepts ``action``."""
    try:
        check_build(board, action)
    except IllegalActionError:
        return False
    return True


_LEGAL_MEMO: dict = {}


def legal_builds(board: Board, services: tuple[Service, ...] = tuple(Service)) -> tuple[Build, ...]:
    """Every legal build on ``board`` (see ``_legal_builds``), kept per board value
    while it lives (boards are frozen; the same board is asked many times a game)."""
    services = tuple(services)
    key = (id(board), services)
    hit = _LEGAL_MEMO.get(key)
    if hit is not None and hit[0]() is board:
        return hit[1]
    value = _legal_builds(board, services)
    if len(_LEGAL_MEMO) >= 2048:  # pragma: no mutate (a cache's size limit)
        _LEGAL_MEMO.clear()
    _LEGAL_MEMO[key] = (weakref.ref(board), value)
    return value


def _legal_builds(board: Board, services: tuple[Service, ...]) -> tuple[Build, ...]:
    """Every legal build on ``board``, for part 2's ``legal_actions``: parking and
    upgrades once per choice of cars moved into the tile (``car_choices``); the same
    set as the legal ones of ``candidate_builds``."""
    out = []
    plain_ok: dict = {}
    for a in _plausible_builds(board, services):
        if isinstance(a, (BuildModule, BuildGarden, BuildHelipad)):
            # ``_plausible_builds`` offers these only where ``check_build`` allows them
            # (a free space; floor 0 or a garden below; a module below a helipad).
            out.append(a)
        elif isinstance(a, (BuildParking, UpgradeParking)):
            # Moving chosen border cars into the tile is always possible once the tile
            # itself may be built (distinct cars, no more than its room): check the
            # plain build once per space (it comes first, ``car_choices``).
            key = (type(a), a.space)
            if key not in plain_ok:
                plain_ok[key] = is_legal_build(board, a)
            if plain_ok[key]:
                out.append(a)
        elif is_legal_build(board, a):
            out.append(a)
    return tuple(out)
