"""Words for the Emergency Department: the decision to make now, one action before it
is taken (menus, the plain text mode) and what happened (the event log).  Nothing
hidden is told (the bag's draws are not named before they are drawn)."""

from __future__ import annotations

from core.clinic.board import Space
from core.clinic.construction import BuildGarden

from . import actions as A
from . import business as B
from . import constants as K
from . import movement as MV
from .components import EDRole, Place
from .construction import EDBuildModule, ed_build_cost
from .queues import QUEUE_NAMES, EDAdmit, EDShift
from .access import ed_state, emergency_turn, waiting_area
from .round import EDPhase
from .state import Sub


#: The Emergency action's three parts, as a menu says them.
SUB_WORDS = {
    Sub.BUILD: "build: up to 2 components on your ED",
    Sub.HIRE: "hire: an emergency doctor and/or nurse",
    Sub.ADMIT: "admit: {eqp} emergency queue point(s)",
}


def where_name(ed, where) -> str:
    """``"the light emergency room at B1"``, ``"outside the grid"``, ``"A2"``."""
    if isinstance(where, Place):
        return str(where)
    m = ed.board.module_at(where)
    return f"the {m} at {where.name}" if m is not None else where.name


def spot_name(spot) -> str:
    """Where a car parks on the ED board."""
    return f"on the parking tile at {spot.name}" if isinstance(spot, Space) else f"on the border {spot}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def decision_text(state) -> str | None:
    """What the current player decides in one of the ED's phases (None: not the ED's)."""
    from core.clinic.game.state import Phase

    from .access import ed_of

    phase = state.phase
    seat = state.current
    if seat is None or ed_state(state.players[seat]) is None:
        return None
    ed = ed_of(state, seat)
    p = state.players[seat]
    where = f"round {state.round}, action {state.action}: "
    if phase is Phase.EXPERT_SETUP and state.legal and isinstance(state.legal[0], A.EDConstruct):
        return "place your free emergency service hub, then your free light emergency room"
    if phase is EDPhase.EMERGENCY:
        turn = emergency_turn(state)
        money = f"(ED ${ed.funds}, savings ${p.money})"
        if turn is None or turn.current is None:
            done = len(turn.done) if turn else 0
            return where + f"Emergency: choose {'another' if done else 'one'} of build / hire / admit {money}, or be done"
        if turn.current is Sub.BUILD:
            left = K.ED_BUILDS_PER_ACTION - turn.builds
            return where + f"Emergency: build up to {left} more on your emergency department {money}, or be done"
        if turn.current is Sub.HIRE:
            return where + f"Emergency: hire an emergency doctor and/or nurse {money}, or be done"
        return where + f"Emergency: admit emergency patients, {_plural(turn.eqp, 'queue point')} left"
    if phase is EDPhase.ED_BUSINESS:
        return f"round {state.round}, Business: use off-duty emergency nurses from the break room? (-1 / -3 / -7 popularity)"
    if phase is EDPhase.ED_REMOVE_CAR:
        return f"remove {_plural(ed.cars_owed, 'car')} of your choice from your emergency department (people left)"
    if phase is EDPhase.ED_BUY_POPULARITY:
        return (
            f"round {state.round}, Business: the emergency department buys popularity at"
            f" ${K.ED_POPULARITY_PRICE} each from its funds (${ed.funds})"
        )
    return None


def option_text(state, action) -> str | None:
    """Words for one of the ED's actions before it is taken (None: not the ED's)."""
    from .access import ed_of

    seat = state.current
    if seat is None or ed_state(state.players[seat]) is None:
        return None
    ed = ed_of(state, seat)
    if isinstance(action, A.ChooseEmergency):
        return SUB_WORDS[action.sub].format(eqp=ed.board.queue_points)
    if isinstance(action, A.EDConstruct):
        from core.clinic.game.state import Phase

        cost = 0 if state.phase is Phase.EXPERT_SETUP else ed_build_cost(action.build)
        b = action.build
        words = str(b) if isinstance(b, EDBuildModule) else f"{b} on the emergency department"
        if isinstance(b, BuildGarden):
            words = f"build a garden at {b.space.name} of the emergency department"
        from core.clinic.game.narration import cars_moved_words

        return f"{words} (${cost}){cars_moved_words(b, spot_name)}"
    if isinstance(action, A.EDHireDoctor):
        level = waiting_area(state).residency[action.slot]
        cost = A.doctor_cost(action.slot)
        return (
            f"hire the {level} emergency doctor on residency space {action.slot + 1} for ${cost},"
            f" car parked {spot_name(action.car)}"
        )
    if isinstance(action, A.EDHireNurse):
        return f"hire an emergency nurse for ${K.ED_NURSE_COST}, car parked {spot_name(action.car)}"
    if isinstance(action, EDAdmit):
        queue = waiting_area(state).queues[action.queue]
        return (
            f"admit the {queue[-1]} emergency patient from the {QUEUE_NAMES[action.queue]} queue"
            f" into emergency pre-admissions (1 queue point), car parked {spot_name(action.car)}"
        )
    if isinstance(action, EDShift):
        level = waiting_area(state).queues[action.queue][action.index]
        return (
            f"move the {level} emergency patient in the {QUEUE_NAMES[action.queue]} queue, space"
            f" {action.index + 1}, {action.direction} (1 queue point)"
        )
    if isinstance(action, A.EDDone):
        turn = emergency_turn(state)
        return "done with this part of the Emergency action" if turn and turn.current else "done with the Emergency action"
    if isinstance(action, MV.EDMove):
        person = ed.person(action.pid)
        time = MV.move_time(ed.board, person.where, action.to)
        return (
            f"move {person} from {where_name(ed, person.where)} to"
            f" {where_name(ed, action.to)} of the emergency department (time {time})"
        )
    if isinstance(action, B.EDBuyPopularity):
        if not action.points:
            return "the emergency department buys no popularity"
        return (
            f"the emergency department buys {action.points} popularity for"
            f" ${K.ED_POPULARITY_PRICE * action.points} of its funds"
        )
    if isinstance(action, B.EDRemoveCar):
        return f"remove the car {spot_name(action.spot)} from the emergency department"
    if isinstance(action, B.EDOffDuty):
        return str(action)
    return None


def events(before, after) -> list[str]:
    """What the ED did between two states: treatments, deaths (one sentence each)."""
    out = []
    if waiting_area(before) is None or waiting_area(after) is None:
        return out
    for seat in after.turn_order:
        b, a = ed_state(before.players[seat]), ed_state(after.players[seat])
        treated = sum(a.treated) - sum(b.treated)
        if treated > 0:
            out.append(
                f"{after.players[seat].name}'s emergency department treats"
                f" {_plural(treated, 'emergency patient')}"
            )
        dead = a.dead - b.dead
        if dead > 0:
            out.append(
                f"{after.players[seat].name}: {_plural(dead, 'dark emergency patient')} died"
                f" (-{K.ED_DEATH_PENALTY} popularity each)"
            )
    return out


def person_letter(person) -> str:
    """One or two letters for a person on the ED board: ``d``/``n``/``p`` and the
    level's letter (E37): ``dL``, ``n``, ``pD``."""
    head = {EDRole.DOCTOR: "d", EDRole.NURSE: "n", EDRole.PATIENT: "p"}[person.role]
    return head + (person.level.letter if person.level is not None else "")


__all__ = ["decision_text", "events", "option_text", "person_letter", "spot_name", "where_name"]

