"""The Admit Patients action: queue points on the notepad (rulebook "Action: Admit").

QP = 1 + entrances and helipads.  1 QP: move a patient one space orthogonally on the
notepad (swapping with a patient there; rows close up to the right), or admit the
patient in the rightmost column into that service's pre-admissions (4 places, the
service offered, a car parked).  Unspent QP are lost (``Done``).  **House rule:**
moves that change nothing are not offered (a swap of two patients of one colour; a move
left into an empty space, which the row closes again at once).
"""

from __future__ import annotations

from functools import lru_cache

from core.clinic.fast_evolve import evolve

from core.clinic.constants import PRE_ADMISSIONS_PER_SERVICE
from .memo import for_spots, free_parking_spots
from core.clinic.people import admit_patient

from .actions import AdmitPatient, Done, Shift, ShiftAppointment
from .outcome import Outcome, waiting_or
from .notepad import pack, set_row
from .state import GameState, set_player

_LAST = -1


# (rows down, spaces right) of each direction, in Shift order
_STEPS = {Shift.UP: (-1, 0), Shift.DOWN: (1, 0), Shift.LEFT: (0, -1), Shift.RIGHT: (0, 1)}
_NUMBERED_STEPS = tuple(enumerate(_STEPS.values()))


def _target(state: GameState, r: int, i: int, d: Shift) -> tuple[int, int] | None:
    """The notepad space (row, index) one step ``d`` from (r, i); None off the notepad."""
    dr, di = _STEPS[d]
    r2, i2 = r + dr, i + di
    if 0 <= r2 < len(state.notepad) and 0 <= i2 < len(state.notepad[0]):
        return r2, i2
    return None


def shift_notepad(notepad, r: int, i: int, r2: int, i2: int):
    """Move the patient at (r, i) to (r2, i2), swapping; then close gaps rightward."""
    grid = [list(row) for row in notepad]
    grid[r][i], grid[r2][i2] = grid[r2][i2], grid[r][i]
    out = tuple(tuple(row) for row in grid)
    for k in {r, r2}:
        out = set_row(out, k, pack(out[k]))
    return out


def shift_options(state: GameState) -> list[ShiftAppointment]:
    """Every move of one appointment one space that changes the notepad (house rule in
    the module doc), row by row, space by space, in ``Shift`` order."""
    notepad = state.notepad
    rows, width = len(notepad), len(notepad[0])
    shifts = _shifts(state.services, width)
    out = []
    for r, row in enumerate(notepad):
        for i, colour in enumerate(row):
            if colour is None:
                continue
            for k, (dr, di) in _NUMBERED_STEPS:
                r2, i2 = r + dr, i + di
                if not (0 <= r2 < rows and 0 <= i2 < width):  # off the notepad
                    continue
                other = notepad[r2][i2]
                if other == colour or (other is None and r2 == r):
                    continue
                out.append(shifts[r][i][k])
    return out


@lru_cache(maxsize=64)
def _shifts(services: tuple, width: int) -> tuple:
    """``ShiftAppointment(services[r], i, d)`` at ``[r][i][k]``, d the k-th ``Shift``:
    made once, handed out in every menu (actions are frozen values)."""
    return tuple(
        tuple(tuple(ShiftAppointment(service, i, d) for d in _STEPS) for i in range(width))
        for service in services
    )


def admit_options(state: GameState) -> list[AdmitPatient]:
    p = state.players[state.current]
    clinic = p.clinic
    if state.cars_lot <= 0:
        return []
    spots = None
    out = []
    for r, row in enumerate(state.notepad):
        service = state.services[r]
        if row[_LAST] is None or service not in clinic.board.offered_services:
            continue
        if len(clinic.pre_admitted(service)) >= PRE_ADMISSIONS_PER_SERVICE:
            continue
        if spots is None:
            spots = free_parking_spots(clinic.board)
        out += _admits(service, spots)
    return out


def _admits(service, spots: tuple) -> tuple[AdmitPatient, ...]:
    """``AdmitPatient(service, c)`` for each of ``spots`` (kept: ``memo.for_spots``)."""
    return for_spots((AdmitPatient, service), spots, lambda: tuple(AdmitPatient(service, c) for c in spots))


def qp_options(state: GameState) -> list:
    """Every queue-point step the current player may take, then ``Done``."""
    return [*admit_options(state), *shift_options(state), Done()]


def apply_qp(state: GameState, action) -> Outcome:
    """Spend one queue point (shift an appointment, or admit a patient); the action is
    ``Finished`` once the last point is spent."""
    seat = state.current
    step = evolve(state.step, qp=state.step.qp - 1)
    if isinstance(action, ShiftAppointment):
        r = state.row(action.service)
        r2, i2 = _target(state, r, action.index, action.direction)
        state = evolve(state, notepad=shift_notepad(state.notepad, r, action.index, r2, i2), step=step)
    else:
        r = state.row(action.service)
        row = state.notepad[r]
        p = state.players[seat]
        clinic = admit_patient(p.clinic, row[_LAST], action.service, action.car)
        state = evolve(
            state,
            players=set_player(state, seat, evolve(p, clinic=clinic)),
            notepad=set_row(state.notepad, r, pack(row[:_LAST] + (None,))),
            cars_lot=state.cars_lot - 1,
            step=step,
        )
    return waiting_or(state, state.step.qp <= 0)
