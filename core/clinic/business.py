"""Business for one clinic: treating patients, income, wages, upkeep, paying.

Rulebook: "Phase 2: Business" (Outpatient Services, Treatment Rooms, Gardens,
Operating Rooms, Going Home, Expenses, Pay Your Employees, Facility Upkeep).
Decisions: income by patient colour, wages, "who treats whom" (the engine assigns
doctors and nurses so as to earn the most; ties: the fewest nurses).
"""

from __future__ import annotations

from itertools import permutations

from core.model import frozen

from . import constants as K
from .board import Space
from .components import Colour, Garden, ModuleKind, Role
from .errors import IllegalActionError
from .parking import CarSpot
from .people import Clinic, Person, person_leaves


def nurses_needed(doctor: Colour, patient: Colour, virtual_nurses: int = 0) -> int:
    """Nurses a ``doctor`` needs to treat a ``patient``: one per colour step between
    them, either direction, less ``virtual_nurses`` (the operating room's built-in
    nurse), never below 0 (rulebook, Treatment Rooms)."""
    gap = abs(int(doctor) - int(patient)) * K.NURSES_PER_COLOUR_STEP
    return max(0, gap - virtual_nurses)


def patient_income(patient: Colour, kind: ModuleKind, adjacent_gardens: int = 0) -> int:
    """Dollars for one cured patient: outpatient services $6 whatever the colour;
    treatment and operating rooms by patient colour; +$2 per adjacent garden for
    treatment rooms only (rulebook; decisions)."""
    if kind is ModuleKind.OUTPATIENT_SERVICES:
        return K.INCOME_OUTPATIENT
    income = K.INCOME_BY_PATIENT_COLOUR[int(patient)]
    if kind is ModuleKind.TREATMENT_ROOM:
        income += K.INCOME_PER_ADJACENT_GARDEN * adjacent_gardens
    return income


@frozen
class TreatmentLine:
    """One cured patient: where, by whom (doctor id, nurse ids), for how many dollars."""

    room: Space
    kind: ModuleKind
    patient: int
    doctor: int
    nurses: tuple[int, ...]
    income: int


@frozen
class Treatment:
    """The Business phase's patient care for one clinic: ``lines`` (one per cured
    patient, room by room) and ``income`` (dollars, their sum)."""

    lines: tuple[TreatmentLine, ...]

    @property
    def income(self) -> int:
        return sum(line.income for line in self.lines)

    @property
    def cured(self) -> tuple[int, ...]:
        """Ids of the cured patients."""
        return tuple(line.patient for line in self.lines)

    @property
    def used_operating_rooms(self) -> int:
        """Operating rooms that treated a patient (each costs $2 more upkeep)."""
        return len({line.room for line in self.lines if line.kind is ModuleKind.OPERATING_ROOM})


def _best_in_room(
    room: Space, kind: ModuleKind, people: list[Person], gardens: int, service=None
) -> tuple[TreatmentLine, ...]:
    """The assignment of doctors and nurses to patients earning most (ties: fewest
    nurses; then the first found, patients and doctors by id).  With ``service``, only
    patients of that service are treated."""
    doctors = sorted((p for p in people if p.role is Role.DOCTOR), key=lambda p: p.id)
    nurses = sorted((p.id for p in people if p.role is Role.NURSE))
    patients = sorted(
        (
            p
            for p in people
            if p.role is Role.PATIENT and (service is None or p.service is service)
        ),
        key=lambda p: p.id,
    )
    if not doctors or not patients:
        return ()
    virtual = K.OPERATING_ROOM_VIRTUAL_NURSES if kind is ModuleKind.OPERATING_ROOM else 0
    best: tuple[int, int, list] = (0, 0, [])
    # Pad doctors with None so that some patients may go untreated.
    slots = doctors + [None] * len(patients)
    # Equivalent mutant: full-length permutations give the same pairs, only slower.
    for order in permutations(range(len(slots)), len(patients)):  # pragma: no mutate
        pairs = []
        used = 0
        income = 0
        for patient, slot in zip(patients, order):
            doctor = slots[slot]
            if doctor is None:
                continue
            need = (
                0
                if kind is ModuleKind.OUTPATIENT_SERVICES
                else nurses_needed(doctor.colour, patient.colour, virtual)
            )
            used += need
            income += patient_income(patient.colour, kind, gardens)
            pairs.append((patient, doctor, need))
        if used > len(nurses):
            continue
        if income > best[0] or (income == best[0] and used < best[1]):
            best = (income, used, pairs)
    lines = []
    free = list(nurses)
    for patient, doctor, need in best[2]:
        assigned, free = tuple(free[:need]), free[need:]
        lines.append(
            TreatmentLine(
                room, kind, patient.id, doctor.id, assigned,
                patient_income(patient.colour, kind, gardens),
            )
        )
    return tuple(lines)


best_in_room = _best_in_room  # the one-room assignment an expansion may wrap


def _space_order(s: Space) -> tuple[int, int, int]:
    return s.floor, s.col, s.row


