"""The strong Clinic player alone remembers the finals of the playouts it played
(``bot_search._playouts``, issue 30: the time per decision): the decision after a
chosen candidate, in the same action step, finds its own plan's playouts already
played, and no choice or playout total changes."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.game import apply_action, new_game
from core.clinic.game import bot_search
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.state import Phase


def _plan_until(seed: int, done):
    """A solitaire game of ``seed`` played by the strong plan alone until ``done``."""
    state = new_game(["Solo"], seed)
    plan = StrongBot(seed, look_ahead=False)
    while not done(state):
        state = apply_action(state, plan.choose(state))
    return state


def _two_decisions(monkeypatch, memo: int):
    with monkeypatch.context() as m:
        return _two_decisions_in(m, memo)


def _two_decisions_in(monkeypatch, memo: int):
    """Seed 4, round 3's first selection and the decision after it (the same action
    step): the two choices, every playout's reshuffle, candidate and final, and the engine actions the
    second decision's playouts took."""
    monkeypatch.setattr(bot_search, "PLAYOUT_MEMO_SIZE", memo)
    monkeypatch.setattr(bot_search, "MAX_SAMPLES", 3)  # quicker, the same mechanism
    bot_search._playouts.clear()
    finals: list = []
    real_rollout = bot_search.rollout

    def recording(state, action, seat):
        final = real_rollout(state, action, seat)
        finals.append((state.seed, action, final))
        return final

    monkeypatch.setattr(bot_search, "rollout", recording)
    state = _plan_until(4, lambda s: s.round == 3 and s.phase is Phase.SELECT)
    first = StrongBot().choose(state)
    after = apply_action(state, first)
    assert after.phase in bot_search.SEARCH_PHASES and after.action == state.action
    applied = [0]
    real_apply = bot_search.apply_action

    def counting(s, a):
        applied[0] += 1
        return real_apply(s, a)

    monkeypatch.setattr(bot_search, "apply_action", counting)
    second = StrongBot().choose(after)
    return (first, second), finals, applied[0]


def test_the_memo_changes_no_choice_and_saves_the_plans_playouts(monkeypatch):
    with_memo = _two_decisions(monkeypatch, bot_search.PLAYOUT_MEMO_SIZE)
    without = _two_decisions(monkeypatch, 0)
    assert with_memo[0] == without[0]  # the same choices
    assert with_memo[1] == without[1]  # the same playouts and finals, one by one
    # The second decision's own plan choice continues the playouts of the chosen tile:
    # found, not played again (its other candidates are played as before).
    assert 0 < with_memo[2] < without[2]
    assert len({final for _s, _a, final in with_memo[1]}) > 1  # not all alike


def test_the_memo_keeps_at_most_its_size(monkeypatch):
    monkeypatch.setattr(bot_search, "PLAYOUT_MEMO_SIZE", 4)
    monkeypatch.setattr(bot_search, "MAX_SAMPLES", 3)
    bot_search._playouts.clear()
    state = _plan_until(4, lambda s: s.round == 6 and s.phase is Phase.SELECT)
    StrongBot().choose(state)
    assert 0 < len(bot_search._playouts) <= 4


@pytest.mark.parametrize("seed", [2])
def test_the_same_state_and_seed_give_the_same_action_with_or_without_the_memo(monkeypatch, seed):
    """Determinism: a decision met again (memo warm) or afresh (memo empty) is the same."""
    monkeypatch.setattr(bot_search, "MAX_SAMPLES", 3)
    state = _plan_until(seed, lambda s: s.round == 4 and s.phase is Phase.ADMIT)
    bot_search._playouts.clear()
    cold = StrongBot(seed).choose(state)
    warm = StrongBot(seed).choose(state)
    monkeypatch.setattr(bot_search, "PLAYOUT_MEMO_SIZE", 0)
    assert StrongBot(seed).choose(state) == cold == warm


@pytest.mark.parametrize("seed", [0, 5])
def test_the_last_round_build_selection_asks_whether_any_build_pays(seed):
    """``_last_build_pays`` stops at the first build worth more than nothing; it says
    yes exactly when the best last-round build's value is above 0 (what the selection
    asked before: the same choices, ``test_clinic_bot_search_speed``)."""
    from core.clinic.game.bot_strong import last_round_build_value
    from core.clinic.game.bot_values import build_options_for

    state = _plan_until(seed, lambda s: s.round == 6 and s.phase is Phase.SELECT)
    answers = set()
    bot = StrongBot(seed, look_ahead=False)
    while state.round == 6 and state.phase is not Phase.OVER:
        if state.phase is Phase.SELECT:
            p = state.players[state.current]
            probe = evolve(state, step=evolve(state.step, builds=0))
            best = max((last_round_build_value(probe, p, a) for a in build_options_for(state, p)), default=0.0)
            answers.add(bot._last_build_pays(state))
            assert bot._last_build_pays(state) == (best > 0)
        state = apply_action(state, bot.choose(state))
    assert answers == {True, False}  # both answers met along the last round
