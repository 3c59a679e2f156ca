"""Treating patients and the Speciality Victory Cards (rulebook "Action Phase",
"Speciality Victory Cards"; decisions "Sweep", "Staff treatments never sweep").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.clear_ward.cards import Patient, Speciality
from core.clear_ward.constants import VICTORY_CARD_PLAYER_COUNTS
from core.clear_ward.state import (
    GameState,
    PlayerState,
    count_specialities,
    done_player,
    draft_player,
    evolve,
)


def sweep_cells(state: GameState, speciality: Speciality) -> tuple[int, ...]:
    """Spaces of every face-up patient of ``speciality`` that may be treated now (not
    under observation): what landing on one of them treats."""
    turn, ward = state.turn, state.ward
    try:  # (``state.speciality_spaces`` without the property call, when worked out)
        spaces = state._speciality_spaces[speciality.index]
    except AttributeError:
        spaces = state.speciality_spaces[speciality.index]
    cells = []
    for cell in spaces:  # (in order, few)
        card = ward[cell]
        if card is not None and card.patient.speciality is speciality and card.treatable(turn):
            cells.append(cell)
    return tuple(cells)


def treated(
    state: GameState,
    cells: Iterable[int],
    seat: int | None = None,
    players: tuple[PlayerState, ...] | None = None,
) -> tuple[tuple, tuple[PlayerState, ...], tuple[int | None, ...]]:
    """The new ``(ward, players, victory)`` after the patients on ``cells`` go from the
    ward into ``seat``'s log book (the current player by default), in that order.
    ``players``: the players as the action has already changed them (default: the
    state's)."""
    seat = state.current if seat is None else seat
    players = state.players if players is None else players
    ward = list(state.ward)
    patients = []
    for cell in cells:
        card = ward[cell]
        assert card is not None, f"no patient to treat on space {cell}"
        patients.append(card.patient)
        ward[cell] = None
    players = _replace(players, seat, with_patients(players[seat], patients))
    return tuple(ward), players, victory_after(state, players, patients)


def with_patients(player: PlayerState, patients: list[Patient]) -> PlayerState:
    """``player`` with ``patients`` added to the end of the log book; its speciality
    counts are the old ones counted up (not recounted from the whole log book)."""
    new = draft_player(player)
    new.log_book = player.log_book + tuple(patients)
    new._speciality_counts = count_specialities(patients, player.speciality_counts)
    return done_player(new)


def transferred(
    state: GameState,
    players: tuple[PlayerState, ...],
    gifts: Iterable[tuple[int, Patient]],
    taker: int,
) -> tuple[tuple[PlayerState, ...], tuple[int | None, ...]]:
    """The new ``(players, victory)`` once each ``(giver,
    patient)`` of ``gifts`` has moved from the giver's log book to the end of
    ``taker``'s (the Locum: one; the Ward Round: one from every other player), starting
    from ``players``. The victory cards are rechecked once: the Ward Round's patients
    change hands together, so which player gives first never decides who holds a card
    (decision "Speciality Victory Cards": rechecked after every change to a log book, a
    staff card's being one)."""
    players, moved = list(players), []
    for giver, patient in gifts:
        book = list(players[giver].log_book)
        book.remove(patient)
        players[giver] = evolve(players[giver], log_book=tuple(book))
        players[taker] = with_patients(players[taker], [patient])
        moved.append(patient)
    players = tuple(players)
    return players, victory_after(state, players, moved)


def speciality_counts(player: PlayerState) -> list[int]:
    """Patients of each speciality in a log book, in ``Speciality.index`` order."""
    return list(player.speciality_counts)


def victory_holder(counts: Sequence[int], holder: int | None) -> int | None:
    """Who holds a victory card given each seat's patients of its speciality.

    A seat with strictly more than every other takes it; on a tie for the most the
    current holder keeps it; otherwise (no one, or the holder fell behind a tie) no one
    holds it (decision "Speciality Victory Cards"; house rule for the last case).
    """
    best = max(counts)
    if best == 0:
        return None
    if counts.count(best) == 1:  # one leader
        return counts.index(best)
    leaders = [seat for seat, n in enumerate(counts) if n == best]
    return holder if holder in leaders else None


def victory_after(
    state: GameState, players: tuple[PlayerState, ...], moved: Iterable[Patient] | None = None
) -> tuple[int | None, ...]:
    """The victory-card holders once the log books are ``players``' (not in solo).

    ``moved``: the patients whose moves into or out of log books make the difference
    between ``state``'s log books and ``players``' (``None``: not known). Then, when the
    state's cards are settled (``GameState.victory_settled``), only those patients'
    specialities are rechecked: the other counts are the same, and so are their holders
    (a recheck of the same counts keeps the holder it gave). Otherwise all are."""
    victory = state.victory
    if len(state.players) not in VICTORY_CARD_PLAYER_COUNTS:
        return victory
    if moved is not None and state.victory_settled:
        new, last = list(victory), None
        for patient in moved:
            index = patient.speciality.index
            if index != last:  # (a sweep's patients come one speciality together)
                last = index
                try:  # (``speciality_counts`` without the property call, when worked out)
                    counts = tuple([p._speciality_counts[index] for p in players])
                except AttributeError:
                    counts = tuple([p.speciality_counts[index] for p in players])
                new[index] = _holder((counts, victory[index]))
        return tuple(new)
    # ``per_speciality[i]``: every seat's count of speciality ``i``.
    per_speciality = list(zip(*[p.speciality_counts for p in players]))
    if len(victory) != len(per_speciality):  # not a state of this game: no shortcut
        return tuple([victory_holder(per_speciality[i], holder) for i, holder in enumerate(victory)])
    return tuple(map(_holder, zip(per_speciality, victory)))


def _holder(key: tuple[tuple[int, ...], int | None]) -> int | None:
    """``victory_holder(*key)``, worked out once for each ``key`` (kept in ``_HOLDERS``)."""
    try:
        return _HOLDERS[key]
    except KeyError:
        holder = _HOLDERS[key] = victory_holder(*key)
        return holder


#: ``victory_holder`` by its arguments (each seat's count, holder), worked out once:
#: at most 6 counts for each of 2-4 seats and 5 holders, so a few thousand entries.
_HOLDERS: dict[tuple[tuple[int, ...], int | None], int | None] = {}


def _replace(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]
