"""Final scores and the winner (rulebook "Scoring and Victory Conditions").

Stars from the log book plus 3 stars per Speciality Victory Card held; ties broken by
most victory cards, then most patients in any one speciality, then shared.
"""

from __future__ import annotations

from enum import Enum

from attrs import frozen

from core.clear_ward.constants import VICTORY_CARD_STARS
from core.clear_ward.state import EndReason, GameState, Phase
from core.clear_ward.treatment import speciality_counts


_OVER = Phase.OVER  # (a module name: read at every step of a playout)


class DecidedBy(Enum):
    """What decided the winner (the tie-break that was needed, if any)."""

    STARS = "most stars"
    VICTORY_CARDS = "tie on stars: most Speciality Victory Cards"
    SPECIALITY = "tie on stars and victory cards: most patients in one speciality"
    SHARED = "still tied: the victory is shared"
    NIGHT_SHIFT = "Night Shift: the ward is clear"
    NONE = "no winner"


@frozen
class GameResult:
    """``scores`` in stars per seat; ``winners`` as seat indexes (several on a shared
    victory; empty if the game is not over or a Night Shift was not won)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: DecidedBy


def victory_cards(state: GameState, seat: int) -> int:
    """Speciality Victory Cards held by ``seat``."""
    return sum(1 for holder in state.victory if holder == seat)


def score(state: GameState, seat: int) -> int:
    """Stars of ``seat``: log book stars + 3 per victory card held."""
    return state.players[seat].stars + VICTORY_CARD_STARS * victory_cards(state, seat)


def scores(state: GameState) -> tuple[int, ...]:
    """Stars of every seat, in seat order."""
    return tuple(score(state, seat) for seat in range(state.player_count))


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.phase is _OVER


def current_player(state: GameState) -> int:
    """Seat index of the player to act."""
    return state.current


def result(state: GameState) -> GameResult:
    """Scores, winners and what decided them (rulebook "Determining the Winner")."""
    points = scores(state)
    if not is_over(state):
        return GameResult(points, (), DecidedBy.NONE)
    if state.solo:
        won = state.end_reason is EndReason.WARD_CLEAR
        return GameResult(points, (0,) if won else (), DecidedBy.NIGHT_SHIFT if won else DecidedBy.NONE)
    keys = (
        (DecidedBy.STARS, lambda s: points[s]),
        (DecidedBy.VICTORY_CARDS, lambda s: victory_cards(state, s)),
        (DecidedBy.SPECIALITY, lambda s: max(speciality_counts(state.players[s]))),
    )
    tied = list(range(state.player_count))
    for decided_by, key in keys:
        best = max(key(s) for s in tied)
        tied = [s for s in tied if key(s) == best]
        if len(tied) == 1:
            return GameResult(points, tuple(tied), decided_by)
    return GameResult(points, tuple(tied), DecidedBy.SHARED)


def winners(state: GameState) -> tuple[int, ...]:
    """Seats that won (shared victory: several); empty before the end."""
    return result(state).winners
