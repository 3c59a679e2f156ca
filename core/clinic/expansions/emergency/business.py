"""The Emergency Department's Business phase (911 rulebook "Phase 2: Business":
"Emergency Rooms", "Gardens", "Going Home", "Emergency Department Expenses", "Pay Your
Emergency Staff", "Emergency Facility Upkeep", "Emergency Department Popularity";
E20-E27).

"To treat an emergency patient, the emergency doctor and the emergency room they're in
must match the patient's color. For each difference in color from the patient, the
doctor needs 1 emergency nurse."  A functional emergency room holds at most one doctor
and one patient, so each room treats at most one patient, with the emergency nurses in
that room, plus one off-duty nurse from an adjacent break room when the player chooses
(E22: offered only where it makes the treatment succeed).
"""

from __future__ import annotations

from attrs import evolve, field
from core.model import frozen
from core.converters import to_tuple, to_frozenset

from core.clinic.board import Space
from core.clinic.business import nurses_needed as base_nurses_needed
from core.clinic.errors import IllegalActionError
from core.clinic.parking import CarSpot, remove_car

from . import constants as K
from .components import EDRole, Level
from .state import EmergencyState, remove_person

RULE_OFF_DUTY = (
    "each emergency room adjacent to it can use 1 off-duty emergency nurse from it"
)


@frozen
class EDOffDuty:
    """Business: the emergency rooms (spaces) that use an off-duty nurse this round
    (E22: a choice among ``off_duty_choices``; empty: none)."""

    rooms: frozenset[Space] = field(default=frozenset(), converter=to_frozenset)

    def __str__(self) -> str:
        if not self.rooms:
            return "no off-duty emergency nurse"
        names = ", ".join(s.name for s in sorted(self.rooms))
        return f"off-duty emergency nurses in {names} ({off_duty_penalty(len(self.rooms))} popularity)"


@frozen
class EDBuyPopularity:
    """Buy ``points`` popularity with emergency department funds, $2 each."""

    points: int

    def __str__(self) -> str:
        return f"the emergency department buys {self.points} popularity"


@frozen
class EDRemoveCar:
    """Take the car on ``spot`` off the ED board for an emergency person who left."""

    spot: CarSpot

    def __str__(self) -> str:
        return f"remove the car {self.spot} from the emergency department"


def off_duty_options(ed: EmergencyState) -> list[EDOffDuty]:
    """Every choice of off-duty nurses: each subset of ``off_duty_choices``, none first."""
    choices = sorted(off_duty_choices(ed))
    out = []
    for mask in range(1 << len(choices)):
        out.append(EDOffDuty(frozenset(c for i, c in enumerate(choices) if mask >> i & 1)))
    return out


def nurses_needed(doctor: Level, room: Level, patient: Level) -> int:
    """Emergency nurses a ``doctor`` in a ``room`` needs for a ``patient``: one per
    level step between doctor and patient, plus one per step between room and patient
    ("Always compare the color with the patient"); the base game's count, twice."""
    return base_nurses_needed(doctor, patient) + base_nurses_needed(room, patient)


def patient_income(patient: Level, adjacent_gardens: int = 0) -> int:
    """Dollars for one treated emergency patient: light $4, medium $7, dark $10 (RD)
    + $2 per garden adjacent to the room (rulebook); no other bonus."""
    return K.INCOME_BY_LEVEL[patient] + K.INCOME_PER_ADJACENT_GARDEN * adjacent_gardens


def off_duty_penalty(rooms: int) -> int:
    """Popularity lost for off-duty nurses used by ``rooms`` rooms in one round: "1
    off-duty nurse in a round, -1 popularity; 2, -3; 3, -7\" (rulebook)."""
    return K.OFF_DUTY_PENALTY[rooms]


@frozen
class EDTreatmentLine:
    """One treated emergency patient: room, patient, doctor, nurses (ids) and whether
    an off-duty nurse helped; ``income`` in dollars."""

    room: Space
    patient: int
    level: Level
    doctor: int
    nurses: tuple[int, ...]
    off_duty: bool
    income: int


@frozen
class EDTreatment:
    """The ED's patient care for one round: ``lines`` in room build order."""

    lines: tuple[EDTreatmentLine, ...] = field(default=(), converter=to_tuple)

    @property
    def income(self) -> int:
        return sum(line.income for line in self.lines)

    @property
    def off_duty_rooms(self) -> int:
        return sum(1 for line in self.lines if line.off_duty)

    @property
    def popularity(self) -> int:
        """Popularity change for the off-duty nurses used (0, -1, -3 or -7)."""
        return off_duty_penalty(self.off_duty_rooms)


def _room_needs(ed: EmergencyState, room: Space):
    """``(patient, doctor, nurse ids, needed)`` for a functional room with a doctor and
    a patient, else None."""
    people = ed.at(room)
    doctors = [p for p in people if p.role is EDRole.DOCTOR]
    patients = [p for p in people if p.role is EDRole.PATIENT]
    if not doctors or not patients:
        return None
    nurses = tuple(sorted(p.id for p in people if p.role is EDRole.NURSE))
    doctor, patient = doctors[0], patients[0]
    need = nurses_needed(doctor.level, ed.board.room_level(room), patient.level)
    return patient, doctor, nurses, need


def off_duty_choices(ed: EmergencyState) -> frozenset[Space]:
    """Rooms where an off-duty nurse would make a treatment succeed: functional,
    adjacent to the break room, exactly one nurse short (E22)."""
    out = set()
    for room in ed.board.off_duty_rooms:
        if not ed.board.is_functional(room):
            continue
        needs = _room_needs(ed, room)
        if needs is not None and needs[3] == len(needs[2]) + K.OFF_DUTY_PER_ROOM:
            out.add(room)
    return frozenset(out)


