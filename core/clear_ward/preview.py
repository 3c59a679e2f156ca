"""What a move would do, before it is made, told from what the mover can see (rulebook
"Action Phase": the Doctor stops on a space; landing on a face-up patient treats every
face-up patient of that speciality not under observation; landing on a face-down one
turns it face up, under observation; "Speciality Victory Cards").

Pure: the sentence is read from ``apply_action`` only when the destination is face up
(nothing hidden is turned over then); a face-down patient is never named.
"""

from __future__ import annotations

from core.clear_ward.actions import Action, Move
from core.clear_ward.cards import SPECIALITIES
from core.clear_ward.movement import destination
from core.clear_ward.rules import apply_action
from core.clear_ward.state import GameState
from core.errors import GameError


def preview(state: GameState, action: Action, star: str = "★", *, short: bool = False) -> str:
    """One short phrase saying what ``action`` (a ``Move``) would do for the current
    player, e.g. "treats 4 Gastroenterology: +10★; takes the Gastroenterology victory
    card"; "" for other actions or an illegal move. ``star``: the star mark to use;
    ``short``: specialities by their three letters ("Gas")."""
    if not isinstance(action, Move):
        return ""
    try:
        dest, _ = destination(state, action)
    except (GameError, IndexError, KeyError):
        return ""
    card = state.ward[dest]
    if card is None:
        return "to an empty space: nobody is treated"
    if not card.face_up:
        return "turns a face-down patient face up (under observation)"
    try:
        after = apply_action(state, action)
    except GameError:
        return ""
    seat = state.current
    new = after.players[seat].log_book[len(state.players[seat].log_book):]
    if not new:
        return f"{name_of(card.patient.speciality, short)} under observation: nobody is treated"
    name = (lambda spec: spec.short) if short else (lambda spec: spec.value)
    specs = {p.speciality for p in new}
    what = name(next(iter(specs))) if len(specs) == 1 else ", ".join(sorted(name(s) for s in specs))
    parts = [f"treats {len(new)} {what}: +{sum(p.stars for p in new)}{star}"]
    for spec, old, now in zip(SPECIALITIES, state.victory, after.victory):
        if old == now:
            continue
        if now == seat:
            source = f" from {state.players[old].name}" if old is not None else ""
            parts.append(f"takes the {name(spec)} victory card{source}")
        elif old == seat:
            parts.append(f"loses the {name(spec)} victory card")
    return "; ".join(parts)


def name_of(speciality, short: bool) -> str:
    return speciality.short if short else speciality.value
