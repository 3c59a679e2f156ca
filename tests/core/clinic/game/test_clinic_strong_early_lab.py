"""The strong Clinic player alone values a lab in rounds 1-5 for a doctor who would
stand idle (issue 30, where the points go): in each Admin a doctor in a lab gains 1
popularity and two levels instead of tiring (rulebook, Administration steps 7-8)."""

from __future__ import annotations

from core.clinic.components import ModuleKind
from core.clinic.construction import BuildModule
from core.clinic.game import apply_action, is_over, new_game
from core.clinic.game import bot_growth
from core.clinic.game import constants as K
from core.clinic.game.actions import Construct, HireDoctor, SelectTile
from core.clinic.game.bot_growth import GrowthContext
from core.clinic.game.bot_lab import free_labs, spare_doctors
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.bot_values import build_options_for, cost_of
from core.clinic.game.rules import legal_actions
from core.clinic.game.state import ActionTile, Phase


def _lab_builds(state):
    p = state.players[state.current]
    return [
        a.build
        for a in build_options_for(state, p)
        if isinstance(a, Construct) and isinstance(a.build, BuildModule) and a.build.module.kind is ModuleKind.LAB
    ]


def _first_idle_doctor_with_a_lab_on_offer(seed: int):
    """The strong plan's solitaire game on ``seed``, with every doctor on offer hired
    from round 2 on (the planner hires a doctor ahead of the places when its playouts
    say so; the plan alone seldom does): its first selection where a doctor stands
    idle, no lab holds it, and a lab can be built."""
    state, plan = new_game(["Solo"], seed), StrongBot(seed, look_ahead=False)
    while not is_over(state):
        p = state.players[state.current]
        if state.phase is Phase.SELECT and state.round < K.ROUNDS:
            if len(spare_doctors(p.clinic)) > free_labs(p.clinic) and _lab_builds(state):
                return state
        options = legal_actions(state)
        hire = [a for a in options if isinstance(a, HireDoctor)] if state.round >= 2 else []
        pick = [a for a in options if a == SelectTile(ActionTile.HIRE)] if state.round >= 2 else []
        state = apply_action(state, (hire or pick or [plan.choose(state)])[0])
    raise AssertionError("no idle doctor with a lab on offer")


def test_a_lab_for_an_idle_doctor_is_worth_more_than_it_costs(monkeypatch):
    state = _first_idle_doctor_with_a_lab_on_offer(1)
    p = state.players[state.current]
    left = K.ROUNDS - state.round + 1
    lab = _lab_builds(state)[0]
    value = GrowthContext(state, p).value(lab, left)
    # 1 popularity ($3) a round but the last, less $1 upkeep a round:
    assert value == (left - 1) * K.POPULARITY_PRICE - left
    assert value > cost_of(lab)
    monkeypatch.setattr(bot_growth, "EARLY_LAB", False)
    assert GrowthContext(state, p).value(lab, left) == 0  # the plan before: labs worth nothing


def test_no_idle_doctor_no_lab_value():
    """Once every doctor has a place (or a free lab waits), a lab is worth nothing."""
    state = new_game(["Solo"], 1)
    plan = StrongBot(1, look_ahead=False)
    checked = 0
    while not is_over(state) and state.round < K.ROUNDS:
        p = state.players[state.current]
        if state.phase is Phase.SELECT and len(spare_doctors(p.clinic)) <= free_labs(p.clinic):
            for lab in _lab_builds(state):
                assert GrowthContext(state, p).value(lab, K.ROUNDS - state.round + 1) == 0
                checked += 1
        state = apply_action(state, plan.choose(state))
    assert checked


def test_with_rivals_the_lab_is_valued_as_before():
    """With rivals the plan stays the one measured against them (labs worth nothing)."""
    from attrs import evolve

    state = _first_idle_doctor_with_a_lab_on_offer(1)
    p = state.players[state.current]
    two = evolve(state, players=(p, p), turn_order=(0, 1))
    assert two.player_count == 2
    assert GrowthContext(two, p).value(_lab_builds(state)[0], K.ROUNDS - state.round + 1) == 0
