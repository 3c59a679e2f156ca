"""The Emergency Department's Admin steps (911 rulebook "Phase 3: Admin"; E3, E5, E7, E28).

On the Emergency Waiting Area (``admin_area``): "Emergency patients all stay in their
queues" (step 3); the residency's "Light emergency doctors level up ... while at the
same time, medium doctors level down" (4); its empty spaces are refilled from the bag,
from the left, unsorted (5); "Remove the round's unhired emergency nurses" (6).
On each ED board (``admin_ed``): "Light emergency doctors become medium, while at the
same time, medium emergency doctors become light" (8); "Each emergency patient on your
Emergency Department board worsens. Dark patients die and you get -5 popularity ...
return a car to the parking lot ... Medium patients become dark, and light become
medium" (9).  Step 2, the Action markers' reset, is the base game's action counter.
"""

from __future__ import annotations

import random

from attrs import evolve
from core.model import frozen

from . import constants as K
from .components import EDRole, Level
from .state import EmergencyState, WaitingArea, draw_level, remove_person

_FLIP = {Level.LIGHT: Level.MEDIUM, Level.MEDIUM: Level.LIGHT}


def flip(level: Level) -> Level:
    """A light emergency doctor becomes medium; a medium one becomes light."""
    return _FLIP[level]


def admin_area(area: WaitingArea, rng: random.Random, round: int) -> WaitingArea:
    """Steps 4-6 on the Emergency Waiting Area for the round ``round`` (1-6) ending."""
    residency = tuple(None if lv is None else flip(lv) for lv in area.residency)
    bag = area.bag_doctors
    filled = []
    for lv in residency:
        if lv is None:
            lv, bag = draw_level(rng, bag)  # E3: none left, the space stays empty
        filled.append(lv)
    i = round - 1
    gone = area.nurses[i]
    nurses = area.nurses[:i] + (0,) + area.nurses[i + 1 :]
    return evolve(
        area,
        residency=tuple(filled),
        bag_doctors=bag,
        nurses=nurses,
        nurses_gone=area.nurses_gone + gone,
    )


@frozen
class EDAdminReport:
    """What the ED's Admin did: ``died`` dark patients (ids) and the popularity change."""

    died: tuple[int, ...] = ()

    @property
    def popularity(self) -> int:
        return -K.ED_DEATH_PENALTY * len(self.died)


def admin_ed(ed: EmergencyState) -> tuple[EmergencyState, EDAdminReport]:
    """Steps 8-9 on one ED board: doctors flip, patients (pre-admissions included, E28)
    worsen, dark ones die.  Each death owes a car off the ED board (``cars_owed``;
    the car goes back to the main board's lot); the caller applies the popularity
    (floored at 0, E28)."""
    died = []
    people = []
    for p in ed.people:
        if p.role is EDRole.DOCTOR:
            p = evolve(p, level=flip(p.level))
        elif p.role is EDRole.PATIENT:
            if p.level is Level.DARK:
                died.append(p.id)
                continue
            p = evolve(p, level=Level(p.level + 1))
        people.append(p)
    ed = evolve(
        ed, people=tuple(people), cars_owed=ed.cars_owed + len(died), dead=ed.dead + len(died)
    )
    return ed, EDAdminReport(tuple(died))


__all__ = ["EDAdminReport", "admin_area", "admin_ed", "flip", "remove_person"]
