"""The player board: spaces on floors, borders, what stands where, buildings, services.

Rulebook: "Buildings", "Floors", "Service Hubs", "Treatment Rooms", "Parking a Car".
Coordinates: ``Space(floor, col, row)``; columns A-D west to east (``col`` 0-3), rows
1-3 north to south (``row`` 0-2), floors 0-3.  Borders are the edges between ground-floor
spaces and the outer edges; cars park on them, entrances sit on the east, south and west
outer ones.
"""

from __future__ import annotations

import enum
from collections import deque
from functools import cached_property, lru_cache

from attrs import field
from core.model import frozen
from core.converters import to_tuple, to_frozenset

from .components import Garden, Helipad, Module, ModuleKind, ParkingTile, Service, Tile
from .constants import BOARD_SIZES, MAX_FLOOR


class BoardSide(enum.Enum):
    """Which side of the player board: beginner 4x3 or expert 3x3 (rulebook, Setup)."""

    BEGINNER = "beginner"
    EXPERT = "expert"

    @property
    def size(self) -> tuple[int, int]:
        """(columns, rows) of each floor."""
        return BOARD_SIZES[self.value]


@frozen(order=True, cache_hash=True)
class Space:
    """One space of the grid: ``floor`` 0-3, ``col`` 0 = A (west), ``row`` 0 = 1 (north)."""

    floor: int
    col: int
    row: int

    @property
    def name(self) -> str:
        """Grid name without floor, e.g. ``"B2"``."""
        return f"{chr(ord('A') + self.col)}{self.row + 1}"

    def above(self) -> Space:
        return Space(self.floor + 1, self.col, self.row)

    def below(self) -> Space:
        return Space(self.floor - 1, self.col, self.row)

    def aligned_with(self, other: Space) -> bool:
        """True when the two spaces differ in exactly one of floor, column, row."""
        same = (self.floor == other.floor) + (self.col == other.col) + (self.row == other.row)
        return same == 2

    def __str__(self) -> str:
        return f"floor {self.floor} {self.name}"


def parse_space(text: str, floor: int = 0) -> Space:
    """``"B2"`` (on ``floor``) to a ``Space``; a convenience for tests and setups."""
    return Space(floor, ord(text[0].upper()) - ord("A"), int(text[1:]) - 1)


@frozen(order=True, cache_hash=True)
class Border:
    """An edge of a ground-floor space where one car may park.

    ``vertical`` borders run north-south at line ``x`` (0 = west edge of column A) in row
    ``y``; horizontal ones run east-west at line ``y`` (0 = north edge) in column ``x``.
    """

    vertical: bool
    x: int
    y: int

    def __str__(self) -> str:
        """Named by the space to its west/north, or on the board's west/north edge by
        the space it touches: ``"east of A2"``, ``"south of B3"``, ``"west of A1"``."""
        if self.vertical:
            if self.x > 0:
                return f"east of {Space(0, self.x - 1, self.y).name}"
            return f"west of {Space(0, 0, self.y).name}"
        if self.y > 0:
            return f"south of {Space(0, self.x, self.y - 1).name}"
        return f"north of {Space(0, self.x, 0).name}"


