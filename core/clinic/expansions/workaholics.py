"""Workaholic Doctors (rulebook, base L1099-1151; rulings §3 W1-W12 in
``clinic-expansion-rulings.md``).

- **Setup** (L1107-1119): purple doctors join the doctor bag, 1/2/3/4 for 1-4 players;
  the university is filled from the left and ordered purple, red, orange, yellow,
  white (``Colour.PURPLE`` sorts first); "The university can never have more than 1
  workaholic doctor; if you draw additional purple doctors, simply return them to the
  bag after filling the university" (W1: drawn purples are set aside until it is full).
- **Hire** (L1127): "Workaholic doctors cost 2x to hire" (always $8, leftmost space).
- **Move** (L1131): "A treatment room with a workaholic doctor in it ... can hold 3
  yellow patients or 4 white patients" (W5: else the usual 2; W6: a room that went over
  later, its patients all staying, is accepted and takes nobody new).
- **Business** (L1139): "A workaholic doctor can treat either 1 red patient, up to 2
  orange patients, up to 3 yellow patients, or up to 4 white patients in a single room
  at once, with no need for nurses. After he treats patients, lay him down" (W3: one
  colour; W4: in an operating room its 1 patient, in outpatient services like any
  doctor; he lies down after any treatment).
- **Admin** (L1151): "Each purple doctor lying down on your player board leaves the
  game (remember to return the doctor's car to the main lot)" (W10: not to the bag).
  He never changes colour (W2, ``admin.level_up``); wage $2 (W7), 4 points at the end
  (W8, ``constants.END_DOCTOR``).
"""

from __future__ import annotations

from attrs import evolve

from core.clinic.board import Space
from core.clinic.business import TreatmentLine, patient_income
from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.constants import CAPACITY
from core.clinic.game import constants as K
from core.clinic.game.state import GameState, Phase, add_to_bag, draw_colour, draw_rng, set_player
from core.clinic.people import person_departs, replace_person

from . import Expansion
from . import constants as XK

PURPLE = Colour.PURPLE


def is_workaholic(person) -> bool:
    return person.role is Role.DOCTOR and person.colour is PURPLE


# --- Setup and the university -------------------------------------------------------
def fill_university(state: GameState) -> GameState:
    """Draw a doctor for each empty university space; a purple drawn while one is there
    already is set aside, and the set-aside purples go back to the bag once the
    university is full (or the bag holds only them: the spaces stay empty, W1).  Then
    purple, red, orange, yellow, white from the left."""
    doctors = [c for c in state.university if c is not None]
    purples = doctors.count(PURPLE)
    pool, draws, aside = state.doctor_pool, state.draws, 0
    while len(doctors) < len(state.university):
        colour, pool = draw_colour(draw_rng(evolve(state, draws=draws)), pool)
        draws += 1
        if colour is None:
            break
        if colour is PURPLE and purples >= XK.WORKAHOLICS_AT_UNIVERSITY:
            aside += 1
            continue
        purples += colour is PURPLE
        doctors.append(colour)
    for _ in range(aside):
        pool = add_to_bag(pool, PURPLE)
    doctors.sort(reverse=True)
    university = tuple(doctors) + (None,) * (len(state.university) - len(doctors))
    return evolve(state, university=university, doctor_pool=pool, draws=draws)


fill_university.next_round_only = True  # replaces ``admin.refill_university``


def _setup(state: GameState) -> GameState:
    """The purples join the bag (counted as doctors from the box: ``supply_doctors``),
    the university's doctors go back in, and it is filled again (W1)."""
    n = XK.WORKAHOLICS_IN_BAG[state.player_count]
    pool = tuple(state.doctor_pool) + (0,) * (BAG_SIZE - len(state.doctor_pool))
    for colour in state.university:
        if colour is not None:
            pool = add_to_bag(pool, colour)
    for _ in range(n):
        pool = add_to_bag(pool, PURPLE)
    state = evolve(
        state,
        doctor_pool=pool,
        university=(None,) * len(state.university),
        supply_doctors=state.supply_doctors + n,
    )
    return fill_university(state)


