"""The strong player's solitaire planner: each important decision is tried out.

Alone there is no rival to guess, only the patient bag's order, which the player does
not see. So at every action selection, build, hire, admission and popularity purchase
(``SEARCH_PHASES``) the strong player takes its own plan's choice and a few
alternatives (``candidates``: every tile; the best build of each kind, by the plan's
values; each kind of hire; an admission per service; a popularity more or less), and
plays each out to the end of the game several times (``rollout``: itself by its plan,
without looking ahead), each time with the bag reshuffled from what it knows: the
bag's contents are public, its order is drawn again from a seed made of the public round
and action and the sample's number (``sample_seed``). Every candidate meets the same
reshuffles (fewer chance differences between them), and the one with the best mean
final popularity is played (ties: its own plan's choice first).

It reads nothing hidden: everything starts from ``bot_strong.determinize``, which is
a function of ``player_view``; two states with the same view get the same choice
(``tests/core/clinic/game/test_clinic_strong_bot.py``).

Time: a playout from round 1 costs about 0.04 s of CPU (0.065 s before the plan's
caches of 2026-11-27, which change no choice: ``docs/bots.md``); ``samples`` spends at
most ``ROLLOUT_BUDGET`` rounds of playouts a decision (most decisions none: the Move
phase, car removals and single options are not tried out). Playouts are played once
(``_playouts``): the decision after a chosen candidate, in the same action step, finds
its own plan's playouts already played (2026-11-28: 10% less CPU a game, the same
choices).

Round 6's candidates (``bot_strong``'s last-round alternatives) are played out the same
way (``best_of``, issue 30), not once each: the bag still deals after each action.

Base game only (``alone_in_base_game``): with an expansion the strong player plays its
plan. Measured (``docs/bots.md``, "Why it does not grow"): solitaire seeds 0-15, median
final popularity 13.5 → 17 (mean 13.5 → 17.1); 50 seeds: median 13 → 17 (mean 13.0 →
16.9). With rivals the strong player plays as before (their plans would have to be
guessed too).
"""

from __future__ import annotations

from attrs import evolve

from . import constants as K
from .actions import Action, AdmitPatient, Construct, Done, HireDoctor, HireNurse, HireOrderly
from .bot_values import cost_of
from .rules import apply_action, is_over
from .state import GameState, Phase

#: Decisions the planner tries out (the others follow the plan directly).
SEARCH_PHASES = (Phase.SELECT, Phase.BUILD, Phase.HIRE, Phase.ADMIT, Phase.BUY_POPULARITY)
#: Candidates per decision, the plan's own choice first.
CANDIDATES = 5
#: Rounds of playouts one decision may spend (a playout from round r costs 7 - r
#: rounds); samples per candidate are this over (candidates × rounds left), within
#: ``MIN_SAMPLES`` .. ``MAX_SAMPLES``.
ROLLOUT_BUDGET = 120
MIN_SAMPLES = 2
MAX_SAMPLES = 12


def alone_in_base_game(state: GameState) -> bool:
    """The planner plays solitaire games of the base game (with an expansion, the
    plan: its decisions are not tried out)."""
    return state.player_count == 1 and not state.config.options


def samples(state: GameState, candidates: int) -> int:
    """Playouts per candidate at ``state``: ``ROLLOUT_BUDGET`` rounds of playouts
    shared by ``candidates`` candidates, each playing the rest of the game."""
    rounds_left = K.ROUNDS - state.round + 1
    n = ROLLOUT_BUDGET // (candidates * rounds_left)
    return max(MIN_SAMPLES, min(MAX_SAMPLES, n))


def sample_seed(state: GameState, k: int) -> int:
    """The seed of reshuffle ``k`` at a determinized ``state`` (its seed is made of
    the public round and action only)."""
    return state.seed * 1000 + k + 1


