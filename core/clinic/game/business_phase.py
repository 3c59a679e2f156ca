"""Phase 2, Business, for every clinic (rulebook "Phase 2: Business").

Part 1 does one clinic's care and sums (``treat``, ``send_home``, ``wages``,
``clinic_upkeep``, ``pay_expenses``); this module runs them for every player in turn
order, counts the cured patients' cars owed (``cars``), and keeps this round's income apart
so that only it can buy popularity (``buy_popularity``, reverse turn order).
"""

from __future__ import annotations

from core.model import frozen

from core.clinic.fast_evolve import evolve

from core.clinic.business import best_in_room, clinic_upkeep, pay_expenses, treat, wages
from core.clinic.game.hooks import after_business, before_business, room_treatment
from core.clinic.people import person_departs
from core.clinic.components import Colour

from . import constants as K
from .cars import owe_cars
from .state import GameState, change_popularity, set_player


def _care(state: GameState, seat: int):
    """The expansions' steps before care (``expansions.before_business``: income they
    add is in the player's ``income`` already), then who treats whom (``treat``)."""
    if state.config.options:
        state = before_business(state, seat)
    clinic = state.players[seat].clinic
    return state, treat(clinic, room_treatment(state, clinic, best_in_room) if state.config.options else None)


@frozen
class Forecast:
    """What ``seat``'s Business would bring if it were played now (``forecast``): the
    patients cured, ``income`` (dollars: this round's income so far and the cured
    patients'), ``wages`` and ``upkeep`` (dollars), and ``popularity`` (the change,
    never above 0: expenses that income and savings cannot pay, 1 popularity per $1)."""

    cured: int
    income: int
    wages: int
    upkeep: int
    popularity: int

    @property
    def net(self) -> int:
        """Income less wages and upkeep, in dollars (below 0: paid from savings)."""
        return self.income - self.wages - self.upkeep


def forecast(state: GameState, seat: int) -> Forecast:
    """This round's Business for ``seat`` as if the clinic stood as it does now: the
    same care, income, wages and upkeep as ``business_for`` (rulebook "Phase 2:
    Business"), without playing it. Pure; raises nothing."""
    before = state.players[seat]
    state, treatment = _care(state, seat)
    p = state.players[seat]
    pay_wages = wages(p.clinic)
    upkeep = clinic_upkeep(p.clinic, treatment.used_operating_rooms)
    income = treatment.income + p.income
    pay = pay_expenses(pay_wages + upkeep, income, p.money, p.popularity)
    # Cures by the expansions' steps before care (a transfusion sending a white patient
    # home) are counted in ``p.cured`` already, as ``business_for`` counts them.
    cured = len(treatment.cured) + p.cured - before.cured
    return Forecast(cured, income, pay_wages, upkeep, pay.popularity - before.popularity)


def business_for(state: GameState, seat: int) -> GameState:
    """Patient care and income, going home, expenses (income, savings, popularity).
    Expansions in play may act first (``expansions.before_business``: income they add
    is in ``income`` already)."""
    state, treatment = _care(state, seat)
    p = state.players[seat]
    clinic = p.clinic
    reds = sum(1 for pid in treatment.cured if clinic.person(pid).colour is Colour.RED)
    for pid in treatment.cured:  # each takes a car of the owner's choice (``cars``)
        clinic = person_departs(clinic, pid)
    expenses = wages(clinic) + clinic_upkeep(clinic, treatment.used_operating_rooms)
    pay = pay_expenses(expenses, treatment.income + p.income, p.money, p.popularity)
    cured = len(treatment.cured)
    p = evolve(
        p,
        clinic=clinic,
        money=pay.savings,
        income=pay.income,
        cured=p.cured + cured,
        cured_red=p.cured_red + reds,
    )
    state = owe_cars(evolve(state, players=set_player(state, seat, p)), seat, cured)
    state = change_popularity(state, seat, pay.popularity - state.players[seat].popularity)
    return after_business(state, seat, treatment)


def business(state: GameState) -> GameState:
    """Business for every player, in turn order."""
    for seat in state.turn_order:
        state = business_for(state, seat)
    return state


def max_popularity(state: GameState, seat: int) -> int:
    """Most popularity ``seat`` can buy now: this round's income // $3."""
    return state.players[seat].income // K.POPULARITY_PRICE


def buy_popularity(state: GameState, seat: int, amount: int) -> GameState:
    """Buy ``amount`` popularity at $3; the rest of this round's income goes to savings."""
    p = state.players[seat]
    rest = p.income - amount * K.POPULARITY_PRICE
    assert rest >= 0 and amount >= 0
    p = evolve(p, money=p.money + rest, income=0)
    state = evolve(state, players=set_player(state, seat, p))
    return change_popularity(state, seat, amount)