class Direction(enum.Enum):
    """Compass sides of a ground-floor space."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


def border_of(space: Space | str, side: Direction) -> Border:
    """The border on ``side`` of a ground-floor space (``"B3"`` or a ``Space``)."""
    if isinstance(space, str):
        space = parse_space(space)
    c, r = space.col, space.row
    if side is Direction.NORTH:
        return Border(False, c, r)
    if side is Direction.SOUTH:
        return Border(False, c, r + 1)
    if side is Direction.WEST:
        return Border(True, c, r)
    return Border(True, c + 1, r)


_NEIGHBOUR_STEPS = ((0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1), (1, 0, 0), (-1, 0, 0))


def _in_bounds(cols: int, rows: int, space: Space) -> bool:
    return 0 <= space.floor <= MAX_FLOOR and 0 <= space.col < cols and 0 <= space.row < rows


@lru_cache(maxsize=None)
def _neighbours(cols: int, rows: int, space: Space) -> tuple[Space, ...]:
    steps = (Space(space.floor + f, space.col + c, space.row + r) for f, c, r in _NEIGHBOUR_STEPS)
    return tuple(s for s in steps if _in_bounds(cols, rows, s))


@lru_cache(maxsize=None)
def _spaces(cols: int, rows: int, floor: int | None) -> tuple[Space, ...]:
    floors = range(MAX_FLOOR + 1) if floor is None else (floor,)
    return tuple(Space(f, c, r) for f in floors for r in range(rows) for c in range(cols))


@lru_cache(maxsize=None)
def _spaces_of_border(cols: int, rows: int, border: Border) -> tuple[Space, ...]:
    if border.vertical:
        cand = (Space(0, border.x - 1, border.y), Space(0, border.x, border.y))
    else:
        cand = (Space(0, border.x, border.y - 1), Space(0, border.x, border.y))
    return tuple(s for s in cand if _in_bounds(cols, rows, s))


@lru_cache(maxsize=None)
def _borders_of(space: Space) -> tuple[Border, ...]:
    return tuple(border_of(space, d) for d in Direction)


def _sorted_spaces(spaces) -> tuple[Space, ...]:
    """``tuple(sorted(spaces))`` by Space's own order, without its slow ``__lt__``."""
    return tuple(sorted(spaces, key=lambda s: (s.floor, s.col, s.row)))


@lru_cache(maxsize=None)
def _all_borders(cols: int, rows: int) -> tuple[Border, ...]:
    v = [Border(True, x, y) for y in range(rows) for x in range(cols + 1)]
    h = [Border(False, x, y) for y in range(rows + 1) for x in range(cols)]
    return tuple(v + h)


@lru_cache(maxsize=None)
def _border_layout(cols: int, rows: int) -> tuple[tuple[Border, tuple[Space, ...]], ...]:
    return tuple((b, _spaces_of_border(cols, rows, b)) for b in _all_borders(cols, rows))


_BUILDINGS: dict = {}  # ``Board.building_index`` by class, size and module spaces


