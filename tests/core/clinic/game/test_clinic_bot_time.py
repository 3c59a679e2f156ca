"""The strong Clinic player alone tries the last Move phase's moves out exactly
(``bot_time.last_move``, issue 30): the time penalty's thresholds (−1 per full 3 time)
decide a move only when they change the final popularity."""

from __future__ import annotations

from attrs import evolve

from core.clinic.game import apply_action, is_over, new_game
from core.clinic.game import bot_search
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.bot_time import penalty
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
