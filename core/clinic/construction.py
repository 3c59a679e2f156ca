"""Construction: what may be built where, what it costs, and placing it.

Rulebook: "Construction Rules" (support, no matches, no obstructions, separate
building), "Service Hubs", "Entrance", "Conveyor", "Parking"; helipad and garden
placement and every cost by floor are from rules-decisions.md.  Actions are small frozen
classes; ``check_build`` raises ``IllegalActionError`` naming the rule and the input,
``build`` returns the new ``Board``, ``build_cost`` gives dollars.
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve
from attrs import field
from core.model import frozen
from core.converters import to_tuple

from . import constants as K
from .board import Board, BoardSide, Border, Direction, Space, border_of, parse_space
from .components import Colour, Garden, Helipad, Module, ModuleKind, ParkingTile, Service, a_or_an
from .errors import IllegalActionError
from .parking import CarSpot, move_cars_into_tile


@frozen
class BuildModule:
    """Build ``module`` on ``space``."""

    module: Module
    space: Space

    def __str__(self) -> str:
        return f"build {a_or_an(self.module)} at {self.space}"


@frozen
class BuildGarden:
    """Build a garden on ``space`` (empty floor 0 space, or above a garden)."""

    space: Space

    def __str__(self) -> str:
        return f"build a garden at {self.space}"


@frozen
class BuildHelipad:
    """Build a helipad on ``space``, on top of the module below it."""

    space: Space

    def __str__(self) -> str:
        return f"build a helipad at {self.space}"


@frozen
class BuildParking:
    """Build a 2-car parking tile on a floor 0 ``space``; move the cars at
    ``cars_moved`` (one entry per car) into it."""

    space: Space
    cars_moved: tuple[CarSpot, ...] = field(default=(), converter=to_tuple)

    def __str__(self) -> str:
        return f"build parking at {self.space}"


@frozen
class UpgradeParking:
    """Flip the parking tile at ``space`` to its 3-car side; move in ``cars_moved``."""

    space: Space
    cars_moved: tuple[CarSpot, ...] = field(default=(), converter=to_tuple)

    def __str__(self) -> str:
        return f"upgrade the parking at {self.space}"


@frozen
class BuildEntrance:
    """Place an entrance on the outer ``border`` (east, south or west edge)."""

    border: Border

    def __str__(self) -> str:
        return f"build an entrance {self.border}"


@frozen
class BuildConveyor:
    """Buy a conveyor: two aligned ``stops`` the first time, then one stop aligned
    with an existing stop."""

    stops: tuple[Space, ...] = field(converter=to_tuple)

    def __str__(self) -> str:
        return "build conveyor stops at " + ", ".join(str(s) for s in self.stops)


Build = (
    BuildModule
    | BuildGarden
    | BuildHelipad
    | BuildParking
    | UpgradeParking
    | BuildEntrance
    | BuildConveyor
)

_MODULE_COSTS = {
    ModuleKind.SERVICE_HUB: K.COST_SERVICE_HUB,
    ModuleKind.TREATMENT_ROOM: K.COST_TREATMENT_ROOM,
    ModuleKind.SUPPLY_ROOM: K.COST_SUPPLY_ROOM,
}


def build_cost(action: Build) -> int:
    """Cost in dollars of ``action`` (decisions: costs by floor 0/1/2/3).

    Raises IllegalActionError when the component cannot be built on that floor.
    """
    if isinstance(action, BuildConveyor):
        return K.COST_CONVEYOR
    if isinstance(action, UpgradeParking):
        return K.COST_PARKING_UPGRADE
    if isinstance(action, BuildEntrance):
        return K.COST_ENTRANCE[0]
    if isinstance(action, BuildModule):
        table = _MODULE_COSTS.get(action.module.kind, K.COST_SPECIAL_MODULE)
    elif isinstance(action, BuildGarden):
        table = K.COST_GARDEN
    elif isinstance(action, BuildHelipad):
        table = K.COST_HELIPAD
    else:
        table = K.COST_PARKING
    floor = action.space.floor
    cost = table[floor] if 0 <= floor < len(table) else None
    if cost is None:
        raise IllegalActionError(f"Construction: {action} is not possible on floor {floor}")
    return cost


def _fail(rule: str) -> None:
    raise IllegalActionError(f"Construction: {rule}")


def _check_space_free(board: Board, what: str, space: Space, module: bool = False) -> None:
    if not board.in_bounds(space):
        _fail(f"{what} at {space} is off the board")
    tile = board.tile_at(space)
    if module and isinstance(tile, (Garden, ParkingTile)):
        _fail(f"{what} at {space} is obstructed by the {tile} there (obstruction rule)")
    if tile is not None:
        _fail(f"{what} at {space}: the space already holds {a_or_an(tile)} (one component per space)")


def _check_module(board: Board, module: Module, space: Space) -> None:
    what = a_or_an(module)
    _check_space_free(board, what, space, module=True)
    if space.floor > 0 and board.module_at(space.below()) is None:
        _fail(f"{what} at {space} needs a module below it (support rule)")
    if space.floor == 0:
        for b in board.borders_of(space):
            if b in board.border_cars:
                _fail(f"{what} at {space} is obstructed by a car parked {b} (obstruction rule)")
    buildings = set()
    for n in board.neighbours(space):
        other = board.module_at(n)
        if other is None:
            continue
        if other.kind.tile_colour is module.kind.tile_colour:
            _fail(
                f"{what} at {space} would be adjacent to the {other} at {n}"
                f" (no two {module.kind.tile_colour.value} modules adjacent)"
            )
        buildings.add(board.building_index[n])
    if len(buildings) > 1:
        _fail(f"{what} at {space} would join two separate buildings (separate building rule)")
    if module.kind is ModuleKind.SERVICE_HUB and buildings:
        (b,) = buildings
        for s, m in board.modules:
            if m.kind is ModuleKind.SERVICE_HUB and s.floor == space.floor:
                if board.building_index[s] == b:
                    _fail(
                        f"{what} at {space}: the building already has the {m} at {s} on"
                        f" floor {space.floor} (one service hub per floor per building)"
                    )


def check_build(board: Board, action: Build) -> None:
    """Raise IllegalActionError (message: the rule and the input) unless ``action`` is a
    legal construction on ``board``.  Money is not checked here (see ``build_cost``)."""
    if isinstance(action, BuildModule):
        _check_module(board, action.module, action.space)
    elif isinstance(action, BuildGarden):
        s = action.space
        _check_space_free(board, "a garden", s)
        if s.floor > 0 and not isinstance(board.tile_at(s.below()), Garden):
            _fail(f"a garden at {s} must be on floor 0 or above a garden (garden rule)")
    elif isinstance(action, BuildHelipad):
        s = action.space
        if s.floor == 0:
            _fail(f"a helipad at {s} must be on top of a module (helipad rule)")
        _check_space_free(board, "a helipad", s)
        if board.module_at(s.below()) is None:
            _fail(f"a helipad at {s} must be on top of a module (helipad rule)")
    elif isinstance(action, BuildParking):
        s = action.space
        if s.floor != 0:
            _fail(f"parking at {s} must be on the ground floor (parking rule)")
        _check_space_free(board, "parking", s)
        if len(action.cars_moved) > K.PARKING_TILE_CARS:
            _fail(f"parking at {s} holds only {K.PARKING_TILE_CARS} cars")
        if action.cars_moved:
            trial = evolve(board, tiles=board.tiles + ((s, ParkingTile(K.PARKING_TILE_CARS)),))
            move_cars_into_tile(trial, s, action.cars_moved)
    elif isinstance(action, UpgradeParking):
        tile = board.tile_at(action.space)
        if not isinstance(tile, ParkingTile):
            _fail(f"no parking tile to upgrade at {action.space} (parking rule)")
        if tile.capacity >= K.PARKING_TILE_UPGRADED_CARS:
            _fail(f"the parking at {action.space} is already upgraded (parking rule)")
        if action.cars_moved:
            trial = _upgraded(board, action.space)
            move_cars_into_tile(trial, action.space, action.cars_moved)
    elif isinstance(action, BuildEntrance):
        _check_entrance(board, action.border)
    elif isinstance(action, BuildConveyor):
        _check_conveyor(board, action.stops)
    else:  # pragma: no cover - typing guard
        raise IllegalActionError(f"Construction: unknown component {action!r}")


def _check_entrance(board: Board, border: Border) -> None:
    if border not in board.entrance_spaces:
        _fail(
            f"an entrance {border} is not on an entrance space"
            " (east, south and west edges only, none on the north)"
        )
    if border in board.entrances:
        _fail(f"an entrance {border}: that entrance space is taken")
    target = board.entrance_target(border)
    module = board.module_at(target)
    if module is None:
        _fail(f"an entrance {border} must point at a ground-floor module ({target} is empty)")
    if not board.entrances and module.kind is not ModuleKind.SERVICE_HUB:
        _fail(
            f"the first entrance {border} must point at a ground-floor service hub,"
            f" not {a_or_an(module)} (entrance rule)"
        )


def _check_conveyor(board: Board, stops: tuple[Space, ...]) -> None:
    names = ", ".join(str(s) for s in stops)
    existing = board.conveyor_stops
    if not existing and len(stops) != 2:
        _fail(f"the first conveyor purchase is two aligned stops, not {len(stops)} ({names})")
    if existing and len(stops) != 1:
        _fail(f"a later conveyor purchase is one stop, not {len(stops)} ({names})")
    for s in stops:
        if not board.in_bounds(s) or board.module_at(s) is None:
            _fail(f"a conveyor stop at {s} must be on a module (conveyor rule)")
        if s in existing:
            _fail(f"a conveyor stop at {s}: that module already has a stop")
    if not existing:
        a, b = stops
        if not a.aligned_with(b):
            _fail(f"conveyor stops at {a} and {b} are not orthogonally aligned (conveyor rule)")
    elif not any(stops[0].aligned_with(e) for e in existing):
        _fail(
            f"a conveyor stop at {stops[0]} must align with an existing stop"
            " (one conveyor network)"
        )


def _upgraded(board: Board, space: Space) -> Board:
    tiles = tuple(
        (s, evolve(t, capacity=K.PARKING_TILE_UPGRADED_CARS)) if s == space else (s, t)
        for s, t in board.tiles
    )
    return evolve(board, tiles=tiles)


def build(board: Board, action: Build) -> Board:
    """Check and apply ``action``; return the new board.  Raises IllegalActionError.

    Paying is the caller's business (``build_cost``)."""
    check_build(board, action)
    if isinstance(action, BuildModule):
        return evolve(board, tiles=board.tiles + ((action.space, action.module),))
    if isinstance(action, BuildGarden):
        return evolve(board, tiles=board.tiles + ((action.space, Garden()),))
    if isinstance(action, BuildHelipad):
        return evolve(board, tiles=board.tiles + ((action.space, Helipad()),))
    if isinstance(action, (BuildParking, UpgradeParking)):
        if isinstance(action, BuildParking):
            tiles = board.tiles + ((action.space, ParkingTile(K.PARKING_TILE_CARS)),)
            board = evolve(board, tiles=tiles)
        else:
            board = _upgraded(board, action.space)
        return move_cars_into_tile(board, action.space, action.cars_moved)
    if isinstance(action, BuildEntrance):
        return evolve(board, entrances=board.entrances + (action.border,))
    assert isinstance(action, BuildConveyor)
    return evolve(board, conveyor_stops=board.conveyor_stops + action.stops)


def beginner_initial_board(patient_colour: Colour) -> Board:
    """The beginner initial clinic (4x3 side, floor 0) for the colour of the patient
    drawn at setup: psychiatry service hub, treatment room, supply room and an entrance
    pointing at the hub (decisions, "Beginner initial clinics").  No cars yet."""
    hub, room, supply, side = K.BEGINNER_LAYOUTS[patient_colour.name.lower()]
    board = Board(side=BoardSide.BEGINNER)
    for name, module in (
        (hub, Module(ModuleKind.SERVICE_HUB, Service.PSYCHIATRY)),
        (room, Module(ModuleKind.TREATMENT_ROOM)),
        (supply, Module(ModuleKind.SUPPLY_ROOM)),
    ):
        board = build(board, BuildModule(module, parse_space(name)))
    return build(board, BuildEntrance(border_of(hub, Direction(side))))