BAG_SIZE = int(PURPLE) + 1  # the doctor bag's counts by colour, white..red, purple


def _admin_steps(steps: tuple) -> tuple:
    """The university refill keeps 1 purple at most; lying purples leave before the
    labs train (W9)."""
    from core.clinic.game.admin import refill_university, train_in_labs

    out = []
    for step in steps:
        if step is train_in_labs:
            out.append(exhausted_leave)
        out.append(fill_university if step is refill_university else step)
    return tuple(out)


# --- Hire ---------------------------------------------------------------------------
def _hire_cost(state: GameState, slot: int, cost: int) -> int:
    return cost * XK.WORKAHOLIC_HIRE_FACTOR if state.university[slot] is PURPLE else cost


# --- Move: the room's capacity ------------------------------------------------------
def _extra_capacity(clinic, where, person) -> int:
    """More patients than the table's 2 in a treatment room with a workaholic: 3 if all
    are yellow, 4 if all white, counting ``person`` (W5).  A room whose patients all
    stay from earlier rounds is accepted as it is (W6)."""
    if person.role is not Role.PATIENT or not isinstance(where, Space):
        return 0
    module = clinic.board.module_at(where)
    if module is None or module.kind is not ModuleKind.TREATMENT_ROOM:
        return 0
    here = [p for p in clinic.people if p.where == where]
    patients = [p for p in here if p.role is Role.PATIENT]
    if person.where == where and all(p.stays for p in patients):
        return len(patients)
    if not any(is_workaholic(p) for p in here):
        return 0
    colours = {p.colour for p in patients} | {person.colour}
    if len(colours) != 1:
        return 0
    room = CAPACITY[ModuleKind.TREATMENT_ROOM.value][3]  # patients
    return max(0, XK.WORKAHOLIC_CAPACITY.get(person.colour, room) - room)


def _move_violations(state: GameState, clinic) -> list[str]:
    """W12: the rule in words where a workaholic's room holds too many patients."""
    out = []
    room = CAPACITY[ModuleKind.TREATMENT_ROOM.value][3]
    for space in clinic.board.modules_of_kind(ModuleKind.TREATMENT_ROOM):
        here = clinic.at(space)
        patients = [p for p in here if p.role is Role.PATIENT]
        if len(patients) > room and any(is_workaholic(p) for p in here) and _extra_capacity(
            clinic, space, patients[0]
        ) < len(patients) - room:
            out.append(
                f"with a workaholic doctor the treatment room at {space} holds 3 yellow or 4 white"
                " patients (not both), otherwise 2"
            )
    return out


# --- Business -------------------------------------------------------------------------
def _groups(kind: ModuleKind, patients: list) -> list[list]:
    """The sets of patients one workaholic may treat at once: in a treatment room up to
    1 red, 2 orange, 3 yellow or 4 white of one colour (W3); elsewhere one patient (W4)."""
    if kind is not ModuleKind.TREATMENT_ROOM:
        return [[p] for p in patients]
    out = []
    for colour in Colour:
        same = [p for p in patients if p.colour is colour]
        limit = XK.WORKAHOLIC_TREATS[colour] if colour <= Colour.RED else 0
        out += [same[:k] for k in range(1, min(limit, len(same)) + 1)]
    return out


def _room(clinic, inner):
    """A room with a standing workaholic: the assignment earning most, he treating one
    of ``_groups`` with no nurse (or nobody), the other doctors as usual."""

    def room(space, kind, people, gardens, service=None):
        purple = next((p for p in people if is_workaholic(p) and not p.lying), None)
        if purple is None:
            return inner(space, kind, people, gardens, service)
        rest = [p for p in people if p.id != purple.id]
        patients = sorted(
            (p for p in rest if p.role is Role.PATIENT and (service is None or p.service is service)),
            key=lambda p: p.id,
        )
        best = room(space, kind, rest, gardens, service)
        for group in _groups(kind, patients):
            ids = {p.id for p in group}
            own = tuple(
                TreatmentLine(space, kind, p.id, purple.id, (), patient_income(p.colour, kind, gardens))
                for p in group
            )
            lines = own + room(space, kind, [p for p in rest if p.id not in ids], gardens, service)
            if _better(lines, best):
                best = lines
        return best

    return room


