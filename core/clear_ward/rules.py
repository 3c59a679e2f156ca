"""Legal actions and applying them: the turn structure of Clear the Ward.

``legal_actions(state)`` lists every action the current player may take;
``apply_action(state, action)`` returns the new state or raises
``IllegalActionError`` naming the rule broken (rulebook "Turn Structure").
"""

from __future__ import annotations

from itertools import combinations


from core.clear_ward.actions import (
    Action,
    DeclineStaff,
    DrawStaff,
    EndTurn,
    JuniorDoctorFlip,
    KeepStaff,
    Move,
    UseStaff,
)
from core.clear_ward.cards import StaffCard
from core.clear_ward.constants import HAND_LIMIT, STAFF_DRAW
from core.clear_ward.movement import destination, moves_now
from core.clear_ward.state import (
    EndReason,
    GameState,
    Phase,
    WardCard,
    done,
    draft,
    with_staff,
)
from core.clear_ward.staff import can_use_staff, staff_effect, staff_uses
from core.clear_ward.treatment import sweep_cells, treated
from core.clear_ward.validation import reject_reason
from core.errors import IllegalActionError

# The phases under plain module names: ``Phase.MOVE`` reads the member through the
# enum class, a slow lookup on Python 3.11 (``EnumType`` has a ``__getattr__``), and
# the rules compare phases at every step.
MOVE, DRAW_DECISION, KEEP_STAFF = Phase.MOVE, Phase.DRAW_DECISION, Phase.KEEP_STAFF
JUNIOR_DOCTOR, AFTER_ACTION, OVER = Phase.JUNIOR_DOCTOR, Phase.AFTER_ACTION, Phase.OVER
WARD_CLEAR, NO_LEGAL_MOVE = EndReason.WARD_CLEAR, EndReason.NO_LEGAL_MOVE

# The actions without arguments, made once (frozen values).
_END_TURN, _DRAW, _DECLINE = EndTurn(), DrawStaff(), DeclineStaff()
_CARD_ORDER = {card: i for i, card in enumerate(StaffCard)}
#: Every ``KeepStaff`` offered so far, by hand: each is made once and then shared.
_KEEPS: dict[tuple[StaffCard, ...], KeepStaff] = {}


def _hand(cards) -> tuple[StaffCard, ...]:
    return tuple(sorted(cards, key=_CARD_ORDER.__getitem__))


#: ``keep_options`` by (hand, drawn cards), worked out once each (a few hundred at most).
_KEEP_OPTIONS: dict[tuple[tuple[StaffCard, ...], tuple[StaffCard, ...]], tuple[KeepStaff, ...]] = {}


def _keep_staff(hand: tuple[StaffCard, ...]) -> KeepStaff:
    keep = _KEEPS.get(hand)
    if keep is None:
        keep = _KEEPS[hand] = KeepStaff(hand)
    return keep


