"""Setting up the Emergency Department (rulebook "Setup", "Player Areas", "Construct Your
Initial Emergency Department"; E1-E7, E11, E13-E15).

``new_area`` lays out the Emergency Waiting Area (bag, residency, nurse display, queues,
tile stock); ``new_emergency`` gives one player their ED board, $10 apart, and the
starting light emergency doctor with a car.  Beginners get a layout by a random level;
experts place a free hub and light room (``place_initial``) and then park the car.
Every random draw takes an explicit ``random.Random``.
"""

from __future__ import annotations

import random

import attrs

from core.clinic.errors import IllegalActionError
from core.clinic.game.setup import clockwise_borders
from core.clinic.parking import CarSpot, free_parking_spots, park_car

from . import constants as K
from .board import EDBoard
from .components import ED_HUB, ED_ROOM, OUTSIDE, EDKind, EDRole, EDSide, Level
from .construction import EDBuildModule, beginner_initial_ed, ed_build
from .state import EmergencyState, Stock, WaitingArea, add_person, draw_level, pack


def nurse_columns(players: int) -> tuple[int, ...]:
    """Emergency nurses in each round's column (E5): rows from the bottom, one per
    player, coloured in a checkerboard, rows 1 and 3 in rounds I, III, V and rows 2
    and 4 in rounds II, IV, VI ("each row offers 1 emergency nurse every 2 rounds")."""
    return tuple(
        sum(1 for row in range(players) if (row + rnd) % 2 == 0) for rnd in range(K.ROUNDS)
    )


def new_area(players: int, rng: random.Random) -> WaitingArea:
    """The Emergency Waiting Area for ``players`` (1-4) at setup: the bag by the player
    count, the residency filled from the left with random doctors (unsorted), the
    nurse display, the queues' first patients in their rightmost spaces (rulebook
    L103-137), and the tile stock less each player's starting hub and light room (E11)."""
    patients = K.BAG_PATIENTS[players]
    doctors = K.BAG_DOCTORS[players]
    residency = []
    for _ in range(players):
        level, doctors = draw_level(rng, doctors)
        residency.append(level)
    queues = []
    for start in K.QUEUE_START[players]:
        queue: list[Level | None] = [None] * K.QUEUE_LENGTH
        for i in range(start):
            level, patients = draw_level(rng, patients)
            queue[K.QUEUE_LENGTH - 1 - i] = level
        queues.append(pack(tuple(queue)))
    rooms = [K.ED_ROOMS_PER_LEVEL] * 3
    rooms[Level.LIGHT] -= players
    stock = Stock(K.ED_HUBS_IN_GAME - players, tuple(rooms), K.BREAK_ROOMS[players])
    return WaitingArea(patients, doctors, residency, nurse_columns(players), queues, stock)


def starting_car_spot(board: EDBoard) -> CarSpot | None:
    """Where the starting car parks: the first free outer border clockwise from the
    north-west corner (E14); else any free spot; None when the board is full."""
    free = free_parking_spots(board)
    for b in clockwise_borders(board):
        if b in free:
            return b
    return free[0] if free else None


def _arrive(ed: EmergencyState) -> EmergencyState:
    """The starting light emergency doctor outside the grid, his car parked (E14)."""
    ed = add_person(ed, EDRole.DOCTOR, OUTSIDE, Level.LIGHT)
    spot = starting_car_spot(ed.board)
    if spot is None:  # pragma: no cover - an empty or 2-module board always has room
        raise IllegalActionError("Emergency setup: no room for the starting car")
    return attrs.evolve(ed, board=park_car(ed.board, spot))


def new_emergency(side: EDSide, rng: random.Random | None = None, expert: bool = False) -> EmergencyState:
    """One player's Emergency Department at setup.

    Beginners (``expert`` False, 4x2 side, rulebook L147): the layout for a random level
    drawn from a set of light, medium and dark cubes (``rng``), the starting doctor and
    car.  Experts: an empty board of ``side``; they place a free hub and light room
    with ``place_initial``, which then brings the doctor and car (E13)."""
    if not expert:
        if side is not EDSide.BEGINNER:
            raise IllegalActionError("Emergency setup: BEGINNERS should use the 4x2 side")
        assert rng is not None
        level = Level(rng.randrange(len(Level)))
        return _arrive(EmergencyState(board=beginner_initial_ed(level)))
    return EmergencyState(board=EDBoard(side=side))


def initial_options(ed: EmergencyState) -> list[EDBuildModule]:
    """The expert's free starting pieces still to place (hub, then the light room), on
    every space where the construction rules allow it (E13: no adjacency required)."""
    board = ed.board
    if not board.hubs:
        module = ED_HUB
    elif not board.rooms:
        module = ED_ROOM[Level.LIGHT]
    else:
        return []
    out = []
    for s in board.spaces():
        action = EDBuildModule(module, s)
        try:
            ed_build(board, action)
        except IllegalActionError:
            continue
        out.append(action)
    return out


def place_initial(ed: EmergencyState, action: EDBuildModule) -> EmergencyState:
    """Place one free starting piece (expert setup, E13); once both stand, the starting
    doctor and car arrive.  Raises IllegalActionError for another piece or a space the
    rules forbid."""
    if action not in initial_options(ed):
        want = "an emergency service hub" if not ed.board.hubs else "a light emergency room"
        ed_build(ed.board, action)  # names the construction rule when one is broken
        raise IllegalActionError(
            f"Emergency setup: place {want} first ('1 Emergency Service Hub tile', '1 light"
            " Emergency Room tile')"
        )
    ed = attrs.evolve(ed, board=ed_build(ed.board, action))
    if ed.board.hubs and ed.board.of_kind(EDKind.ROOM):
        ed = _arrive(ed)
    return ed


def emergency_nurse_bonus(ed: EmergencyState) -> EmergencyState:
    """The Emergency Nurse bonus tile: "Start the game with an emergency nurse from the
    supply (not from the board) and an accompanying car" (rulebook Appendix); the nurse
    stands outside the ED grid and the car parks on the ED board, on the first free
    outer border clockwise from the north-west corner (E15, as E14).  The car comes from
    the main board's lot (the caller's, like the base game's bonus people)."""
    ed = add_person(ed, EDRole.NURSE, OUTSIDE)
    spot = starting_car_spot(ed.board)
    if spot is None:  # pragma: no cover - at setup the ED board has room
        raise IllegalActionError("Emergency Nurse bonus: no room for the car on the ED board")
    return attrs.evolve(ed, board=park_car(ed.board, spot))


__all__ = [
    "emergency_nurse_bonus",
    "initial_options",
    "new_area",
    "new_emergency",
    "nurse_columns",
    "place_initial",
    "starting_car_spot",
]
