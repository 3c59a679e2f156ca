"""Blood Transfusion (rulebook, base L1018-1063; rulings §1 B1-B14 in
``clinic-expansion-rulings.md``).

- **Move** (L1034-1036): "You may move one of your staff ... to an otherwise empty
  service hub to start to give blood ... Lie down to give blood in an otherwise empty
  service hub. This takes 3 time."  ``GiveBlood(pid)``: one donor per player a round,
  alone in a service hub (already there is fine), +3 time, moves no more (B3); others
  may pass through, none may end the phase there (B4).  L1040-1041 "A nurse can carry
  blood to a treatment room. This takes no time. A nurse can drop blood off in a
  treatment room. This takes no time": ``PickUpBlood(pid)`` where a token lies, at most
  1 a nurse; at the end of the move it drops where she stands (B7).
- **Business** (L1049): "If you have any employees lying down all alone in service
  hubs, you may draw blood from one of them. Take a Blood token from the supply and place
  it on the service hub with the employee, and stand the employee up again. If multiple
  players are drawing blood, and there's not enough to go around, the least popular
  player draws first."  Done for everyone when Business starts (B5, B6).
  L1053-1059 "A nurse in a treatment room with a patient and a Blood token, but no
  doctor, can help that patient with the blood. Return the Blood token to the supply. If
  the patient was white, the patient is completely cured ... Otherwise, you earn the
  income as if you'd cured the patient, but the patient only improves by 1 color ...
  Stand the nurse atop the patient" (B8-B11: working treatment rooms, one nurse and one
  token a patient, highest colour first).
- **Admin** (L1063): "A patient with a nurse standing on it does not worsen; instead,
  simply take the nurse off the patient".
"""

from __future__ import annotations

from attrs import evolve, field
from core.converters import to_tuple
from core.model import frozen

from core.clinic.board import Space
from core.clinic.business import patient_income
from core.clinic.components import STAFF_ROLES, Colour, ModuleKind, Role
from core.clinic.game import constants as K
from core.clinic.game.state import GameState, Phase, set_player
from core.clinic.people import person_departs, replace_person
from core.clinic.slots import Level, SavedPart, TurnSlot

from . import Expansion
from . import constants as XK
from .extinguishers import adjacent as adjacent_extinguishers

RULE_EMPTY_HUB = "lie down to give blood in an otherwise empty service hub"


NAME = "blood"


@frozen
class BloodTurn(TurnSlot):
    """The Move step's Blood tokens in hand (``Turn.expansions``): the ids of the nurses
    carrying one (B7: one each), dropped at the end of movement."""

    carrying: tuple[int, ...] = field(default=(), converter=to_tuple)


def carrying(state) -> tuple[int, ...]:
    """The ids of the nurses carrying a Blood token this Move step."""
    kept = state.step.expansions.get(NAME)
    return kept.carrying if kept is not None else ()


def with_carrying(step, nurses: tuple[int, ...]):
    """The step (a ``Turn``) with ``nurses`` carrying a Blood token."""
    return evolve(step, expansions=step.expansions.put(NAME, BloodTurn(nurses) if nurses else None))


@frozen
class GiveBlood:
    """Person ``pid`` lies down to give blood in the service hub they stand in."""

    pid: int

    def __str__(self) -> str:
        return f"person {self.pid} lies down to give blood"


@frozen
class PickUpBlood:
    """Nurse ``pid`` picks up a Blood token lying where she stands (no time)."""

    pid: int

    def __str__(self) -> str:
        return f"nurse {self.pid} picks up a Blood token"


def left(state: GameState) -> int:
    """Blood tokens in the supply (B1: 6, shared)."""
    on_boards = sum(len(p.clinic.board.blood) for p in state.players)
    return XK.BLOOD_TOKENS - on_boards - len(carrying(state))


def _module_kind(clinic, where):
    if not isinstance(where, Space):
        return None
    m = clinic.board.module_at(where)
    return None if m is None else m.kind


