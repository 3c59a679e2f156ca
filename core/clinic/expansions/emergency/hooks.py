"""The 911th Extension plugged into the base round (``core.clinic.expansions``): the
``Expansion`` value and its hooks.  The rules are the package's pure functions; this
module only reads them off a ``GameState`` and writes the results back
(docs/rules/clinic-911.md, "Integration").

Seams (hooks of ``core/clinic/expansions/__init__.py``):

- ``setup``: the Emergency Waiting Area, each player's ED (beginner layout, or the
  expert's empty board), 40 more cars in the lot, the Emergency Nurse bonus tile among
  the bonus tiles (the tiles drawn again with it, E15);
- ``options``/``apply``: the expert's two free ED pieces (expert setup), the Emergency
  action (``EDPhase.EMERGENCY``), ED moves in the Move phase, off-duty nurses
  (``EDPhase.ED_BUSINESS``), the ED's cars (``EDPhase.ED_REMOVE_CAR``, the player's choice,
  H7), ED popularity (``EDPhase.ED_BUY_POPULARITY``);
- ``action_tiles``/``start_tile``: one Emergency tile a round, resolved after Admit (E8);
- ``after_step``: new emergency patients after each action step;
- ``before_business_phase``: the ED's patient care first (H10), then the base Business;
- ``before_admin``: ED expenses, then ED popularity in reverse turn order;
- ``admin_steps``: the waiting area's and the ED boards' Admin steps; ``before_round``:
  the cars of emergency patients who died;
- ``move_violations``/``end_of_movement``: the base ``EndMove`` waits for the ED;
- ``end_score``, ``goal_status`` (solitaire), ``configure`` (saves), ``bot_preference``
  (``emergency.bot``), ``events`` (the log).
"""

from __future__ import annotations

import random

from attrs import evolve

from core.clinic.board import BoardSide
from core.clinic.errors import IllegalActionError
from core.clinic.game.outcome import Finished, Outcome, Resume, Waiting, waiting_or
from core.clinic.game.cars import choice_matters, computer_car
from core.clinic.game.setup import BASE_BONUS_TILES
from core.clinic.game.state import (
    ActionTile,
    AfterCars,
    BonusTile,
    GameState,
    Phase,
    Turn,
    change_popularity,
    draw_rng,
    set_player,
)
from core.clinic.parking import parked_spots
from core.clinic.slots import Level, SavedPart

from .. import Expansion
from . import DESCRIPTION, NAME, TITLE
from . import actions as A
from . import admin as AD
from . import business as B
from . import end as END
from . import movement as MV
from . import setup as SU
from .access import ed_of, emergency_of, emergency_turn, waiting_area, with_ed_state, with_emergency_turn, with_waiting_area
from .round import ED_PHASES, EDBonus, EDPhase, EDTile  # noqa: F401  (ED_PHASES: read by the apps)
from .components import EDGoal, EDSide
from .constants import EXTRA_CARS
from .queues import new_emergency_patients
from .serialize import ACTION_TYPES
from .serialize import configure as _configure
from .state import EmergencyState, EmergencyTurn, WaitingArea



# --- reading and writing the state ------------------------------------------------------
def _rng(state: GameState) -> tuple[random.Random, GameState]:
    """The next draw's generator and the state that has counted it."""
    # Equivalent if changed to + 2: each draw still gets its own generator, and a replay the same.
    return draw_rng(state), evolve(state, draws=state.draws + 1)  # pragma: no mutate


def _set_ed(state: GameState, seat: int, ed: EmergencyState, **player) -> GameState:
    p = with_ed_state(evolve(state.players[seat], **player) if player else state.players[seat], ed)
    return evolve(state, players=set_player(state, seat, p))


def ed_side(state: GameState, seat: int) -> EDSide:
    """The ED board side: beginners the 4x2 side (rulebook); an expert on the expert
    side of the main board takes the expert 3x2 side too (house value)."""
    expert = state.config.expert[seat] and state.config.sides[seat] is BoardSide.EXPERT
    return EDSide.EXPERT if expert else EDSide.BEGINNER


