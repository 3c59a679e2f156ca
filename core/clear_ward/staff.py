"""The staff cards: when each may be used, on what, and what it does (rulebook "Using
Staff Cards", "Staff Card FAQs"; decisions "Staff cards (9)", "Staff hand").

Each card has a target lister (every legal ``UseStaff`` for it now) and an effect.
Turn flow after the effect (a second move, the Junior Doctor's choice) is in ``rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, compress
from operator import itemgetter


from core.clear_ward.actions import UseStaff
from core.clear_ward.cards import SPECIALITIES, Patient, StaffCard, all_patients
from core.clear_ward.constants import (
    JUNIOR_DOCTOR_LOOKS,
    WARD_CELLS,
    LOCUM_MAX_STARS,
    PHARMACIST_PATIENTS,
    PHARMACIST_STARS,
)
from core.clear_ward.movement import moves_now
from core.clear_ward.state import GameState, Phase, with_staff
from core.clear_ward.treatment import transferred, treated

# The phases under plain module names: ``Phase.MOVE`` reads the member through the
# enum class, a slow lookup on Python 3.11 (``EnumType`` has a ``__getattr__``), and
# the rules compare phases at every step.
MOVE, JUNIOR_DOCTOR, AFTER_ACTION = Phase.MOVE, Phase.JUNIOR_DOCTOR, Phase.AFTER_ACTION

Lister = Callable[[GameState, bool], list[UseStaff]]
# (The same, for the cards the hot paths compare with.)
_PHARMACIST, _NURSE, _JUNIOR_DOCTOR = StaffCard.PHARMACIST, StaffCard.NURSE, StaffCard.JUNIOR_DOCTOR


#: Every ``UseStaff`` listed so far, by its (card, cells, patient): a use is made once
#: and then shared (they are frozen values), so listing them costs no new objects.
_USES: dict[tuple, UseStaff] = {}


def _use(card: StaffCard, cells: tuple[int, ...] = (), patient: Patient | None = None) -> UseStaff:
    """``UseStaff(card, cells, patient)``, made once."""
    key = (card, cells, patient)
    use = _USES.get(key)
    if use is None:
        use = _USES[key] = UseStaff(card, cells, patient)
    return use


#: One-space uses, by space: ``_CONSULTANT_USES[cell]``, ``_NURSE_USES[cell]``.
_CONSULTANT_USES, _NURSE_USES = (
    tuple(_use(card, (cell,)) for cell in range(WARD_CELLS))
    for card in (StaffCard.CONSULTANT_OPINION, StaffCard.NURSE)
)
#: The uses with no target.
_WARD_ROUND_USE, _REGISTRAR_USE, _PORTER_USE = (
    _use(card) for card in (StaffCard.WARD_ROUND, StaffCard.REGISTRAR, StaffCard.PORTER)
)
#: The Locum's uses, by the patient: ``_LOCUM_USES[speciality.index][stars - 1]``
#: (``None`` above ``LOCUM_MAX_STARS``).
_LOCUM_USES: tuple[tuple[UseStaff | None, ...], ...] = tuple(
    tuple(
        _use(StaffCard.LOCUM, patient=p) if p.stars <= LOCUM_MAX_STARS else None
        for p in all_patients() if p.speciality is speciality
    )
    for speciality in SPECIALITIES
)

#: The spaces 0-35, for ``itertools.compress`` with the ward: the spaces with a card.
_CELLS = tuple(range(WARD_CELLS))
#: ``_OTHER_CELLS[doctor]``: the cards on every space but the Doctor's, in order (an
#: ``itemgetter`` of the ward); ``_OTHER_CONSULTANT_USES[doctor]``: their Consultant uses.
_OTHER_CELLS = tuple(itemgetter(*[c for c in _CELLS if c != doctor]) for doctor in _CELLS)
_OTHER_CONSULTANT_USES = tuple(
    tuple(_CONSULTANT_USES[c] for c in _CELLS if c != doctor) for doctor in _CELLS
)


#: ``_choose``'s answers by (card, cells, count), kept while there are few (the Junior
#: Doctor's face-down spaces change slowly, and their pairs are many).
_CHOICES: dict[tuple, tuple[UseStaff, ...]] = {}
_CHOICES_KEPT = 4096


def _choose(card: StaffCard, cells: list[int], count: int) -> list[UseStaff]:
    """Uses of ``card`` on ``count`` of ``cells`` (fewer when fewer are there)."""
    if not cells:
        return []
    key = (card, tuple(cells), count)
    uses = _CHOICES.get(key)
    if uses is None:
        if len(_CHOICES) >= _CHOICES_KEPT:
            _CHOICES.clear()
        uses = _CHOICES[key] = tuple(
            _use(card, combo) for combo in combinations(cells, min(count, len(cells)))
        )
    return list(uses)


def _pharmacist(state: GameState, before_move: bool) -> list[UseStaff]:
    turn, ward = state.turn, state.ward
    cells = []
    for cell in compress(_CELLS, ward):  # (the spaces with a card)
        card = ward[cell]
        if card.patient.stars == PHARMACIST_STARS and card.treatable(turn):
            cells.append(cell)
    return _choose(_PHARMACIST, cells, PHARMACIST_PATIENTS)


def _consultant(state: GameState, before_move: bool) -> list[UseStaff]:
    # Every space with a card but the Doctor's, in order.
    doctor = state.doctor
    return list(compress(_OTHER_CONSULTANT_USES[doctor], _OTHER_CELLS[doctor](state.ward)))


def _nurse(state: GameState, before_move: bool) -> list[UseStaff]:
    if before_move:
        return []
    turn, ward, uses = state.turn, state.ward, _NURSE_USES
    return [uses[c] for c in state.passed_over if ward[c] is not None and ward[c].treatable(turn)]


def _ward_round(state: GameState, before_move: bool) -> list[UseStaff]:
    current = state.current
    for seat, player in enumerate(state.players):
        if seat != current and player.log_book:
            return [_WARD_ROUND_USE]
    return []


def _registrar(state: GameState, before_move: bool) -> list[UseStaff]:
    if before_move:
        return []
    try:  # (``state.moves_now``; worked out here, not kept, when the state has none yet)
        moves = state._moves_now[0]
    except AttributeError:  # (or ``state`` is the rules' draft, which has no property)
        moves = moves_now(state)[0]
    return [_REGISTRAR_USE] if moves else []


def _porter(state: GameState, before_move: bool) -> list[UseStaff]:
    return [_PORTER_USE] if before_move else []


def _locum(state: GameState, before_move: bool) -> list[UseStaff]:
    uses, current = [], state.current
    for seat, player in enumerate(state.players):
        if seat != current:
            for patient in player.log_book:
                if patient.stars <= LOCUM_MAX_STARS:
                    uses.append(_LOCUM_USES[patient.speciality.index][patient.stars - 1])
    return uses


def _junior_doctor(state: GameState, before_move: bool) -> list[UseStaff]:
    ward = state.ward
    cells = [cell for cell in compress(_CELLS, ward) if not ward[cell].face_up]
    return _choose(_JUNIOR_DOCTOR, cells, JUNIOR_DOCTOR_LOOKS)


#: Who may be targeted, per card: ``lister(state, before_move) -> [UseStaff, ...]``.
TARGETS: dict[StaffCard, Lister] = {
    StaffCard.PHARMACIST: _pharmacist,
    StaffCard.CONSULTANT_OPINION: _consultant,
    StaffCard.NURSE: _nurse,
    StaffCard.WARD_ROUND: _ward_round,
    StaffCard.REGISTRAR: _registrar,
    StaffCard.PORTER: _porter,
    StaffCard.LOCUM: _locum,
    StaffCard.JUNIOR_DOCTOR: _junior_doctor,
}


def staff_window(state: GameState) -> bool | None:
    """``True`` before the move, ``False`` after the action, ``None`` when no staff card
    may be used now (not those phases, or one was used this turn)."""
    if state.staff_used or state.phase not in (MOVE, AFTER_ACTION):
        return None
    return state.phase is MOVE


def staff_uses(state: GameState, only: StaffCard | None = None) -> list[UseStaff]:
    """Every legal ``UseStaff`` for the current player now (of card ``only`` if given)."""
    hand = state.players[state.current].staff
    if not hand:
        return []
    before = staff_window(state)
    if before is None:
        return []
    if only is not None:
        return TARGETS[only](state, before) if only in hand else []
    if len(hand) == 1:
        return TARGETS[hand[0]](state, before)
    return [use for card in dict.fromkeys(hand) for use in TARGETS[card](state, before)]


def _any_consultant(state: GameState, before_move: bool) -> bool:
    # A patient on any space but the Doctor's (cards are always truthy).
    ward, doctor = state.ward, state.doctor
    return any(ward[:doctor]) or any(ward[doctor + 1 :])


def _any_junior_doctor(state: GameState, before_move: bool) -> bool:
    ward = state.ward
    for cell in compress(_CELLS, ward):  # (the spaces with a card)
        if not ward[cell].face_up:
            return True
    return False


def _any_pharmacist(state: GameState, before_move: bool) -> bool:
    turn, ward = state.turn, state.ward
    for cell in compress(_CELLS, ward):
        card = ward[cell]
        if card.patient.stars == PHARMACIST_STARS and card.treatable(turn):
            return True
    return False


def _any_locum(state: GameState, before_move: bool) -> bool:
    current = state.current
    for seat, player in enumerate(state.players):
        if seat != current:
            for patient in player.log_book:
                if patient.stars <= LOCUM_MAX_STARS:
                    return True
    return False


#: Quicker yes/no tests than listing every target, for the cards with many targets
#: (each says whether its card's lister in ``TARGETS`` would list anything).
_ANY: dict[StaffCard, Callable[[GameState, bool], bool]] = {
    StaffCard.CONSULTANT_OPINION: _any_consultant,
    StaffCard.JUNIOR_DOCTOR: _any_junior_doctor,
    StaffCard.PHARMACIST: _any_pharmacist,
    StaffCard.LOCUM: _any_locum,
}


def can_use_staff(state: GameState) -> bool:
    """Whether ``staff_uses(state)`` would list anything (without listing it all). It
    reads the state's fields only, so the rules ask it of their draft too."""
    before = staff_window(state)
    if before is None:
        return False
    for card in state.players[state.current].staff:
        test = _ANY.get(card)
        if test(state, before) if test is not None else TARGETS[card](state, before):
            return True
    return False


