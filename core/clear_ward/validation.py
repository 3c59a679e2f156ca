"""Why an action is illegal: the message of ``IllegalActionError``, naming the rule.

Only called once ``apply_action`` has found the action illegal; it works out which
rule the action breaks so that the player reads the reason, not just "illegal".
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
from core.clear_ward.cards import Direction, StaffCard
from core.clear_ward.constants import LOCUM_MAX_STARS
from core.clear_ward.movement import forced_move, normal_moves
from core.clear_ward.state import GameState, Phase
from core.clear_ward.ward import RAYS, cell_name

_PHASE_NEEDS = {
    Phase.MOVE: "move the Doctor (or use a staff card before the move)",
    Phase.DRAW_DECISION: "decide whether to draw 2 staff cards for the flipped patient",
    Phase.KEEP_STAFF: "choose which staff card(s) to keep",
    Phase.JUNIOR_DOCTOR: "choose which looked-at patient to turn face up, or none",
    Phase.AFTER_ACTION: "use a staff card or end the turn",
}

_KINDS = {
    Move: {Phase.MOVE},
    DrawStaff: {Phase.DRAW_DECISION},
    DeclineStaff: {Phase.DRAW_DECISION},
    KeepStaff: {Phase.KEEP_STAFF},
    JuniorDoctorFlip: {Phase.JUNIOR_DOCTOR},
    EndTurn: {Phase.AFTER_ACTION},
    UseStaff: {Phase.MOVE, Phase.AFTER_ACTION},
}


def reject_reason(state: GameState, action: Action) -> str:
    """The rule ``action`` breaks in ``state``, as a sentence starting with the rule's
    rulebook name, e.g. ``"Movement: the Doctor must stop on a card; C4 is empty"``."""
    try:
        prefix = f"Illegal action {str(action)!r}: "
    except (TypeError, ValueError, AttributeError, IndexError):
        prefix = f"Illegal action {action!r}: "
    if state.phase is Phase.OVER:
        return prefix + f"Ending the Game: the game is over ({state.end_reason.value})"
    phases = _KINDS.get(type(action))
    if phases is None:
        return prefix + f"Turn Structure: {type(action).__name__} is not a Clear the Ward action"
    if state.phase not in phases:
        return prefix + f"Turn Structure: now you must {_PHASE_NEEDS[state.phase]}"
    if isinstance(action, Move):
        return prefix + _move_reason(state, action)
    if isinstance(action, UseStaff):
        return prefix + _staff_reason(state, action)
    if isinstance(action, KeepStaff):
        return prefix + (
            "Staff Cards: keep the cards you hold plus one drawn card, or with a full hand "
            f"any 2 of held and drawn (held {_names(state.players[state.current].staff)}, "
            f"drawn {_names(state.drawn)})"
        )
    return prefix + "Junior Doctor: turn face up one of the two patients looked at, or none"


def _names(cards) -> str:
    return ", ".join(c.value for c in cards) or "none"


def _move_reason(state: GameState, move: Move) -> str:
    here = cell_name(state.doctor)
    if not isinstance(move.direction, Direction):
        return f"Movement: {move.direction!r} is not a direction (up, right, down, left)"
    if not isinstance(move.steps, int) or move.steps < 1:
        return "Movement: the Doctor moves at least one space"
    ray = RAYS[state.doctor].get(move.direction, ())
    if move.steps > len(ray):
        return f"Movement: there are only {len(ray)} spaces {move.direction.value} of {here}"
    moves = normal_moves(state)
    if not moves and state.solo:
        return f"Night Shift: no move is legal, so the Doctor makes the forced move: {forced_move(state)}"
    back = state.last_direction.opposite if state.last_direction else None
    if move.direction is back and not state.porter:
        return (
            f"Movement: the Doctor may not move back {back.value} the way it came "
            "unless it is the only legal move"
        )
    dest = ray[move.steps - 1]
    return f"Movement: the Doctor must stop on a card; {cell_name(dest)} is empty"


def _staff_reason(state: GameState, use: UseStaff) -> str:
    card = use.card
    if not isinstance(card, StaffCard):
        return f"Staff Cards: {card!r} is not a staff card"
    if card not in state.players[state.current].staff:
        return f"Staff Cards: you do not hold the {card.value}"
    if state.staff_used:
        return "Staff Cards: only one staff card may be used per turn"
    before = state.phase is Phase.MOVE
    if card in (StaffCard.NURSE, StaffCard.REGISTRAR) and before:
        return f"{card.value}: used only after your move"
    if card is StaffCard.PORTER and not before:
        return "Porter: used only before your move"
    reasons = {
        StaffCard.PHARMACIST: "choose two (or the only) face-up 1-star patients not under observation",
        StaffCard.CONSULTANT_OPINION: "choose one patient in the ward, not under the Doctor",
        StaffCard.NURSE: "choose one face-up patient the Doctor passed over this turn, not under observation",
        StaffCard.WARD_ROUND: "no other player has a patient in their log book",
        StaffCard.REGISTRAR: "the Doctor would have no legal second move",
        StaffCard.LOCUM: f"choose a patient of 1-{LOCUM_MAX_STARS} stars in another player's log book",
        StaffCard.JUNIOR_DOCTOR: "choose two (or the only) face-down patients",
    }
    return f"{card.value}: {reasons.get(card, card.text)}"
