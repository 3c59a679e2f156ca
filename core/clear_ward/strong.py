"""The ``strong`` computer player of Clear the Ward: determinized look-ahead.

It never reads hidden information. Each decision starts from
``player_view(state, seat)``: the face-down patients and the order of the staff deck
(and the other players' staff cards) are unknown, but which cards they are is a known
multiset (every patient not seen in the ward, a log book or the removed pile; every
staff card not in the player's own hand or draw). The player deals that multiset at
random onto the hidden places ``samples`` times (a *determinization*), and in each dealt
game plays every legal action forward with the engine itself:

1. the rest of its own turn as the greedy player would (``bots.greedy_action``);
2. each rival's whole next turn as the greedy player would;
3. its own next turn at its best (``bots.turn_value``),

then scores the position (``bots.position_value``: lead in stars, victory cards
included, plus the staff cards held; a won or lost game counts ``WIN_BONUS`` more).
The action with the best total over the samples is played (ties: the first in
``legal_actions`` order; of the Junior Doctor's looks and the Consultant Opinions on
face-down patients only the first is tried, they look alike before the cards are seen). The random deals come from the player's own seeded RNG, so a
game replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter

from core.clear_ward.actions import Action
from core.clear_ward.bots import greedy_action, position_value, pruned, turn_value
from core.clear_ward.cards import all_patients, staff_deck_cards
from core.clear_ward.rules import apply_action, legal_actions
from core.clear_ward.scoring import result
from core.clear_ward.state import GameState, Phase, PlayerState, WardCard
from core.clear_ward.view import PlayerView, player_view

#: Random deals of the hidden cards tried per decision (the default level).
DEFAULT_SAMPLES = 12
#: Rounds of turns each look-ahead plays before scoring (the default level).
DEFAULT_ROUNDS = 2
#: Stars a won game is worth beyond its lead (a lost one: as much less).
WIN_BONUS = 10.0
#: Actions a look-ahead plays at most before it stops and scores (a safety net).
MAX_PLAYOUT_ACTIONS = 60


def _unseen_patients(view: PlayerView) -> list:
    """Patients the viewer has not seen anywhere: the ones that may lie face down."""
    seen = set(view.removed)
    for seat in view.seats:
        seen.update(seat.log_book)
    seen.update(card.patient for card in view.ward if card is not None and card.patient is not None)
    return [p for p in all_patients() if p not in seen]


def _unseen_staff(view: PlayerView) -> list:
    """Staff cards the viewer does not hold or see drawn: in the deck or rivals' hands."""
    full = Counter(staff_deck_cards(len(view.seats)))
    full.subtract(view.seats[view.viewer].staff or ())
    full.subtract(view.drawn)
    # Sorted by name: the same multiset always gives the same list.
    return sorted(full.elements(), key=lambda card: card.value)


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A whole game state consistent with ``view``: the hidden patients and staff cards
    dealt at random (with ``rng``) from what the viewer has not seen."""
    patients = _unseen_patients(view)
    rng.shuffle(patients)
    ward = []
    for card in view.ward:
        if card is None:
            ward.append(None)
        elif card.patient is not None:
            ward.append(WardCard(card.patient, card.face_up, card.flipped_on_turn))
        else:
            ward.append(WardCard(patients.pop(), False, None))
    turn = view.turn
    staff = _unseen_staff(view)
    rng.shuffle(staff)
    players = []
    for seat, seen in enumerate(view.seats):
        if seat == view.viewer:
            hand = seen.staff or ()
        else:
            hand, staff = tuple(staff[: seen.staff_count]), staff[seen.staff_count :]
        players.append(PlayerState(seen.name, seen.log_book, tuple(hand)))
    return GameState(
        seed=0,
        players=tuple(players),
        ward=tuple(ward),
        doctor=view.doctor,
        staff_deck=tuple(staff[: view.staff_deck_size]),
        victory=view.victory,
        current=view.current,
        removed=view.removed,
        turn=turn,
        phase=view.phase,
        last_direction=view.last_direction,
        last_arrow=view.last_arrow,
        moves=view.moves,
        staff_used=view.staff_used,
        porter=view.porter,
        forced_move=view.forced_move,
        passed_over=view.passed_over,
        drawn=view.drawn,
        looked_at=view.looked_at,
        return_phase=view.return_phase,
    )


def final_value(state: GameState, seat: int) -> float:
    """``position_value`` of ``state`` for ``seat``, plus or minus ``WIN_BONUS`` once the
    game is over (a shared victory counts as a win shared)."""
    value = position_value(state, seat)
    if state.phase is Phase.OVER:
        won = result(state).winners
        value += WIN_BONUS * (1.0 / len(won) if seat in won else -1.0)
    return value


def look_ahead(state: GameState, seat: int, rounds: int = 1) -> float:
    """What ``state`` (just after one of ``seat``'s actions) is worth to ``seat``: the
    rest of its turn and every rival's next turn played greedily (``rounds`` times: its
    later turns greedily too), then its own next turn at its best (module doc)."""
    steps = 0
    for round_ in range(rounds):
        while state.phase is not Phase.OVER and state.current == seat and steps < MAX_PLAYOUT_ACTIONS:
            state = apply_action(state, greedy_action(state))
            steps += 1
        while state.phase is not Phase.OVER and state.current != seat and steps < MAX_PLAYOUT_ACTIONS:
            state = apply_action(state, greedy_action(state))
            steps += 1
    if state.phase is Phase.OVER or state.current != seat:
        return final_value(state, seat)
    if state.phase is Phase.MOVE:
        return max(
            final_value(s, seat) if s.phase is Phase.OVER else turn_value(s, seat)
            for s in (apply_action(state, a) for a in legal_actions(state))
        )
    return final_value(state, seat)


class StrongBot:
    """Looks ahead with the engine over random deals of what it cannot see (module doc).

    ``samples``: deals per decision; ``rounds``: rounds of turns played ahead (more of
    either is stronger and slower; the defaults keep a decision under half a second).
    """

    level = "strong"

    def __init__(self, seed: int = 0, samples: int = DEFAULT_SAMPLES, rounds: int = DEFAULT_ROUNDS) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.rounds = rounds

    def choose(self, state: GameState) -> Action:
        """The best action for the current player, decided from their ``player_view``
        only."""
        return self.choose_from_view(player_view(state, state.current))

    def choose_from_view(self, view: PlayerView) -> Action:
        """The best action for ``view.viewer``, whose turn it is."""
        seat = view.viewer
        if len(view.seats) == 1:
            # The Night Shift has no rival to look ahead to, and a look-ahead to the end of
            # a solo game costs minutes a decision: greedy's choice, from the view.
            return greedy_action(determinize(view, self.rng))
        options, totals, _deals = self.evaluate(view)
        return options[totals.index(max(totals))]

    def evaluate(self, view: PlayerView) -> tuple[list[Action], list[float], list[GameState]]:
        """The options searched (``pruned`` legal actions), each one's total look-ahead
        value over the deals, in stars summed over ``samples`` deals (all 0 when only
        one option), and the deals themselves. Not for the Night Shift (no rival)."""
        seat = view.viewer
        deals = [determinize(view, self.rng) for _ in range(self.samples)]
        options = pruned(deals[0], legal_actions(deals[0]))
        totals = [0.0] * len(options)
        if len(options) == 1:
            return options, totals, deals
        for deal in deals:
            for i, action in enumerate(options):
                totals[i] += look_ahead(apply_action(deal, action), seat, self.rounds)
        return options, totals, deals
