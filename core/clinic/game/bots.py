"""Computer players for Clinic.  Each picks from ``legal_actions`` only, so a bot can
never break a rule; its own seeded RNG keeps games replayable.

Interface (the one the TUI uses): ``bot.choose(state) -> Action``.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.clinic.components import Role
from core.clinic.constants import PRE_ADMISSIONS_PER_SERVICE
from core.clinic.construction import BuildParking
from core.clinic.game.hooks import bot_choice

from . import constants as K
from .actions import (
    Action,
    AdmitPatient,
    Construct,
    Done,
    EndMove,
    HireDoctor,
    HireNurse,
    HireOrderly,
    MovePerson,
    RemoveCar,
    SelectTile,
    ShiftAppointment,
)
from .admit import _target, shift_notepad
from .bot_plan import plan_care
from .cars import computer_car
from .bot_values import (
    BuildContext,
    admit_room,
    arrival_time,
    build_options_for,
    cost_of,
    hire_value,
    investment,
    move_time,
    probe_arrival,
    reserve,
    site_value,
    spot_block,
    treatable_gain,
)
from .hire import can_settle, nurse_cost, on_arrival_point
from .memo import free_parking_spots
from .move_phase import capacity, has_room, occupancy
from .rules import legal_actions
from .state import ActionTile, BonusTile, GameState


class Bot(Protocol):
    level: str

    def choose(self, state: GameState) -> Action:
        """One legal action for the current player of ``state`` (not over)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.  The Move phase always ends: each
    person is offered at most 2 moves, and while a module is over capacity someone
    there can still move to a place with room (``move_phase``), so once nobody can
    move ``EndMove`` is legal."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(legal_actions(state))


