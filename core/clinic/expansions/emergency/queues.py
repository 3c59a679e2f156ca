"""The emergency patient queues and Emergency Queue Points (rulebook "Action: Admit
Emergency Patients", "New Patients Schedule Appointments", icon legend "Emergency Queue
Points"; E6, E16).

"For each Emergency Queue Point you may: Move 1 Emergency Patient in queues 1 space (swap
if target space is occupied) OR Move 1 Emergency Patient from rightmost column of a
queue to emergency pre-admissions."  The queues work like the base game's notepad rows
(``core.clinic.game.admit.shift_notepad``): gaps close rightward; up and down move
between the two queues when both are in play (E6).  As the base game's house rule,
moves that change nothing are not offered (a swap of two patients of one level; a move
left into an empty space, which the queue closes again at once).
"""

from __future__ import annotations

import random

from attrs import evolve
from core.model import frozen

from core.clinic.errors import IllegalActionError
from core.clinic.game.actions import Shift
from core.clinic.game.admit import shift_notepad
from core.clinic.parking import CarSpot, free_parking_spots

from . import constants as K
from .components import PRE_ADMISSIONS, EDRole, Level
from .state import EmergencyState, WaitingArea, draw_level, pack

QUEUE_NAMES = ("1p/2p", "3p/4p")


def queue_name(queue: int) -> str:
    """The queue's name on the Emergency Waiting Area board; a number for a queue that
    does not exist (an illegal action still gets its refusal, not an index error)."""
    return QUEUE_NAMES[queue] if 0 <= queue < len(QUEUE_NAMES) else f"no. {queue + 1}"


_STEP = {Shift.UP: (-1, 0), Shift.DOWN: (1, 0), Shift.LEFT: (0, -1), Shift.RIGHT: (0, 1)}


@frozen
class EDShift:
    """Move the emergency patient in ``queue`` (0: "1p/2p", 1: "3p/4p"), space ``index``
    (0 leftmost), one space in ``direction``; swap if occupied (1 EQP)."""

    queue: int
    index: int
    direction: Shift

    def __str__(self) -> str:
        return (
            f"move the emergency patient in the {queue_name(self.queue)} queue, space"
            f" {self.index + 1}, {self.direction}"
        )


@frozen
class EDAdmit:
    """Admit the emergency patient in the rightmost space of ``queue`` to your emergency
    pre-admissions, parking its car on ``car`` of the ED board (1 EQP)."""

    queue: int
    car: CarSpot

    def __str__(self) -> str:
        return (
            f"admit the emergency patient at the head of the {queue_name(self.queue)} queue,"
            f" car parked {self.car}"
        )


def _target(area: WaitingArea, shift: EDShift) -> tuple[int, int] | None:
    dq, di = _STEP[shift.direction]
    q2, i2 = shift.queue + dq, shift.index + di
    if 0 <= q2 < len(area.queues) and 0 <= i2 < K.QUEUE_LENGTH:
        return q2, i2
    return None


def shift_options(area: WaitingArea) -> list[EDShift]:
    """Every EQP move that changes the queues."""
    out = []
    for q, queue in enumerate(area.queues):
        for i, level in enumerate(queue):
            if level is None:
                continue
            for d in Shift:
                shift = EDShift(q, i, d)
                target = _target(area, shift)
                if target is None:
                    continue
                other = area.queues[target[0]][target[1]]
                if other == level or (other is None and target[0] == q):
                    continue
                out.append(shift)
    return out


def apply_shift(area: WaitingArea, shift: EDShift) -> WaitingArea:
    """Move one emergency patient (swap if occupied); the queues close up rightward.
    Raises IllegalActionError for an empty space or a move off the queues."""
    if not (0 <= shift.queue < len(area.queues)) or not (0 <= shift.index < K.QUEUE_LENGTH):
        raise IllegalActionError(f"Emergency queues: no such space ({shift})")
    if area.queues[shift.queue][shift.index] is None:
        raise IllegalActionError(f"Emergency queues: no emergency patient to move ({shift})")
    target = _target(area, shift)
    if target is None:
        raise IllegalActionError(f"Emergency queues: cannot {shift}, off the queues in play")
    queues = shift_notepad(area.queues, shift.queue, shift.index, *target)
    return evolve(area, queues=queues)


def admit_refusal(area: WaitingArea, ed: EmergencyState, queue: int, cars_lot: int) -> str | None:
    """Why the head of ``queue`` cannot be admitted now, or None (rulebook: "your
    emergency pre-admission area, which only has 2 spaces"; E16: a car must park)."""
    if not (0 <= queue < len(area.queues)) or area.queues[queue][-1] is None:
        return "no emergency patient in the rightmost space of that queue"
    waiting = sum(1 for p in ed.at(PRE_ADMISSIONS) if p.role is EDRole.PATIENT)
    if waiting >= K.ED_PRE_ADMISSIONS:
        return "your emergency pre-admission area only has 2 spaces, and both are taken"
    if cars_lot <= 0:
        return "no car is left in the parking lot"
    if not free_parking_spots(ed.board):
        return "no free parking space on your Emergency Department board for its car (E16)"
    return None


def admit_options(area: WaitingArea, ed: EmergencyState, cars_lot: int) -> list[EDAdmit]:
    out = []
    for q in range(len(area.queues)):
        if admit_refusal(area, ed, q, cars_lot) is None:
            out += [EDAdmit(q, c) for c in free_parking_spots(ed.board)]
    return out


def head(area: WaitingArea, queue: int) -> tuple[Level, WaitingArea]:
    """Take the emergency patient at the head (rightmost space) of ``queue``."""
    row = area.queues[queue]
    level = row[-1]
    assert level is not None
    queues = area.queues[:queue] + (row[:-1] + (None,),) + area.queues[queue + 1 :]
    return level, evolve(area, queues=tuple(pack(q) for q in queues))


def new_emergency_patients(area: WaitingArea, rng: random.Random) -> WaitingArea:
    """After each action step: "each Emergency Patient Queue for your player count, also
    gets 1 new random emergency patient drawn from the Emergency bag. If an emergency
    patient queue has no empty spaces, do not draw a new emergency patient for it."
    The patient takes the queue's rightmost empty space, top queue first."""
    bag = area.bag_patients
    queues = list(area.queues)
    for q, row in enumerate(queues):
        if row[0] is not None:
            continue
        level, bag = draw_level(rng, bag)
        if level is None:
            break
        empty = row.count(None)
        queues[q] = row[: empty - 1] + (level,) + row[empty:]
    return evolve(area, queues=tuple(queues), bag_patients=bag)


__all__ = [
    "EDAdmit",
    "EDShift",
    "admit_options",
    "admit_refusal",
    "apply_shift",
    "head",
    "new_emergency_patients",
    "shift_options",
]