# --- setup --------------------------------------------------------------------------------
def _setup(state: GameState) -> GameState:
    """Lay out the waiting area and every ED; the Emergency Nurse bonus tile joins the
    bonus tiles, which are drawn again (as many as before) with it (E15)."""
    rng, state = _rng(state)
    area = SU.new_area(state.player_count, rng)
    lot = state.cars_lot + EXTRA_CARS
    for seat in range(state.player_count):
        ed = SU.new_emergency(ed_side(state, seat), rng, expert=state.config.expert[seat])
        lot -= ed.board.parked_cars
        state = _set_ed(state, seat, ed)
    tiles = (*BASE_BONUS_TILES, EDBonus.EMERGENCY_NURSE)
    bonus = tuple(rng.sample(tiles, len(state.bonus_tiles)))
    return evolve(with_waiting_area(state, area), cars_lot=lot, bonus_tiles=bonus)


def _bonus_tile(state: GameState, seat: int, tile: BonusTile) -> GameState | None:
    """The Emergency Nurse bonus tile: a nurse from the supply outside the ED grid, a
    car from the lot on the ED board (E15)."""
    if tile is not EDBonus.EMERGENCY_NURSE:
        return None
    ed = SU.emergency_nurse_bonus(ed_of(state, seat))
    return evolve(_set_ed(state, seat, ed), cars_lot=state.cars_lot - 1)


# --- the Emergency action -------------------------------------------------------------------
def _action_tiles(state: GameState, tiles: tuple) -> tuple:
    return (*tiles, EDTile.EMERGENCY)


def _tile_refusal(state: GameState, tile: ActionTile) -> str | None:
    """Why the Emergency tile cannot be selected: it was used this round (E8)."""
    if tile is not EDTile.EMERGENCY:
        return None
    return "Select: you have only 1 Emergency tile, so you can perform it 1 time per round (with the emergency option)"


def _start_tile(state: GameState, tile: ActionTile) -> Outcome | None:
    if tile is not EDTile.EMERGENCY:
        return None
    return Waiting(evolve(state, phase=EDPhase.EMERGENCY, step=with_emergency_turn(Turn(), EmergencyTurn())))


def _apply_emergency(state: GameState, action) -> Outcome:
    em = A.apply(emergency_of(state), action)
    seat = state.current
    state = _set_ed(state, seat, em.ed, money=em.savings)
    state = evolve(with_waiting_area(state, em.area), cars_lot=em.cars_lot,
                   step=with_emergency_turn(state.step, em.turn))
    return waiting_or(state, em.turn.over, Resume.ACTION)


def _after_step(state: GameState) -> GameState:
    """After each action step a new emergency patient joins each queue (rulebook)."""
    rng, state = _rng(state)
    return with_waiting_area(state, new_emergency_patients(waiting_area(state), rng))


# --- options and apply ----------------------------------------------------------------------
def _zombies_first(options: list) -> bool:
    """True while the base Move phase offers only zombie steps (they move first)."""
    return bool(options) and all(type(o).__name__ == "MoveZombie" for o in options)


def _options(state: GameState, options: list) -> list:
    seat = state.current
    if seat is None:
        return options
    phase = state.phase
    if phase is EDPhase.EMERGENCY:
        return A.options(emergency_of(state))
    ed = ed_of(state, seat)
    if phase is Phase.EXPERT_SETUP:
        pieces = SU.initial_options(ed)
        if state.players[seat].clinic.board.entrances and pieces:
            return [A.EDConstruct(b) for b in pieces]  # before the starting car (H1)
        return options
    if phase is Phase.MOVE:
        if _zombies_first(options):
            return options
        return [*options, *(m for m in MV.move_options(ed) if isinstance(m, MV.EDMove))]
    if phase is EDPhase.ED_BUSINESS:
        return B.off_duty_options(ed)
    if phase is EDPhase.ED_REMOVE_CAR:
        first = computer_car(ed.board)
        return [B.EDRemoveCar(first)] + [B.EDRemoveCar(s) for s in parked_spots(ed.board) if s != first]
    if phase is EDPhase.ED_BUY_POPULARITY:
        return [B.EDBuyPopularity(n) for n in range(B.popularity_for_sale(ed) + 1)]
    return options


