"""The strong Clinic player alone tries the last Move phase's moves out exactly
(``bot_time.last_move``, issue 30): the time penalty's thresholds (−1 per full 3 time)
decide a move only when they change the final popularity."""

from __future__ import annotations

from attrs import evolve

from core.clinic.game import apply_action, is_over, new_game
from core.clinic.game import bot_search
from core.clinic.game.actions import ShiftAppointment
from core.clinic.game.bot_strong import StrongBot, determinize, shift_gain
from core.clinic.game.bot_time import settled
from core.clinic.game.end import time_penalty as penalty
from core.clinic.game.rules import legal_actions
from core.clinic.game.bots import BasicBot
from core.clinic.game.state import Phase, set_player


def _last_move_state(seed: int):
    """A solitaire game of ``seed`` played by the strong plan alone up to its last
    round's first Move decision."""
    state = new_game(["Solo"], seed)
    plan = StrongBot(seed, look_ahead=False)
    while not (state.round == 6 and state.phase is Phase.MOVE):
        state = apply_action(state, plan.choose(state))
    return state


def _with_time(state, extra: int):
    p = state.players[0]
    return evolve(state, players=set_player(state, 0, evolve(p, time_spent=p.time_spent + extra)))


def _final(state, first):
    """Final popularity and time spent when ``first`` is played, then the plan."""
    state = apply_action(state, first)
    plan = StrongBot(look_ahead=False)
    while not is_over(state):
        state = apply_action(state, BasicBot.choose(plan, state))
    p = state.players[0]
    return p.final, p.time_spent


def test_penalty_is_one_per_full_three_time():
    assert [penalty(t) for t in (0, 2, 3, 5, 6, 29, 30)] == [0, 0, 1, 1, 2, 9, 10]


def test_a_move_whose_time_crosses_a_threshold_waits_for_what_it_brings(monkeypatch):
    """Seed 26's last Move phase (the plan's game): sending doctor 1 first instead of
    the red doctor brings one popularity more and costs one time more. At 22 time
    spent, that unit crosses 29 → 30 (−10 instead of −9): the plan's move is kept; one
    time more spent before, both ends fall in the same third and the other move wins."""
    state = _last_move_state(26)
    plan_move = BasicBot.choose(StrongBot(look_ahead=False), state)
    assert StrongBot(26).choose(state) == plan_move
    later = _with_time(state, 1)
    assert BasicBot.choose(StrongBot(look_ahead=False), later) == plan_move
    chosen = StrongBot(26).choose(later)
    assert chosen != plan_move
    (plan_final, plan_time), (final, time) = _final(later, plan_move), _final(later, chosen)
    assert final == plan_final + 1
    assert time == plan_time + 1 and penalty(time) == penalty(plan_time)
    # At 22, the same move would have cost what it brings (a third crossed):
    (f0, t0), (f1, t1) = _final(state, plan_move), _final(state, chosen)
    assert f1 <= f0 and penalty(t1) == penalty(t0) + 1
    # Without the search, the plan's move is played:
    monkeypatch.setattr(StrongBot, "last_moves", False)
    assert StrongBot(26).choose(later) == plan_move


def test_the_last_move_leaves_no_treatable_patient_waiting():
    """Seed 22's last Move phase (the plan's game): the plan, replanned after each move,
    drops a red patient it first meant to treat (−2 at the end, and his $10); the
    search moves him in, and the plan's continuation of it ends far higher."""
    state = _last_move_state(22)
    plan_move = BasicBot.choose(StrongBot(look_ahead=False), state)
    chosen = StrongBot(22).choose(state)
    assert chosen != plan_move
    assert _final(state, chosen)[0] >= _final(state, plan_move)[0] + 5


def test_the_last_move_is_the_same_for_the_same_view_and_any_seed():
    """Deterministic: the same state gives the same move, whatever the bot's seed, the
    game's seed (the bag's hidden order) or the playout memo hold."""
    state = _last_move_state(26)
    later = _with_time(state, 1)
    first = StrongBot(0).choose(later)
    bot_search._playouts.clear()
    assert StrongBot(5).choose(later) == first
    assert StrongBot(0).choose(evolve(later, seed=later.seed + 17, draws=3)) == first


def _last_round_admission(seed: int, action: int, qp: int = 0):
    """The plan's game of ``seed`` up to its last round's admission decision in action
    ``action`` (the first, or the first with ``qp`` queue points left)."""
    state = new_game(["Solo"], seed)
    plan = StrongBot(seed, look_ahead=False)
    while not (state.round == 6 and state.action == action and state.phase is Phase.ADMIT
               and (not qp or state.step.qp == qp)):
        state = apply_action(state, plan.choose(state))
    return state


def _mean_final(state, action) -> float:
    """Mean final over the reshuffles ``bot_search.best_of`` plays for 8 candidates."""
    det = determinize(state, 0)
    seeds = [bot_search.sample_seed(det, k) for k in range(bot_search.samples(det, 8))]
    return sum(bot_search.rollout(evolve(det, seed=s), action, 0) for s in seeds) / len(seeds)


def test_the_last_admissions_try_moving_an_appointment(monkeypatch):
    """Seed 14's last round, second action, 2 queue points left (the plan's game):
    moving an appointment puts a patient the plan treats on the admitting space
    (``shift_gain`` > 0, and 0 for a move that changes no admitting space); among the
    candidates, it ends higher over the reshuffles than what the player chose without
    it."""
    state = _last_round_admission(14, 2, qp=2)
    det = determinize(state, 0)
    p = det.players[0]
    shifts = [a for a in legal_actions(det) if isinstance(a, ShiftAppointment)]
    assert len(legal_actions(det)) > 8  # more options than candidates
    assert any(shift_gain(det, p, a) > 0 for a in shifts)
    assert all(shift_gain(det, p, a) == 0 for a in shifts if a.index < 3 and a.direction.name in ("LEFT", "RIGHT"))
    chosen = StrongBot(14).choose(state)
    assert isinstance(chosen, ShiftAppointment) and shift_gain(det, p, chosen) > 0
    monkeypatch.setattr(StrongBot, "last_shifts", False)
    before = StrongBot(14).choose(state)
    assert not isinstance(before, ShiftAppointment)
    assert _mean_final(state, chosen) > _mean_final(state, before)


def test_the_last_action_is_tried_out_exactly_over_more_candidates(monkeypatch):
    """Seed 22's last admission (third action, the plan's game): no chance is left
    after it (``settled``), so each candidate is played out once, and more of them
    than over reshuffles (with admissions and Done alone as the reshuffles'
    candidates, an appointment move beyond them is found); the choice ends higher than
    the reshuffles' choice, and every reshuffle gives it the same final."""
    monkeypatch.setattr(StrongBot, "last_shifts", False)  # the candidates: admissions only
    state = _last_round_admission(22, 3)
    assert settled(state)
    det = determinize(state, 0)
    chosen = StrongBot(22).choose(state)
    assert isinstance(chosen, ShiftAppointment)  # found among the options beyond them
    finals = {bot_search.rollout(evolve(det, seed=s), chosen, 0) for s in (1, 2, 3)}
    assert len(finals) == 1
    monkeypatch.setattr(StrongBot, "last_settled", False)
    before = StrongBot(22).choose(state)
    assert bot_search.rollout(det, chosen, 0) > bot_search.rollout(det, before, 0)