def donors(clinic) -> list:
    """Staff lying down in a service hub (in the Move phase and at Business only blood
    donors lie there)."""
    return [
        p for p in clinic.people
        if p.lying and p.role in STAFF_ROLES and _module_kind(clinic, p.where) is ModuleKind.SERVICE_HUB
    ]


def may_give(state: GameState, clinic, person) -> bool:
    """``person`` may lie down to give blood now: staff, standing alone in a service
    hub, and the player has no donor yet this round (B2, B3).  ``GiveBlood`` is offered
    only while the phase could end (house rule, ``_options``)."""
    return (
        person.role in STAFF_ROLES
        and not person.lying
        and _module_kind(clinic, person.where) is ModuleKind.SERVICE_HUB
        and all(q.id == person.id for q in clinic.at(person.where))
        and len(donors(clinic)) < XK.BLOOD_DONORS_PER_ROUND
    )


def could_end_after(state: GameState, pid: int) -> bool:
    """House rule: the donor lies down only when the Move phase could end right after
    (so it still can: the others then only go where there is room, ``_destinations``)."""
    from core.clinic.game.move_phase import end_move_problems

    return not end_move_problems(_apply(state, GiveBlood(pid)))


def may_pick_up(state: GameState, clinic, person) -> bool:
    """Nurse ``person`` stands where a token lies and carries none yet (B7)."""
    return (
        person.role is Role.NURSE
        and person.id not in carrying(state)
        and isinstance(person.where, Space)
        and person.where in clinic.board.blood
    )


# --- Move -------------------------------------------------------------------------------
def _destinations(state: GameState, clinic, dests: dict) -> dict:
    """A donor moves no more (B3); nobody else is offered a hub with a donor in it (B4:
    they could not end there); after the donation the others only go where there is room
    now (house rule: the donor lies down when the phase could end, so it still can)."""
    from core.clinic.game.move_phase import has_room, occupancy

    lying = donors(clinic)
    if not lying:
        return dests
    taken = {p.where for p in lying}
    ids = {p.id for p in lying}
    counts = occupancy(clinic)
    return {
        pid: [] if pid in ids else [
            w for w in ws if w not in taken and has_room(clinic, clinic.person(pid), w, counts)
        ]
        for pid, ws in dests.items()
    }


def _options(state: GameState, options: list) -> list:
    """Move phase: the blood actions, before ``EndMove``."""
    if state.phase is not Phase.MOVE:
        return options
    clinic = state.players[state.current].clinic
    extra: list = [
        GiveBlood(p.id) for p in clinic.people
        if may_give(state, clinic, p) and could_end_after(state, p.id)
    ]
    extra += [PickUpBlood(p.id) for p in clinic.people if may_pick_up(state, clinic, p)]
    if not extra:
        return options
    n = len(options) - (1 if options and type(options[-1]).__name__ == "EndMove" else 0)
    return options[:n] + extra + options[n:]


def _apply(state: GameState, action) -> GameState:
    seat = state.current
    p = state.players[seat]
    clinic = p.clinic
    person = clinic.person(action.pid)
    if isinstance(action, GiveBlood):
        clinic = replace_person(clinic, evolve(person, lying=True))
        clinic = evolve(clinic, move_time=clinic.move_time + XK.BLOOD_DONATION_TIME)
        return evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)))
    blood = list(clinic.board.blood)
    blood.remove(person.where)
    clinic = evolve(clinic, board=evolve(clinic.board, blood=blood))
    step = with_carrying(state.step, (*carrying(state), person.id))
    return evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)), step=step)