def _apply(state: GameState, action) -> Outcome:
    """Play one of the ED's actions (``rules.apply_action`` has checked it is legal); the
    outcome names where the round goes on once an ED phase is over."""
    seat = state.current
    phase = state.phase
    if phase is Phase.EXPERT_SETUP:
        before = ed_of(state, seat)
        ed = SU.place_initial(before, action.build)
        # Equivalent if changed to +: no car stands on an ED before its expert pieces
        # (Expert setup comes before the bonus tiles).
        arrived = ed.board.parked_cars - before.board.parked_cars  # pragma: no mutate
        lot = state.cars_lot - arrived
        return Waiting(evolve(_set_ed(state, seat, ed), cars_lot=lot))
    if phase is EDPhase.EMERGENCY:
        return _apply_emergency(state, action)
    if phase is Phase.MOVE:
        return Waiting(_apply_move(state, seat, action))
    if phase is EDPhase.ED_BUSINESS:
        state = _treat(state, seat, action.rooms)
        queue = state.queue[1:]
        return Waiting(evolve(state, queue=queue)) if queue else _cars_after_treatment(state)
    if phase is EDPhase.ED_REMOVE_CAR:
        return _apply_remove_car(state, seat, action)
    assert phase is EDPhase.ED_BUY_POPULARITY, phase
    ed, points = B.buy_popularity(ed_of(state, seat), action.points)
    state = change_popularity(_set_ed(state, seat, ed), seat, points)
    queue = state.queue[1:]
    return Waiting(evolve(state, queue=queue)) if queue else Finished(state, Resume.ADMIN)


def _refusal(state: GameState, action) -> str:
    """Why an ED action is not legal now, in players' words."""
    if state.phase is EDPhase.EMERGENCY:
        try:
            A.apply(emergency_of(state), action)
        except IllegalActionError as err:
            return str(err)
        return "that is not one of the Emergency action's choices now"
    if state.phase is Phase.MOVE and isinstance(action, MV.EDMove):
        try:
            MV.ed_move(ed_of(state, state.current), action.pid, action.to)
        except IllegalActionError as err:
            return str(err)
        return "Emergency movement: that person has no room there now, or has moved twice (house rule)"
    where = {
        A.ChooseEmergency: "the Emergency action",
        B.EDOffDuty: "the Business phase (emergency treatment)",
        B.EDBuyPopularity: "the emergency department's popularity, after its expenses",
        B.EDRemoveCar: "someone left your emergency department",
        MV.EDMove: "the Move phase",
    }.get(type(action), "the Emergency action")
    return f"Emergency department: this is decided during {where}"


# --- Move ---------------------------------------------------------------------------------------
def _apply_move(state: GameState, seat: int, action: MV.EDMove) -> GameState:
    """An ED move; its time goes on the main clinic's count, so the round's total
    takes a triage's -3 once (E19)."""
    ed = MV.ed_move(ed_of(state, seat), action.pid, action.to)  # its move_time is 0 between moves
    p = state.players[seat]
    clinic = evolve(p.clinic, move_time=p.clinic.move_time + ed.move_time)
    return _set_ed(state, seat, evolve(ed, move_time=0), clinic=clinic)


def _move_violations(state: GameState, clinic) -> tuple[str, ...]:
    return MV.ed_move_violations(ed_of(state, state.current))


