"""Helpers for the clinic tests: short names for modules, spaces and whole boards."""

from __future__ import annotations

from core.clinic import (
    Board,
    BoardSide,
    BuildConveyor,
    BuildEntrance,
    BuildModule,
    Direction,
    Module,
    ModuleKind,
    Service,
    Space,
    border_of,
    build,
    parse_space,
)

HUB = {s: Module(ModuleKind.SERVICE_HUB, s) for s in Service}
PSY = HUB[Service.PSYCHIATRY]
TR = Module(ModuleKind.TREATMENT_ROOM)
SR = Module(ModuleKind.SUPPLY_ROOM)
OR = Module(ModuleKind.OPERATING_ROOM)
LAB = Module(ModuleKind.LAB)
OUT = Module(ModuleKind.OUTPATIENT_SERVICES)
TRIAGE = Module(ModuleKind.TRIAGE)
N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST


def sp(name: str, floor: int = 0) -> Space:
    """``sp("B2", 1)`` is floor 1 B2."""
    return parse_space(name, floor)


def modules(*placements, board: Board | None = None, side=BoardSide.BEGINNER) -> Board:
    """Build modules through the real rules: ``modules((PSY, "B3"), (TR, "C3", 1))``."""
    board = board if board is not None else Board(side=side)
    for module, name, *floor in placements:
        board = build(board, BuildModule(module, sp(name, *floor)))
    return board


def entrance(board: Board, name: str, side: Direction) -> Board:
    """Build an entrance on ``side`` of ground space ``name``."""
    return build(board, BuildEntrance(border_of(name, side)))


def conveyor(board: Board, *stops: Space) -> Board:
    """Build conveyor stops: the first two together, then one at a time."""
    if not board.conveyor_stops:
        board = build(board, BuildConveyor(stops[:2]))
        stops = stops[2:]
    for s in stops:
        board = build(board, BuildConveyor((s,)))
    return board
