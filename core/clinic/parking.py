"""Cars and parking on the ground floor.

Rulebook: "Parking a Car", "Taking a Car", "Parking" (construction), "No obstructions".
A car parks on a border that no ground-floor module touches (1 car each), or on a
parking tile (2 cars, 3 when upgraded).  A parked car cannot move, except into a parking
tile when that tile is built or upgraded.  A car on a border obstructs modules on both
spaces it touches.  ``CarSpot`` is a ``Border`` or the ``Space`` of a parking tile.
"""

from __future__ import annotations

from collections import Counter

from core.clinic.fast_evolve import evolve

from .board import Board, Border, Space
from .components import ParkingTile
from .errors import IllegalActionError

CarSpot = Border | Space


def free_parking_spots(board: Board) -> tuple[CarSpot, ...]:
    """Where the next car may park: free borders (no car, no module touching) in board
    order, then parking tiles with room (each listed once)."""
    ground = {s for s, m in board.modules if s.floor == 0}
    cars = board.border_cars
    spots: list[CarSpot] = [
        b
        for b, touching in board.border_layout
        if b not in cars and not any(s in ground for s in touching)
    ]
    spots.extend(
        s for s, t in board.tiles if isinstance(t, ParkingTile) and t.cars < t.capacity
    )
    return tuple(spots)


def can_park(board: Board) -> bool:
    """True when one more car can be parked (a hire or admission is possible)."""
    return bool(free_parking_spots(board))


def _describe(spot: CarSpot) -> str:
    return f"the parking tile at {spot}" if isinstance(spot, Space) else f"the border {spot}"


def park_car(board: Board, spot: CarSpot) -> Board:
    """Park one car on ``spot``; returns the new board.

    Raises IllegalActionError when the border has a car or a module touching it, when
    the space holds no parking tile, or when the tile is full.
    """
    if isinstance(spot, Border):
        if spot not in board.all_borders:
            raise IllegalActionError(f"Parking: {spot} is not a border of this board")
        if spot in board.border_cars:
            raise IllegalActionError(f"Parking: a car is already parked {spot} (1 car per border)")
        if board.module_touches_border(spot):
            raise IllegalActionError(
                f"Parking: cannot park {spot}, a module touches that border"
            )
        return evolve(board, border_cars=board.border_cars | {spot})
    tile = board.tile_at(spot)
    if not isinstance(tile, ParkingTile):
        raise IllegalActionError(f"Parking: there is no parking tile at {spot}")
    if tile.cars >= tile.capacity:
        raise IllegalActionError(
            f"Parking: the parking tile at {spot} is full ({tile.capacity} cars)"
        )
    return _set_tile_cars(board, spot, tile.cars + 1)


def remove_car(board: Board, spot: CarSpot) -> Board:
    """Remove one car from ``spot`` (someone left; the player chooses the car).

    Raises IllegalActionError when no car is parked there.
    """
    if isinstance(spot, Border):
        if spot not in board.border_cars:
            raise IllegalActionError(f"Taking a car: no car is parked {spot}")
        return evolve(board, border_cars=board.border_cars - {spot})
    tile = board.tile_at(spot)
    if not isinstance(tile, ParkingTile) or tile.cars == 0:
        raise IllegalActionError(f"Taking a car: no car is parked on a parking tile at {spot}")
    return _set_tile_cars(board, spot, tile.cars - 1)


def parked_spots(board: Board) -> tuple[CarSpot, ...]:
    """Every spot holding at least one car (borders, then parking tiles)."""
    # Border's own order (vertical, x, y), without its slow ``__lt__``.
    out: list[CarSpot] = sorted(board.border_cars, key=lambda b: (b.vertical, b.x, b.y))
    out.extend(s for s, t in board.tiles if isinstance(t, ParkingTile) and t.cars)
    return tuple(out)


def car_blocked_spaces(board: Board) -> frozenset[Space]:
    """Ground-floor spaces where no module may be built because a car is parked on one
    of their borders (rulebook, No obstructions)."""
    return frozenset(s for b in board.border_cars for s in board.spaces_of_border(b))


def move_cars_into_tile(board: Board, tile_space: Space, sources: tuple[CarSpot, ...]) -> Board:
    """Move parked cars from ``sources`` (one entry per car) into the parking tile at
    ``tile_space``, up to its capacity (rulebook: when a parking tile is built or
    upgraded you may immediately move cars into it).  Raises IllegalActionError."""
    tile = board.tile_at(tile_space)
    if not isinstance(tile, ParkingTile):
        raise IllegalActionError(f"Parking: there is no parking tile at {tile_space}")
    if tile.cars + len(sources) > tile.capacity:
        raise IllegalActionError(
            f"Parking: {len(sources)} more cars do not fit the parking tile at {tile_space}"
            f" ({tile.cars} of {tile.capacity} taken)"
        )
    for spot, n in Counter(sources).items():
        if spot == tile_space:
            raise IllegalActionError(f"Parking: cars at {tile_space} are already in that tile")
        for _ in range(n):
            board = remove_car(board, spot)
    tile = board.tile_at(tile_space)
    assert isinstance(tile, ParkingTile)
    return _set_tile_cars(board, tile_space, tile.cars + len(sources))


def _set_tile_cars(board: Board, space: Space, cars: int) -> Board:
    tiles = tuple(
        (s, evolve(t, cars=cars) if s == space else t) for s, t in board.tiles
    )
    return evolve(board, tiles=tiles)