def ward_round_gifts(state: GameState) -> list[tuple[int, object]]:
    """(seat, patient) each other player gives under the Ward Round, in turn order: the
    lowest-star patient of their log book, the one that entered it last on a tie."""
    gifts = []
    n = state.player_count
    for k in range(1, n):
        seat = (state.current + k) % n
        book = state.players[seat].log_book
        if book:
            low = min(p.stars for p in book)
            gifts.append((seat, next(p for p in reversed(book) if p.stars == low)))
    return gifts


def staff_effect(new, state: GameState, use: UseStaff):
    """What a legal ``use`` does, set on ``new`` (a ``state.draft`` of ``state``) and
    returned: the card leaves the hand for the bottom of the staff deck (house rule),
    the turn's one staff use is spent, and the card's effect happens."""
    seat, card = state.current, use.card
    player = state.players[seat]
    hand = list(player.staff)
    hand.remove(card)
    holder = with_staff(player, tuple(hand))
    new.players = players = state.players[:seat] + (holder,) + state.players[seat + 1 :]
    new.staff_deck = state.staff_deck + (card,)
    new.staff_used = True
    if card is _PHARMACIST or card is _NURSE:
        new.ward, new.players, new.victory = treated(state, use.cells, players=players)
    elif card is StaffCard.CONSULTANT_OPINION:
        cell = use.cells[0]
        new.ward = state.ward[:cell] + (None,) + state.ward[cell + 1 :]
        new.removed = state.removed + (state.ward[cell].patient,)
    elif card is StaffCard.WARD_ROUND:
        new.players, new.victory = transferred(state, players, ward_round_gifts(state), seat)
    elif card is StaffCard.LOCUM:
        giver = next(s for s, p in enumerate(state.players) if use.patient in p.log_book)
        new.players, new.victory = transferred(state, players, [(giver, use.patient)], seat)
    elif card is StaffCard.PORTER:
        new.porter = True
    elif card is _JUNIOR_DOCTOR:
        new.looked_at, new.return_phase, new.phase = use.cells, state.phase, JUNIOR_DOCTOR
    else:
        assert card is StaffCard.REGISTRAR
        new.phase = MOVE
    return new
