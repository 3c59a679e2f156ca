"""The one game-state object of Clear the Ward and its parts (attrs ``@frozen``).

The state never changes: ``apply_action`` returns a new one (``attrs.evolve``), so an
undo is the previous state and a bot can branch freely.

A few values worked out from a state's fields (its legal moves, a log book's count per
speciality) are kept beside them, in extra slots that are not attrs fields: never
compared, copied or saved, and set at most once, to the value the fields give. (Not
``functools.cached_property``: on a slotted attrs class that adds a ``__getattr__``,
which makes every attribute read of the class slower.) The slots live in a base class
(``fast_evolve.fields_in_base_slots``), which makes the copies cheaper.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from attrs import frozen

from core.clear_ward.cards import SPECIALITIES, Direction, Patient, StaffCard
from core.clear_ward.constants import OBSERVATION_TURNS, VICTORY_CARD_PLAYER_COUNTS
# One fast copy for both games (``evolve`` is imported from here).
from core.fast_evolve import drafting, evolve, fields_in_base_slots  # noqa: F401 (evolve)

_set = object.__setattr__


def count_specialities(patients: Iterable[Patient], start: tuple[int, ...]) -> tuple[int, ...]:
    """``start`` (a count per speciality, in ``Speciality.index`` order) plus the
    patients of each speciality among ``patients``."""
    counts = list(start)
    for patient in patients:
        counts[patient.speciality.index] += 1
    return tuple(counts)


def remember(state: GameState | PlayerState, name: str, value):
    """Keep ``value`` in ``state``'s cache slot ``name`` (see the module doc) and return
    it: for the rules, which work it out anyway while making the state (the value the
    slot's property would give; the state's fields never change)."""
    _set(state, name, value)
    return value


@frozen
class WardCard:
    """A patient card lying in the ward.

    ``flipped_on_turn``: the turn number on which it was turned face up during play
    (``None`` for cards dealt face up); it is under observation until the end of the
    next turn (decision "Just flipped").
    """

    patient: Patient
    face_up: bool
    flipped_on_turn: int | None = None

    def under_observation(self, turn: int) -> bool:
        """True while no sweep, Nurse or Pharmacist may treat it (rulebook FAQ)."""
        return self.flipped_on_turn is not None and turn <= self.flipped_on_turn + OBSERVATION_TURNS

    def treatable(self, turn: int) -> bool:
        """Face up and not under observation on turn ``turn`` (``under_observation``,
        written out: the sweep asks this of every card of a speciality)."""
        flipped = self.flipped_on_turn
        return self.face_up and (flipped is None or turn > flipped + OBSERVATION_TURNS)


@frozen
@fields_in_base_slots("_speciality_counts")
class PlayerState:
    """One doctor at the table: their name, log book (patients in the order treated,
    the rulebook's "Doctor's List") and staff cards in hand (at most 2)."""

    name: str
    log_book: tuple[Patient, ...] = ()
    staff: tuple[StaffCard, ...] = ()

    @property
    def stars(self) -> int:
        """Stars from treated patients (victory cards not included)."""
        return sum(p.stars for p in self.log_book)

    @property
    def speciality_counts(self) -> tuple[int, ...]:
        """Patients of each speciality in the log book, in ``Speciality.index`` order
        (worked out once per player state: the victory cards are rechecked after every
        treatment, and the other players' log books have not changed). A treatment
        hands it on to the new player state, counted up (``treatment.with_patients``)."""
        try:
            return self._speciality_counts
        except AttributeError:
            counts = count_specialities(self.log_book, (0,) * len(SPECIALITIES))
            return remember(self, "_speciality_counts", counts)


#: The rules' own copies of a player (``fast_evolve.drafting``): ``draft_player(p)`` is
#: an unfrozen copy of ``p`` without its speciality counts, ``done_player`` freezes it.
draft_player, done_player = drafting(PlayerState)


def with_staff(player: PlayerState, staff: tuple[StaffCard, ...]) -> PlayerState:
    """``player`` holding ``staff`` instead of their hand; the log book, and so its
    speciality counts, stay the same."""
    new = draft_player(player)
    new.staff = staff
    new._speciality_counts = player.speciality_counts
    return done_player(new)


class Phase(Enum):
    """Where the current turn stands (rulebook "Turn Structure")."""

    __hash__ = object.__hash__  # identity, in C (see ``cards.Speciality``)

    MOVE = "move"  # move the Doctor; before the first move a staff card may be used
    DRAW_DECISION = "draw decision"  # a face-down patient was flipped: draw 2 staff or not
    KEEP_STAFF = "keep staff"  # choose which drawn staff card(s) to keep
    JUNIOR_DOCTOR = "junior doctor"  # choose which looked-at card to turn face up
    AFTER_ACTION = "after action"  # a staff card may still be used, or end the turn
    OVER = "over"


class EndReason(Enum):
    """Why the game ended (rulebook "Ending the Game")."""

    WARD_CLEAR = "all patients have been treated or removed"
    NO_LEGAL_MOVE = "the Doctor cannot make a legal move"


@frozen
@fields_in_base_slots("_moves_now", inherited=("_speciality_spaces", "_victory_settled"))
class GameState:
    """Everything about a game of Clear the Ward at one moment.

    - ``ward``: 36 spaces row by row, each a ``WardCard`` or ``None`` (empty);
      ``doctor`` is the Doctor card's space (a flipped card may lie under it).
    - ``victory``: for each speciality (``Speciality.index`` order) the seat holding its
      Speciality Victory Card, or ``None``; all ``None`` in solo.
    - ``turn``: turns started so far minus one (0 on the first turn).
    - ``last_direction``: the Doctor's previous move, which it may not reverse.
    - ``last_arrow``: arrow of the last card the Doctor stopped on (Night Shift).
    - ``passed_over``: spaces with cards the Doctor passed over this turn (Nurse).
    - ``drawn``: staff cards drawn and not yet kept; ``looked_at``: the Junior Doctor's
      two face-down spaces; ``return_phase``: where the turn goes after that choice.
    - ``moves``: moves made in the game (the Night Shift clock starts at the first).
    """

    seed: int
    players: tuple[PlayerState, ...]
    ward: tuple[WardCard | None, ...]
    doctor: int
    staff_deck: tuple[StaffCard, ...]
    victory: tuple[int | None, ...]
    current: int
    removed: tuple[Patient, ...] = ()
    turn: int = 0
    phase: Phase = Phase.MOVE
    last_direction: Direction | None = None
    last_arrow: Direction = Direction.UP
    moves: int = 0
    staff_used: bool = False
    porter: bool = False
    forced_move: bool = False
    passed_over: tuple[int, ...] = ()
    drawn: tuple[StaffCard, ...] = ()
    looked_at: tuple[int, ...] = ()
    return_phase: Phase = Phase.MOVE
    end_reason: EndReason | None = None

    @property
    def player_count(self) -> int:
        """Number of seats, 1-4."""
        return len(self.players)

    @property
    def solo(self) -> bool:
        """True in the Night Shift (one player)."""
        return len(self.players) == 1

    @property
    def uses_victory_cards(self) -> bool:
        """Speciality Victory Cards are in play with 2-4 players (rulebook: not solo)."""
        return len(self.players) in VICTORY_CARD_PLAYER_COUNTS

    @property
    def patients_in_ward(self) -> int:
        """Patient cards still lying in the ward, face up or down."""
        return sum(1 for card in self.ward if card is not None)

    @property
    def speciality_spaces(self) -> tuple[tuple[int, ...], ...]:
        """For each speciality (``Speciality.index`` order), the spaces its patients lie
        on, face up or down, or have lain on since: patient cards never move and none is
        ever added, so the spaces worked out for a state hold for every state the rules
        make from it (``draft`` hands them on), and a sweep looks at those few spaces
        only."""
        try:
            return self._speciality_spaces
        except AttributeError:
            spaces: list[list[int]] = [[] for _ in SPECIALITIES]
            for cell, card in enumerate(self.ward):
                if card is not None:
                    spaces[card.patient.speciality.index].append(cell)
            return remember(self, "_speciality_spaces", tuple(map(tuple, spaces)))

    @property
    def victory_settled(self) -> bool:
        """Whether every Speciality Victory Card's holder is the one a recheck of the log
        books gives (``treatment.victory_after``): true of a new game, and then of every
        state the rules make from it, as they recheck the cards after each change to a
        log book (``draft`` hands it on), so a treatment need only recheck the
        specialities it treated. A hand-made state's holders may be any."""
        try:
            return self._victory_settled
        except AttributeError:
            from core.clear_ward.treatment import victory_after

            return remember(self, "_victory_settled", victory_after(self, self.players) == self.victory)

    @property
    def moves_now(self) -> tuple[tuple, bool]:
        """(legal ``Move``s now, whether they are the Night Shift forced move); worked
        out once per state by ``movement.moves_now`` (the UI, bots and validation all
        ask for it; the rules work it out as they make the state)."""
        try:
            return self._moves_now
        except AttributeError:
            from core.clear_ward.movement import moves_now

            return remember(self, "_moves_now", moves_now(self))



#: The rules' own copies of a game state (``fast_evolve.drafting``): ``draft(state)`` is
#: an unfrozen copy of ``state`` with its speciality spaces (they hold for every state
#: the rules make from it) and no other cache; the rules set the fields an action
#: changes on it, then ``done(copy)`` freezes it into the new ``GameState``.
draft, done = drafting(GameState)
