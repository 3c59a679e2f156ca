"""The Business forecast (``business_phase.forecast``): what this round's Business
would bring a clinic as it stands now, shown on the game screen all round. It must
agree with the Business phase itself (``business_for``), line by line."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic import Clinic, Colour, ModuleKind, Role
from core.clinic.construction import beginner_initial_board
from core.clinic.game import apply_action, is_over, legal_actions, new_game
from core.clinic.game.business_phase import business_for, forecast
from core.clinic.game.state import Phase

from .game_helpers import place as _place, with_player

W = Colour.WHITE


def _solo():
    state = new_game(1, 0)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_wages_and_upkeep_with_nobody_to_treat_cost_popularity_past_the_savings():
    """Rulebook, Expenses: "If even your savings do not suffice, you must pay 1
    popularity for each $1 you still owe." Two doctors ($2 each) and 3 modules ($1 each):
    $7 owed, $1 saved, so 6 popularity."""
    board = beginner_initial_board(W)
    hub = board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    clinic = Clinic(board)
    for _ in range(2):
        clinic = _place(clinic, Role.DOCTOR, hub, W)
    state = with_player(_solo(), 0, clinic=clinic, money=1, popularity=10)
    f = forecast(state, 0)
    assert (f.cured, f.income, f.wages, f.upkeep, f.net, f.popularity) == (0, 0, 4, 3, -7, -6)
    assert business_for(state, 0).players[0].popularity == 4  # the phase itself agrees


def test_a_treated_patient_earns_by_colour_and_the_orderly_cuts_upkeep():
    """Rulebook: "Each successfully treated patient in a treatment room ... generates
    income for you, based on the patient's color"; "Each orderly reduces your total
    upkeep by $3 (minimum $0)." A white doctor and a white patient in the working
    treatment room: $4; wages doctor $2 + orderly $1; upkeep 3 modules - $3 = $0."""
    board = beginner_initial_board(W)
    room = board.modules_of_kind(ModuleKind.TREATMENT_ROOM)[0]
    supply = board.modules_of_kind(ModuleKind.SUPPLY_ROOM)[0]
    clinic = _place(Clinic(board), Role.DOCTOR, room, W)
    clinic = _place(clinic, Role.PATIENT, room, W)
    clinic = _place(clinic, Role.ORDERLY, supply)
    state = with_player(_solo(), 0, clinic=clinic, money=0, popularity=3)
    f = forecast(state, 0)
    assert (f.cured, f.income, f.wages, f.upkeep, f.net, f.popularity) == (1, 4, 3, 0, 1, 0)
    after = business_for(state, 0).players[0]
    assert after.income == 1 and after.cured == 1


def _agrees(state) -> None:
    for seat in range(len(state.players)):
        p = state.players[seat]
        f = forecast(state, seat)
        a = business_for(state, seat).players[seat]
        assert a.cured - p.cured == f.cured
        assert a.popularity - p.popularity == f.popularity
        assert a.money + a.income == max(0, p.money + f.net), (f, p.money)
        assert f.popularity <= 0 and f.wages >= 0 and f.upkeep >= 0


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4),
       options=st.sampled_from([(), ("blood", "extinguishers", "workaholics", "zombies")]))
def test_the_forecast_agrees_with_the_business_phase_all_game(seed, players, options):
    """At every Move phase of a random game (the last moment before Business), and at
    a few other moments, the forecast equals what Business then does, with the
    mini-expansions too (transfusions, extinguishers, workaholics, zombie cures)."""
    rng = random.Random(seed)
    state = new_game(players, seed, options=options)
    steps = 0
    while not is_over(state) and steps < 3000:
        if state.phase is Phase.MOVE or steps % 97 == 0:
            _agrees(state)
        state = apply_action(state, rng.choice(legal_actions(state)))
        steps += 1
