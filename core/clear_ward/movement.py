"""The Doctor's movement (rulebook "Movement Phase"; decisions "A move", "Solo").

The Doctor slides orthogonally in a straight line, passing over cards and empty spaces,
and stops on a card. It may not reverse its previous move unless that is the only legal
move. With the Porter it may reverse and stop on empty spaces. In the Night Shift, when
no move is legal, a forced move follows the card arrows.
"""

from __future__ import annotations

from core.clear_ward.actions import Move
from core.clear_ward.cards import CLOCKWISE, Direction
from core.clear_ward.constants import WARD_SIZE
from core.clear_ward.state import GameState
from core.clear_ward.ward import RAYS, perpendicular_line


#: Every ``Move`` made once, ``_MOVES[direction][steps - 1]`` (they are frozen values).
_MOVES = {d: tuple(Move(d, steps) for steps in range(1, WARD_SIZE)) for d in CLOCKWISE}


def _moves_in(state: GameState, direction: Direction, stop_on_empty: bool) -> list[Move]:
    ray = RAYS[state.doctor][direction]
    moves = _MOVES[direction]
    if stop_on_empty:
        return list(moves[: len(ray)])
    ward = state.ward
    return [moves[i] for i, cell in enumerate(ray) if ward[cell] is not None]


def normal_moves(state: GameState) -> list[Move]:
    """Legal moves under the movement rules (no forced move): all stops in every
    direction but the reverse one; the reverse only if nothing else is legal (or with
    the Porter this turn)."""
    back = state.last_direction.opposite if state.last_direction is not None else None
    moves: list[Move] = []
    for direction in CLOCKWISE:
        if direction is not back or state.porter:
            moves += _moves_in(state, direction, state.porter)
    if not moves and back is not None:
        moves = _moves_in(state, back, state.porter)
    return moves


def forced_move(state: GameState) -> Move | None:
    """The Night Shift forced move when no move is legal (decision "Solo").

    Tried in order from the arrow of the last card the Doctor stopped on, then clockwise:
    slide that way to the first space whose crossing row/column holds a card (a card on
    that space itself included) and stop there, on an empty space when the card lies
    beside the line. If the only cards left lie under the Doctor, it steps one space
    off in the first such direction that has a space (house rule), to come back next
    turn. ``None`` when the ward holds no card.
    """
    ward = state.ward
    if not any(card is not None for card in ward):
        return None
    order = state.last_arrow.clockwise_from()
    for direction in order:
        for i, cell in enumerate(RAYS[state.doctor][direction]):
            if any(ward[c] is not None for c in perpendicular_line(cell, direction)):
                return Move(direction, i + 1)
    return next(Move(d, 1) for d in order if RAYS[state.doctor][d])


def moves_now(state: GameState) -> tuple[tuple[Move, ...], bool]:
    """(every legal ``Move`` now, whether it is the Night Shift forced move): the normal
    moves, or in solo when there are none the one forced move. Read it through the
    cached ``state.moves_now``."""
    moves = normal_moves(state)
    if not moves and state.solo:
        forced = forced_move(state)
        return ((forced,) if forced is not None else ()), True
    return tuple(moves), False


def legal_moves(state: GameState) -> list[Move]:
    """Every legal ``Move`` now (normal moves, or in solo the forced move)."""
    return list(state.moves_now[0])


def destination(state: GameState, move: Move) -> tuple[int, tuple[int, ...]]:
    """(space the Doctor stops on, spaces with cards passed over on the way)."""
    ray = RAYS[state.doctor][move.direction]
    ward = state.ward
    return ray[move.steps - 1], tuple(c for c in ray[: move.steps - 1] if ward[c] is not None)
