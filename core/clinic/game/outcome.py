"""What a phase's step returns to the round's skeleton (``flow``): ``Waiting`` (a player
decides next; the state says who and what) or ``Finished`` (this step is over: the
skeleton goes on).  Phases never call the skeleton themselves; they return one of these.

``Finished.then`` names where the round goes on (``Resume``) when the step's phase
alone does not say it (the cars of people who left, an expansion's own phase); ``None``
lets ``flow`` decide by the phase that was being played.
"""

from __future__ import annotations

import enum
from typing import Union

from core.model import frozen

from .state import GameState


class Resume(enum.Enum):
    """The named points of the round where the skeleton goes on after a step
    (``flow.resume``)."""

    ACTION = "the next player's action, or the next action step"  # flow.finish_resolution
    REVEAL = "the action tiles revealed"  # flow.reveal
    NEXT_MOVER = "the next player's Move turn"  # flow.finish_move_turn
    BUYING = "popularity bought in the Business phase"  # flow.start_buying
    NEXT_BUYER = "the next buyer of popularity"  # flow.finish_buying
    BASE_BUSINESS = "the base game's Business"  # flow.continue_business
    ADMIN = "Administration, then the next round"  # flow.admin_and_next
    ROUND = "the start of a round"  # flow.start_round
    GAME = "round 1, setup being over"  # flow.start_game


@frozen
class Waiting:
    """A player decides next in ``state`` (``state.current``, ``state.phase``)."""

    state: GameState


@frozen
class Finished:
    """The step is over in ``state``; the round goes on at ``then`` (None: where the
    phase being played goes on, ``flow.RESUME_AFTER``)."""

    state: GameState
    then: Resume | None = None


Outcome = Union[Waiting, Finished]  # noqa: UP007


def waiting_or(state: GameState, finished: bool, then: Resume | None = None) -> Outcome:
    """``Finished(state, then)`` when ``finished``, else ``Waiting(state)``."""
    return Finished(state, then) if finished else Waiting(state)


def as_outcome(result: GameState | Outcome) -> Outcome:
    """An expansion's step result as an outcome: a bare state is ``Waiting``."""
    return result if isinstance(result, (Waiting, Finished)) else Waiting(result)


def state_of(result: GameState | Outcome) -> GameState:
    """The state of a step's result, an outcome or a bare state."""
    return result.state if isinstance(result, (Waiting, Finished)) else result
