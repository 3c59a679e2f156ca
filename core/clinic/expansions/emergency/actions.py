"""The Emergency action: "any 2 different of the following, in whichever order you like:
Build onto your emergency department; Hire emergency staff for your emergency
department; Admit Emergency Patients to your emergency department" (rulebook "Action:
Emergency"; E8, E9).

``Emergency`` gathers what the action touches: the shared waiting area, the player's
ED, the action's progress (``EmergencyTurn``), the main clinic's savings and the main
board's car lot.  ``options`` lists the legal actions, ``apply`` plays one (raising
IllegalActionError naming the rule); ``over`` says when the action is finished.
Each sub-action is chosen, played step by step and ended (``EDDone``, or by itself when
nothing more is allowed: 2 builds, both hires, no EQP left); then a *different* one may
follow, or ``EDDone`` ends the Emergency action (E9: each optional).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import evolve
from core.model import frozen

from core.clinic import constants as K_BASE
from core.clinic.build_options import car_choices
from core.clinic.components import ParkingTile
from core.clinic.construction import BuildConveyor, BuildGarden, BuildParking, UpgradeParking
from core.clinic.errors import IllegalActionError
from core.clinic.parking import CarSpot, free_parking_spots, park_car

from . import constants as K
from .components import BREAK_ROOM, ED_HUB, ED_ROOM, OUTSIDE, PRE_ADMISSIONS, EDKind, EDRole
from .construction import EDBuild, EDBuildModule, check_ed_build, ed_build, ed_build_cost
from .queues import EDAdmit, EDShift, admit_options, admit_refusal, apply_shift, head, shift_options
from .state import EmergencyState, EmergencyTurn, Stock, Sub, WaitingArea, add_person, pay

RULE_DIFFERENT = "The Emergency action lets you do any 2 different of the following"


@frozen
class ChooseEmergency:
    """Start one of the Emergency action's sub-actions."""

    sub: Sub

    def __str__(self) -> str:
        return f"emergency: {self.sub}"


@frozen
class EDConstruct:
    """Build one component on the ED board (Build onto your emergency department)."""

    build: EDBuild

    def __str__(self) -> str:
        return str(self.build)


@frozen
class EDHireDoctor:
    """Hire the emergency doctor on Emergency Residency space ``slot`` (0 = leftmost);
    his car parks on ``car`` of the ED board."""

    slot: int
    car: CarSpot

    def __str__(self) -> str:
        return f"hire the emergency doctor on residency space {self.slot + 1}, car parked {self.car}"


@frozen
class EDHireNurse:
    """Hire an emergency nurse from the current round's column; car parked on ``car``."""

    car: CarSpot

    def __str__(self) -> str:
        return f"hire an emergency nurse, car parked {self.car}"


@frozen
class EDDone:
    """End the current sub-action (or, between sub-actions, the Emergency action).

    It is the player ending their turn on purpose (``closes_turn``, read by
    ``game_record.closes_turn``): once the Emergency action is over, undo does not
    reopen it; ending one part keeps the turn, so that may still be taken back."""

    closes_turn: ClassVar[bool] = True

    def __str__(self) -> str:
        return "done"


EmergencyAction = ChooseEmergency | EDConstruct | EDHireDoctor | EDHireNurse | EDShift | EDAdmit | EDDone


@frozen
class Emergency:
    """Everything one Emergency action touches (see the module doc); ``round`` 1-6
    picks the nurse column."""

    area: WaitingArea
    ed: EmergencyState
    turn: EmergencyTurn
    savings: int
    cars_lot: int
    round: int = 1


def start(area: WaitingArea, ed: EmergencyState, savings: int, cars_lot: int, round: int) -> Emergency:
    """The Emergency action as the player's Emergency tile is resolved."""
    return Emergency(area, ed, EmergencyTurn(), savings, cars_lot, round)


# --- what may be done ---------------------------------------------------------------
def _stock_left(stock: Stock, module) -> int:
    if module.kind is EDKind.HUB:
        return stock.hubs
    if module.kind is EDKind.BREAK_ROOM:
        return stock.break_rooms
    return stock.rooms[module.level]


def build_refusal(em: Emergency, build: EDBuild) -> str | None:
    """Why ``build`` is not possible now (tile stock, money, construction rules), or None."""
    if isinstance(build, EDBuildModule) and _stock_left(em.area.stock, build.module) <= 0:
        return f"no {build.module} tile is left in the supply"
    try:
        check_ed_build(em.ed.board, build)
        cost = ed_build_cost(build)
    except IllegalActionError as e:
        return str(e)
    if cost > em.ed.funds + em.savings:
        return f"{build} costs ${cost}; you have ${em.ed.funds} + ${em.savings} savings"
    return None


