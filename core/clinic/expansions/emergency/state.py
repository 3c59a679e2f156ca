"""The Emergency Department's state: the shared Emergency Waiting Area and one
``EmergencyState`` per player (attrs ``@frozen``; rules return new values).

Money: ED funds are kept apart from the main clinic's savings (rulebook L157, L362);
"Whenever you spend money for the emergency department ... Pay from your emergency
department funds if you can. If you're short, pay the difference from your main clinic
savings" (L185-186): ``pay``.  The main clinic's savings, popularity, time and car lot
are the base game's; these functions take and return them as plain numbers.
"""

from __future__ import annotations

import enum
import random

import attrs
from core.converters import to_tuple
from attrs import field
from core.model import frozen

from core.clinic.errors import IllegalActionError
from core.clinic.slots import PlayerSlot, TableSlot, TurnSlot

from . import constants as K
from .board import EDBoard
from .components import EDPerson, EDRole, Level

Queue = tuple[Level | None, ...]


@frozen
class Stock:
    """Emergency tiles left to build, shared (E11): hubs, rooms by level, break rooms."""

    hubs: int
    rooms: tuple[int, int, int] = field(converter=to_tuple)
    break_rooms: int


@frozen
class WaitingArea(TableSlot):
    """The Emergency Waiting Area board and the Emergency bag, shared by all players.

    - ``bag_patients`` light/medium/dark and ``bag_doctors`` light/medium: the bag (E1-E3).
    - ``residency``: the Emergency Residency, doctor levels by space from the left
      (None: empty); one space per player (E7).
    - ``nurses``: emergency nurses left in each round's column (E5).
    - ``queues``: the emergency patient queues in play, "1p/2p" first, packed to the
      right (index ``QUEUE_LENGTH - 1`` is the rightmost space) (E6).
    """

    bag_patients: tuple[int, int, int] = field(converter=to_tuple)
    bag_doctors: tuple[int, int] = field(converter=to_tuple)
    residency: tuple[Level | None, ...] = field(converter=to_tuple)
    nurses: tuple[int, ...] = field(converter=to_tuple)
    queues: tuple[Queue, ...] = field(converter=to_tuple)
    stock: Stock
    nurses_gone: int = 0


@frozen
class EmergencyState(PlayerSlot):
    """One player's Emergency Department.

    ``board``; ``people`` (emergency doctors, nurses and patients, each with where they
    stand); ``funds`` (dollars on the ED board); ``next_id`` for the next person;
    ``move_time`` spent this Move phase on the ED; ``moved`` (ids, one entry per move
    this Move phase); ``treated`` (patients treated, by level when treated: solitaire
    goals); ``dead`` (dark patients who died); ``cars_owed``: emergency people who left
    and whose car is still to be taken off the ED board (the player chooses which, like
    the base game's).
    """

    board: EDBoard
    people: tuple[EDPerson, ...] = field(default=(), converter=to_tuple)
    funds: int = K.ED_STARTING_FUNDS
    next_id: int = 1
    move_time: int = 0
    moved: tuple[int, ...] = field(default=(), converter=to_tuple)
    treated: tuple[int, int, int] = field(default=(0, 0, 0), converter=to_tuple)
    dead: int = 0
    cars_owed: int = 0

    def person(self, pid: int) -> EDPerson:
        for p in self.people:
            if p.id == pid:
                return p
        raise IllegalActionError(f"Emergency department: no emergency person {pid}")

    def of_role(self, role: EDRole) -> tuple[EDPerson, ...]:
        return tuple(p for p in self.people if p.role is role)

    def at(self, where) -> tuple[EDPerson, ...]:
        return tuple(p for p in self.people if p.where == where)


class Sub(enum.Enum):
    """The three things the Emergency action can do for the ED."""

    BUILD = "build onto your emergency department"
    HIRE = "hire emergency staff for your emergency department"
    ADMIT = "admit emergency patients to your emergency department"

    def __str__(self) -> str:
        return self.value


@frozen
class EmergencyTurn(TurnSlot):
    """Progress of one Emergency action: sub-actions ``done``, the ``current`` one, and
    within it builds made, hires made and Emergency Queue Points left."""

    done: tuple[Sub, ...] = field(default=(), converter=to_tuple)
    current: Sub | None = None
    builds: int = 0
    hired_doctor: bool = False
    hired_nurse: bool = False
    eqp: int = 0
    over: bool = False


def add_person(ed: EmergencyState, role: EDRole, where, level: Level | None = None) -> EmergencyState:
    """``ed`` with a new person (the next id)."""
    person = EDPerson(ed.next_id, role, where, level)
    return attrs.evolve(ed, people=ed.people + (person,), next_id=ed.next_id + 1)


def replace_person(ed: EmergencyState, person: EDPerson) -> EmergencyState:
    return attrs.evolve(ed, people=tuple(person if p.id == person.id else p for p in ed.people))


def remove_person(ed: EmergencyState, pid: int) -> EmergencyState:
    return attrs.evolve(ed, people=tuple(p for p in ed.people if p.id != pid))


def pay(ed: EmergencyState, savings: int, cost: int, what: str) -> tuple[EmergencyState, int]:
    """Spend ``cost`` dollars for the ED: ED funds first, the shortfall from the main
    clinic's ``savings`` (rulebook L185-186, L253).  Returns ``(ed, savings)``.  Raises
    IllegalActionError when both together are short."""
    if cost > ed.funds + savings:
        raise IllegalActionError(
            f"Emergency department: {what} costs ${cost}; you have ${ed.funds} in the"
            f" emergency department and ${savings} in savings ('Pay from your emergency"
            " department funds if you can. If you're short, pay the difference from your"
            " main clinic savings')"
        )
    from_ed = min(ed.funds, cost)
    return attrs.evolve(ed, funds=ed.funds - from_ed), savings - (cost - from_ed)


def draw_level(rng: random.Random, bag: tuple[int, ...]) -> tuple[Level | None, tuple[int, ...]]:
    """Draw one patient (or doctor) from the bag's counts by level, uniformly among
    them (E3); ``(None, bag)`` when none is left."""
    total = sum(bag)
    if total == 0:
        return None, bag
    r = rng.randrange(total)
    for i, n in enumerate(bag):
        if r < n:
            return Level(i), bag[:i] + (n - 1,) + bag[i + 1 :]
        r -= n
    raise AssertionError("unreachable")  # pragma: no cover


def pack(queue: Queue) -> Queue:
    """Close the gaps: emergency patients shift right, keeping order (E6)."""
    people = tuple(c for c in queue if c is not None)
    return (None,) * (len(queue) - len(people)) + people


__all__ = [
    "EmergencyState",
    "EmergencyTurn",
    "Sub",
    "Queue",
    "Stock",
    "WaitingArea",
    "add_person",
    "draw_level",
    "pack",
    "pay",
    "remove_person",
    "replace_person",
]