def keep_options(state: GameState) -> list[KeepStaff]:
    """The hands the current player may keep after drawing (decision "Staff hand"):
    the hand plus one drawn card, or with a full hand any 2 of held and drawn."""
    hand, drawn = state.players[state.current].staff, state.drawn
    options = _KEEP_OPTIONS.get((hand, drawn))
    if options is None:
        if len(hand) < HAND_LIMIT:
            hands = [_hand(hand + (card,)) for card in drawn]
        else:
            hands = [_hand(combo) for combo in combinations(hand + drawn, HAND_LIMIT)]
        options = _KEEP_OPTIONS[hand, drawn] = tuple(_keep_staff(h) for h in dict.fromkeys(hands))
    return list(options)


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current player may take now, in a stable order; ``[]`` when the
    game is over."""
    phase = state.phase
    if phase is MOVE:
        try:  # (``state.moves_now``, without the property call when worked out)
            moves = state._moves_now[0]
        except AttributeError:
            moves = state.moves_now[0]
        if not state.players[state.current].staff:  # (no staff card: only moves)
            return list(moves)
        return [*moves, *staff_uses(state)]
    if phase is AFTER_ACTION:
        return [*staff_uses(state), _END_TURN]
    if phase is DRAW_DECISION:
        return [_DRAW, _DECLINE]
    if phase is KEEP_STAFF:
        return keep_options(state)
    if phase is JUNIOR_DOCTOR:
        return [*(JuniorDoctorFlip(c) for c in state.looked_at), JuniorDoctorFlip(None)]
    return []


def _offered(action: Action, options) -> bool:
    """Whether ``action`` is one of ``options``: first by identity (an action picked from
    ``legal_actions`` is the very object listed), then by value."""
    for option in options:
        if option is action:
            return True
    return action in options


def apply_action(state: GameState, action: Action) -> GameState:
    """Play ``action`` for the current player and return the new state.

    Raises ``IllegalActionError`` (a ``ValueError``) whose message names the rule broken;
    ``state`` itself never changes (each action fills a ``draft`` of it, in one copy).
    """
    phase = state.phase
    if isinstance(action, Move) and phase is MOVE:
        try:  # (``state.moves_now``, as in ``legal_actions``)
            moves, forced = state._moves_now
        except AttributeError:
            moves, forced = state.moves_now
        if _offered(action, moves):
            return _move(state, action, forced)
    elif isinstance(action, UseStaff):
        # ``only=``: list just this card's uses (the same answer, sooner).
        if _offered(action, staff_uses(state, only=action.card)):  # pragma: no mutate
            return _after_staff(staff_effect(draft(state), state, action))
    elif isinstance(action, EndTurn) and phase is AFTER_ACTION:
        return _end_turn(draft(state))
    elif isinstance(action, DrawStaff) and phase is DRAW_DECISION:
        new, deck = draft(state), state.staff_deck
        new.drawn, new.staff_deck, new.phase = deck[:STAFF_DRAW], deck[STAFF_DRAW:], KEEP_STAFF
        return done(new)
    elif isinstance(action, DeclineStaff) and phase is DRAW_DECISION:
        return _after_action(draft(state))
    elif isinstance(action, KeepStaff) and phase is KEEP_STAFF:
        if _offered(action, keep_options(state)):
            return _keep(state, action.hand)
    elif isinstance(action, JuniorDoctorFlip) and phase is JUNIOR_DOCTOR:
        if action.cell is None or action.cell in state.looked_at:
            return _junior_doctor_flip(state, action.cell)
    raise IllegalActionError(reject_reason(state, action))


def _move(state: GameState, move: Move, forced: bool) -> GameState:
    """The Movement Phase and the Action Phase of a move: the Doctor slides to its
    stop; a face-down patient there is flipped (Flip and Take), a treatable face-up one
    is treated with every other treatable patient of its speciality (the sweep)."""
    dest, passed = destination(state, move)
    new = draft(state)
    new.doctor = dest
    new.last_direction = move.direction
    new.moves = state.moves + 1
    new.passed_over = state.passed_over + passed if state.passed_over else passed
    new.forced_move = forced
    card = state.ward[dest]
    if card is not None:
        new.last_arrow = card.patient.arrow
        if not card.face_up:
            flipped = WardCard(card.patient, True, state.turn)
            new.ward = state.ward[:dest] + (flipped,) + state.ward[dest + 1 :]
            if state.staff_deck:
                new.phase = DRAW_DECISION
                return done(new)
        elif card.treatable(state.turn):
            others = [c for c in sweep_cells(state, card.patient.speciality) if c != dest]
            new.ward, new.players, new.victory = treated(state, [dest, *others])
    return _after_action(new)


def _keep(state: GameState, hand: tuple[StaffCard, ...]) -> GameState:
    seat = state.current
    rest = list(state.players[seat].staff + state.drawn)
    for card in hand:
        rest.remove(card)
    players = list(state.players)
    players[seat] = with_staff(players[seat], hand)
    new = draft(state)
    new.players, new.drawn, new.staff_deck = tuple(players), (), state.staff_deck + tuple(rest)
    return _after_action(new)


def _junior_doctor_flip(state: GameState, cell: int | None) -> GameState:
    new = draft(state)
    if cell is not None:
        ward = state.ward
        new.ward = ward[:cell] + (WardCard(ward[cell].patient, True, state.turn),) + ward[cell + 1 :]
    new.looked_at, new.phase = (), state.return_phase
    return _after_staff(new)


def _after_staff(new) -> GameState:
    """After a staff card's effect (set on ``new``, a ``draft``): the Junior Doctor's
    choice comes next, or the ward may be clear, or the Doctor may be stuck."""
    phase = new.phase
    if phase is JUNIOR_DOCTOR:
        return done(new)
    if phase is AFTER_ACTION:
        return _after_action(new)
    return _check_can_move(new)


def _after_action(new) -> GameState:
    """The action is done (its changes set on ``new``, a ``draft``), and what follows
    goes into the same copy: the end of the game if the ward is clear, the after-action
    window if a staff card may be used, else the next turn."""
    if not any(new.ward):  # no patient card left (cards are always truthy)
        new.phase, new.end_reason = OVER, WARD_CLEAR
        return done(new)
    if not new.staff_used and new.players[new.current].staff:
        new.phase = AFTER_ACTION
        if can_use_staff(new):  # (it reads the draft's fields only)
            return done(new)
    return _end_turn(new)


def _end_turn(new) -> GameState:
    """The turn passes to the next player clockwise (rulebook "Turn Structure"), set on
    ``new`` (a ``draft``, with the changes of the action just done)."""
    new.current = (new.current + 1) % len(new.players)
    new.turn += 1
    new.phase = MOVE
    new.staff_used = False
    new.porter = False
    new.passed_over = ()
    return _check_can_move(new)


def _check_can_move(new) -> GameState:
    """The new state (``new``, a ``draft`` with every change made), unless the game ends:
    rulebook "If at any point the Doctor cannot make a legal move, the game immediately
    ends" (in solo a forced move exists while a card remains)."""
    if not any(new.ward):  # no patient card left (cards are always truthy)
        new.phase, new.end_reason = OVER, WARD_CLEAR
        return done(new)
    # Its moves are worked out here, once, for ``state.moves_now`` (the draft has every
    # field they depend on).
    moves = moves_now(new)
    if not moves[0]:
        new.phase, new.end_reason = OVER, NO_LEGAL_MOVE
        return done(new)
    new._moves_now = moves
    return done(new)
