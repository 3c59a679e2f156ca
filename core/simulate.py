"""Bot-only matches for both games: play many games between computer players and tally
the results (issue 13, ``<game> simulate``), for any registered game (``core.registry``).

Pure apart from the optional process pool: ``play_one`` is a plain function of its
arguments (seeded bots, seeded game), so the same seed gives the same tally however many
processes play. The printing (progress bar, table) lives in ``tui_common.simulate``.

Seats rotate: in game ``i`` the players' list is turned by ``i`` places, and the first
seat starts, so each player starts every ``n``-th game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from core.model import frozen

#: Seeds of the games of one match: game ``i`` of seed ``s`` is ``s * SEED_STRIDE + i``.
SEED_STRIDE = 1_000_003

#: z for a two-sided 95% interval of a mean (normal approximation).
Z95 = 1.96


@frozen
class Outcome:
    """One game's result, in the order of the match's players (not seats): each
    player's final score (stars or popularity) and whether they won alone."""

    scores: tuple[int, ...]
    won: tuple[bool, ...]


def game_of(game: str):
    """The registered game named ``game`` or run by the console script ``game``
    (``core.registry``). Raises ``ValueError`` naming the games there are."""
    from core import registry

    try:
        return registry.find(game)
    except KeyError as err:
        raise ValueError(err.args[0]) from None


def levels_of(game: str) -> tuple[str, ...]:
    """The bot levels of ``game``, from its registry entry (so new levels appear by themselves)."""
    return game_of(game).levels


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match played with ``seed``."""
    return seed * SEED_STRIDE + index


def seating(players: Sequence[str], index: int) -> tuple[str, ...]:
    """Who sits where in game ``index``: seat ``s`` holds player ``(s + index) mod n``
    (seat 0 starts, so player ``index mod n`` starts)."""
    n = len(players)
    return tuple(players[(s + index) % n] for s in range(n))


def play_one(game: str, players: Sequence[str], seed: int, index: int) -> Outcome:
    """Play game ``index`` of a match between bot levels ``players`` (2 or more; one
    plays solitaire) and return its outcome. Player ``j`` sits in seat
    ``(j - index) mod n``; seat 0 starts. Raises ``ValueError`` for an unknown level."""
    n = len(players)
    seats = seating(players, index)
    gseed = game_seed(seed, index)
    found = game_of(game)
    state = found.match_game(n, gseed)
    bots = [found.make_bot(level, gseed * 8 + s) for s, level in enumerate(seats)]
    while not found.is_over(state):
        state = found.apply_action(state, bots[state.current].choose(state))
    seat_scores, seat_winners = found.result(state)
    sole = seat_winners[0] if len(seat_winners) == 1 else None
    by_player = [(j - index) % n for j in range(n)]  # player j -> seat
    return Outcome(
        scores=tuple(seat_scores[by_player[j]] for j in range(n)),
        won=tuple(by_player[j] == sole for j in range(n)),
    )


def _play_args(args: tuple) -> Outcome:
    return play_one(*args)


def play_all(game: str, players: Sequence[str], games: int, seed: int, workers: int = 1) -> Iterator[Outcome]:
    """The outcomes of games 0..``games``-1, in order, played by ``workers`` processes
    (1: in this process)."""
    jobs = [(game, tuple(players), seed, i) for i in range(games)]
    if workers <= 1:
        yield from map(_play_args, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_args, jobs, chunksize=max(1, games // (workers * 8)))


@frozen
class Summary:
    """A match's tally, per player in the order given. ``wins``: games won alone
    (shared wins count for nobody, so they sum to at most ``games``); ``mean_score``
    and ``interval`` (half-width of the 95% interval of the mean score, normal
    approximation)."""

    games: int
    players: tuple[str, ...]
    wins: tuple[int, ...]
    mean_score: tuple[float, ...]
    interval: tuple[float, ...]

    def as_json(self) -> dict:
        """``{"games", "players", "wins", "mean_score", "interval95"}``."""
        return {
            "games": self.games,
            "players": list(self.players),
            "wins": list(self.wins),
            "mean_score": [round(m, 3) for m in self.mean_score],
            "interval95": [round(h, 3) for h in self.interval],
        }


def summarise(players: Sequence[str], outcomes: Sequence[Outcome]) -> Summary:
    """Tally ``outcomes`` of a match between ``players``."""
    n, games = len(players), len(outcomes)
    wins = tuple(sum(o.won[j] for o in outcomes) for j in range(n))
    means, halves = [], []
    for j in range(n):
        xs = [o.scores[j] for o in outcomes]
        mean = sum(xs) / games if games else 0.0
        var = sum((x - mean) ** 2 for x in xs) / (games - 1) if games > 1 else 0.0
        means.append(mean)
        halves.append(Z95 * math.sqrt(var / games) if games else 0.0)
    return Summary(games, tuple(players), wins, tuple(means), tuple(halves))


def simulate(
    game: str,
    players: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_game: Callable[[Outcome], None] | None = None,
) -> Summary:
    """Play a match and tally it; ``on_game`` is called after each game (progress).
    Raises ``ValueError`` for an unknown game or level, no players, or fewer than 1 game."""
    known = levels_of(game)
    if not players:
        raise ValueError("name at least one computer level")
    for level in players:
        if level not in known:
            raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(known)}")
    if games < 1:
        raise ValueError("play at least 1 game")
    outcomes = []
    for outcome in play_all(game, players, games, seed, workers):
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    return summarise(players, outcomes)
