"""Computer players for Clear the Ward. Each picks from ``legal_actions`` only, so a bot
can never break a rule; its own seeded RNG keeps games replayable.

Interface: ``bot.choose(state) -> Action`` for the current player of ``state``.
Levels: ``random`` (easy), ``greedy`` (medium), ``strong`` (hard, ``core.clear_ward.strong``).
Figures of each level against the others: ``docs/bots.md``.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.clear_ward.actions import (
    Action,
    DrawStaff,
    KeepStaff,
    UseStaff,
)
from core.clear_ward.cards import StaffCard
from core.clear_ward.constants import HAND_LIMIT
from core.clear_ward.rules import apply_action, legal_actions
from core.clear_ward.scoring import score
from core.clear_ward.state import GameState, Phase

#: What holding each staff card is worth to the bots, in stars (a use must gain more
#: than the card is worth to be played). Bot tuning, not a rule.
CARD_WORTH = {
    StaffCard.REGISTRAR: 2.0,
    StaffCard.LOCUM: 2.0,
    StaffCard.PHARMACIST: 1.5,
    StaffCard.NURSE: 1.5,
    StaffCard.CONSULTANT_OPINION: 1.0,
    StaffCard.PORTER: 1.0,
    StaffCard.WARD_ROUND: 1.0,
    StaffCard.JUNIOR_DOCTOR: 0.5,
}
#: Patients left in the ward at which a held card is still worth its full value; with
#: fewer, the card's worth shrinks in proportion (at the end it is worth nothing).
FULL_WORTH_PATIENTS = 12
#: Stars a turn that ends in a staff draw is worth beyond the kept card (choice).
DRAW_BONUS = 0.25


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


def edge(state: GameState, seat: int) -> int:
    """Stars of ``seat`` (victory cards included) minus the best rival's, in stars."""
    mine = score(state, seat)
    rivals = [score(state, s) for s in range(state.player_count) if s != seat]
    return mine - max(rivals) if rivals else mine


def hand_worth(state: GameState, seat: int) -> float:
    """What ``seat``'s staff cards are worth (``CARD_WORTH``), less as the ward empties."""
    hand = state.players[seat].staff
    if not hand:
        return 0.0
    scale = min(1.0, state.patients_in_ward / FULL_WORTH_PATIENTS)
    return scale * sum(CARD_WORTH[card] for card in hand)


def position_value(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``, in stars: the lead over the best rival plus
    the worth of the staff cards held; a staff draw about to happen counts as the best
    card of a draw to come."""
    value = edge(state, seat) + hand_worth(state, seat)
    if state.phase is Phase.DRAW_DECISION and state.current == seat:
        room = len(state.players[seat].staff) < HAND_LIMIT
        value += DRAW_BONUS + (CARD_WORTH[StaffCard.NURSE] if room else 0.0)
    return value


def pruned(state: GameState, options: list[Action]) -> list[Action]:
    """The options worth searching: every Junior Doctor use looks the same before the
    look (one stands for all), and a Consultant Opinion on a face-down patient is tried
    on one space only."""
    out: list[Action] = []
    junior = face_down = False
    for action in options:
        if isinstance(action, UseStaff):
            if action.card is StaffCard.JUNIOR_DOCTOR:
                if junior:
                    continue
                junior = True
            elif action.card is StaffCard.CONSULTANT_OPINION and not state.ward[action.cells[0]].face_up:
                if face_down:
                    continue
                face_down = True
        out.append(action)
    return out


def turn_value(state: GameState, seat: int) -> float:
    """The best ``position_value`` ``seat`` can reach by the end of its own turn, trying
    every move and staff use still open this turn (draws and the Junior Doctor's choice
    end the search: what they bring is not known yet)."""
    if state.current != seat or state.phase not in (Phase.MOVE, Phase.AFTER_ACTION):
        return position_value(state, seat)
    return max(turn_value(apply_action(state, a), seat) for a in pruned(state, legal_actions(state)))


def best_keep(state: GameState, options: list[KeepStaff]) -> KeepStaff:
    """The staff hand worth most (``CARD_WORTH``); the first such in ``options``."""
    return max(options, key=lambda keep: sum(CARD_WORTH[c] for c in keep.hand))


def greedy_scores(state: GameState) -> tuple[list[Action], list[float]]:
    """The legal actions of the current player and what each is worth to the greedy
    player: the best position it can reach by the end of its turn (``turn_value``)."""
    seat = state.current
    options = legal_actions(state)
    if state.phase is Phase.DRAW_DECISION:
        return options, [1.0 if isinstance(a, DrawStaff) else 0.0 for a in options]
    if state.phase is Phase.KEEP_STAFF:
        return options, [sum(CARD_WORTH[c] for c in a.hand) for a in options]
    if state.phase is Phase.JUNIOR_DOCTOR:
        # Turning a card face up gives the rivals a look too: keep them face down.
        return options, [1.0 if a.cell is None else 0.0 for a in options]
    values = []
    for action in options:
        if isinstance(action, UseStaff) and action.card is StaffCard.JUNIOR_DOCTOR:
            # Only a look: worth nothing now, so it is played when nothing better is.
            values.append(position_value(state, seat) - CARD_WORTH[action.card] * 0.5)
            continue
        values.append(turn_value(apply_action(state, action), seat))
    return options, values


def greedy_action(state: GameState) -> Action:
    """The greedy player's choice with ties broken by the order of ``legal_actions``
    (no randomness: the strong player uses it to foresee its rivals)."""
    options, values = greedy_scores(state)
    return options[values.index(max(values))]


class GreedyBot:
    """Plays the best action for the rest of its own turn: stars treated (victory cards
    included) measured against the best rival, plus what the staff cards it holds are
    worth. It always draws staff cards after a flip, keeps the most useful ones, and
    uses a card when the use gains more than holding it; ties broken at random."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """The legal action with the best value by the end of this turn."""
        options, values = greedy_scores(state)
        best = max(values)
        return self.rng.choice([a for a, v in zip(options, values) if v >= best - 1e-9])


def _strong(seed: int = 0) -> Bot:
    from core.clear_ward.strong import StrongBot

    return StrongBot(seed)


#: Bot makers by level name, for the setup screen and ``cpu:LEVEL`` on the command line.
BOTS: dict[str, object] = {"random": RandomBot, "greedy": GreedyBot, "strong": _strong}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random", "greedy" or "strong"); raises ``ValueError`` for
    another name."""
    try:
        return BOTS[level](seed)  # type: ignore[operator]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(BOTS)}") from None
