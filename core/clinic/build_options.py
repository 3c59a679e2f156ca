"""Listing builds: every candidate, and every legal one (for part 2's legal actions).

``legal_builds`` is the one list of legal builds that the UI, bots and tests use; the
property tests check it equals the candidates that ``check_build`` accepts.
"""

from __future__ import annotations

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


def candidate_builds(board: Board, services: tuple[Service, ...] = tuple(Service)):
    """Every build worth trying on ``board`` (legal or not), cars never moved: each
    module kind (service hubs for ``services``) on each space, gardens, helipads,
    parking, upgrades, entrances and conveyor stops."""
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


def _modules_fitting(board: Board, space: Space, modules: list[Module]):
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
    hub_taken = any(
        m.kind is ModuleKind.SERVICE_HUB
        and s.floor == space.floor
        and board.building_index[s] in buildings
        for s, m in board.modules
    )
    for m in modules:
        if m.kind.tile_colour in colours:
            continue
        if hub_taken and m.kind is ModuleKind.SERVICE_HUB:
            continue
        yield BuildModule(m, space)


def _plausible_builds(board: Board, services: tuple[Service, ...]):
    """``candidate_builds`` without the ones that fail on an occupied or unsupported
    space (a cheap pre-filter; ``check_build`` still decides)."""
    modules = [Module(ModuleKind.SERVICE_HUB, s) for s in services]
    modules += [Module(k) for k in ModuleKind if k is not ModuleKind.SERVICE_HUB]
    for space in board.spaces():
        tile = board.tile_at(space)
        if isinstance(tile, ParkingTile):
            yield UpgradeParking(space)
        if tile is not None:
            continue
        below = board.tile_at(space.below()) if space.floor else None
        if space.floor == 0 or isinstance(below, Module):
            yield from _modules_fitting(board, space, modules)
        if space.floor == 0 or isinstance(below, Garden):
            yield BuildGarden(space)
        if isinstance(below, Module):
            yield BuildHelipad(space)
        if space.floor == 0:
            yield BuildParking(space)
    for border in sorted(board.entrance_spaces - set(board.entrances)):
        yield BuildEntrance(border)
    yield from _conveyor_candidates(board)


def is_legal_build(board: Board, action: Build) -> bool:
    """True when ``check_build`` accepts ``action``."""
    try:
        check_build(board, action)
    except IllegalActionError:
        return False
    return True


def legal_builds(board: Board, services: tuple[Service, ...] = tuple(Service)) -> tuple[Build, ...]:
    """Every legal build on ``board`` (cars never moved into new parking), for part
    2's ``legal_actions``; the same set as the legal ones of ``candidate_builds``."""
    return tuple(
        a
        for a in _plausible_builds(board, services)
        if isinstance(a, BuildModule) or is_legal_build(board, a)
    )
