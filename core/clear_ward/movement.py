"""The Doctor's movement (rulebook "Movement Phase"; decisions "A move", "Solo").

The Doctor slides orthogonally in a straight line, passing over cards and empty spaces,
and stops on a card. It may not reverse its previous move unless that is the only legal
move. With the Porter it may reverse and stop on empty spaces. In the Night Shift, when
no move is legal, a forced move follows the card arrows.
"""

from __future__ import annotations

from core.clear_ward.actions import Move
from core.clear_ward.cards import CLOCKWISE, Direction
from core.clear_ward.constants import WARD_CELLS, WARD_SIZE
from core.clear_ward.state import GameState
from core.clear_ward.ward import RAYS, perpendicular_line


#: Every ``Move`` made once, ``_MOVES[direction][steps - 1]`` (they are frozen values).
_MOVES = {d: tuple(Move(d, steps) for steps in range(1, WARD_SIZE)) for d in CLOCKWISE}

#: ``_STOPS[cell][direction]``: (space, the ``Move`` that stops there) from ``cell``
#: outward in ``direction``, nearest first: the places a move that way may stop.
_STOPS: tuple[dict[Direction, tuple[tuple[int, Move], ...]], ...] = tuple(
    {d: tuple(zip(RAYS[cell][d], _MOVES[d])) for d in CLOCKWISE} for cell in range(WARD_CELLS)
)

#: ``_FORWARD_STOPS[cell][last]``: the stops of ``_STOPS[cell]`` in every direction but
#: back the way ``last`` (the previous move's direction; ``None``: none yet) came,
#: clockwise from up: what the movement rules allow before reversing is considered.
_FORWARD_STOPS: tuple[dict[Direction | None, tuple[tuple[int, Move], ...]], ...] = tuple(
    {
        last: tuple(
            stop for d in CLOCKWISE if last is None or d is not last.opposite for stop in stops[d]
        )
        for last in (None, *CLOCKWISE)
    }
    for stops in _STOPS
)

#: ``_CROSSINGS[cell][direction]``: the row or column crossing a slide in ``direction``
#: at ``cell`` (``ward.perpendicular_line``), where a Night Shift forced move looks.
_CROSSINGS: tuple[dict[Direction, tuple[int, ...]], ...] = tuple(
    {d: perpendicular_line(cell, d) for d in CLOCKWISE} for cell in range(WARD_CELLS)
)

#: ``_PORTER_MOVES[cell]``: with the Porter every space in every direction is a stop.
_PORTER_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(move for _cell, move in forward[None]) for forward in _FORWARD_STOPS
)


def normal_moves(state: GameState) -> list[Move]:
    """Legal moves under the movement rules (no forced move): all stops on a card in
    every direction but the reverse one; the reverse only if nothing else is legal. With
    the Porter this turn: every space in every direction, the reverse one included."""
    if state.porter:
        return list(_PORTER_MOVES[state.doctor])
    ward = state.ward
    last = state.last_direction
    moves = [move for cell, move in _FORWARD_STOPS[state.doctor][last] if ward[cell] is not None]
    if not moves and last is not None:
        reverse = _STOPS[state.doctor][last.opposite]
        moves = [move for cell, move in reverse if ward[cell] is not None]
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
    if not any(ward):  # no card left (cards are always truthy, empty spaces None)
        return None
    order = state.last_arrow.clockwise_from()
    stops = _STOPS[state.doctor]
    for direction in order:
        for cell, move in stops[direction]:
            if any(map(ward.__getitem__, _CROSSINGS[cell][direction])):  # a card on that line
                return move
    return next(_MOVES[d][0] for d in order if stops[d])


def moves_now(state: GameState) -> tuple[tuple[Move, ...], bool]:
    """(every legal ``Move`` now, whether it is the Night Shift forced move): the normal
    moves, or in solo when there are none the one forced move. Read it through the
    cached ``state.moves_now``."""
    moves = normal_moves(state)
    if not moves and len(state.players) == 1:  # (``state.solo``, without the property call)
        forced = forced_move(state)
        return ((forced,) if forced is not None else ()), True
    return tuple(moves), False


def legal_moves(state: GameState) -> list[Move]:
    """Every legal ``Move`` now (normal moves, or in solo the forced move)."""
    return list(state.moves_now[0])


def destination(state: GameState, move: Move) -> tuple[int, tuple[int, ...]]:
    """(space the Doctor stops on, spaces with cards passed over on the way)."""
    ray = RAYS[state.doctor][move.direction]
    steps = move.steps
    if steps == 1:
        return ray[0], ()
    ward = state.ward
    return ray[steps - 1], tuple([c for c in ray[: steps - 1] if ward[c] is not None])