def candidates(bot, state: GameState, options: list, choice: Action) -> list:
    """``choice`` first, then up to ``CANDIDATES`` - 1 alternatives among ``options``."""
    phase = state.phase
    out: list = []
    done = [Done()] if any(isinstance(a, Done) for a in options) else []
    if phase is Phase.SELECT:
        out = list(options)
    elif phase is Phase.BUY_POPULARITY:
        wanted = {choice.amount - 1, choice.amount + 1, 0, max(a.amount for a in options)}
        out = [a for a in options if a.amount in wanted]
    elif phase is Phase.BUILD:
        p = state.players[state.current]
        ctx = bot.build_context(state, p)
        left = K.ROUNDS - state.round + 1
        best: dict = {}
        for a in options:
            if not isinstance(a, Construct):
                continue
            b = a.build
            key = (type(b), getattr(b, "module", None))
            v = ctx.value(b, left) - cost_of(b)
            if key not in best or v > best[key][0]:
                best[key] = (v, a)
        out = done + [a for _v, a in sorted(best.values(), key=lambda t: -t[0])]
    elif phase is Phase.HIRE:
        seen: set = set()
        out = list(done)
        for a in options:
            key = (type(a), getattr(a, "slot", None))
            if isinstance(a, (HireDoctor, HireNurse, HireOrderly)) and key not in seen:
                seen.add(key)
                out.append(a)
    elif phase is Phase.ADMIT:
        seen = set()
        out = list(done)
        for a in options:
            if isinstance(a, AdmitPatient) and a.service not in seen:
                seen.add(a.service)
                out.append(a)
    chosen = [choice] + [a for a in out if a != choice]
    return chosen[:CANDIDATES]


#: Finals of playouts already played (``rollout``), by (state, action, last-round plan,
#: seat): a playout is a function of these alone. The decision after a chosen
#: candidate, in the same action step (a build after Select, a second build, the next
#: admission), meets the same reshuffles (``sample_seed`` is made of the round and
#: action), and its own plan's choice continues exactly the playouts that candidate
#: played: those are looked up, not played again (issue 30: no choice changes, about a
#: fifth less work for those decisions). Emptied when it holds ``PLAYOUT_MEMO_SIZE``
#: entries (0: nothing is kept).
_playouts: dict = {}
PLAYOUT_MEMO_SIZE = 512


def rollout(state: GameState, action: Action, seat: int) -> int:
    """Play ``action``, then the strong plan without looking ahead to the end: the
    final popularity of ``seat``. The playout is a determinized solitaire game, with
    nothing hidden left to deal: the plan is asked directly (``BasicBot.choose`` with
    the strong player's handlers: the same choices as ``StrongBot.choose``, which
    would determinize each state again). Finals already played are looked up
    (``_playouts``)."""
    from .bot_strong import StrongBot
    from .bots import BasicBot

    # Playouts from rounds 1-5 play the last round as before the lab and the
    # admissions-first rule (``StrongBot.last_round_plan``): with them, rounds 1-5
    # chose otherwise and lost more than round 6 won (docs/bots.md, 2026-11-28).
    plan = state.round == K.ROUNDS and StrongBot.last_round_plan
    flags = (plan, StrongBot.last_round_admits_first, seat)
    key = (state, action, flags)
    final = _playouts.get(key) if PLAYOUT_MEMO_SIZE else None
    if final is not None:
        return final
    me = StrongBot(look_ahead=False, last_round_plan=plan)
    state = apply_action(state, action)
    # The plan's next step from here is the next decision's own choice: remembered
    # with the same final (a decision that starts in round 6 after this one began in
    # round 5 plays another last round: its flags differ, so it finds nothing).
    then = None
    if not is_over(state):
        step = BasicBot.choose(me, state)
        then = (state, step, flags)
        state = apply_action(state, step)
    while not is_over(state):
        state = apply_action(state, BasicBot.choose(me, state))
    final = state.players[seat].final
    if not PLAYOUT_MEMO_SIZE:
        return final
    if len(_playouts) >= PLAYOUT_MEMO_SIZE:
        _playouts.clear()
    _playouts[key] = final
    if then is not None:
        _playouts[then] = final
    return final


def best_of(state: GameState, cands: list) -> Action:
    """The candidate of ``cands`` (the plan's choice first) with the best mean final
    popularity over ``samples`` reshuffles of the bag (``state`` determinized, one
    player; ties: the earlier candidate)."""
    seat = state.current
    n = samples(state, len(cands))
    seeds = [sample_seed(state, k) for k in range(n)]
    totals = [sum(rollout(evolve(state, seed=s), a, seat) for s in seeds) for a in cands]
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best]


def search(bot, state: GameState, options: list, choice: Action) -> Action:
    """The candidate with the best mean final popularity over the reshuffles
    (``state`` determinized, one player)."""
    cands = candidates(bot, state, options, choice)
    if len(cands) == 1:
        return choice
    return best_of(state, cands)
