"""The share text of a finished daily Night Shift (docs/daily.md): the day, the time,
the stars and a one-line grid of the specialities in the order the ward was cleared
of them, as letters (and coloured squares unless ``ascii``). It names no patient
still face down, no card order and no seed: only what any player of that day's deal
sees at the end of their own game.
"""

from __future__ import annotations

from core.clear_ward.cards import SPECIALITIES, Speciality
from core.clear_ward.state import EndReason, GameState

#: One letter a speciality (Psychiatry is Y: Paediatrics has the P).
LETTERS = {
    Speciality.CARDIOLOGY: "C", Speciality.RESPIRATORY: "R", Speciality.GASTROENTEROLOGY: "G",
    Speciality.NEUROLOGY: "N", Speciality.ORTHOPAEDICS: "O", Speciality.PAEDIATRICS: "P",
    Speciality.PSYCHIATRY: "Y",
}
#: A coloured square a speciality, near the ward's colour for it.
SQUARES = {
    Speciality.CARDIOLOGY: "🟥", Speciality.RESPIRATORY: "🟦", Speciality.GASTROENTEROLOGY: "🟨",
    Speciality.NEUROLOGY: "🟪", Speciality.ORTHOPAEDICS: "🟩", Speciality.PAEDIATRICS: "🟧",
    Speciality.PSYCHIATRY: "⬜",
}
#: A speciality not cleared (its patients were still in the ward at the end).
NOT_CLEARED = ("⬛", ".")


def clear_order(state: GameState) -> tuple[Speciality, ...]:
    """The specialities whose patients had all left the ward by the end, in the order
    the last of each was treated (one with none treated first)."""
    left = {card.patient.speciality for card in state.ward if card is not None}
    last: dict[Speciality, int] = {}
    for i, patient in enumerate(state.players[0].log_book):
        last[patient.speciality] = i
    cleared = [s for s in SPECIALITIES if s not in left]
    return tuple(sorted(cleared, key=lambda s: last.get(s, -1)))


def grid(state: GameState, ascii: bool = False) -> str:
    """The one-line grid: ``"🟥C 🟦R ⬛."`` (``ascii``: ``"C R ."``), seven marks."""
    order = clear_order(state)
    marks = [LETTERS[s] if ascii else SQUARES[s] + LETTERS[s] for s in order]
    marks += [NOT_CLEARED[1] if ascii else NOT_CLEARED[0] + NOT_CLEARED[1]] * (len(SPECIALITIES) - len(order))
    return " ".join(marks)


def clock(seconds: float) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour)."""
    h, rest = divmod(int(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def share_text(state: GameState, day: str, seconds: float, *, practice: bool = False, ascii: bool = False) -> str:
    """The share text of a finished Night Shift dealt on ``day`` (``YYYY-MM-DD``),
    played in ``seconds``; ``practice``: not the day's counted try. Three lines.
    Raises ``ValueError`` for a game not over or not solo."""
    if state.end_reason is None or not state.solo:
        raise ValueError("share_text: a finished Night Shift only")
    star = "*" if ascii else "★"
    won = state.end_reason is EndReason.WARD_CLEAR
    dot = "-" if ascii else "·"
    head = f"Clear the Ward {dot} daily {day}{' (practice)' if practice else ''}"
    outcome = f"Ward clear in {clock(seconds)}" if won else f"Night Shift lost at {clock(seconds)}"
    stars = state.players[0].stars
    return "\n".join((head, f"{outcome} {dot} {stars}{star} {dot} {len(clear_order(state))}/7 cleared", grid(state, ascii)))