@frozen
class Board:
    """One player's board: the tiles, entrances, conveyor stops and cars on it.

    ``tiles`` is ``((space, tile), ...)`` in build order (modules, gardens, helipads,
    parking tiles; one per space).  ``entrances`` are outer borders in build order (the
    first must point at a service hub).  ``conveyor_stops`` are module spaces in build
    order.  ``border_cars`` are the borders with a car on them; cars on parking tiles
    are counted in the ``ParkingTile``.  Build with ``construction.build``; read with the
    methods below.
    """

    side: BoardSide = BoardSide.BEGINNER
    tiles: tuple[tuple[Space, Tile], ...] = field(default=(), converter=to_tuple)
    entrances: tuple[Border, ...] = field(default=(), converter=to_tuple)
    conveyor_stops: tuple[Space, ...] = field(default=(), converter=to_tuple)
    border_cars: frozenset[Border] = field(default=frozenset(), converter=to_frozenset)
    # Extinguishers expansion: modules with an extinguisher token (entering one costs +1
    # time, ``movement``); empty in the base game.
    extinguishers: frozenset[Space] = field(default=frozenset(), converter=to_frozenset)
    # Zombies expansion: the spaces of the zombies on this board, sorted, one entry per
    # zombie (nobody moves into or through them, ``movement``); empty in the base game.
    zombies: tuple[Space, ...] = field(default=(), converter=lambda z: _sorted_spaces(z))
    # Blood Transfusion expansion: the modules where Blood tokens lie, one entry each.
    blood: tuple[Space, ...] = field(default=(), converter=lambda b: _sorted_spaces(b))

    # --- geometry -------------------------------------------------------------------
    @cached_property
    def cols(self) -> int:
        return self.side.size[0]

    @cached_property
    def rows(self) -> int:
        return self.side.size[1]

    def in_bounds(self, space: Space) -> bool:
        """True for a space on floors 0..MAX_FLOOR inside the grid."""
        return _in_bounds(self.cols, self.rows, space)

    def spaces(self, floor: int | None = None) -> tuple[Space, ...]:
        """Every space of one floor (or of all floors), floor by floor in reading order."""
        return _spaces(self.cols, self.rows, floor)

    def neighbours(self, space: Space) -> tuple[Space, ...]:
        """Adjacent spaces (orthogonal, up and down included) that are on the board."""
        return _neighbours(self.cols, self.rows, space)

    def borders_of(self, space: Space) -> tuple[Border, ...]:
        """The four borders of a ground-floor space (north, east, south, west)."""
        return _borders_of(space)

    def spaces_of_border(self, border: Border) -> tuple[Space, ...]:
        """The one or two ground-floor spaces a border touches."""
        return _spaces_of_border(self.cols, self.rows, border)

    @property
    def all_borders(self) -> tuple[Border, ...]:
        """Every border of the ground floor, outer edges included."""
        return _all_borders(self.cols, self.rows)

    @property
    def border_layout(self) -> tuple[tuple[Border, tuple[Space, ...]], ...]:
        """``(border, the spaces it touches)`` for each of ``all_borders``, in order."""
        return _border_layout(self.cols, self.rows)

    @cached_property
    def entrance_spaces(self) -> frozenset[Border]:
        """Outer borders on the east, south and west edges (none on the north, rulebook)."""
        east = {Border(True, self.cols, y) for y in range(self.rows)}
        west = {Border(True, 0, y) for y in range(self.rows)}
        south = {Border(False, x, self.rows) for x in range(self.cols)}
        return frozenset(east | west | south)

    def entrance_target(self, border: Border) -> Space:
        """The ground-floor space an entrance on ``border`` points at."""
        (space,) = self.spaces_of_border(border)
        return space

    # --- contents -------------------------------------------------------------------
    @cached_property
    def _by_space(self) -> dict[Space, Tile]:
        return dict(self.tiles)

    @property
    def tile_map(self) -> dict[Space, Tile]:
        """``{space: tile}`` for every tile (read only: shared by every reader)."""
        return self._by_space

    def tile_at(self, space: Space) -> Tile | None:
        """What stands on ``space``: a Module, Garden, Helipad, ParkingTile or None."""
        return self._by_space.get(space)

    def module_at(self, space: Space) -> Module | None:
        """The module on ``space``, or None."""
        t = self._by_space.get(space)
        return t if isinstance(t, Module) else None

    @cached_property
    def modules(self) -> tuple[tuple[Space, Module], ...]:
        """``((space, module), ...)`` in build order."""
        return tuple((s, t) for s, t in self.tiles if isinstance(t, Module))

    def spaces_with(self, kind: type) -> tuple[Space, ...]:
        """Spaces holding a tile of class ``kind`` (Garden, Helipad, ParkingTile...)."""
        return tuple(s for s, t in self.tiles if isinstance(t, kind))

    def modules_of_kind(self, kind: ModuleKind) -> tuple[Space, ...]:
        """Spaces of every module of ``kind``, in build order."""
        return tuple(s for s, m in self.modules if m.kind is kind)

    def module_touches_border(self, border: Border) -> bool:
        """True when a ground-floor module touches ``border`` (no car may park there)."""
        return any(self.module_at(s) is not None for s in self.spaces_of_border(border))

    @property
    def parked_cars(self) -> int:
        """Cars on the board: on borders plus on parking tiles."""
        return len(self.border_cars) + sum(
            t.cars for _, t in self.tiles if isinstance(t, ParkingTile)
        )

    # --- buildings and services -----------------------------------------------------
    @cached_property
    def building_index(self) -> dict[Space, int]:
        """Module space -> building number; buildings are groups of adjacent modules.
        Shared by boards with the same modules in the same places (read only)."""
        key = (self.__class__, self.cols, self.rows, tuple(s for s, _ in self.modules))
        hit = _BUILDINGS.get(key)
        if hit is None:
            if len(_BUILDINGS) >= 4096:  # pragma: no mutate (a cache's size limit)
                _BUILDINGS.clear()
            hit = _BUILDINGS[key] = self._building_index()
        return hit

    def _building_index(self) -> dict[Space, int]:
        index: dict[Space, int] = {}
        n = 0
        for start, _ in self.modules:
            if start in index:
                continue
            index[start] = n
            queue = deque([start])
            while queue:
                s = queue.popleft()
                for t in self.neighbours(s):
                    if t not in index and self.module_at(t) is not None:
                        index[t] = n
                        queue.append(t)
            n += 1
        return index

    @cached_property
    def buildings(self) -> tuple[frozenset[Space], ...]:
        """Each building as the frozenset of its module spaces (rulebook, Buildings)."""
        groups: dict[int, set[Space]] = {}
        for s, b in self.building_index.items():
            groups.setdefault(b, set()).add(s)
        return tuple(frozenset(groups[b]) for b in sorted(groups))

    def floor_service(self, space: Space) -> Service | None:
        """The service offered on ``space``'s floor of its building (its service hub)."""
        b = self.building_index.get(space)
        if b is None:
            return None
        for s, m in self.modules:
            if m.kind is ModuleKind.SERVICE_HUB and s.floor == space.floor:
                if self.building_index[s] == b:
                    return m.service
        return None

    def room_service(self, space: Space) -> Service | None:
        """Service of a treatment or operating room: that of an adjacent service hub on
        the same floor (rulebook), else None (the room is not connected)."""
        for n in self.neighbours(space):
            if n.floor == space.floor:
                m = self._by_space.get(n)
                if isinstance(m, Module) and m.kind is ModuleKind.SERVICE_HUB:
                    return m.service
        return None

    @cached_property
    def offered_services(self) -> frozenset[Service]:
        """Services offered on some floor (a patient can only be admitted for these)."""
        return frozenset(m.service for _, m in self.modules if m.service is not None)

    def connected_treatment_rooms(self, building: frozenset[Space]) -> tuple[Space, ...]:
        """Treatment rooms of a building adjacent to a service hub on their floor."""
        return tuple(
            s
            for s, m in self.modules
            if s in building
            and m.kind is ModuleKind.TREATMENT_ROOM
            and self.room_service(s) is not None
        )

    def supply_rooms_in(self, building: frozenset[Space]) -> int:
        """Number of supply rooms in a building."""
        return sum(
            1 for s, m in self.modules if s in building and m.kind is ModuleKind.SUPPLY_ROOM
        )

    @cached_property
    def working_treatment_rooms(self) -> frozenset[Space]:
        """Treatment rooms that work: connected to a service hub, and supplied.

        Decisions: a building needs one supply room per working treatment room.
        **House rule** when a building has fewer supply rooms than connected treatment
        rooms: the supplies go to the highest floors first (then reading order), which
        is what scores best at the end; the Business phase re-allots them to the rooms
        that earn most (``business.treat``).
        """
        out: set[Space] = set()
        for building in self.buildings:
            rooms = sorted(
                self.connected_treatment_rooms(building), key=lambda s: (-s.floor, s.row, s.col)
            )
            out.update(rooms[: self.supply_rooms_in(building)])
        return frozenset(out)

    def working_operating_rooms(self) -> frozenset[Space]:
        """Operating rooms adjacent to a service hub on the same floor (rulebook)."""
        return frozenset(
            s for s in self.modules_of_kind(ModuleKind.OPERATING_ROOM) if self.room_service(s)
        )

    def adjacent_gardens(self, space: Space) -> int:
        """Gardens orthogonally adjacent to ``space`` (for treatment room income)."""
        return sum(1 for n in self.neighbours(space) if isinstance(self._by_space.get(n), Garden))

    @property
    def has_triage(self) -> bool:
        """True when the clinic has a triage (time spent each round reduced)."""
        return any(m.kind is ModuleKind.TRIAGE for _, m in self.modules)

    @property
    def arrival_points(self) -> int:
        """Entrances plus helipads (queue points are 1 + this, part 2)."""
        return len(self.entrances) + len(self.spaces_with(Helipad))


__all__ = [
    "Board",
    "BoardSide",
    "Border",
    "Direction",
    "Space",
    "border_of",
    "parse_space",
]