def _refusal(state: GameState, action) -> str:
    if state.phase is not Phase.MOVE:
        return "blood is given and carried in the Move phase"
    clinic = state.players[state.current].clinic
    if not any(q.id == action.pid for q in clinic.people):
        return f"you have no person {action.pid}"
    person = clinic.person(action.pid)
    if isinstance(action, PickUpBlood):
        if person.role is not Role.NURSE:
            return "only a nurse can carry blood"
        if person.id in carrying(state):
            return f"{person} carries a Blood token already (1 at most)"
        return f"no Blood token lies where {person} stands"
    if person.role not in STAFF_ROLES:
        return "only staff give blood (a nurse, doctor or orderly)"
    if donors(clinic):
        return "one employee a round gives blood"
    if _module_kind(clinic, person.where) is not ModuleKind.SERVICE_HUB:
        return f"{person} is not in a service hub ('{RULE_EMPTY_HUB}')"
    if any(q.id != person.id for q in clinic.at(person.where)):
        return f"someone else is in {person.where} ('{RULE_EMPTY_HUB}')"
    return (
        "the donor lies down once everyone else stands where the Move phase may end"
        " (house rule, so that it still can)"
    )


def _move_refusal(state: GameState, clinic, person, goal) -> str | None:
    """A donor moves no more (B3); nobody else ends in a donor's hub (B4)."""
    lying = donors(clinic)
    if not lying:
        return None
    if any(d.id == person.id for d in lying):
        return f"Move: {person} lies down giving blood and moves no more this phase"
    if any(d.where == goal for d in lying):
        return (f"Move: the blood donor lies in the service hub at {goal} ('{RULE_EMPTY_HUB}'):"
                " nobody else may end the phase there")
    return None


def _extra_capacity(clinic, where, person) -> int:
    """A donor may lie in a service hub whatever their kind (B4: an orderly too)."""
    return 1 if person.lying and person.role in STAFF_ROLES and _module_kind(clinic, where) is ModuleKind.SERVICE_HUB else 0


def _move_violations(state: GameState, clinic) -> list[str]:
    """Nobody may end the Move phase in a donor's hub (B4)."""
    out = []
    for d in donors(clinic):
        others = [q for q in clinic.at(d.where) if q.id != d.id]
        if others:
            out.append(f"{others[0]} is in the service hub of the blood donor {d} ('{RULE_EMPTY_HUB}')")
    return out


def _drop(state: GameState, seat: int) -> GameState:
    """End of the move: every carried token drops where its nurse stands (B7)."""
    if not carrying(state):
        return state
    p = state.players[seat]
    clinic = p.clinic
    dropped = [clinic.person(pid).where for pid in carrying(state)]
    board = evolve(clinic.board, blood=(*clinic.board.blood, *dropped))
    p = evolve(p, clinic=evolve(clinic, board=board))
    return evolve(state, players=set_player(state, seat, p), step=with_carrying(state.step, ()))


# --- Business ---------------------------------------------------------------------------
def draw_blood(state: GameState) -> GameState:
    """Every donor gives a token while the supply lasts, least popular player first
    (ties: who reached that popularity first draws later, B6); every donor stands up
    (B5)."""
    order = sorted(range(state.player_count), key=lambda s: (state.players[s].popularity, -state.players[s].stamp))
    supply = left(state)
    for seat in order:
        p = state.players[seat]
        clinic = p.clinic
        lying = donors(clinic)
        if not lying:
            continue
        board = clinic.board
        if supply > 0:
            board = evolve(board, blood=(*board.blood, lying[0].where))
            supply -= 1
        for d in lying:
            clinic = replace_person(clinic, evolve(d, lying=False))
        p = evolve(p, clinic=evolve(clinic, board=board))
        state = evolve(state, players=set_player(state, seat, p))
    return state


@frozen
class Transfusion:
    """One patient helped with blood: the nurse, the patient as they were, the room and
    the income (dollars, the colour before, gardens and extinguishers included)."""

    room: Space
    nurse: int
    patient: object  # the ``Person`` before the transfusion
    income: int

    @property
    def cured(self) -> bool:
        """A white patient goes home (L1057)."""
        return self.patient.colour is Colour.WHITE

    def __str__(self) -> str:
        """B14: ``"transfusion +$9, Y→W: psychiatry patient 7 in the treatment room at
        0C3 (nurse 4)"``."""
        p = self.patient
        to = "home" if self.cured else Colour(int(p.colour) - 1).letter
        return (
            f"transfusion +${self.income}, {p.colour.letter}→{to}: {p.service} patient {p.id}"
            f" in the treatment room at {self.room} (nurse {self.nurse})"
        )


