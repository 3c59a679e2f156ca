"""The strong player's time spent (issue 30): the last Move phase, tried out exactly.

Time is popularity: −1 per full 3 time spent (rules-decisions, end-game popularity),
and the time recorded each round is the Move phase's, less 3 with a triage, to no
less than 0 (rulebook example). The plan (``bot_plan.plan_care``) counts every time
unit as $1 (a third of a popularity), which is right on average but wrong at the
thresholds: a unit that brings the total to the next multiple of 3 costs a whole
popularity, the units before it cost nothing.

In the last round's Move phase the rest of the game has no chance left in it (the bag
deals after actions only; Business pays and treats by the rules, the last Admin tires
doctors and gives the labs' popularity, and the game ends), so each move can be scored
exactly: the final popularity when the plan plays on from it. ``last_move`` plays the
plan's own move and every other legal move (and ending the move) out to the end and
keeps the best (ties: the plan's move). Since the plan's continuation of the chosen
move is always among the next decision's candidates, the final can only rise over the
plan's own (a rollout of a deterministic policy): a move whose time crosses a threshold
is made only when it brings at least what the threshold costs.

Reads the state only (a determinized one: ``bot_strong.determinize``).
"""

from __future__ import annotations

from . import constants as K
from .actions import Action
from .state import GameState, Phase


#: Decisions of the last round's last action, tried out exactly (``settled``).
SETTLED_PHASES = (Phase.SELECT, Phase.BUILD, Phase.HIRE, Phase.ADMIT)
#: Candidates of such a decision at most (the plan's choice, the last round's
#: alternatives, then the other options as offered): one playout each.
SETTLED_CANDIDATES = 40


def last_move_search(state: GameState) -> bool:
    """Whether ``state`` (determinized, one player, base game) is a decision of the
    last round's Move phase, tried out exactly by ``last_move``."""
    return state.round == K.ROUNDS and state.phase is Phase.MOVE


def settled(state: GameState) -> bool:
    """Whether ``state`` is a decision of the last round's last action (its selection,
    build, hire or admission): the bag deals once more after it, onto the notepad,
    and no action is left to admit from it, so the rest of the game has no chance
    left either (``last_move`` scores it exactly)."""
    return (state.round == K.ROUNDS and state.action == K.ACTIONS_PER_ROUND
            and state.phase in SETTLED_PHASES)


def last_move(state: GameState, options: list, choice: Action) -> Action:
    """The option of ``options`` with the best final popularity when the plan plays on
    from it to the end (``bot_search.rollout``: deterministic here, one playout each,
    remembered); ``choice`` (the plan's move) first, so ties keep it."""
    from .bot_search import rollout

    seat = state.current
    cands = [choice] + [a for a in options if a != choice]
    finals = [rollout(state, a, seat) for a in cands]
    best = max(range(len(cands)), key=lambda i: (finals[i], -i))
    return cands[best]
