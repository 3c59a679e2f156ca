"""The computer players' Emergency Department (``bot_preference``): the basic player
(and the strong one, built on it) builds functional emergency rooms, staffs them,
admits emergency patients it can treat, walks them in and treats them.

Plain rules, from the legal actions only (so never an illegal move):

- **Select**: the Emergency tile in the round's 2nd or 3rd action step when the ED needs
  something (a room, a doctor for a room, a patient for a staffed room), unless the
  base choice is Admit Patients (the main clinic's income comes first).
- **Emergency action**: Build (a room of a level it lacks next to a hub, else a hub
  next to a room that has none), Hire (a doctor while rooms outnumber doctors, a nurse
  while the upkeep it saves pays its wage), Admit (the head of a queue that a doctor, a room
  and the nurses can treat this round, while a doctor stands ready); in that order of need, while money lasts
  (savings of ``KEEP`` dollars kept for the main clinic).
- **Move**: the ED move that raises ``layout_value`` most (patients into staffed
  rooms, staff from outside the grid); any move that clears a reason the Move phase
  may not end.
- **Business**: off-duty nurses in at most 2 rooms (-3 popularity for two treatments);
  ED popularity with the funds beyond two rounds' ED expenses (all of it in round 6).
"""

from __future__ import annotations

from core.clinic.game import constants as GK
from core.clinic.game.actions import SelectTile
from core.clinic.game.state import ActionTile, BonusTile, Phase

from . import actions as A
from . import business as B
from . import constants as K
from . import movement as MV
from .components import EDKind, EDRole, Level
from .construction import EDBuildModule, ed_build_cost
from .queues import EDAdmit
from .access import ed_state, waiting_area
from .round import EDBonus, EDPhase, EDTile
from .state import Sub

KEEP = 12  # dollars of main savings the ED never spends (the main clinic comes first)
MAX_ROOMS = 2  # emergency rooms the basic player builds
_BONUS_ORDER = (
    BonusTile.ORDERLY, BonusTile.YELLOW_DOCTOR, EDBonus.EMERGENCY_NURSE, BonusTile.GARDEN,
    BonusTile.MONEY, BonusTile.NURSE, BonusTile.TRAINED_DOCTOR, BonusTile.PARKING,
)


def _ed(state):
    return ed_state(state.players[state.current])


def needs(state) -> bool:
    """Whether the current player's ED wants an Emergency action now."""
    ed = _ed(state)
    board = ed.board
    rooms = board.functional_rooms
    doctors = ed.of_role(EDRole.DOCTOR)
    patients = ed.of_role(EDRole.PATIENT)
    queued = any(c is not None for q in waiting_area(state).queues for c in q)
    money = ed.funds + max(0, state.players[state.current].money - KEEP)
    if len(board.rooms) < MAX_ROOMS and money >= 4:
        return True
    if len(doctors) < len(rooms) and any(waiting_area(state).residency) and money >= 3:
        return True
    return queued and len(patients) < min(len(rooms), len(doctors))


def layout_value(ed) -> float:
    """How good the ED's people stand for this round's treatment: each staffed room
    that can treat its patient (more for darker), a doctor waiting in a functional
    room; minus each reason the Move phase could not end."""
    board = ed.board
    value = -5.0 * len(MV.ed_move_violations(ed))
    for room in board.functional_rooms:
        people = ed.at(room)
        doctors = [p for p in people if p.role is EDRole.DOCTOR]
        patients = [p for p in people if p.role is EDRole.PATIENT]
        nurses = sum(1 for p in people if p.role is EDRole.NURSE)
        if doctors:
            value += 1.0
        if patients:
            value += 0.5
        if doctors and patients:
            need = B.nurses_needed(doctors[0].level, board.room_level(room), patients[0].level)
            if need <= nurses:
                value += 10.0 + 3 * patients[0].level - 0.2 * nurses
            elif need == nurses + 1 and room in board.off_duty_rooms:
                value += 6.0
    return value


def _move(state, options):
    moves = [a for a in options if isinstance(a, MV.EDMove)]
    if not moves:
        return None
    ed = _ed(state)
    base = layout_value(ed)
    best, choice = 0.0, None
    for a in moves:
        gain = layout_value(MV.ed_move(ed, a.pid, a.to)) - base
        gain -= 0.01 * MV.move_time(ed.board, ed.person(a.pid).where, a.to)
        if gain > best + 1e-9:
            best, choice = gain, a
    if choice is None and MV.ed_move_violations(ed):
        return moves[0]  # the phase must end: any move, each person moves at most twice
    return choice


def _build(state, options, em):
    builds = [a for a in options if isinstance(a, A.EDConstruct)]
    ed = em.ed
    board = ed.board
    money = ed.funds + max(0, em.savings - KEEP) - B.expenses(ed)
    levels = {board.room_level(s) for s in board.rooms}

    def next_to_hub(space) -> bool:
        return any((m := board.module_at(n)) is not None and m.kind is EDKind.HUB for n in board.neighbours(space))

    best, choice = 0.0, None
    for a in builds:
        b = a.build
        if not isinstance(b, EDBuildModule) or ed_build_cost(b) > money:
            continue
        m = b.module
        v = 0.0
        if m.kind is EDKind.ROOM and len(board.rooms) < MAX_ROOMS and next_to_hub(b.space):
            v = 10.0 + (3 if m.level not in levels else 0) + (1 if m.level is Level.MEDIUM else 0)
        elif m.kind is EDKind.HUB:
            lonely = [n for n in board.neighbours(b.space) if n in board.rooms and not board.is_functional(n)]
            v = 8.0 * len(lonely)
        elif m.kind is EDKind.BREAK_ROOM and len(board.rooms) >= 2:
            v = 2.0 * sum(1 for n in board.neighbours(b.space) if n in board.rooms)
        v += 0.1 * sum(1 for n in board.neighbours(b.space) if board.tile_at(n) is None)
        if v > best:
            best, choice = v, a
    return choice if best >= 2.0 else A.EDDone()