def transfusions(clinic) -> list[Transfusion]:
    """The transfusions Business will make in ``clinic``: in each working treatment room
    with no doctor, one nurse and one token for each patient, highest colour first (B8,
    B9); the income of the colour before, with gardens and extinguishers (B10)."""
    board = clinic.board
    blood = list(board.blood)
    out = []
    for room in sorted(board.working_treatment_rooms):
        here = clinic.at(room)
        if any(q.role is Role.DOCTOR for q in here) or room not in blood:
            continue
        nurses = sorted((q for q in here if q.role is Role.NURSE and q.atop is None), key=lambda q: q.id)
        patients = sorted(
            (q for q in here if q.role is Role.PATIENT),
            key=lambda q: (-int(q.colour), q.id),
        )
        for nurse, patient in zip(nurses, patients):
            if room not in blood:
                break
            blood.remove(room)
            income = patient_income(patient.colour, ModuleKind.TREATMENT_ROOM, board.adjacent_gardens(room))
            income += XK.INCOME_PER_ADJACENT_EXTINGUISHER * adjacent_extinguishers(board, room)
            out.append(Transfusion(room, nurse.id, patient, income))
    return out


def transfuse(state: GameState, seat: int) -> GameState:
    """Make ``transfusions``: each token back to the supply; white goes home (a car
    owed), others improve one colour and stay, the nurse atop (B11)."""
    from core.clinic.game.cars import owe_cars

    p = state.players[seat]
    clinic = p.clinic
    done = transfusions(clinic)
    if not done:
        return state
    blood = list(clinic.board.blood)
    cured = 0
    for t in done:
        blood.remove(t.room)
        if t.cured:
            clinic = person_departs(clinic, t.patient.id)
            cured += 1
        else:
            clinic = replace_person(clinic, evolve(t.patient, colour=Colour(int(t.patient.colour) - 1)))
            clinic = replace_person(clinic, evolve(clinic.person(t.nurse), atop=t.patient.id))
    income = sum(t.income for t in done)
    clinic = evolve(clinic, board=evolve(clinic.board, blood=blood))
    p = evolve(p, clinic=clinic, income=p.income + income, cured=p.cured + cured)
    return owe_cars(evolve(state, players=set_player(state, seat, p)), seat, cured)


def _business(state: GameState, seat: int) -> GameState:
    """Donations for everyone when Business starts (the first player's turn), then this
    player's transfusions, before patient care."""
    if seat == state.turn_order[0]:
        state = draw_blood(state)
    return transfuse(state, seat)


# --- Admin ------------------------------------------------------------------------------
def worsen_unless_held(state: GameState) -> GameState:
    """Admin step 9 with L1063: a patient a nurse stands on does not worsen; the nurse
    steps off."""
    from core.clinic.game.admin import worsen_patients

    held: dict[int, list] = {}
    players = list(state.players)
    for seat, p in enumerate(players):
        atop = {q.atop for q in p.clinic.people if q.atop is not None}
        keep = [q for q in p.clinic.people if q.id in atop]
        if keep:
            held[seat] = keep
            players[seat] = evolve(p, clinic=evolve(p.clinic, people=[q for q in p.clinic.people if q.id not in atop]))
    state = worsen_patients(evolve(state, players=tuple(players)))
    players = list(state.players)
    for seat, p in enumerate(players):
        people = sorted((*p.clinic.people, *held.get(seat, ())), key=lambda q: q.id)
        people = [evolve(q, atop=None) if q.atop is not None else q for q in people]
        players[seat] = evolve(p, clinic=evolve(p.clinic, people=people))
    return evolve(state, players=tuple(players))


