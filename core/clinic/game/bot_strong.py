"""The strong computer player for Clinic (issue 13): the basic player's plan for the
first five rounds, and a last round planned through the engine.

Money left at the end scores nothing, and the basic player ends with $10–15 saved. In
round 6 the strong player turns its savings into end-game popularity: it selects Hire
or Build while a hire or a supplied treatment room still pays, hires the staff worth
most at the end (a doctor scores the colour it sinks to in the last Admin, a nurse 1)
and builds treatment rooms with their supply room, as long as the wages and upkeep it
then cannot pay cost less popularity than they bring (``last_round_hire_value``,
``last_round_build_value``), a lab for a doctor who would stand idle (``bot_lab``,
2026-11-28), and alone it admits before building while the places need it. On top
of that, at each selection, build, hire, admission and popularity purchase of round 6
it plays its own choice and up to seven alternatives out to the end of the game (itself by this plan, everyone else as the basic player)
and keeps the one with the best final lead.

**It never reads hidden information.** It decides from ``player_view(state, seat)``:
``determinize(state, seat)`` rebuilds a game state in which everything the view hides
is replaced (other players' face-down tiles back in their hands, the seed replaced by
one made from the public round and action), and every decision and playout starts from
that state. Two states with the same view therefore give the same choice
(``tests/core/clinic/game/test_clinic_strong_bot.py``).

Alone in the base game it also tries out every selection, build, hire, admission and
popularity purchase of rounds 1-5 over several reshuffled bags (``bot_search``), and
plays round 6's candidates out over reshuffled bags too (``bot_search.best_of``): the
bag still deals after each action, and one playout is one guess at its order. From the
last action's selection on, no chance is left: its decisions (up to
``bot_time.SETTLED_CANDIDATES``) and every move of the last Move phase are played out
once each, exactly (``bot_time``, 2026-11-28: the time penalty's thresholds count as
they fall), and the last round's admissions count moving an appointment among their
candidates (``shift_gain``).

Tried and dropped: one playout per candidate from round 1 (or round 5) on. One playout
is too noisy while many draws remain (the same choice scored −8 to +6 on two seeds), and
looking ahead from round 5 won no more games (79 of 100 either way) at three times the
time.
"""

from __future__ import annotations

from attrs import evolve

from core.clinic.build_options import is_legal_build
from core.clinic.components import Module, ModuleKind, Role
from core.clinic.construction import BuildModule, build, build_cost

from . import constants as K
from .actions import (
    Action,
    AdmitPatient,
    Construct,
    Done,
    HireDoctor,
    HireNurse,
    HireOrderly,
    SelectTile,
    ShiftAppointment,
)
from .bot_growth import GrowthContext, admits_wanted
from .bot_lab import free_labs, free_places, lab_points, last_round_lab_value, spare_doctors
from .bot_plan import care_rooms, plan_care
from .bot_search import SEARCH_PHASES, alone_in_base_game, best_of, search
from .bot_time import SETTLED_CANDIDATES, last_move, last_move_search, settled
from .bot_values import cost_of, expenses, probe_arrival
from .bots import BasicBot
from .hire import can_settle, nurse_cost
from .memo import free_parking_spots, layout_tables, per_object, reach_from
from .rules import apply_action, is_over, legal_actions
from .state import ActionTile, GameState, Phase
from .view import player_view

#: The strong player looks ahead (plays each candidate out to the end of the game)
#: from this round on: earlier, the draws to come make one playout too noisy.
LOOK_AHEAD_FROM = 6

#: Phases where it looks ahead (the decisions ``bot_search`` tries out in rounds 1-5),
#: and how many candidates (its own plan's first).
LOOK_AHEAD = SEARCH_PHASES
CANDIDATES = 8

#: Popularity a new hire costs in time: walking in from an entrance (1 time; −1
#: popularity per 3).
HIRE_TIME_POPULARITY = 0.4


