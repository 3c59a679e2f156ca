"""Starting a game of Clear the Ward (rulebook "Setup"), from a seed or a given layout.

A layout is six lines of six tokens, for tests and puzzles:
``.`` empty space, ``@`` the Doctor on an empty space, ``Car3`` a face-up Cardiology
3-star patient, ``?Neu5`` a face-down Neurology 5-star patient, ``@Gas2`` the Doctor
standing on a face-up patient. Specialities by their first three letters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.clear_ward.cards import SPECIALITIES, Patient, all_patients, staff_deck_cards
from core.clear_ward.constants import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    WARD_CELLS,
    WARD_SIZE,
)
from core.clear_ward.state import GameState, PlayerState, WardCard
from core.errors import SetupError

_BY_SHORT = {s.short.lower(): s for s in SPECIALITIES}
_DOCTOR = object()
#: Each patient card as setup deals it: face up, or face down from 4 stars (rulebook
#: setup step 1). Frozen values, so every game shares them.
_DEALT = tuple(WardCard(p, face_up=not p.starts_face_down) for p in all_patients())


def _player_states(players: Sequence[str] | int) -> tuple[PlayerState, ...]:
    if isinstance(players, int):
        seats = _NUMBERED_SEATS.get(players)
        if seats is not None:
            return seats
        players = [f"Player {i + 1}" for i in range(players)]
    names = [str(n).strip() for n in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(
            f"Setup: Clear the Ward is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}"
        )
    if any(not n for n in names):
        raise SetupError("Setup: every player needs a name")
    return tuple(PlayerState(name) for name in names)


def _seat(starting_player: int | None, count: int, rng: random.Random) -> int:
    if starting_player is None:
        return rng.randrange(count)
    if not 0 <= starting_player < count:
        raise SetupError(f"Setup: starting player {starting_player} is not a seat 0-{count - 1}")
    return starting_player


#: The seats of a game set up from a player count, "Player 1" to "Player N" (frozen values).
_NUMBERED_SEATS = {
    count: tuple(PlayerState(f"Player {i + 1}") for i in range(count))
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def new_game(
    players: Sequence[str] | int, seed: int, starting_player: int | None = None
) -> GameState:
    """Set up a new game (rulebook "Setup").

    ``players``: 1-4 names (or a count); ``seed``: any int, which fixes the shuffles of the
    ward and staff deck and, unless ``starting_player`` (a seat index) is given, who starts.
    Solo and two-player games remove the Ward Round (rulebook), solo the Locum too
    (decision). Raises ``SetupError``.
    """
    seats = _player_states(players)
    rng = random.Random(seed)
    # The 35 patients as dealt (4-5 stars face down) and the Doctor card, shuffled.
    cards: list[object] = [*_DEALT, _DOCTOR]
    rng.shuffle(cards)
    staff = list(staff_deck_cards(len(seats)))
    rng.shuffle(staff)
    doctor = [card is _DOCTOR for card in cards].index(True)
    cards[doctor] = None  # the Doctor card's space holds no patient
    return GameState(
        seed=seed,
        players=seats,
        ward=tuple(cards),  # type: ignore[arg-type]
        doctor=doctor,
        staff_deck=tuple(staff),
        victory=(None,) * len(SPECIALITIES),
        current=_seat(starting_player, len(seats), rng),
    )


def parse_layout(layout: str) -> tuple[tuple[WardCard | None, ...], int]:
    """Read a layout text (see module doc) into 36 spaces and the Doctor's space.

    Raises ``SetupError`` naming the bad token, a repeated patient, or a missing Doctor.
    """
    tokens = layout.split()
    if len(tokens) != WARD_CELLS:
        raise SetupError(f"Layout: {len(tokens)} tokens, a {WARD_SIZE}x{WARD_SIZE} ward needs {WARD_CELLS}")
    ward: list[WardCard | None] = []
    doctor = None
    seen: set[Patient] = set()
    for cell, token in enumerate(tokens):
        text = token
        if text.startswith("@"):
            if doctor is not None:
                raise SetupError("Layout: there is only one Doctor card")
            doctor, text = cell, text[1:]
        if text in ("", "."):
            ward.append(None)
            continue
        face_up = not text.startswith("?")
        text = text.lstrip("?")
        speciality = _BY_SHORT.get(text[:3].lower())
        if speciality is None or text[3:] not in ("1", "2", "3", "4", "5"):
            raise SetupError(f"Layout: {token!r} is not a card (like Car3, ?Neu5, @, .)")
        patient = Patient(speciality, int(text[3:]))
        if patient in seen:
            raise SetupError(f"Layout: {patient} appears twice; every patient is unique")
        seen.add(patient)
        ward.append(WardCard(patient, face_up))
    if doctor is None:
        raise SetupError("Layout: no Doctor card (@)")
    return tuple(ward), doctor


def from_layout(
    layout: str,
    players: Sequence[str] | int = 2,
    *,
    staff_deck: Sequence = (),
    hands: Sequence[Sequence] = (),
    log_books: Sequence[Sequence[Patient]] = (),
    current: int = 0,
    victory: Sequence[int | None] | None = None,
    seed: int = 0,
) -> GameState:
    """A game starting from an explicit ward (tests, puzzles): see the module doc.

    ``staff_deck`` top card first; ``hands`` and ``log_books`` per seat. Victory cards
    start as ``victory`` (holder seat or None per speciality) or unclaimed.
    Raises ``SetupError``.
    """
    seats = _player_states(players)
    ward, doctor = parse_layout(layout)
    seats = tuple(
        PlayerState(
            p.name,
            tuple(log_books[i]) if i < len(log_books) else (),
            tuple(hands[i]) if i < len(hands) else (),
        )
        for i, p in enumerate(seats)
    )
    return GameState(
        seed=seed,
        players=seats,
        ward=ward,
        doctor=doctor,
        staff_deck=tuple(staff_deck),
        victory=tuple(victory) if victory is not None else (None,) * len(SPECIALITIES),
        current=_seat(current, len(seats), random.Random(seed)),
    )


def format_layout(state: GameState) -> str:
    """The layout text of a state's ward (inverse of ``parse_layout``)."""
    rows = []
    for r in range(WARD_SIZE):
        tokens = []
        for c in range(WARD_SIZE):
            cell = r * WARD_SIZE + c
            card = state.ward[cell]
            token = "." if card is None else (
                ("" if card.face_up else "?") + f"{card.patient.speciality.short}{card.patient.stars}"
            )
            if cell == state.doctor:
                token = "@" + ("" if token == "." else token)
            tokens.append(token)
        rows.append(" ".join(f"{t:6}" for t in tokens).rstrip())
    return "\n".join(rows)
