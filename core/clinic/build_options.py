"""Listing builds: every candidate, and every legal one (for part 2's legal actions).

``legal_builds`` is the one list of legal builds that the UI, bots and tests use; the
property tests check it equals the candidates that ``check_build`` accepts.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from itertools import chain, combinations

from . import constants as K
from .board import Board, BoardSide, Space, _borders_of, _neighbours, _spaces
from .components import Garden, Module, ModuleKind, ParkingTile, Service, TileColour
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


def _hub_floors(board: Board) -> frozenset:
    """(floor, building number) of every service hub: one hub per floor per building."""
    index = board.building_index
    return frozenset((s.floor, index[s]) for s, m in board.modules if m.kind is ModuleKind.SERVICE_HUB)


@lru_cache(maxsize=None)
def _layout(cols: int, rows: int) -> tuple:
    """Floor by floor, for every space of a ``cols`` x ``rows`` board in
    ``Board.spaces()`` order: ``(space, the space below or None on floor 0, its
    neighbours, its borders on floor 0 or (), a garden there, a helipad there
    (1-tuples: runs))``: the board geometry ``_legal_builds`` walks, worked out once,
    and the builds it hands out every time."""
    return tuple(
        tuple(
            (
                s,
                s.below() if s.floor else None,
                _neighbours(cols, rows, s),
                _borders_of(s) if s.floor == 0 else (),
                (BuildGarden(s),),
                (BuildHelipad(s),) if s.floor else None,
            )
            for s in _spaces(cols, rows, floor)
        )
        for floor in range(K.MAX_FLOOR + 1)
    )


@lru_cache(maxsize=None)
def _entrance_layout(cols: int, rows: int) -> tuple:
    """``(border, the space it points at, an entrance there (a 1-tuple: a run))`` for
    every entrance space, in Border order."""
    board = Board(side=next(side for side in BoardSide if side.size == (cols, rows)))
    return tuple(
        (b, board.entrance_target(b), (BuildEntrance(b),))
        for b in sorted(board.entrance_spaces, key=_border_key)
    )


_COLOUR_BITS = {colour: 1 << i for i, colour in enumerate(TileColour)}


class _ModuleChoices:
    """The modules one may build for a tuple of services (their service hubs, then
    every other kind, in ``ModuleKind`` order), with the ``BuildModule`` lists per
    space and situation kept (they are the same on every board)."""

    def __init__(self, services: tuple[Service, ...]) -> None:
        modules = [Module(ModuleKind.SERVICE_HUB, s) for s in services]
        modules += [Module(k) for k in ModuleKind if k is not ModuleKind.SERVICE_HUB]
        self.modules = tuple(
            (m, _COLOUR_BITS[m.kind.tile_colour], m.kind is ModuleKind.SERVICE_HUB) for m in modules
        )
        self.builds: dict = {}

    def fitting(self, space: Space, colours: int, hub_taken: bool) -> tuple:
        """The ``BuildModule``s on a free, supported, unobstructed ``space`` whose
        neighbours' module colours are the bits ``colours`` (no matches rule), without
        service hubs when ``hub_taken`` (one hub per floor per building)."""
        key = (space, colours, hub_taken)
        hit = self.builds.get(key)
        if hit is None:
            hit = self.builds[key] = tuple(
                BuildModule(m, space)
                for m, bit, hub in self.modules
                if not bit & colours and not (hub and hub_taken)
            )
        return hit


@lru_cache(maxsize=64)
def _module_choices(services: tuple[Service, ...]) -> _ModuleChoices:
    return _ModuleChoices(services)


_PARKING_MEMO: dict = {}


def _parking_choices(kind: type, space: Space, room: int, movable: tuple) -> tuple:
    """``kind(space, cars)`` for each choice of ``car_choices`` (cars ``movable``, a
    tile with ``room`` free places); the same tuples for the same inputs, kept."""
    key = (kind, space, room, movable)
    hit = _PARKING_MEMO.get(key)
    if hit is None:
        choices: list[tuple] = [()]
        for n in range(1, min(room, len(movable)) + 1):
            choices.extend(combinations(movable, n))
        if len(_PARKING_MEMO) >= 4096:  # pragma: no mutate (a cache's size limit)
            _PARKING_MEMO.clear()
        hit = _PARKING_MEMO[key] = tuple(kind(space, cars) for cars in choices)
    return hit


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
    value = tuple(chain.from_iterable(legal_build_runs(board, services)))
    if len(_LEGAL_MEMO) >= 2048:  # pragma: no mutate (a cache's size limit)
        _LEGAL_MEMO.clear()
    _LEGAL_MEMO[key] = (weakref.ref(board), value)
    return value


_RUNS_MEMO: dict = {}


def legal_build_runs(
    board: Board, services: tuple[Service, ...] = tuple(Service)
) -> tuple[tuple[Build, ...], ...]:
    """``legal_builds(board, services)`` cut into runs (their concatenation): the
    modules of one space, its parking choices, a garden...  Most runs are the very
    same tuple objects board after board, so a caller can keep what it derives from a
    run by the run's identity (``game.build_phase`` does).  Kept per board value."""
    services = tuple(services)
    key = (id(board), services)
    hit = _RUNS_MEMO.get(key)
    if hit is not None and hit[0]() is board:
        return hit[1]
    value = _legal_builds(board, services)
    if len(_RUNS_MEMO) >= 2048:  # pragma: no mutate (a cache's size limit)
        _RUNS_MEMO.clear()
    _RUNS_MEMO[key] = (weakref.ref(board), value)
    return value


