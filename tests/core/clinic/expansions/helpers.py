"""Scenario states for the expansion tests: a solo game stopped in a chosen phase with a
hand-built clinic."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Clinic, Colour, Role, Service, admit_patient, hire, move_person
from core.clinic.board import Board, Direction, border_of
from core.clinic.construction import BuildEntrance, BuildModule, build
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.state import Phase, Turn
from core.clinic.parking import free_parking_spots

from clinic_helpers import sp
from game.game_helpers import with_clinic

PSY = Service.PSYCHIATRY


def started(options=(), players: int = 1, seed: int = 0):
    """A game with ``options`` played (first legal action each time) to round 1's
    first selection."""
    state = new_game(players, seed, options=options)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def in_phase(state, phase: Phase, clinic: Clinic | None = None, seat: int = 0, **changes):
    """``state`` in ``phase`` with ``seat`` to decide (and its clinic replaced)."""
    if clinic is not None:
        state = with_clinic(state, seat, clinic)
    return evolve(state, phase=phase, queue=(seat,), step=Turn(), **changes)


def board_of(*placements, gate=("B3", Direction.SOUTH)) -> Board:
    """Modules ``(module, "B3"[, floor])`` and one entrance."""
    board = Board()
    for module, name, *floor in placements:
        board = build(board, BuildModule(module, sp(name, *floor)))
    return build(board, BuildEntrance(border_of(*gate)))


def staff(clinic: Clinic, role: Role, where, colour=None) -> Clinic:
    """Hire ``role`` at the first entrance and walk them to ``where`` (time reset)."""
    clinic = hire(clinic, role, clinic.board.entrances[0], free_parking_spots(clinic.board)[0], colour)
    clinic = move_person(clinic, clinic.last.id, where)
    return evolve(clinic, move_time=0)


def patient(clinic: Clinic, colour: Colour, where=None, stays: bool = False, service=PSY) -> Clinic:
    """Admit a ``colour`` patient and walk them to ``where`` (time reset)."""
    clinic = admit_patient(clinic, colour, service, free_parking_spots(clinic.board)[0])
    if where is not None:
        clinic = move_person(clinic, clinic.last.id, where)
        if stays:
            from core.clinic.people import replace_person

            clinic = replace_person(clinic, evolve(clinic.last, stays=True))
    return evolve(clinic, move_time=0)