def treat(clinic: Clinic, room=None) -> Treatment:
    """Who treats whom, and the income (rulebook, Patient Care and Income).

    Treatment rooms earn only when working: connected to a service hub on their floor
    and supplied (one supply room per working treatment room in the building; when
    supplies are short, **house rule**: they go to the rooms earning most).  Operating
    rooms need a connected service hub; outpatient services need nothing.  Each doctor
    treats at most one patient and each nurse assists at most one doctor.  ``room``:
    the one-room assignment (``best_in_room``'s signature), wrapped by the expansions
    in play (``core.clinic.expansions.room_treatment``).
    """
    _best_in_room = best_in_room if room is None else room
    board = clinic.board
    by_room: dict[Space, list[Person]] = {}
    for p in clinic.people:
        if isinstance(p.where, Space):
            by_room.setdefault(p.where, []).append(p)
    lines: list[TreatmentLine] = []
    for building in board.buildings:
        room_results = []
        for space in sorted(building, key=_space_order):  # Space's order, without its slow __lt__
            module = board.module_at(space)
            assert module is not None
            kind = module.kind
            if kind is ModuleKind.OUTPATIENT_SERVICES:
                # Gardens never change outpatient income: 0 or None is the same here.
                lines.extend(_best_in_room(space, kind, by_room.get(space, []), 0))  # pragma: no mutate
            elif kind is ModuleKind.OPERATING_ROOM and (svc := board.room_service(space)):
                lines.extend(_best_in_room(space, kind, by_room.get(space, []), 0, svc))
            elif kind is ModuleKind.TREATMENT_ROOM and (svc := board.room_service(space)):
                gardens = board.adjacent_gardens(space)
                res = _best_in_room(space, kind, by_room.get(space, []), gardens, svc)
                room_results.append(res)
        supplies = board.supply_rooms_in(building)
        room_results.sort(
            key=lambda r: (-sum(x.income for x in r), sum(len(x.nurses) for x in r))
        )
        for res in room_results[:supplies]:
            lines.extend(res)
    return Treatment(tuple(lines))


def send_home(clinic: Clinic, treatment: Treatment, car_spots: tuple[CarSpot, ...]) -> Clinic:
    """Every cured patient leaves, each taking a car (rulebook, Going Home: "takes a
    car — any car"; Taking a Car: "remove the car of your choice").

    ``car_spots``: the cars the player chose, one per cured patient, in the order of
    ``treatment.cured`` (the game asks for them: ``game.cars``).  Raises
    IllegalActionError when a spot holds no car or the count differs.
    """
    if len(car_spots) != len(treatment.cured):
        raise IllegalActionError(
            f"Going Home: {len(treatment.cured)} cured patients take {len(treatment.cured)} cars,"
            f" not {len(car_spots)}"
        )
    for pid, spot in zip(treatment.cured, car_spots):
        clinic = person_leaves(clinic, pid, spot)
    return clinic


def wages(clinic: Clinic) -> int:
    """Dollars of wages this round: doctor $2, nurse $1, orderly $1 (decisions)."""
    rates = {Role.DOCTOR: K.WAGE_DOCTOR, Role.NURSE: K.WAGE_NURSE, Role.ORDERLY: K.WAGE_ORDERLY}
    return sum(rates.get(p.role, 0) for p in clinic.people)


def upkeep(modules: int, gardens: int, used_operating_rooms: int = 0, orderlies: int = 0) -> int:
    """Facility upkeep in dollars: $1 per module and garden, +$2 per operating room
    that treated a patient, -$3 per orderly in a supply room, never below 0 (rulebook,
    Facility Upkeep)."""
    total = (
        K.UPKEEP_PER_MODULE * modules
        + K.UPKEEP_PER_GARDEN * gardens
        + K.UPKEEP_PER_USED_OPERATING_ROOM * used_operating_rooms
        - K.UPKEEP_SAVED_PER_ORDERLY * orderlies
    )
    return max(0, total)


def clinic_upkeep(clinic: Clinic, used_operating_rooms: int = 0) -> int:
    """``upkeep`` for ``clinic``: its modules, gardens, and orderlies in supply rooms."""
    board = clinic.board
    orderlies = sum(
        1
        for p in clinic.people
        if p.role is Role.ORDERLY
        and isinstance(p.where, Space)
        and (m := board.module_at(p.where)) is not None
        and m.kind is ModuleKind.SUPPLY_ROOM
    )
    return upkeep(len(board.modules), len(board.spaces_with(Garden)), used_operating_rooms, orderlies)


@frozen
class Payment:
    """What is left after paying expenses: ``income`` (this round's, dollars),
    ``savings`` (dollars), ``popularity``, and ``forgiven`` (dollars still owed when
    popularity hit 0: considered paid)."""

    income: int
    savings: int
    popularity: int
    forgiven: int = 0


def pay_expenses(expenses: int, income: int, savings: int, popularity: int) -> Payment:
    """Pay ``expenses`` dollars from this round's income, then savings, then popularity
    1:1; popularity never goes below 0 and the rest is forgiven (rulebook, Expenses)."""
    from_income = min(expenses, income)
    owed = expenses - from_income
    from_savings = min(owed, savings)
    owed -= from_savings
    from_popularity = min(owed * K.POPULARITY_PER_DOLLAR_OWED, popularity)
    owed -= from_popularity // K.POPULARITY_PER_DOLLAR_OWED
    return Payment(
        income - from_income, savings - from_savings, popularity - from_popularity, owed
    )
