"""Plain sentences for the event log: what an action did, worked out from the states
before and after it (so the log can never disagree with the rules).

Hidden information stays hidden: which staff cards were kept is not said.
"""

from __future__ import annotations

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
from core.clear_ward.cards import SPECIALITIES, StaffCard
from core.clear_ward.state import GameState, Phase
from core.clear_ward.ward import cell_name


def _stars(n: int) -> str:
    return f"{n} star" + ("" if n == 1 else "s")


def _treated(before: GameState, after: GameState, seat: int) -> str:
    new = after.players[seat].log_book[len(before.players[seat].log_book) :]
    if not new:
        return ""
    specs = {p.speciality for p in new}
    what = (
        f"{len(new)} {next(iter(specs)).value} patient" + ("s" if len(new) > 1 else "")
        if len(specs) == 1
        else ", ".join(str(p) for p in new)
    )
    return f"treats {what}: +{_stars(sum(p.stars for p in new))}"


def _victory_changes(before: GameState, after: GameState) -> list[str]:
    out = []
    for spec, old, new in zip(SPECIALITIES, before.victory, after.victory):
        if old == new:
            continue
        if new is None:
            out.append(f"{before.players[old].name} loses the {spec.value} victory card")
        elif old is None:
            out.append(f"{after.players[new].name} takes the {spec.value} victory card")
        else:
            out.append(
                f"{after.players[new].name} takes the {spec.value} victory card "
                f"from {before.players[old].name}"
            )
    return out


def _move(before: GameState, move: Move, after: GameState) -> str:
    who = before.players[before.current].name
    text = (
        f"Night Shift forced move: {who} moves the Doctor {move.direction.value} {move.steps}"
        if after.forced_move
        else f"{who} moves the Doctor {move.direction.value} {move.steps}"
    )
    dest = after.doctor
    card_before, card_after = before.ward[dest], after.ward[dest]
    treated = _treated(before, after, before.current)
    if treated:
        return f"{text}, {treated}"
    if card_before is None:
        return f"{text} to {cell_name(dest)}, an empty space"
    if not card_before.face_up and card_after is not None:
        return f"{text} and turns over {card_after.patient} on {cell_name(dest)} (under observation)"
    return f"{text} to {card_before.patient}, under observation: nobody is treated"


def _staff(before: GameState, use: UseStaff, after: GameState) -> str:
    seat = before.current
    who = before.players[seat].name
    text = f"{who} uses the {use.card.value}"
    card = use.card
    if card in (StaffCard.PHARMACIST, StaffCard.NURSE):
        return f"{text} and {_treated(before, after, seat)}"
    if card is StaffCard.CONSULTANT_OPINION:
        return f"{text}: {after.removed[-1]} leaves the game"
    if card in (StaffCard.WARD_ROUND, StaffCard.LOCUM):
        gained = after.players[seat].log_book[len(before.players[seat].log_book) :]
        return f"{text} and receives " + (", ".join(str(p) for p in gained) or "nothing")
    if card is StaffCard.PORTER:
        return f"{text}: this turn the Doctor may reverse and stop on empty spaces"
    if card is StaffCard.REGISTRAR:
        return f"{text}: the Doctor moves again"
    return f"{text} to look at " + " and ".join(cell_name(c) for c in use.cells)


def describe(before: GameState, action: Action, after: GameState) -> str:
    """One sentence saying what ``action`` did, e.g. "Ann moves the Doctor right 3,
    treats 3 Cardiology patients: +6 stars; Ann takes the Cardiology victory card"."""
    who = before.players[before.current].name
    if isinstance(action, Move):
        text = _move(before, action, after)
    elif isinstance(action, UseStaff):
        text = _staff(before, action, after)
    elif isinstance(action, DrawStaff):
        text = f"{who} draws {len(after.drawn)} staff cards"
    elif isinstance(action, DeclineStaff):
        text = f"{who} draws no staff cards"
    elif isinstance(action, KeepStaff):
        text = f"{who} keeps a staff card and returns the rest to the deck"
    elif isinstance(action, JuniorDoctorFlip):
        text = (
            f"{who} turns no patient face up"
            if action.cell is None
            else f"{who} turns over {after.ward[action.cell].patient} on {cell_name(action.cell)} (under observation)"
        )
    elif isinstance(action, EndTurn):
        text = f"{who} ends the turn"
    else:
        text = f"{who}: {action}"
    text = "; ".join([text, *_victory_changes(before, after)])
    if after.phase is Phase.OVER:
        text += f". The game is over: {after.end_reason.value}"
    return text + "."
