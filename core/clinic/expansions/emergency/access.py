"""Reading the 911th Extension's values off a ``GameState`` (or a ``PlayerView``): the
player's Emergency Department and the Emergency action in progress.  ``hooks``,
``bot`` and ``words`` read them here, so none of them imports another (no import
circle).
"""

from __future__ import annotations

from . import actions as A
from .state import EmergencyState, EmergencyTurn


def ed_of(state, seat: int) -> EmergencyState:
    """``seat``'s Emergency Department (a ``GameState`` or a ``PlayerView``)."""
    ed = state.players[seat].emergency
    assert ed is not None, "the emergency option is not in play"
    return ed


def emergency_of(state) -> A.Emergency:
    """The Emergency action in progress for the current player."""
    seat = state.current
    p = state.players[seat]
    turn = state.step.emergency or EmergencyTurn()
    return A.Emergency(state.emergency, ed_of(state, seat), turn, p.money, state.cars_lot, state.round)
