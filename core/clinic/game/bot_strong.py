"""The strong computer player for Clinic (issue 13): the basic player's plan for the
first five rounds, and a last round that turns its savings into end-game popularity.

Money left at the end scores nothing, and the basic player ends with $10–15 saved. The
strong player, in round 6, selects Hire while a hire still pays and hires the staff
worth most at the end (a doctor scores by the colour it sinks to in the last Admin, a
nurse 1), as long as the wages it then cannot pay cost less popularity than the hire
brings (``last_round_hire_value``).

**It never reads hidden information.** It decides from ``player_view(state, seat)``:
``determinize(state, seat)`` rebuilds a game state in which everything the view hides
is replaced (other players' face-down tiles back in their hands, the seed replaced by
one made from the public round and action), and every decision is taken on that
state. Two states with the same view therefore give the same choice
(``tests/core/clinic/game/test_clinic_strong_bot.py``).

Tried and dropped: a look ahead playing each candidate out to the end of the game with
basic players, from one determinization; the draws make one playout too noisy (the same
choice scored −8 to +6), and several per candidate exceed the time per decision.
"""

from __future__ import annotations

from attrs import evolve

from core.clinic.components import Role

from . import constants as K
from .actions import Action, Done, HireDoctor, HireNurse, HireOrderly, SelectTile
from .bot_plan import plan_care
from .bot_values import expenses, probe_arrival
from .bots import BasicBot
from .hire import can_settle, nurse_cost
from .memo import free_parking_spots
from .rules import legal_actions
from .state import ActionTile, GameState
from .view import player_view

#: Popularity a new hire costs in time: walking in from an entrance (1 time; −1
#: popularity per 3).
HIRE_TIME_POPULARITY = 0.4


def determinize(state: GameState, seat: int) -> GameState:
    """A game state consistent with what ``seat`` sees (``player_view``): other
    players' face-down tiles back in their hands and to be chosen again, the seed
    replaced by one made of the public round and action. Equal views give equal
    results."""
    view = player_view(state, seat)
    det = evolve(state, seed=view.round * 10 + view.action, draws=0, players=view.players)
    if view.hidden:
        others = tuple(s for s in view.turn_order if s != seat and view.selected[s] is None)
        det = evolve(det, selected=view.selected, queue=(seat, *others))
    return det


def shortfall(p, spend: int = 0, wages: int = 0) -> int:
    """Popularity ``p`` would lose in this round's Business after spending ``spend``
    and adding ``wages``: expenses beyond the income its plan earns and its savings."""
    income = plan_care(p.clinic).income
    return max(0, expenses(p.clinic) + wages - income - (p.money - spend))


def last_round_hire_value(state: GameState, p, action) -> float:
    """End-game popularity a hire in the last round brings, net of the wages it leaves
    unpaid (paid in popularity) and its walk in. Doctors tire once in the last Admin
    (unless in a lab: not counted), so a doctor scores its colour one lower."""
    if isinstance(action, HireDoctor):
        colour = state.university[action.slot]
        cost, wage, points = K.UNIVERSITY_COSTS[action.slot], 2, K.END_DOCTOR[max(0, int(colour) - 1)]
    elif isinstance(action, HireNurse):
        cost, wage, points = nurse_cost(state), 1, K.END_NURSE
        if cost is None:
            return 0.0
    else:
        return 0.0
    lost = shortfall(p, cost, wage) - shortfall(p)
    return points - lost - HIRE_TIME_POPULARITY


class StrongBot(BasicBot):
    """Basic's play for five rounds; in the last round, savings into staff (module
    docstring). Deterministic; decides from the player's view only."""

    level = "strong"

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        return BasicBot.choose(self, determinize(state, state.current))

    def _select(self, state: GameState, options: list) -> Action:
        if state.round == K.ROUNDS and any(a.tile is ActionTile.HIRE for a in options):
            if self._best_last_hire(state) > 0:
                return SelectTile(ActionTile.HIRE)
        return super()._select(state, options)

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
                    values.append(last_round_hire_value(state, p, HireDoctor(slot, probe, probe)))
        cost = nurse_cost(state)
        if cost is not None and cost <= p.money and can_settle(clinic, Role.NURSE, probe):
            values.append(last_round_hire_value(state, p, HireNurse(probe, probe)))
        return max(values)

    def _hire(self, state: GameState, options: list) -> Action:
        if state.round != K.ROUNDS:
            return super()._hire(state, options)
        p = state.players[state.current]
        clinic = p.clinic
        best, choice = 0.0, None
        settles: dict = {}
        roles = {HireDoctor: Role.DOCTOR, HireNurse: Role.NURSE, HireOrderly: Role.ORDERLY}
        for a in options:
            if type(a) not in (HireDoctor, HireNurse):
                continue
            key = (roles[type(a)], a.arrival)
            if key not in settles:
                settles[key] = can_settle(clinic, *key)
            if not settles[key]:
                continue
            v = last_round_hire_value(state, p, a)
            if v > best:
                best, choice = v, a
        return choice or Done()

