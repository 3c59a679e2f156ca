"""Geometry of the 6x6 ward: spaces, names and the lines the Doctor slides along.

Spaces are numbered 0-35 row by row from the top left (rulebook setup: "starting from
the top left and moving across in rows"). A space is named by column letter A-F and row
number 1-6, so space 0 is ``A1`` and space 35 is ``F6``.
"""

from __future__ import annotations

from core.clear_ward.cards import CLOCKWISE, Direction
from core.clear_ward.constants import WARD_CELLS, WARD_SIZE


def row_col(cell: int) -> tuple[int, int]:
    """(row 0-5, column 0-5) of a space."""
    return divmod(cell, WARD_SIZE)


def cell_name(cell: int) -> str:
    """``A1``..``F6`` for spaces 0..35."""
    row, col = row_col(cell)
    return f"{'ABCDEF'[col]}{row + 1}"


def parse_cell(name: str) -> int:
    """Inverse of ``cell_name``; raises ``ValueError`` for a name outside the ward."""
    text = name.strip().upper()
    if len(text) != 2 or text[0] not in "ABCDEF" or text[1] not in "123456":
        raise ValueError(f"{name!r} is not a ward space (A1 to F6)")
    return (int(text[1]) - 1) * WARD_SIZE + "ABCDEF".index(text[0])


# Runs only at import (for RAYS), out of a mutation tool's reach: RAYS is tested by value.
def _ray(cell: int, direction: Direction) -> tuple[int, ...]:  # pragma: no mutate block
    row, col = row_col(cell)
    dr, dc = direction.delta
    out = []
    row, col = row + dr, col + dc
    while 0 <= row < WARD_SIZE and 0 <= col < WARD_SIZE:
        out.append(row * WARD_SIZE + col)
        row, col = row + dr, col + dc
    return tuple(out)


#: RAYS[cell][direction]: the spaces from ``cell`` outward in ``direction``, nearest first.
RAYS: tuple[dict[Direction, tuple[int, ...]], ...] = tuple(
    {d: _ray(cell, d) for d in CLOCKWISE} for cell in range(WARD_CELLS)
)


def perpendicular_line(cell: int, direction: Direction) -> tuple[int, ...]:
    """The whole row (for up/down) or column (for left/right) through ``cell``: the line
    a Night Shift forced move looks for cards in."""
    row, col = row_col(cell)
    if direction in (Direction.UP, Direction.DOWN):
        return tuple(row * WARD_SIZE + c for c in range(WARD_SIZE))
    return tuple(r * WARD_SIZE + col for r in range(WARD_SIZE))