def _hire(state, options, em):
    ed = em.ed
    money = ed.funds + max(0, em.savings - KEEP) - B.expenses(ed)
    doctors = len(ed.of_role(EDRole.DOCTOR))
    nurses = len(ed.of_role(EDRole.NURSE))
    rooms = len(ed.board.functional_rooms)
    if doctors < max(1, rooms):
        hires = [a for a in options if isinstance(a, A.EDHireDoctor) and A.doctor_cost(a.slot) <= money]
        if hires:  # a medium doctor first (fewer nurses for medium and dark)
            return max(hires, key=lambda a: (em.area.residency[a.slot] is Level.MEDIUM, -A.doctor_cost(a.slot)))
    if B.upkeep(ed) >= K.UPKEEP_SAVED_PER_ED_NURSE and K.ED_NURSE_COST <= money and state.round < GK.ROUNDS:
        hires = [a for a in options if isinstance(a, A.EDHireNurse)]
        if hires:
            return hires[0]
    return A.EDDone()


def treatable(ed, level: Level) -> bool:
    """Whether some functional room could treat a ``level`` patient this round with a
    doctor of the ED and all its emergency nurses."""
    nurses = len(ed.of_role(EDRole.NURSE))
    return any(
        B.nurses_needed(d.level, ed.board.room_level(room), level) <= nurses
        for room in ed.board.functional_rooms
        for d in ed.of_role(EDRole.DOCTOR)
    )


def _admit(state, options, em):
    ed = em.ed
    ready = len(ed.of_role(EDRole.DOCTOR))
    waiting = len(ed.of_role(EDRole.PATIENT))
    if waiting < min(ready, len(ed.board.functional_rooms)):
        admits = [a for a in options if isinstance(a, EDAdmit) and treatable(ed, em.area.queues[a.queue][-1])]
        if admits:  # the darker patient first: it earns more
            return max(admits, key=lambda a: em.area.queues[a.queue][-1])
    return A.EDDone()


def _emergency(state, options):
    from .access import emergency_of

    em = emergency_of(state)
    turn = em.turn
    if turn.current is None:
        for sub, handler in ((Sub.BUILD, _build), (Sub.HIRE, _hire), (Sub.ADMIT, _admit)):
            if sub in turn.done or A.ChooseEmergency(sub) not in options:
                continue
            trial = A.apply(em, A.ChooseEmergency(sub))
            pick = handler(state, A.options(trial), trial)
            if not isinstance(pick, A.EDDone):
                return A.ChooseEmergency(sub)
        return A.EDDone()
    handler = {Sub.BUILD: _build, Sub.HIRE: _hire, Sub.ADMIT: _admit}[turn.current]
    return handler(state, options, em)


def _off_duty(state, options):
    return max(options, key=lambda a: (len(a.rooms) <= 2, len(a.rooms) if len(a.rooms) <= 2 else -len(a.rooms)))


def _buy(state, options):
    ed = _ed(state)
    if state.round >= GK.ROUNDS:
        return max(options, key=lambda a: a.points)
    spare = max(0, ed.funds - 2 * B.expenses(ed))
    return max((a for a in options if a.points * K.ED_POPULARITY_PRICE <= spare), key=lambda a: a.points)


def _expert(state, options):
    ed = _ed(state)
    board = ed.board
    if not board.hubs:  # the hub where most spaces stay free around it
        return max(options, key=lambda a: (len(board.neighbours(a.build.space)), -a.build.space.col))
    return max(options, key=lambda a: a.build.space in board.neighbours(board.hubs[0]))


def preference(state, options, rng, choice):
    """The ED's decisions for the basic player (``choice`` None: asked first)."""
    phase = state.phase
    if state.current is None or ed_state(state.players[state.current]) is None:
        return None
    if choice is None:
        if phase is EDPhase.EMERGENCY:
            return _emergency(state, options)
        if phase is EDPhase.ED_BUSINESS:
            return _off_duty(state, options)
        if phase is EDPhase.ED_REMOVE_CAR:
            return options[0]  # the computer's car (``cars.computer_car``)
        if phase is EDPhase.ED_BUY_POPULARITY:
            return _buy(state, options)
        if phase is Phase.EXPERT_SETUP and isinstance(options[0], A.EDConstruct):
            return _expert(state, options)
        if phase is Phase.BONUS and any(getattr(a, "tile", None) is EDBonus.EMERGENCY_NURSE for a in options):
            return min(options, key=lambda a: _BONUS_ORDER.index(a.tile))
        if phase is Phase.MOVE:
            return _move(state, options)
        return None
    if phase is Phase.SELECT and SelectTile(EDTile.EMERGENCY) in options:
        admit = isinstance(choice, SelectTile) and choice.tile is ActionTile.ADMIT
        if state.action >= 2 and not admit and needs(state):
            return SelectTile(EDTile.EMERGENCY)
    return None


__all__ = ["layout_value", "needs", "preference"]
