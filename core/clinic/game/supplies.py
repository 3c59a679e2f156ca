"""The shared supplies that run out (rulings 0.6): gardens, parking tiles, conveyor
stops, supply rooms, and the service hub and special module stacks.

Rulebook components list (base L20-100): "12 garden tiles", "24 parking tiles", "20
conveyors"; L265 "Stack 4 supply rooms per player"; hubs and special modules as set up
(L259, L267).  These are shared by all players: what one builds, the others cannot.
**House rule:** treatment rooms, helipads and entrances never run out (the "60 Module
tiles" cannot be split by kind from the text).  Gardens, parking tiles and conveyor
stops left are counted from the boards (what is built is not in the supply), so the
state needs no counter of its own.
"""

from __future__ import annotations

from core.model import frozen

from core.clinic.components import Garden, ModuleKind, ParkingTile
from core.clinic.construction import BuildConveyor, BuildGarden, BuildModule, BuildParking

from . import constants as K
from .state import GameState


@frozen
class Supplies:
    """What is left in the shared supply (counts of tiles or stops)."""

    gardens: int
    parking_tiles: int
    conveyor_stops: int
    supply_rooms: int


def supplies_left(state: GameState) -> Supplies:
    """Gardens, parking tiles and conveyor stops not on any board; supply rooms left."""
    boards = [p.clinic.board for p in state.players]
    tiles = [t for b in boards for _, t in b.tiles]
    return Supplies(
        gardens=K.SUPPLY_GARDENS - sum(isinstance(t, Garden) for t in tiles),
        parking_tiles=K.SUPPLY_PARKING_TILES - sum(isinstance(t, ParkingTile) for t in tiles),
        conveyor_stops=K.SUPPLY_CONVEYOR_STOPS - sum(len(b.conveyor_stops) for b in boards),
        supply_rooms=state.supply_rooms,
    )


def left_for(state: GameState, build, supplies: Supplies | None = None) -> int | None:
    """How many of ``build``'s component are left in the shared supply (tiles, or stops
    for a conveyor); None when it never runs out (treatment rooms, helipads,
    entrances, parking upgrades: house rule).  ``supplies``: ``supplies_left(state)``
    if already known."""
    if isinstance(build, (BuildGarden, BuildParking, BuildConveyor)):
        s = supplies or supplies_left(state)
        if isinstance(build, BuildGarden):
            return s.gardens
        return s.parking_tiles if isinstance(build, BuildParking) else s.conveyor_stops
    if isinstance(build, BuildModule):
        for stack in state.hub_stacks + state.special_stacks:
            if stack.module == build.module:
                return stack.left
        if build.module.kind is ModuleKind.SUPPLY_ROOM:
            return state.supply_rooms
    return None


def needs(build) -> int:
    """Supply pieces a build takes: 2 stops for a first conveyor, else 1."""
    return len(build.stops) if isinstance(build, BuildConveyor) else 1


def shortage(state: GameState, build, supplies: Supplies | None = None) -> str | None:
    """Why ``build`` cannot be made from the shared supply, naming the rule (None when
    the supply has enough)."""
    left = left_for(state, build, supplies)
    if left is None or left >= needs(build):
        return None
    what = {BuildGarden: "gardens", BuildParking: "parking tiles", BuildConveyor: "conveyor stops"}
    name = what.get(type(build)) or f"{build.module} tiles"
    if isinstance(build, BuildConveyor) and left:
        return f"Build: only {left} conveyor stop left in the shared supply, this needs {needs(build)}"
    return f"Build: no {name} left in the shared supply (the box holds only so many)"


def empty_supplies(state: GameState) -> tuple[str, ...]:
    """The supplies that ran out, in players' words: ``("no gardens left", ...)``."""
    s = supplies_left(state)
    names = (
        ("gardens", s.gardens),
        ("parking tiles", s.parking_tiles),
        ("conveyor stops", s.conveyor_stops),
        ("supply rooms", s.supply_rooms),
    )
    return tuple(f"no {name} left" for name, n in names if n <= 0)