def build_candidates(board) -> list[EDBuild]:
    """Every ED component on every space, unchecked (``options`` keeps the legal ones);
    parking tiles and upgrades with each choice of cars to move in, as the base game
    offers them (``build_options.car_choices``)."""
    out: list[EDBuild] = []
    modules = (ED_HUB, *ED_ROOM.values(), BREAK_ROOM)
    for s in board.spaces():
        out += [EDBuildModule(m, s) for m in modules]
        out.append(BuildGarden(s))
        tile = board.tile_at(s)
        if tile is None:
            out += [BuildParking(s, cars) for cars in car_choices(board, K_BASE.PARKING_TILE_CARS)]
        elif isinstance(tile, ParkingTile):
            # Equivalent if changed to +: more cars than fit are refused by check_build, same options.
            room = K_BASE.PARKING_TILE_UPGRADED_CARS - tile.cars  # pragma: no mutate
            out += [UpgradeParking(s, cars) for cars in car_choices(board, room)]
    stops = [s for s, _ in board.modules]
    if not board.conveyor_stops:
        out += [BuildConveyor((a, b)) for i, a in enumerate(stops) for b in stops[i + 1 :]]
    else:
        out += [BuildConveyor((s,)) for s in stops]
    return out


def doctor_cost(slot: int) -> int:
    """Dollars for the emergency doctor on residency space ``slot`` (0 = leftmost):
    $3, $2, $2, $1 (RD, E7)."""
    return K.RESIDENCY_COSTS[slot]


def options(em: Emergency) -> list[EmergencyAction]:
    """The legal actions now.  Hires and admissions list every free car spot."""
    turn = em.turn
    if turn.over:
        return []
    if turn.current is None:
        out: list[EmergencyAction] = [ChooseEmergency(s) for s in Sub if s not in turn.done]
        return [*out, EDDone()]
    out = []
    if turn.current is Sub.BUILD:
        out = [
            EDConstruct(b)
            for b in build_candidates(em.ed.board)
            if build_refusal(em, b) is None
        ]
    elif turn.current is Sub.HIRE:
        spots = free_parking_spots(em.ed.board) if em.cars_lot > 0 else ()
        money = em.ed.funds + em.savings
        if not turn.hired_doctor:
            for slot, level in enumerate(em.area.residency):
                if level is not None and doctor_cost(slot) <= money:
                    out += [EDHireDoctor(slot, c) for c in spots]
        if not turn.hired_nurse and em.area.nurses[em.round - 1] > 0 and K.ED_NURSE_COST <= money:
            out += [EDHireNurse(c) for c in spots]
    else:
        out = [*admit_options(em.area, em.ed, em.cars_lot), *shift_options(em.area)]
    return [*out, EDDone()]


# --- playing ------------------------------------------------------------------------
def _end_sub(em: Emergency) -> Emergency:
    done = em.turn.done + (em.turn.current,)
    turn = EmergencyTurn(done=done, over=len(done) >= 2)
    return evolve(em, turn=turn)


def _fail(why: str) -> None:
    raise IllegalActionError(f"Emergency action: {why}")


def _park(em: Emergency, ed: EmergencyState, car: CarSpot) -> tuple[EmergencyState, int]:
    """Take a car from the main board's lot and park it on the ED board."""
    if em.cars_lot <= 0:
        _fail("no car is left in the parking lot on the main board")
    return evolve(ed, board=park_car(ed.board, car)), em.cars_lot - 1


def apply(em: Emergency, action: EmergencyAction) -> Emergency:
    """Play one action of the Emergency action; raises IllegalActionError (the rule)."""
    turn = em.turn
    if turn.over:
        _fail("the Emergency action is over")
    if isinstance(action, EDDone):
        if turn.current is None:
            return evolve(em, turn=evolve(turn, over=True))
        return _end_sub(em)
    if isinstance(action, ChooseEmergency):
        if turn.current is not None:
            _fail(f"finish '{turn.current}' first")
        if action.sub in turn.done:
            _fail(f"you already did '{action.sub}' this turn ('{RULE_DIFFERENT}')")
        # Equivalent if the 0 changes: only Admit reads the queue points (tested: Admit gets them).
        eqp = em.ed.board.queue_points if action.sub is Sub.ADMIT else 0  # pragma: no mutate
        return evolve(em, turn=evolve(turn, current=action.sub, eqp=eqp))
    if isinstance(action, EDConstruct):
        return _apply_build(em, action.build)
    if isinstance(action, (EDHireDoctor, EDHireNurse)):
        return _apply_hire(em, action)
    if isinstance(action, (EDShift, EDAdmit)):
        return _apply_eqp(em, action)
    _fail(f"unknown action {action!r}")  # pragma: no cover
    raise AssertionError  # pragma: no cover