def determinize(state: GameState, seat: int) -> GameState:
    """A game state consistent with what ``seat`` sees (``player_view``): other
    players' face-down tiles back in their hands and to be chosen again, the seed
    replaced by one made of the public round and action. Equal views give equal
    results."""
    view = player_view(state, seat)
    # Any seed that tells the game's action steps apart serves (+ or -, 10 or 11):
    seed = view.round * 10 + view.action  # pragma: no mutate (equivalent variants, above)
    det = evolve(state, seed=seed, draws=0, players=view.players)
    if view.hidden:
        others = tuple(s for s in view.turn_order if s != seat and view.selected[s] is None)
        det = evolve(det, selected=view.selected, queue=(seat, *others))
    return det


#: Dollars a room place with a doctor is expected to earn in a round (a white patient
#: $4, a yellow $6; before anyone is admitted the plan earns nothing yet).
PLACE_DOLLARS = 4


def expected_income(p) -> int:
    """This round's income ``p`` may count on: the plan's, or, before patients are
    admitted, ``PLACE_DOLLARS`` for each room place it has a doctor for."""
    places = sum(min(r.doctors, r.patients) for r in care_rooms(p.clinic.board))
    doctors = len(p.clinic.of_role(Role.DOCTOR))
    return max(plan_care(p.clinic).income, PLACE_DOLLARS * min(places, doctors))


def shortfall(p, spend: int = 0, wages: int = 0) -> int:
    """Popularity ``p`` would lose in this round's Business after spending ``spend``
    and adding ``wages``: expenses beyond the income it expects and its savings."""
    return max(0, expenses(p.clinic) + wages - expected_income(p) - (p.money - spend))


def last_round_hire_value(state: GameState, p, action, lab: bool = True) -> float:
    """End-game popularity a hire in the last round brings, net of the wages it leaves
    unpaid (paid in popularity) and its walk in. Doctors tire once in the last Admin,
    so a doctor scores its colour one lower, unless it would have no room place and a
    lab it can walk to stands free for it (no spare doctor takes it): then
    ``lab_points`` more (``lab``: false, the lab is not counted)."""
    if isinstance(action, HireDoctor):
        colour = state.university[action.slot]
        cost, wage, points = K.UNIVERSITY_COSTS[action.slot], 2, K.END_DOCTOR[max(0, int(colour) - 1)]
        board = p.clinic.board
        if lab and free_labs(p.clinic) > len(spare_doctors(p.clinic)) and free_places(p.clinic) <= 0:
            reach = reach_from(board, action.arrival, Role.DOCTOR)
            if any(s in reach for s in board.modules_of_kind(ModuleKind.LAB)):
                points += lab_points(colour)
    elif isinstance(action, HireNurse):
        cost, wage, points = nurse_cost(state), 1, K.END_NURSE
        if cost is None:
            return 0.0
    else:
        return 0.0
    lost = shortfall(p, cost, wage) - shortfall(p)
    return points - lost - HIRE_TIME_POPULARITY


def room_points(board) -> int:
    """End-game popularity of ``board``'s working treatment rooms (1 + floor each),
    kept per board layout (``memo.layout_tables``: parked cars change no room)."""
    tables = layout_tables(board)
    points = tables.get("bot_room_points")
    if points is None:
        points = tables["bot_room_points"] = _room_points(board)
    return points


def _room_points(board) -> int:
    return sum(K.END_ROOM_BASE + s.floor for s in board.working_treatment_rooms)


def supply_site(board, room_space, before: int) -> int | None:
    """Cost of the cheapest supply room beside a treatment room at ``room_space`` on
    ``board`` that lifts the rooms' points above ``before`` (None: none does)."""
    costs = []
    for n in board.neighbours(room_space):
        b = BuildModule(Module(ModuleKind.SUPPLY_ROOM), n)
        if is_legal_build(board, b) and room_points(build(board, b)) > before:
            costs.append(build_cost(b))
    return min(costs) if costs else None


def last_round_build_value(state: GameState, p, action, lab: bool = True) -> float:
    """End-game popularity a build in the last round brings, net of the upkeep it
    leaves unpaid: a supply room by the rooms it makes work; a treatment room by its
    points if a supply room can go beside it and the money pays for both and the
    builds left this action include one more (``step.builds``)."""
    if not isinstance(action, Construct) or not isinstance(action.build, BuildModule):
        return 0.0
    if action.build.module.kind is ModuleKind.LAB:
        return last_round_lab_value(state, p, action) if lab else 0.0
    board = p.clinic.board
    b = action.build
    cost = cost_of(b)
    site = _build_site(board, b)
    if site is None:
        return 0.0
    gain, extra = site
    upkeep = 1
    if gain <= 0 and b.module.kind is ModuleKind.TREATMENT_ROOM:
        if state.step.builds >= K.BUILDS_PER_ACTION - 1:
            return 0.0  # no build left this action for its supply room
        if extra is None or cost + extra > p.money:
            return 0.0
        gain += K.END_ROOM_BASE + b.space.floor
        cost += extra
        upkeep = 2
    if gain <= 0:
        return 0.0
    lost = shortfall(p, cost, upkeep) - shortfall(p)
    return gain - lost