def _better(a: tuple, b: tuple) -> bool:
    """More income, or as much with fewer nurses."""
    ia, ib = sum(x.income for x in a), sum(x.income for x in b)
    return ia > ib or (ia == ib and sum(len(x.nurses) for x in a) < sum(len(x.nurses) for x in b))


def _after_business(state: GameState, seat: int, treatment) -> GameState:
    """Every workaholic who treated a patient lies down (exhaustion!)."""
    p = state.players[seat]
    clinic = p.clinic
    treated = {line.doctor for line in treatment.lines}
    for doc in clinic.of_role(Role.DOCTOR):
        if is_workaholic(doc) and doc.id in treated:
            clinic = replace_person(clinic, evolve(doc, lying=True))
    return evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)))


def exhausted_leave(state: GameState) -> GameState:
    """Admin: each purple doctor lying down leaves the game; the player removes a car of
    their choice, back to the lot (``cars``)."""
    from core.clinic.game.cars import owe_cars

    for seat in state.turn_order:
        p = state.players[seat]
        gone = [d for d in p.clinic.of_role(Role.DOCTOR) if is_workaholic(d) and d.lying]
        if not gone:
            continue
        clinic = p.clinic
        for d in gone:
            clinic = person_departs(clinic, d.id)
        p = evolve(p, clinic=clinic, dismissed_doctors=p.dismissed_doctors + len(gone))
        state = owe_cars(evolve(state, players=set_player(state, seat, p)), seat, len(gone))
    return state


# --- Computer players -----------------------------------------------------------------
def _bot(state: GameState, options: list, rng, choice):
    """Hire the workaholic rather than nobody, while savings stay above $10."""
    from core.clinic.game.actions import Done, HireDoctor

    if state.phase is not Phase.HIRE or not isinstance(choice, Done):
        return None
    p = state.players[state.current]
    for a in options:
        if (
            isinstance(a, HireDoctor)
            and state.university[a.slot] is PURPLE
            and p.money - _hire_cost(state, a.slot, K.UNIVERSITY_COSTS[a.slot]) >= 10
        ):
            return a
    return None


def _events(before: GameState, after: GameState) -> list[str]:
    """The exhausted workaholic leaving in Admin (the Business report says whom he
    treated)."""
    out = []
    for b, a in zip(before.players, after.players):
        ids = {d.id for d in a.clinic.people}
        gone = [d for d in b.clinic.people if is_workaholic(d) and d.lying and d.id not in ids]
        if gone:
            out.append(f"{a.name}: the exhausted workaholic doctor leaves the game")
    return out


def _note(clinic, line) -> str | None:
    """W12: a patient the workaholic treated (no nurses)."""
    return "the workaholic, no nurses" if is_workaholic(clinic.person(line.doctor)) else None


def _after_report(clinic, treatment) -> list[str]:
    """W12: "workaholic doctor 5 treated patients 7, 8 and 9, then lies down
    (exhausted)"."""
    out = []
    for doc in clinic.of_role(Role.DOCTOR):
        ids = [line.patient for line in treatment.lines if line.doctor == doc.id]
        if is_workaholic(doc) and ids:
            names = [f"{clinic.person(i).colour} patient {i}" for i in ids]
            whom = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            out.append(f"workaholic doctor {doc.id} treated {whom}, then lies down (exhausted)")
    return out


EXPANSION = Expansion(
    name="workaholics",
    title="Workaholic Doctors",
    description="purple doctors ($8) treat up to 4 patients of one colour alone, then leave",
    setup=_setup,
    admin_steps=_admin_steps,
    hire_cost=_hire_cost,
    extra_capacity=_extra_capacity,
    move_violations=_move_violations,
    room=_room,
    after_business=_after_business,
    events=_events,
    treatment_note=_note,
    after_report=_after_report,
    bot_preference=_bot,
)
