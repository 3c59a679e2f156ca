"""People in one clinic and the clinic value itself.

Rulebook: "Patients & Staff", "Action: Hire" (new hires stand on an entrance or
helipad, their car parks or there is no hire), "Action: Admit Patients" (4 pre-admission
places per service, a car parks or there is no admission; decisions: the service must
be offered), "Taking a Car" (anyone who leaves takes a car of the player's choice).

A ``Clinic`` is one frozen value per player: the ``Board`` plus every ``Person`` with
where they stand, and the time spent so far in the current Move phase.
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve
from attrs import field
from core.model import frozen
from core.converters import to_tuple

from .board import Board, Border, Space
from .components import STAFF_ROLES, Colour, Helipad, Role, Service
from .constants import PRE_ADMISSIONS_PER_SERVICE
from .errors import IllegalActionError
from .parking import CarSpot, park_car, remove_car


@frozen(order=True)
class PreAdmissions:
    """The pre-admissions area of one service (a place patients wait, off the grid)."""

    service: Service

    def __str__(self) -> str:
        return f"{self.service} pre-admissions"


# Where a person stands: a module or helipad ``Space``, an entrance ``Border``, or
# ``PreAdmissions``.
Location = Space | Border | PreAdmissions


@frozen
class Person:
    """A doctor, nurse, orderly or patient in a clinic.

    ``colour``: a doctor's level or a patient's severity (None for nurses and
    orderlies).  ``service``: the service a patient was admitted for.  ``stays``: the
    patient finished a round in a treatment room, operating room or outpatient services
    and may never switch rooms (rulebook, Patients never switch rooms).  ``lying``: laid
    down by an expansion (a blood donor, an exhausted workaholic doctor,
    ``core.clinic.expansions``); ``atop``: the id of the patient a nurse stands on after
    a transfusion.
    """

    id: int
    role: Role
    where: Location
    colour: Colour | None = None
    service: Service | None = None
    stays: bool = False
    lying: bool = False
    atop: int | None = None  # Blood Transfusion: the patient a nurse stands on

    def __str__(self) -> str:
        parts = [str(self.colour)] if self.colour is not None else []
        if self.service is not None:
            parts.append(str(self.service))
        parts.append(f"{self.role} {self.id}")
        return " ".join(parts)


@frozen
class Clinic:
    """One player's clinic: ``board``, ``people`` (ordered by id), ``next_id`` for the
    next person, and ``move_time``: raw time spent so far in the current Move phase
    (before triage; see ``movement.finish_move``); ``abandoned_cars``: parked cars
    nobody will take (Zombies expansion)."""

    board: Board = Board()
    people: tuple[Person, ...] = field(default=(), converter=to_tuple)
    next_id: int = 1
    move_time: int = 0
    abandoned_cars: int = 0  # Zombies: cars of the dead and the mutated stay parked forever

    def person(self, pid: int) -> Person:
        """The person with id ``pid``; raises IllegalActionError when there is none."""
        for p in self.people:
            if p.id == pid:
                return p
        raise IllegalActionError(f"People: there is no person {pid} in this clinic")

    def at(self, where: Location) -> tuple[Person, ...]:
        """People standing at ``where``."""
        return tuple(p for p in self.people if p.where == where)

    def of_role(self, role: Role) -> tuple[Person, ...]:
        """Everyone of ``role``."""
        return tuple(p for p in self.people if p.role is role)

    def pre_admitted(self, service: Service) -> tuple[Person, ...]:
        """Patients waiting in the pre-admissions of ``service``."""
        return self.at(PreAdmissions(service))

    @property
    def last(self) -> Person:
        """The person added most recently (the one just hired or admitted)."""
        return max(self.people, key=lambda p: p.id)


def is_arrival_point(board: Board, where: Location) -> bool:
    """True for an entrance of the board or a helipad space."""
    if isinstance(where, Border):
        return where in board.entrances
    return isinstance(where, Space) and isinstance(board.tile_at(where), Helipad)


def with_board(clinic: Clinic, board: Board) -> Clinic:
    """The clinic with a new board (after a build)."""
    return evolve(clinic, board=board)


def _add(clinic: Clinic, person: Person, car_spot: CarSpot) -> Clinic:
    board = park_car(clinic.board, car_spot)
    return evolve(
        clinic, board=board, people=clinic.people + (person,), next_id=clinic.next_id + 1
    )


def hire(
    clinic: Clinic,
    role: Role,
    arrival: Location,
    car_spot: CarSpot,
    colour: Colour | None = None,
) -> Clinic:
    """A new employee stands on ``arrival`` (an entrance or helipad) and their car parks
    at ``car_spot``; returns the new clinic (``clinic.last`` is the hire).

    ``colour`` is required for a doctor and forbidden otherwise.  Cost and displays are
    part 2.  Raises IllegalActionError (rulebook, Action: Hire: no parking, no hire).
    """
    if role not in STAFF_ROLES:
        raise IllegalActionError(f"Hire: a {role} is not an employee")
    if (role is Role.DOCTOR) != (colour is not None):
        raise IllegalActionError(f"Hire: a doctor needs a colour, others none ({role}, {colour})")
    if not is_arrival_point(clinic.board, arrival):
        raise IllegalActionError(
            f"Hire: a new {role} must be placed on an entrance or helipad, not {arrival}"
        )
    return _add(clinic, Person(clinic.next_id, role, arrival, colour), car_spot)


def admit_patient(
    clinic: Clinic, colour: Colour, service: Service, car_spot: CarSpot
) -> Clinic:
    """Put a patient into the pre-admissions of ``service`` and park their car at
    ``car_spot``; returns the new clinic (``clinic.last`` is the patient).

    Raises IllegalActionError when the clinic offers no ``service`` (decisions), when
    that pre-admissions is full (4, rulebook) or when the car cannot park (rulebook).
    """
    if service not in clinic.board.offered_services:
        raise IllegalActionError(
            f"Admit: the clinic offers no {service} service (no {service} service hub)"
        )
    if len(clinic.pre_admitted(service)) >= PRE_ADMISSIONS_PER_SERVICE:
        raise IllegalActionError(
            f"Admit: {service} pre-admissions is full ({PRE_ADMISSIONS_PER_SERVICE} patients)"
        )
    patient = Person(clinic.next_id, Role.PATIENT, PreAdmissions(service), colour, service)
    return _add(clinic, patient, car_spot)


def person_leaves(clinic: Clinic, pid: int, car_spot: CarSpot) -> Clinic:
    """Person ``pid`` leaves (cured, dead, fired) and takes the car at ``car_spot``.
    Raises IllegalActionError when there is no such person or no car there."""
    clinic.person(pid)
    board = remove_car(clinic.board, car_spot)
    return evolve(
        clinic, board=board, people=tuple(p for p in clinic.people if p.id != pid)
    )


def person_departs(clinic: Clinic, pid: int) -> Clinic:
    """Person ``pid`` leaves (cured, dead, dismissed); the car they take is chosen by the
    player afterwards (rulebook, Taking a Car: "remove the car of your choice"; the game
    counts it as owed, ``game.cars``).  Raises IllegalActionError when there is no such
    person."""
    clinic.person(pid)
    return evolve(clinic, people=tuple(p for p in clinic.people if p.id != pid))


def recolour(clinic: Clinic, pid: int, colour: Colour) -> Clinic:
    """Person ``pid`` gets a new colour (a doctor trains or tires, a patient worsens)."""
    person = clinic.person(pid)
    return replace_person(clinic, evolve(person, colour=colour))


def replace_person(clinic: Clinic, person: Person) -> Clinic:
    """The clinic with ``person`` (same id) replaced."""
    return evolve(
        clinic, people=tuple(person if p.id == person.id else p for p in clinic.people)
    )