@per_object
def _build_sites(board) -> dict:
    """``{build: _build_site(board, build)}`` worked out so far for ``board``."""
    return {}


def _build_site(board, b) -> tuple[int, int | None] | None:
    """What the module build ``b`` does to ``board``'s end-game room points (the gain)
    and, for a treatment room that gains nothing yet, the cheapest supply room beside
    it that would make it count (``supply_site``; None: none); None when ``b`` cannot
    be built. Kept per board: the last round asks it at the selection and again at
    each build."""
    sites = _build_sites(board)
    if b in sites:
        return sites[b]
    try:
        after = build(board, b)
    except ValueError:
        site = None
    else:
        gain = room_points(after) - room_points(board)
        extra = None
        if gain <= 0 and b.module.kind is ModuleKind.TREATMENT_ROOM:
            extra = supply_site(after, b.space, room_points(board))
        site = (gain, extra)
    sites[b] = site
    return site


#: The last round's admissions rank before any appointment move among the candidates.
ADMIT_FIRST = 100.0


def shift_gain(state: GameState, p, action) -> float:
    """What moving an appointment (``action``) brings ``p``'s next admission: the
    extra income of the patient it puts on an admitting space of a service ``p``
    offers (``bot_values.treatable_gain``), over the patient there now; 0 if none."""
    from .admit import _target, shift_notepad
    from .bot_values import treatable_gain

    clinic = p.clinic
    r = state.row(action.service)
    r2, i2 = _target(state, r, action.index, action.direction)
    pad = shift_notepad(state.notepad, r, action.index, r2, i2)
    best = 0.0
    for s in clinic.board.offered_services:
        if s not in state.services:
            continue
        before, after = state.notepad[state.row(s)][-1], pad[state.row(s)][-1]
        if after is not None and after != before:
            was = treatable_gain(clinic, before, s) if before is not None else 0
            best = max(best, float(treatable_gain(clinic, after, s) - was))
    return best


def _kind(action) -> tuple:
    """What an action does, whichever car or entrance it uses: one candidate each."""
    if isinstance(action, Construct):
        b = action.build
        return (Construct, type(b), getattr(b, "module", None), getattr(b, "space", None),
                getattr(b, "border", None))
    if isinstance(action, HireDoctor):
        return (HireDoctor, action.slot)
    if isinstance(action, AdmitPatient):
        return (AdmitPatient, action.service)
    if isinstance(action, ShiftAppointment):
        return (ShiftAppointment, action.service, action.index, action.direction)
    return (type(action), getattr(action, "amount", None))