def _end_of_movement(state: GameState, seat: int) -> GameState:
    """The ED's movement ends with the player's Move turn (moves made are forgotten)."""
    ed = ed_of(state, seat)
    if ed.moved and not MV.ed_move_violations(ed):
        ed, _ = MV.finish_ed_move(ed)
        state = _set_ed(state, seat, ed)
    return state


# --- Business: the ED's patient care first (H10) ---------------------------------------------
def _treat(state: GameState, seat: int, rooms) -> GameState:
    ed = ed_of(state, seat)
    t = B.treat(ed, frozenset(rooms))
    state = _set_ed(state, seat, B.apply_treatment(ed, t))
    return change_popularity(state, seat, t.popularity)


def _business(state: GameState) -> Outcome:
    """Treat in every ED, in turn order; a player who may use off-duty nurses decides
    (``EDPhase.ED_BUSINESS``)."""
    queue = []
    for seat in state.turn_order:
        if B.off_duty_choices(ed_of(state, seat)):
            queue.append(seat)
        else:
            state = _treat(state, seat, frozenset())
    if queue:
        return Waiting(evolve(state, phase=EDPhase.ED_BUSINESS, queue=tuple(queue), step=Turn()))
    return _cars_after_treatment(state)


# --- the ED's cars (H7: the player chooses, as the base game's "Taking a Car") ----------------
def _remove_without_choice(state: GameState, seat: int) -> GameState:
    ed = ed_of(state, seat)
    removed = 0
    while ed.cars_owed and not choice_matters(ed.board, ed.cars_owed):
        spots = parked_spots(ed.board)
        if not spots:
            ed = evolve(ed, cars_owed=0)
            break
        ed = B.remove_ed_car(ed, spots[0])
        removed += 1
    return evolve(_set_ed(state, seat, ed), cars_lot=state.cars_lot + removed)


#: Where the round goes on once the ED's cars are removed.
_RESUME = {AfterCars.BUSINESS: Resume.BASE_BUSINESS, AfterCars.ROUND: Resume.ROUND}


def _settle(state: GameState, then: AfterCars) -> Outcome:
    """Remove the ED cars owed that involve no choice; the players still owing choose
    (``Waiting`` in ``EDPhase.ED_REMOVE_CAR``), or the round goes on after ``then``."""
    for seat in state.turn_order:
        state = _remove_without_choice(state, seat)
    seats = tuple(s for s in state.turn_order if ed_of(state, s).cars_owed)
    if seats:
        return Waiting(evolve(state, phase=EDPhase.ED_REMOVE_CAR, queue=seats, cars_then=then, step=Turn()))
    return Finished(state, _RESUME[then])


def _cars_after_treatment(state: GameState) -> Outcome:
    return _settle(state, AfterCars.BUSINESS)


def _before_round(state: GameState) -> GameState | Outcome:
    """The cars of emergency patients who died in Admin leave the ED boards."""
    if not any(ed_of(state, s).cars_owed for s in range(state.player_count)):
        return state
    return _settle(state, AfterCars.ROUND)


def _apply_remove_car(state: GameState, seat: int, action: B.EDRemoveCar) -> Outcome:
    ed = B.remove_ed_car(ed_of(state, seat), action.spot)
    state = _remove_without_choice(evolve(_set_ed(state, seat, ed), cars_lot=state.cars_lot + 1), seat)
    if ed_of(state, seat).cars_owed:
        return Waiting(state)
    queue = state.queue[1:]
    if queue:
        return Waiting(evolve(state, queue=queue))
    then = state.cars_then
    state = evolve(state, cars_then=None, queue=())
    return Finished(state, Resume.BASE_BUSINESS if then is AfterCars.BUSINESS else Resume.ROUND)


