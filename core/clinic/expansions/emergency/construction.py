"""Building onto the Emergency Department (rulebook "Action: Build Onto Your Emergency
Department", "The Modules"; E10-E13).

Emergency modules follow the base game's construction rules (no obstructions, no
matches, separate buildings) with their own colours: hubs magenta, the break room blue,
emergency rooms one colour per level (rulebook L237).  Gardens, parking tiles and
conveyors are the base game's, checked and built by ``core.clinic.construction`` on the
ED board (its conveyor network is its own, so its first purchase is again 2 stops for
the price of 1, rulebook L247).  Nothing else may be built there (rulebook L255).
"""

from __future__ import annotations

import attrs
from core.model import frozen

from core.clinic import construction as base
from core.clinic.board import Space, parse_space
from core.clinic.errors import IllegalActionError

from . import constants as K
from .board import EDBoard
from .components import ED_HUB, ED_ROOM, EDKind, EDModule, EDSide, Level

RULE_ONLY_ED = (
    "You can't build components from the base game or other expansions on your Emergency"
    " Department board, except gardens, parking spaces, and conveyors"
)
RULE_ONE_BREAK_ROOM = "Emergency Staff Break Room: You can only have 1"


@frozen
class EDBuildModule:
    """Build the emergency ``module`` on ``space`` of the ED board."""

    module: EDModule
    space: Space

    def __str__(self) -> str:
        art = "an" if str(self.module)[0] in "aeiou" else "a"  # pragma: no mutate (no module starts with X)
        return f"build {art} {self.module} at {self.space.name} of the emergency department"


# What may be built on the ED board: its own modules, and three base components.
ED_BASE_COMPONENTS = (base.BuildGarden, base.BuildParking, base.UpgradeParking, base.BuildConveyor)
EDBuild = EDBuildModule | base.BuildGarden | base.BuildParking | base.UpgradeParking | base.BuildConveyor


def module_cost(module: EDModule) -> int:
    """Dollars for one emergency module (RD, E10): hub $3, room light $2 / medium $3 /
    dark $4, break room $4."""
    if module.kind is EDKind.HUB:
        return K.COST_ED_HUB
    if module.kind is EDKind.BREAK_ROOM:
        return K.COST_BREAK_ROOM
    assert module.level is not None
    return K.COST_ED_ROOM[module.level]


def ed_build_cost(action: EDBuild) -> int:
    """Dollars for ``action``: emergency modules by ``module_cost``; gardens, parking and
    conveyors at the base game's ground-floor price ("Usual price", rulebook L243-251).
    Raises IllegalActionError for a component that cannot go on the ED board."""
    if isinstance(action, EDBuildModule):
        return module_cost(action.module)
    _check_allowed(action)
    return base.build_cost(action)


def _fail(rule: str) -> None:
    raise IllegalActionError(f"Emergency construction: {rule}")


def _check_allowed(action: object) -> None:
    if not isinstance(action, (EDBuildModule, *ED_BASE_COMPONENTS)):
        _fail(f"cannot {action} on the emergency department ('{RULE_ONLY_ED}')")


def _check_module(board: EDBoard, module: EDModule, space: Space) -> None:
    what = f"{module} at {space.name}"
    if not board.in_bounds(space):
        _fail(f"{what} is off the emergency department board (one floor)")
    # The base game's obstruction and "one component per space" checks.
    base._check_space_free(board, str(module), space, module=True)
    for b in board.borders_of(space):
        if b in board.border_cars:
            _fail(f"{what} is obstructed by a car parked {b} (obstruction rule)")
    if module.kind is EDKind.BREAK_ROOM and board.break_room is not None:
        _fail(f"{what}: you already have one at {board.break_room.name} ('{RULE_ONE_BREAK_ROOM}')")
    buildings = set()
    for n in board.neighbours(space):
        other = board.module_at(n)
        if other is None:
            continue
        if other.tile_colour == module.tile_colour:
            if module.kind is EDKind.ROOM:
                rule = "cannot be built adjacent to another emergency room of the same color"
            elif module.kind is EDKind.HUB:
                rule = "You can't have 2 Emergency service hubs adjacent to each other"
            else:  # unreachable: the only blue module is the one break room, refused above
                rule = "no two special (blue) modules adjacent"  # pragma: no mutate
            _fail(f"{what} would be adjacent to the {other} at {n.name} ('{rule}')")
        buildings.add(board.building_index[n])
    if len(buildings) > 1:
        _fail(f"{what} would join two separate buildings (separate building rule)")


def check_ed_build(board: EDBoard, action: EDBuild) -> None:
    """Raise IllegalActionError (the rule, in players' words) unless ``action`` is a legal
    construction on the ED ``board``.  Money and tile stocks are checked by the
    Emergency action (``actions``)."""
    _check_allowed(action)
    if isinstance(action, EDBuildModule):
        _check_module(board, action.module, action.space)
    else:
        space = getattr(action, "space", None)
        if space is not None and not board.in_bounds(space):
            _fail(f"{action} is off the emergency department board (one floor)")
        base.check_build(board, action)


def ed_build(board: EDBoard, action: EDBuild) -> EDBoard:
    """Check and apply ``action``; return the new ED board.  Raises IllegalActionError."""
    check_ed_build(board, action)
    if isinstance(action, EDBuildModule):
        return attrs.evolve(board, tiles=board.tiles + ((action.space, action.module),))
    return base.build(board, action)


def beginner_initial_ed(level: Level) -> EDBoard:
    """The beginner initial emergency department (4x2 side) for the level of the cube
    drawn: an emergency service hub and a light emergency room (RD)."""
    hub, room = K.ED_BEGINNER_LAYOUTS[level.name.lower()]
    board = EDBoard(side=EDSide.BEGINNER)
    board = ed_build(board, EDBuildModule(ED_HUB, parse_space(hub)))
    return ed_build(board, EDBuildModule(ED_ROOM[Level.LIGHT], parse_space(room)))


__all__ = [
    "EDBuild",
    "EDBuildModule",
    "beginner_initial_ed",
    "check_ed_build",
    "ed_build",
    "ed_build_cost",
    "module_cost",
]