class StrongBot(BasicBot):
    """Basic's play for five rounds; in the last round, savings into staff (module
    docstring). Deterministic; decides from the player's view only."""

    level = "strong"
    build_context = GrowthContext
    #: Alone in the base game, the last round's candidates are played out over several
    #: reshuffles of the bag (``bot_search.best_of``) rather than once (issue 30).
    last_round_reshuffles = True
    #: Alone, the last round admits as late as the places allow and no later, as rounds
    #: 1-5 do (``_select_growth``): a treatment room built instead of the admissions
    #: that fill the places costs this round's income.
    last_round_admits_first = True

    #: The last round's lab (``bot_lab``) and, alone, admissions before builds
    #: (2026-11-28, issue 30); false here: the player before them (for A/B runs). The
    #: playouts of rounds 1-5 play the last round without them (``bot_search.rollout``),
    #: so rounds 1-5 stay the measured ones.
    last_round_plan = True
    #: Alone, the last Move phase's moves are tried out exactly (``bot_time.last_move``,
    #: issue 30: a time unit that crosses a threshold costs a whole popularity); false:
    #: the plan's moves (for A/B runs).
    last_moves = True
    #: Alone, the last action's decisions are tried out exactly too, over more
    #: candidates (``bot_time.settled``); false: over reshuffles, as before.
    last_settled = True
    #: Alone, the last round's admissions also try moving an appointment first (the
    #: moves that bring a patient the plan treats to the admitting space, best first:
    #: ``shift_gain``); false: admissions and Done only, as before.
    last_shifts = True

    def __init__(self, seed: int = 0, look_ahead: bool = True, last_round_plan: bool | None = None) -> None:
        super().__init__(seed)
        self.look_ahead = look_ahead
        if last_round_plan is not None:
            self.last_round_plan = last_round_plan

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        seat = state.current
        det = determinize(state, seat)
        choice = BasicBot.choose(self, det)
        if not self.look_ahead:
            return choice
        if alone_in_base_game(det) and det.round < LOOK_AHEAD_FROM and det.phase in SEARCH_PHASES:
            return search(self, det, legal_actions(det), choice)  # ``bot_search``
        if self.last_moves and alone_in_base_game(det) and last_move_search(det):
            return last_move(det, legal_actions(det), choice)  # exact: ``bot_time``
        if det.round < LOOK_AHEAD_FROM or det.phase not in LOOK_AHEAD:
            return choice
        candidates = [choice] + [a for a in self._alternatives(det, legal_actions(det)) if a != choice]
        candidates = candidates[:CANDIDATES]
        if len(candidates) == 1:
            return choice
        if alone_in_base_game(det) and self.last_settled and settled(det):
            rest = [a for a in legal_actions(det) if a not in candidates]
            return last_move(det, (candidates + rest)[:SETTLED_CANDIDATES], choice)  # exact: ``bot_time``
        if alone_in_base_game(det) and self.last_round_reshuffles:
            return best_of(det, candidates)  # the bag's last draws, reshuffled (``bot_search``)
        scores = [self._play_out(det, a, seat) for a in candidates]
        best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
        return candidates[best]

    def _alternatives(self, state: GameState, options: list) -> list:
        """Other actions worth a look: every option when there are few; otherwise the
        best rated by the last-round values, one per kind and place, and ``Done``."""
        if len(options) <= CANDIDATES:
            return list(options)
        p = state.players[state.current]
        if state.phase is Phase.BUILD:
            rated = [(last_round_build_value(state, p, a, self.last_round_plan), a) for a in options]
        elif state.phase is Phase.HIRE:
            rated = [(last_round_hire_value(state, p, a, self.last_round_plan), a) for a in options]
        elif state.phase is Phase.BUY_POPULARITY:
            rated = [(a.amount, a) for a in options]
        else:
            rated = [(ADMIT_FIRST, a) for a in options if isinstance(a, AdmitPatient)]
            if self.last_shifts and alone_in_base_game(state):
                rated += [(shift_gain(state, p, a), a) for a in options if isinstance(a, ShiftAppointment)]
        out, seen = [], set()
        for _v, a in sorted(rated, key=lambda t: -t[0]):
            key = _kind(a)
            if key not in seen:
                seen.add(key)
                out.append(a)
        done = [a for a in options if isinstance(a, Done)]
        return out[: CANDIDATES - 1 - len(done)] + done

    def _play_out(self, state: GameState, action: Action, seat: int) -> float:
        """Play ``action``, then this player's own plan (without looking ahead) and the
        basic player's for everyone else, to the end of the game; the final lead."""
        state = apply_action(state, action)
        me = StrongBot(look_ahead=False)  # pragma: no mutate (look_ahead=None is as false)
        others = BasicBot()
        while not is_over(state):
            bot = me if state.current == seat else others
            state = apply_action(state, bot.choose(state))
        finals = [q.final for q in state.players]
        rivals = [f for s, f in enumerate(finals) if s != seat]
        return float(finals[seat] - (max(rivals) if rivals else 0))

    def _select(self, state: GameState, options: list) -> Action:
        if state.round == K.ROUNDS:
            tiles = {a.tile for a in options}
            if state.player_count == 1 and self.last_round_admits_first and self.last_round_plan:
                p = state.players[state.current]
                actions_left = K.ACTIONS_PER_ROUND - state.action + 1
                if ActionTile.ADMIT in tiles and admits_wanted(state, p) >= actions_left:
                    return SelectTile(ActionTile.ADMIT)  # this round's income buys popularity
            if ActionTile.HIRE in tiles and self._best_last_hire(state) > 0:
                return SelectTile(ActionTile.HIRE)
            if ActionTile.BUILD in tiles and self._last_build_pays(state):
                return SelectTile(ActionTile.BUILD)
            return super()._select(state, options)
        if state.player_count > 1:
            return super()._select(state, options)  # rivals would admit the patients first
        return self._select_growth(state, options)

    def _select_growth(self, state: GameState, options: list) -> Action:
        """Rounds 1-5 alone: Admit Patients as late as the places to fill allow (the
        notepad fills meanwhile, and no rival takes its patients); before that, the build
        or hire worth most, else as basic."""
        p = state.players[state.current]
        tiles = {a.tile for a in options}
        actions_left = K.ACTIONS_PER_ROUND - state.action + 1
        if ActionTile.ADMIT in tiles and admits_wanted(state, p) >= actions_left:
            return SelectTile(ActionTile.ADMIT)
        want = {}
        if ActionTile.BUILD in tiles:
            want[ActionTile.BUILD] = self._best_build(state, p, None)[0]
        if ActionTile.HIRE in tiles:
            want[ActionTile.HIRE] = self._best_hire_value(state, p)
        best = max(want, key=lambda t: (want[t], -int(t)), default=None)
        if best is not None and want[best] > 0:
            return SelectTile(best)
        return super()._select(state, options)

    def _last_build_pays(self, state: GameState) -> bool:
        """Whether some last-round build is worth more than nothing, were it this
        player's Build action now (the first that is ends the search: playouts ask this
        at every last-round selection)."""
        p = state.players[state.current]
        from .bot_values import build_options_for

        probe = evolve(state, step=evolve(state.step, builds=0))
        return any(last_round_build_value(probe, p, a, self.last_round_plan) > 0 for a in build_options_for(state, p))

    def _build(self, state: GameState, options: list) -> Action:
        if state.round != K.ROUNDS:
            return super()._build(state, options)
        p = state.players[state.current]
        best, choice = 0.0, None
        for a in options:
            v = last_round_build_value(state, p, a, self.last_round_plan)
            if v > best:
                best, choice = v, a
        return choice or Done()

    def _best_last_hire(self, state: GameState) -> float:
        """The best last-round hire's value, were it this player's Hire action now."""
        p = state.players[state.current]
        clinic = p.clinic
        if not free_parking_spots(clinic.board) or state.cars_lot <= 0:
            return 0.0
        probe = probe_arrival(clinic)
        if probe is None:
            return 0.0
        values = [0.0]
        if can_settle(clinic, Role.DOCTOR, probe):
            for slot, colour in enumerate(state.university):
                if colour is not None and K.UNIVERSITY_COSTS[slot] <= p.money:
                    values.append(last_round_hire_value(state, p, HireDoctor(slot, probe, probe), self.last_round_plan))
        cost = nurse_cost(state)
        if cost is not None and cost <= p.money and can_settle(clinic, Role.NURSE, probe):
            values.append(last_round_hire_value(state, p, HireNurse(probe, probe), self.last_round_plan))
        return max(values)

    def _hire(self, state: GameState, options: list) -> Action:
        if state.round != K.ROUNDS:
            return super()._hire(state, options)
        p = state.players[state.current]
        clinic = p.clinic
        best, choice = 0.0, None
        settles: dict = {}
        values: dict = {}
        roles = {HireDoctor: Role.DOCTOR, HireNurse: Role.NURSE, HireOrderly: Role.ORDERLY}
        for a in options:
            if type(a) not in (HireDoctor, HireNurse):
                continue
            key = (roles[type(a)], a.arrival)
            if key not in settles:
                settles[key] = can_settle(clinic, *key)
            if not settles[key]:
                continue
            kind = (type(a), getattr(a, "slot", None))  # the car and arrival change nothing
            if kind not in values:
                values[kind] = last_round_hire_value(state, p, a, self.last_round_plan)
            v = values[kind]
            if v > best:
                best, choice = v, a
        return choice or Done()