def _apply_build(em: Emergency, build: EDBuild) -> Emergency:
    if em.turn.current is not Sub.BUILD:
        _fail(f"choose '{Sub.BUILD}' first")
    why = build_refusal(em, build)
    if why is not None:
        check_ed_build(em.ed.board, build)  # raises with the construction rule, if that's it
        _fail(why)
    # Equivalent if the name changes: pay names it only when short, which build_refusal refused above.
    ed, savings = pay(em.ed, em.savings, ed_build_cost(build), str(build))  # pragma: no mutate
    ed = evolve(ed, board=ed_build(ed.board, build))
    area = em.area
    if isinstance(build, EDBuildModule):
        stock = area.stock
        m = build.module
        if m.kind is EDKind.HUB:
            stock = evolve(stock, hubs=stock.hubs - 1)
        elif m.kind is EDKind.BREAK_ROOM:
            stock = evolve(stock, break_rooms=stock.break_rooms - 1)
        else:
            rooms = list(stock.rooms)
            rooms[m.level] -= 1
            stock = evolve(stock, rooms=tuple(rooms))
        area = evolve(area, stock=stock)
    em = evolve(em, area=area, ed=ed, savings=savings, turn=evolve(em.turn, builds=em.turn.builds + 1))
    if em.turn.builds >= K.ED_BUILDS_PER_ACTION:
        return _end_sub(em)
    return em


def _apply_hire(em: Emergency, action: EDHireDoctor | EDHireNurse) -> Emergency:
    turn = em.turn
    if turn.current is not Sub.HIRE:
        _fail(f"choose '{Sub.HIRE}' first")
    area = em.area
    if isinstance(action, EDHireDoctor):
        if turn.hired_doctor:
            _fail("you may hire only 1 emergency doctor")
        if not (0 <= action.slot < len(area.residency)) or area.residency[action.slot] is None:
            _fail(f"no emergency doctor on residency space {action.slot + 1}")
        level = area.residency[action.slot]
        cost = doctor_cost(action.slot)
        ed, savings = pay(em.ed, em.savings, cost, "this emergency doctor")
        ed = add_person(ed, EDRole.DOCTOR, OUTSIDE, level)
        res = area.residency[: action.slot] + (None,) + area.residency[action.slot + 1 :]
        area = evolve(area, residency=res)
        turn = evolve(turn, hired_doctor=True)
    else:
        if turn.hired_nurse:
            _fail("you may hire only 1 emergency nurse")
        i = em.round - 1
        if area.nurses[i] <= 0:
            _fail("no emergency nurse is left in the current round's column")
        ed, savings = pay(em.ed, em.savings, K.ED_NURSE_COST, "an emergency nurse")
        ed = add_person(ed, EDRole.NURSE, OUTSIDE)
        area = evolve(area, nurses=area.nurses[:i] + (area.nurses[i] - 1,) + area.nurses[i + 1 :])
        turn = evolve(turn, hired_nurse=True)
    ed, lot = _park(em, ed, action.car)
    em = evolve(em, area=area, ed=ed, savings=savings, cars_lot=lot, turn=turn)
    if turn.hired_doctor and turn.hired_nurse:
        return _end_sub(em)
    return em


def _apply_eqp(em: Emergency, action: EDShift | EDAdmit) -> Emergency:
    if em.turn.current is not Sub.ADMIT:
        _fail(f"choose '{Sub.ADMIT}' first")
    if em.turn.eqp <= 0:  # pragma: no cover - the sub-action ends at 0
        _fail("no Emergency Queue Point left")
    ed, lot, area = em.ed, em.cars_lot, em.area
    if isinstance(action, EDShift):
        area = apply_shift(area, action)
    else:
        why = admit_refusal(area, ed, action.queue, lot)
        if why is not None:
            _fail(f"cannot admit: {why}")
        level, area = head(area, action.queue)
        ed, lot = _park(em, ed, action.car)
        ed = add_person(ed, EDRole.PATIENT, PRE_ADMISSIONS, level)
    em = evolve(em, area=area, ed=ed, cars_lot=lot, turn=evolve(em.turn, eqp=em.turn.eqp - 1))
    if em.turn.eqp <= 0:
        return _end_sub(em)
    return em


__all__ = [
    "ChooseEmergency",
    "EDConstruct",
    "EDDone",
    "EDHireDoctor",
    "EDHireNurse",
    "Emergency",
    "EmergencyAction",
    "EmergencyTurn",
    "Sub",
    "apply",
    "build_refusal",
    "doctor_cost",
    "options",
    "start",
]