class BasicBot:
    """Plays sensibly, one decision at a time, from ``legal_actions`` only:

    - builds treatment rooms next to a service hub, a supply room for each, gardens
      beside them, a second service when patients run short, parking when spots run
      out; only what it can pay for and keep up;
    - hires orderlies for empty supply rooms, doctors for empty places in its rooms,
      a nurse when colours do not match, only what it can pay;
    - admits only patients it can treat this round (``bot_plan.plan_care``), moving
      a treatable patient into the admitting column when that helps;
    - moves patients, doctors and nurses to the plan's rooms (two doctors may swap
      full rooms), idle doctors to a lab; ends the move legally (moves anyone left
      over capacity to the nearest place with room);
    - buys popularity with the income it does not need for next round.

    Ties are broken by the order of ``legal_actions`` (deterministic); ``rng`` is kept
    for the interface."""

    level = "basic"

    #: What builds are worth (``bot_values``); the strong player plugs in its own.
    build_context = BuildContext

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        #: (state, player, best build) of the last selection asked (``_best_build``).
        self._last_best_build: tuple | None = None

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        if state.config.options and (forced := bot_choice(state, options, self.rng, None)):
            return forced  # an expansion's own decision
        handler = getattr(self, "_" + state.phase.name.lower(), None)
        choice = handler(state, options) if handler else None
        choice = choice if choice is not None else options[-1]
        if state.config.options:  # each expansion may prefer its own action (expansions)
            choice = bot_choice(state, options, self.rng, choice)
        return choice

    # --- setup ----------------------------------------------------------------------
    def _start_car(self, state: GameState, options: list) -> Action:
        """The first free border clockwise from the entrance (offered first)."""
        return options[0]

    def _expert_setup(self, state: GameState, options: list) -> Action:
        if not isinstance(options[0], Construct):
            return options[0]  # the starting car: first clockwise
        board = state.players[state.current].clinic.board

        def score(a: Construct) -> tuple:
            b = a.build
            space = getattr(b, "space", None)
            if space is None:  # the entrance: all point at the hub
                return (0, -spot_block(board, b.border))
            free = sum(1 for n in board.neighbours(space) if n.floor == 0 and board.tile_at(n) is None)
            touches = any(board.building_index.get(n) is not None for n in board.neighbours(space))
            return (touches, free, -space.row, -space.col)

        return max(options, key=score)

    def _bonus(self, state: GameState, options: list) -> Action:
        order = (
            BonusTile.ORDERLY, BonusTile.YELLOW_DOCTOR, BonusTile.GARDEN, BonusTile.MONEY,
            BonusTile.NURSE, BonusTile.TRAINED_DOCTOR, BonusTile.PARKING,
        )
        return min(options, key=lambda a: order.index(a.tile))

    def _bonus_place(self, state: GameState, options: list) -> Action:
        board = state.players[state.current].clinic.board
        rooms = board.working_treatment_rooms
        if state.step.placing is BonusTile.GARDEN:
            return max(options, key=lambda a: sum(1 for n in board.neighbours(a.build.space) if n in rooms))
        return min(options, key=lambda a: site_value(board, a.build.space))

    # --- actions --------------------------------------------------------------------
    def _select(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        tiles = {a.tile for a in options}
        want = {
            ActionTile.BUILD: self._best_build(state, p, None)[0],
            ActionTile.HIRE: self._best_hire_value(state, p),
            ActionTile.ADMIT: 10.0 * admit_room(state, p),
        }
        best = max(tiles, key=lambda t: (want.get(t, 0), -int(t) if t is not ActionTile.ADMIT else 3))
        if want[best] <= 0 and ActionTile.ADMIT in tiles:
            best = ActionTile.ADMIT
        return SelectTile(best)

    def _build(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        value, action = self._best_build(state, p, options)
        return action if value > 0 and action is not None else Done()

    def _best_build(self, state: GameState, p, options) -> tuple[float, Action | None]:
        if options is None:
            # Selecting asks this twice for a state when the strong player falls back
            # to basic's selection: the last answer is kept (states are frozen).
            last = self._last_best_build
            if last is not None and last[0] is state and last[1] is p:
                return last[2]
            best = self._best_build(state, p, build_options_for(state, p))
            self._last_best_build = (state, p, best)
            return best
        left = K.ROUNDS - state.round + 1
        keep = reserve(p, left)
        best: tuple[float, Action | None] = (0.0, None)
        ctx = self.build_context(state, p)
        parked: set = set()
        for a in options:
            if not isinstance(a, Construct):
                continue
            if type(a.build) is BuildParking:
                # Parking's cost and value depend on its space only, not on the cars
                # moved in (most options): the first one per space is the one kept.
                if a.build.space in parked:
                    continue
                parked.add(a.build.space)
            cost = cost_of(a.build)
            if p.money - cost < keep:
                continue
            v = ctx.value(a.build, left) - cost
            if v > best[0]:
                best = (v, a)
        return best

    def _hire(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        clinic = p.clinic
        left = K.ROUNDS - state.round + 1
        best, choice = 0.0, None
        roles = {HireDoctor: Role.DOCTOR, HireNurse: Role.NURSE, HireOrderly: Role.ORDERLY}
        settles: dict = {}
        values: dict = {}
        for a in options:
            if type(a) in roles:
                key = (roles[type(a)], a.arrival)
                if key not in settles:
                    settles[key] = can_settle(clinic, *key)
                if not settles[key]:
                    continue
            # A hire's value depends on whom it hires (and a doctor's slot), not on
            # the car or the arrival point: worked out once per kind.
            kind = (type(a), getattr(a, "slot", None))
            if kind not in values:
                values[kind] = hire_value(state, p, a, left)
            v = values[kind]
            if v is None or v <= 0:
                continue
            v -= 0.01 * spot_block(clinic.board, a.car) + 0.001 * arrival_time(clinic, a)
            if v > best:
                best, choice = v, a
        return choice or Done()

    def _best_hire_value(self, state: GameState, p) -> float:
        left = K.ROUNDS - state.round + 1
        if not free_parking_spots(p.clinic.board) or state.cars_lot <= 0:
            return 0.0
        clinic = p.clinic
        vals = [0.0]
        probe = probe_arrival(clinic)
        if probe is None:
            return 0.0
        for slot, colour in enumerate(state.university):
            if colour is not None and K.UNIVERSITY_COSTS[slot] <= p.money:
                vals.append(hire_value(state, p, HireDoctor(slot, probe, probe), left) or 0)
        if state.orderlies > 0 and p.money >= K.ORDERLY_COST and left > 1:
            vals.append(hire_value(state, p, HireOrderly(probe, probe), left) or 0)
        if nurse_cost(state) is not None:
            vals.append(hire_value(state, p, HireNurse(probe, probe), left) or 0)
        return max(vals)

    def _admit(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        clinic = p.clinic
        admits = [a for a in options if isinstance(a, AdmitPatient)]
        good: dict = {}
        for a in admits:
            if a.service not in good:
                colour = state.notepad[state.row(a.service)][-1]
                good[a.service] = treatable_gain(clinic, colour, a.service)
        ranked = [a for a in admits if good[a.service] > 0]
        if ranked:
            top = max(good[a.service] for a in ranked)  # parking is compared among the best only
            best = [a for a in ranked if good[a.service] == top]
            return max(best, key=lambda a: -spot_block(clinic.board, a.car))
        if state.step.qp >= 2:
            current = {s: state.notepad[state.row(s)][-1] for s in clinic.board.offered_services if s in state.services}
            for a in options:
                if not isinstance(a, ShiftAppointment):
                    continue
                r = state.row(a.service)
                r2, i2 = _target(state, r, a.index, a.direction)
                pad = shift_notepad(state.notepad, r, a.index, r2, i2)
                for s, before in current.items():
                    after = pad[state.row(s)][-1]
                    if after is not None and after != before and treatable_gain(clinic, after, s) > 0:
                        if len(clinic.pre_admitted(s)) < PRE_ADMISSIONS_PER_SERVICE:
                            return a
        return Done()

    def _move(self, state: GameState, options: list) -> Action:
        clinic = state.players[state.current].clinic
        plan = plan_care(clinic, frozenset(state.step.moved))
        moves = [a for a in options if isinstance(a, MovePerson)]
        counts = occupancy(clinic)
        planned = [a for a in moves if plan.goals.get(a.pid) == a.goal]
        # Towards the plan: into room first; overfilling (a swap) only when nothing else.
        for a in planned:
            if has_room(clinic, clinic.person(a.pid), a.goal, counts):
                return a
        if planned:
            return planned[0]
        if any(isinstance(a, EndMove) for a in options):
            return EndMove()
        # The phase cannot end yet: someone stands over capacity, or someone on an
        # entrance or helipad must still go in.  The quickest move to a place with room
        # (every person moves at most twice, so this ends).
        def fixes(a: MovePerson) -> bool:
            p = clinic.person(a.pid)
            cap = capacity(clinic, p.role, p.where)
            # p stands at p.where, so the count is there whenever cap is a number:
            here = counts.get((p.where, p.role), 0)  # pragma: no mutate (the default is never read)
            over = bool(cap) and here > cap
            return has_room(clinic, p, a.goal, counts) and (over or on_arrival_point(clinic, p))

        best = [a for a in moves if fixes(a)] or moves
        return min(best, key=lambda a: move_time(clinic, a))

    def _remove_car(self, state: GameState, options: list) -> Action:
        """The stated rule: ``cars.computer_car`` (border cars first, the first clockwise
        from the entrance)."""
        return RemoveCar(computer_car(state.players[state.current].clinic.board))

    def _buy_popularity(self, state: GameState, options: list) -> Action:
        p = state.players[state.current]
        if state.round >= K.ROUNDS:
            return max(options, key=lambda a: a.amount)
        keep = reserve(p, K.ROUNDS - state.round) + investment(state, p)
        spare = p.income - max(0, keep - p.money)
        amount = max(0, spare // K.POPULARITY_PRICE)
        return max((a for a in options if a.amount <= amount), key=lambda a: a.amount)


def _strong(seed: int = 0) -> Bot:
    """The strong player (``bot_strong.StrongBot``, built on ``BasicBot``: imported here,
    late, so that either module may be imported first)."""
    from .bot_strong import StrongBot

    return StrongBot(seed)


#: Bot makers by level name, for the setup screen and ``cpu:LEVEL``: each takes a seed.
BOTS: dict = {"random": RandomBot, "basic": BasicBot, "strong": _strong}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random", "basic" or "strong"); raises ``ValueError`` otherwise."""
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(BOTS)}") from None

