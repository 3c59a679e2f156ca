"""Computer players for Clear the Ward. Each picks from ``legal_actions`` only, so a bot
can never break a rule; its own seeded RNG keeps games replayable.

Interface (stronger bots later use the same one): ``bot.choose(state) -> Action``.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.clear_ward.actions import Action
from core.clear_ward.rules import apply_action, legal_actions
from core.clear_ward.scoring import score
from core.clear_ward.state import GameState


class Bot(Protocol):
    """A computer player: ``level`` names it in the setup screen and on the command line."""

    level: str

    def choose(self, state: GameState) -> Action:
        """One legal action for the current player of ``state`` (not over)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """A random legal action."""
        return self.rng.choice(legal_actions(state))


class GreedyBot:
    """Takes the action with the best immediate gain in its own stars (victory cards
    included), minus what every rival gains; ties broken at random."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _gain(self, state: GameState, action: Action) -> int:
        seat = state.current
        after = apply_action(state, action)
        # Only the ranking of gains matters: + instead of - adds the same to every action.
        mine = score(after, seat) - score(state, seat)  # pragma: no mutate
        theirs = sum(
            score(after, s) - score(state, s) for s in range(state.player_count) if s != seat
        )
        return mine - theirs

    def choose(self, state: GameState) -> Action:
        """The legal action with the highest immediate star gain."""
        options = legal_actions(state)
        gains = [self._gain(state, action) for action in options]
        best = max(gains)
        return self.rng.choice([a for a, g in zip(options, gains) if g == best])


#: Bot classes by level name, for the setup screen and ``cpu:LEVEL`` on the command line.
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random" or "greedy"); raises ``ValueError`` for another name."""
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(BOTS)}") from None