def treat(ed: EmergencyState, off_duty: frozenset[Space] = frozenset()) -> EDTreatment:
    """Who is treated this round, with off-duty nurses in the rooms ``off_duty`` (the
    player's choice among ``off_duty_choices``).  Raises IllegalActionError for a room
    that cannot use one."""
    choices = off_duty_choices(ed)
    for room in sorted(off_duty):
        if room not in choices:
            raise IllegalActionError(
                f"Emergency treatment: the room at {room.name} cannot use an off-duty nurse"
                f" (only an emergency room next to your break room, one nurse short:"
                f" '{RULE_OFF_DUTY}')"
            )
    lines = []
    for room in ed.board.functional_rooms:
        needs = _room_needs(ed, room)
        if needs is None:
            continue
        patient, doctor, nurses, need = needs
        extra = K.OFF_DUTY_PER_ROOM if room in off_duty else 0
        if need > len(nurses) + extra:
            continue
        used = nurses[: max(0, need - extra)]
        income = patient_income(patient.level, ed.board.adjacent_gardens(room))
        lines.append(EDTreatmentLine(room, patient.id, patient.level, doctor.id, used, bool(extra), income))
    return EDTreatment(tuple(lines))


def apply_treatment(ed: EmergencyState, treatment: EDTreatment) -> EmergencyState:
    """The treated patients go home (each owes a car off the ED board, rulebook
    "Remember to remove the treated patient's car"); the income goes to the ED funds
    ("Always keep your emergency department income on your Emergency Department
    board").  The popularity change is ``treatment.popularity`` (the caller's)."""
    treated = list(ed.treated)
    for line in treatment.lines:
        ed = remove_person(ed, line.patient)
        treated[line.level] += 1
    return evolve(
        ed,
        funds=ed.funds + treatment.income,
        treated=tuple(treated),
        cars_owed=ed.cars_owed + len(treatment.lines),
    )


def remove_ed_car(ed: EmergencyState, spot: CarSpot) -> EmergencyState:
    """Take the car on ``spot`` off the ED board for someone who left (it goes back to
    the main board's lot: the caller's).  Raises IllegalActionError."""
    if ed.cars_owed <= 0:
        raise IllegalActionError("Emergency department: no one has left, no car to remove")
    return evolve(ed, board=remove_car(ed.board, spot), cars_owed=ed.cars_owed - 1)


# --- expenses and popularity --------------------------------------------------------
def wages(ed: EmergencyState) -> int:
    """Emergency doctor $2, emergency nurse $1 a round (RD, E24)."""
    return K.WAGE_ED_DOCTOR * len(ed.of_role(EDRole.DOCTOR)) + K.WAGE_ED_NURSE * len(
        ed.of_role(EDRole.NURSE)
    )


def upkeep(ed: EmergencyState) -> int:
    """"Each module and garden in your emergency department costs $1. Each emergency
    nurse reduces your emergency department upkeep by $2" (never below $0, E25)."""
    raw = K.UPKEEP_PER_ED_MODULE * len(ed.board.modules) + K.UPKEEP_PER_ED_GARDEN * ed.board.gardens
    return max(0, raw - K.UPKEEP_SAVED_PER_ED_NURSE * len(ed.of_role(EDRole.NURSE)))


def expenses(ed: EmergencyState) -> int:
    return wages(ed) + upkeep(ed)


def pay_expenses(ed: EmergencyState, savings: int) -> tuple[EmergencyState, int, int]:
    """Pay the ED's expenses: "1. ... from your emergency department funds if you can.
    2. ... if you're short, pay the difference from your main clinic savings. 3. If
    you're still short, pay the difference from your popularity at a 1:1 ratio".
    Returns ``(ed, savings, popularity change)``."""
    due = expenses(ed)
    from_ed = min(ed.funds, due)
    due -= from_ed
    from_savings = min(max(0, savings), due)
    due -= from_savings
    return evolve(ed, funds=ed.funds - from_ed), savings - from_savings, -due * K.POPULARITY_PER_DOLLAR_OWED


def popularity_for_sale(ed: EmergencyState) -> int:
    """Most popularity the ED funds can buy now ($2 each, any ED funds, E26-E27)."""
    return ed.funds // K.ED_POPULARITY_PRICE


def buy_popularity(ed: EmergencyState, points: int) -> tuple[EmergencyState, int]:
    """Buy ``points`` popularity with ED funds at $2 each ("each 1 popularity your
    emergency department buys is just $2"); returns ``(ed, points)``.  Raises
    IllegalActionError when the ED funds are short (main money never buys it, E26)."""
    if points < 0 or points > popularity_for_sale(ed):
        raise IllegalActionError(
            f"Emergency department popularity: {points} popularity costs"
            f" ${points * K.ED_POPULARITY_PRICE}; the emergency department has ${ed.funds}"
        )
    return evolve(ed, funds=ed.funds - points * K.ED_POPULARITY_PRICE), points


__all__ = [
    "EDBuyPopularity",
    "EDOffDuty",
    "EDRemoveCar",
    "EDTreatment",
    "EDTreatmentLine",
    "apply_treatment",
    "buy_popularity",
    "expenses",
    "nurses_needed",
    "off_duty_choices",
    "off_duty_options",
    "off_duty_penalty",
    "patient_income",
    "pay_expenses",
    "popularity_for_sale",
    "remove_ed_car",
    "treat",
    "upkeep",
    "wages",
]