# --- ED expenses and popularity, before Admin ------------------------------------------------
def _before_admin(state: GameState) -> GameState | Outcome:
    """ED expenses in turn order (ED funds, then savings, then popularity 1:1), then
    popularity at $2 from ED funds in reverse turn order (rulebook; E26)."""
    for seat in state.turn_order:
        p = state.players[seat]
        ed, money, pop = B.pay_expenses(ed_of(state, seat), p.money)
        state = change_popularity(_set_ed(state, seat, ed, money=money), seat, pop)
    queue = tuple(s for s in reversed(state.turn_order) if B.popularity_for_sale(ed_of(state, s)))
    if queue:
        return Waiting(evolve(state, phase=EDPhase.ED_BUY_POPULARITY, queue=queue, step=Turn()))
    return state


# --- Admin --------------------------------------------------------------------------------------
def area_admin(state: GameState) -> GameState:
    """The waiting area: residency doctors flip, empty spaces refilled, the round's
    unhired emergency nurses leave (the round marker has moved on already)."""
    rng, state = _rng(state)
    return with_waiting_area(state, AD.admin_area(waiting_area(state), rng, state.round - 1))


area_admin.next_round_only = True  # H9: not after round 6


def board_admin(state: GameState) -> GameState:
    """Each ED board in turn order: doctors flip, patients worsen, dark ones die (-5)."""
    for seat in state.turn_order:
        ed, report = AD.admin_ed(ed_of(state, seat))
        state = change_popularity(_set_ed(state, seat, ed), seat, report.popularity)
    return state


def _admin_steps(steps: tuple) -> tuple:
    from core.clinic.game.admin import remove_unhired_nurses, worsen_patients

    out = []
    for step in steps:
        out.append(step)
        if step is remove_unhired_nurses:
            out.append(area_admin)
        elif step is worsen_patients:
            out.append(board_admin)
    return tuple(out)


# --- end of the game ------------------------------------------------------------------------------
def _end_score(state: GameState, seat: int) -> int:
    return END.end_score(ed_of(state, seat)).total


def _in_move(state) -> bool:
    """The ED's care that comes first in Business (off-duty nurses, then its cars)
    comes before the main clinic's Business (``narration.in_move``)."""
    return state.phase is EDPhase.ED_BUSINESS or (
        state.phase is EDPhase.ED_REMOVE_CAR and state.cars_then is AfterCars.BUSINESS)


def _goal_status(state, seat: int):
    """The ED's solitaire goal (E33), replacing the base goal (E34); None without one."""
    goal = state.config.ed_goal
    return None if goal is None else END.goal_status(ed_of(state, seat), goal)


def _bot(state, options, rng, choice):
    from .bot import preference

    return preference(state, options, rng, choice)


def _words():
    from . import words

    return words


def _events(before: GameState, after: GameState) -> list[str]:
    return _words().events(before, after)


EXPANSION = Expansion(
    name=NAME,
    title=TITLE,
    description=DESCRIPTION,
    setup=_setup,
    options=_options,
    action_types=ACTION_TYPES,
    apply=_apply,
    refusal=_refusal,
    move_violations=_move_violations,
    end_of_movement=_end_of_movement,
    admin_steps=_admin_steps,
    end_score=_end_score,
    events=_events,
    bot_preference=_bot,
    action_tiles=_action_tiles,
    start_tile=_start_tile,
    tile_refusal=_tile_refusal,
    after_step=_after_step,
    before_round=_before_round,
    before_business_phase=_business,
    before_admin=_before_admin,
    bonus_tile=_bonus_tile,
    goal_status=_goal_status,
    decision_text=lambda state: _words().decision_text(state),
    option_text=lambda state, action: _words().option_text(state, action),
    configure=lambda converter: _configure(converter, actions=False),
    solo_goals=EDGoal,
    members=(EDPhase, EDTile, EDBonus),
    # Saved under the key "emergency" at each level, first (as when it was a base field).
    saved=(SavedPart(Level.PLAYER, EmergencyState, rank=0, key=NAME),
           SavedPart(Level.TURN, EmergencyTurn, rank=0, key=NAME),
           SavedPart(Level.TABLE, WaitingArea, rank=0, key=NAME)),
    in_move=_in_move,
)