def _admin_steps(steps: tuple) -> tuple:
    from core.clinic.game.admin import worsen_patients

    return tuple(worsen_unless_held if s is worsen_patients else s for s in steps)


# --- Computer players -------------------------------------------------------------------
def _bot(state: GameState, options: list, rng, choice):
    """Before ending the move: a nurse carries a token to a working treatment room with
    patients and no doctor; someone alone in a hub gives blood while the clinic has no
    token and a later round can use one (B13).  No dice: the same view, the same choice
    (the strong player decides from its view alone)."""
    from core.clinic.game.actions import EndMove, MovePerson

    if state.phase is not Phase.MOVE or not isinstance(choice, EndMove):
        return None
    clinic = state.players[state.current].clinic
    board = clinic.board
    rooms = [
        r for r in sorted(board.working_treatment_rooms)
        if any(q.role is Role.PATIENT for q in clinic.at(r))
        and not any(q.role is Role.DOCTOR for q in clinic.at(r))
        and r not in board.blood
    ]
    for a in options:
        if isinstance(a, MovePerson) and a.pid in carrying(state) and a.goal in rooms:
            return a
    if rooms:
        for a in options:
            if isinstance(a, PickUpBlood):
                return a
    give = [a for a in options if isinstance(a, GiveBlood)]
    if give and not board.blood and not carrying(state) and state.round < K.ROUNDS:
        return give[0]
    return None


def _words(state: GameState, action, done: bool) -> str:
    """ "nurse 4 lies down to give blood in the service hub at floor 0 B3 (+3 time)",
    "nurse 4 picks up the Blood token in the treatment room at floor 0 C3 (no time)";
    in the log: "lays nurse 4 down ...", "has nurse 4 pick up ..."."""
    from core.clinic.game.narration import place_name

    clinic = state.players[state.current].clinic
    person = clinic.person(action.pid)
    where = place_name(clinic.board, person.where)
    if isinstance(action, GiveBlood):
        if done:
            return f"lays {person} down to give blood in {where} (+{XK.BLOOD_DONATION_TIME} time)"
        return f"{person} lies down to give blood in {where} (+{XK.BLOOD_DONATION_TIME} time)"
    if done:
        return f"has {person} pick up the Blood token in {where} (no time)"
    return f"{person} picks up the Blood token in {where} (no time)"


def _report(start: GameState, state: GameState, seat: int) -> list[str]:
    """Business lines (B14): this player's donor (from the state Business started
    from: the draw is everyone's, least popular first), then each transfusion."""
    lines = []
    lying = donors(start.players[seat].clinic)
    if lying:
        given = draw_blood(start).players[seat].clinic.board.blood
        donor = lying[0]
        if len(given) > len(start.players[seat].clinic.board.blood):
            lines.append(f"blood drawn: {donor} gives a Blood token in the service hub at {donor.where}, then stands up")
        else:
            lines.append(f"no Blood token left for {donor} (the least popular draw first); the donor stands up")
    clinic = state.players[seat].clinic
    if seat == state.turn_order[0]:
        clinic = draw_blood(state).players[seat].clinic
    return lines + [str(t) for t in transfusions(clinic)]


EXPANSION = Expansion(
    name=NAME,
    title="Blood Transfusion",
    description="staff give blood in a service hub; a nurse with it helps a patient alone",
    options=_options,
    action_types=(GiveBlood, PickUpBlood),
    apply=_apply,
    refusal=_refusal,
    extra_capacity=_extra_capacity,
    move_violations=_move_violations,
    destinations=_destinations,
    end_of_movement=_drop,
    before_business=_business,
    admin_steps=_admin_steps,
    report=_report,
    move_refusal=_move_refusal,
    words=_words,
    bot_preference=_bot,
    saved=(SavedPart(Level.TURN, BloodTurn, rank=2),),  # the key it had as a base field, last
)
