"""The cards of Clear the Ward: specialities, patients, directions, staff cards.

Rulebook "Components": 35 patient cards (7 specialities x 1-5 stars), 1 Doctor card,
9 staff cards, 7 Speciality Victory Cards.
"""

from __future__ import annotations

from enum import Enum

from attrs import frozen

from core.clear_ward.constants import (
    FACE_DOWN_FROM_STARS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_LOCUM_PLAYER_COUNTS,
    NO_WARD_ROUND_PLAYER_COUNTS,
    STAFF_CARD_COPIES,
    STAFF_CARD_TEXT,
    STAR_VALUES,
)


class Speciality(Enum):
    """The seven specialities (decision list), in the order of the victory-card line."""

    __hash__ = object.__hash__  # identity, in C: enums are dict keys in hot loops

    #: Position 0-6 in the victory-card line (set on each member below: a plain
    #: attribute, read in the hot loops of the rules).
    index: int

    CARDIOLOGY = "Cardiology"
    RESPIRATORY = "Respiratory"
    GASTROENTEROLOGY = "Gastroenterology"
    NEUROLOGY = "Neurology"
    ORTHOPAEDICS = "Orthopaedics"
    PAEDIATRICS = "Paediatrics"
    PSYCHIATRY = "Psychiatry"

    @property
    def short(self) -> str:
        """Three-letter name shown on a card (so colour is never the only cue)."""
        return self.value[:3]

    def __str__(self) -> str:
        return self.value


SPECIALITIES: tuple[Speciality, ...] = tuple(Speciality)
for _i, _speciality in enumerate(SPECIALITIES):
    _speciality.index = _i


class Direction(Enum):
    """An orthogonal direction of the Doctor's move, clockwise from up."""

    __hash__ = object.__hash__  # identity, in C: enums are dict keys in hot loops

    UP = "up"
    RIGHT = "right"
    DOWN = "down"
    LEFT = "left"

    @property
    def delta(self) -> tuple[int, int]:
        """(row change, column change) of one step."""
        return _DELTAS[self]

    @property
    def opposite(self) -> Direction:
        """The direction the Doctor came from after moving this way."""
        return _OPPOSITES[self]

    def clockwise_from(self) -> tuple[Direction, ...]:
        """This direction, then the other three clockwise (up, right, down, left)."""
        i = CLOCKWISE.index(self)
        return CLOCKWISE[i:] + CLOCKWISE[:i]

    @property
    def glyph(self) -> str:
        """An arrow character for the direction."""
        return _GLYPHS[self]

    def __str__(self) -> str:
        return self.value


CLOCKWISE: tuple[Direction, ...] = (Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT)
_DELTAS = {Direction.UP: (-1, 0), Direction.RIGHT: (0, 1), Direction.DOWN: (1, 0), Direction.LEFT: (0, -1)}
_GLYPHS = {Direction.UP: "↑", Direction.RIGHT: "→", Direction.DOWN: "↓", Direction.LEFT: "←"}
_OPPOSITES = {d: CLOCKWISE[(i + 2) % 4] for i, d in enumerate(CLOCKWISE)}


@frozen
class Patient:
    """One patient card: a speciality and 1-5 stars (its value in stars).

    Every patient is unique in the deck, so a patient also names its card.
    """

    speciality: Speciality
    stars: int

    @property
    def arrow(self) -> Direction:
        """The card's arrow, used by Night Shift forced moves (decision:
        ``ARROWS[(speciality_index + stars) % 4]`` with ARROWS = up, right, down, left)."""
        return CLOCKWISE[(self.speciality.index + self.stars) % 4]

    @property
    def starts_face_down(self) -> bool:
        """4- and 5-star patients are dealt face down (rulebook setup)."""
        return self.stars >= FACE_DOWN_FROM_STARS

    def __str__(self) -> str:
        return f"{self.speciality.value} {self.stars}★"


def all_patients() -> tuple[Patient, ...]:
    """The 35 patient cards, by speciality then stars (made once: they are frozen)."""
    return _ALL_PATIENTS


_ALL_PATIENTS = tuple(Patient(s, n) for s in SPECIALITIES for n in STAR_VALUES)


class StaffCard(Enum):
    """The staff cards (rulebook names four; decision table the rest)."""

    __hash__ = object.__hash__  # identity, in C: enums are dict keys in hot loops

    PHARMACIST = "Pharmacist"
    CONSULTANT_OPINION = "Consultant Opinion"
    NURSE = "Nurse"
    WARD_ROUND = "Ward Round"
    REGISTRAR = "Registrar"
    PORTER = "Porter"
    LOCUM = "Locum"
    JUNIOR_DOCTOR = "Junior Doctor"

    @property
    def text(self) -> str:
        """The card's full rules text."""
        return STAFF_CARD_TEXT[self.value]

    @property
    def copies(self) -> int:
        """How many of this card the deck of 9 holds."""
        return STAFF_CARD_COPIES[self.value]

    def __str__(self) -> str:
        return self.value


def staff_deck_cards(player_count: int) -> tuple[StaffCard, ...]:
    """The staff deck before shuffling for ``player_count`` players: the 9 cards, less
    the Ward Round with 1 or 2 players (rulebook) and the Locum in solo (decision):
    9 cards for 3-4 players, 8 for two, 7 for the Night Shift."""
    return _STAFF_DECKS[player_count]


_STAFF_DECKS = {
    player_count: tuple(
        card
        for card in StaffCard
        if not (card is StaffCard.WARD_ROUND and player_count in NO_WARD_ROUND_PLAYER_COUNTS)
        if not (card is StaffCard.LOCUM and player_count in NO_LOCUM_PLAYER_COUNTS)
        for _ in range(card.copies)
    )
    for player_count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
