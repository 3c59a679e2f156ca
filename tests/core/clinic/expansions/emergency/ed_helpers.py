"""Short names for the Emergency Department tests: modules, spaces, boards, people."""

from __future__ import annotations

import random

from attrs import evolve

from core.clinic.board import parse_space
from core.clinic.expansions.emergency.board import EDBoard
from core.clinic.expansions.emergency.components import (
    BREAK_ROOM,
    ED_HUB,
    ED_ROOM,
    OUTSIDE,
    PRE_ADMISSIONS,
    EDRole,
    EDSide,
    Level,
)
from core.clinic.expansions.emergency.construction import EDBuildModule, ed_build
from core.clinic.expansions.emergency.setup import new_area
from core.clinic.expansions.emergency.access import with_ed_state
from core.clinic.expansions.emergency.state import EmergencyState, add_person
from core.clinic.game.state import set_player

L, M, D = Level.LIGHT, Level.MEDIUM, Level.DARK
HUB = ED_HUB
BREAK = BREAK_ROOM
ROOM = ED_ROOM
__all__ = ["OUTSIDE", "PRE_ADMISSIONS", "EDRole"]


def sp(name: str):
    return parse_space(name)


def ed_board(*placements, side: EDSide = EDSide.BEGINNER) -> EDBoard:
    """Build through the real rules: ``ed_board((HUB, "A1"), (ROOM[L], "B1"))``."""
    board = EDBoard(side=side)
    for module, name in placements:
        board = ed_build(board, EDBuildModule(module, sp(name)))
    return board


def ed_with(board: EDBoard, *people, funds: int = 10) -> EmergencyState:
    """An ED on ``board`` with ``people`` as ``(role, where, level)`` (where: a space
    name, OUTSIDE or PRE_ADMISSIONS)."""
    ed = EmergencyState(board=board, funds=funds)
    for role, where, *level in people:
        if isinstance(where, str):
            where = sp(where)
        ed = add_person(ed, role, where, level[0] if level else None)
    return ed


def area(players: int = 1, seed: int = 0, **changes):
    return evolve(new_area(players, random.Random(seed)), **changes)


DOC, NURSE, PAT = EDRole.DOCTOR, EDRole.NURSE, EDRole.PATIENT


def put_ed(state, seat: int, ed: EmergencyState, **changes):
    """``state`` with seat ``seat``'s Emergency Department ``ed`` (and its other
    ``PlayerState`` fields changed as ``changes`` says)."""
    player = with_ed_state(evolve(state.players[seat], **changes), ed)
    return evolve(state, players=set_player(state, seat, player))
