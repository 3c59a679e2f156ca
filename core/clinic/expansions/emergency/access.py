"""Reading and writing the 911th Extension's values in a ``GameState`` (or reading a
``PlayerView``): each player's Emergency Department (``PlayerState.expansions``), the
Emergency action in progress (``Turn.expansions``) and the Emergency Waiting Area
(``GameState.expansions``), all kept under the expansion's ``NAME``.  ``hooks``,
``bot``, ``words`` and the apps read them here, so none of them imports another (no
import circle).
"""

from __future__ import annotations

from attrs import evolve

from . import NAME
from .state import EmergencyState, EmergencyTurn, WaitingArea


def ed_state(player) -> EmergencyState | None:
    """``player``'s Emergency Department (a ``PlayerState``), None without the option."""
    return player.expansions.get(NAME)


def with_ed_state(player, ed: EmergencyState | None):
    """``player`` (a ``PlayerState``) with its Emergency Department ``ed``."""
    return evolve(player, expansions=player.expansions.put(NAME, ed))


def ed_of(state, seat: int) -> EmergencyState:
    """``seat``'s Emergency Department (a ``GameState`` or a ``PlayerView``)."""
    ed = ed_state(state.players[seat])
    assert ed is not None, "the emergency option is not in play"
    return ed


def waiting_area(state) -> WaitingArea | None:
    """The Emergency Waiting Area (a ``GameState`` or ``PlayerView``), None without the
    option."""
    return state.expansions.get(NAME)


def with_waiting_area(state, area: WaitingArea):
    """``state`` with the Emergency Waiting Area ``area``."""
    return evolve(state, expansions=state.expansions.put(NAME, area))


def emergency_turn(state) -> EmergencyTurn | None:
    """The Emergency action in progress (``state.step``'s), None outside it."""
    return state.step.expansions.get(NAME)


def with_emergency_turn(step, turn: EmergencyTurn | None):
    """The step (a ``Turn``) with the Emergency action's progress ``turn``."""
    return evolve(step, expansions=step.expansions.put(NAME, turn))


def emergency_of(state):
    """The Emergency action in progress for the current player (``actions.Emergency``)."""
    from . import actions as A

    seat = state.current
    p = state.players[seat]
    turn = emergency_turn(state) or EmergencyTurn()
    return A.Emergency(waiting_area(state), ed_of(state, seat), turn, p.money, state.cars_lot, state.round)