def _legal_builds(board: Board, services: tuple[Service, ...]) -> tuple[tuple[Build, ...], ...]:
    """Every legal build on ``board``, for part 2's ``legal_actions``: the legal ones of
    ``candidate_builds`` (the property tests check the two agree), space by space in
    board order (upgrades of a parking tile there; else modules, garden, helipad,
    parking), then entrances in border order, then conveyor stops.  Parking and
    upgrades come once per choice of cars moved into the tile (``car_choices``).

    The checks of ``check_build`` done once per space instead of once per build:
    a module needs a free space on floor 0 or above a module (support), no car on the
    space's borders and no same-coloured module beside it (obstruction, no matches),
    at most one building beside it (separate buildings), and for a service hub none on
    that floor of that building; a garden needs floor 0 or a garden below, a helipad a
    module below; parking a free ground space, an upgrade an unupgraded tile (moving
    chosen border cars in is then always possible: distinct cars, no more than its
    room); an entrance a module at the space it points at (the first one a service
    hub); a conveyor stop a module aligned with a stop (the first purchase: two
    aligned modules).  Returned as runs (``legal_build_runs``).
    """
    tiles = board.tile_map
    get = tiles.get
    cars = board.border_cars
    choices = _module_choices(services)
    index = board.building_index
    hub_floors = _hub_floors(board)
    movable = movable_cars(board) if cars else ()
    out: list = []
    # Nothing stands on a floor above the highest tile's floor + 1, nor may be built.
    top = max((space.floor for space, _ in board.tiles), default=-1)
    spaces = chain.from_iterable(_layout(board.cols, board.rows)[: top + 2])
    for space, below, neighbours, borders, garden, helipad in spaces:
        tile = get(space)
        if tile is not None:
            if isinstance(tile, ParkingTile) and tile.capacity < K.PARKING_TILE_UPGRADED_CARS:
                room = K.PARKING_TILE_UPGRADED_CARS - tile.cars
                out.append(_parking_choices(UpgradeParking, space, room, movable))
            continue
        under = None if below is None else get(below)
        on_module = isinstance(under, Module)
        if (below is None or on_module) and not (cars and any(b in cars for b in borders)):
            colours = 0
            buildings = set()
            for n in neighbours:
                m = get(n)
                if isinstance(m, Module):
                    colours |= _COLOUR_BITS[m.kind.tile_colour]
                    buildings.add(index[n])
            if len(buildings) <= 1:
                hub_taken = any((space.floor, b) in hub_floors for b in buildings)
                out.append(choices.fitting(space, colours, hub_taken))
        if below is None:
            out.append(garden)
            out.append(_parking_choices(BuildParking, space, K.PARKING_TILE_CARS, movable))
        elif on_module:
            out.append(helipad)
        elif isinstance(under, Garden):
            out.append(garden)
    first = not board.entrances
    for border, target, entrance in _entrance_layout(board.cols, board.rows):
        m = get(target)
        if isinstance(m, Module) and border not in board.entrances:
            if not first or m.kind is ModuleKind.SERVICE_HUB:
                out.append(entrance)
    out.append(tuple(_conveyor_builds(board)))
    return tuple(out)


def _conveyor_builds(board: Board) -> list:
    """The legal ``BuildConveyor``s, in ``_conveyor_candidates`` order: each module
    aligned with a stop, or (no stops yet) each aligned pair of modules."""
    module_spaces = [s for s, _ in board.modules]
    stops = board.conveyor_stops
    if stops:
        return [
            BuildConveyor((s,))
            for s in module_spaces
            if s not in stops and any(s.aligned_with(e) for e in stops)
        ]
    return [
        BuildConveyor((a, b))
        for i, a in enumerate(module_spaces)
        for b in module_spaces[i + 1 :]
        if a.aligned_with(b)
    ]
