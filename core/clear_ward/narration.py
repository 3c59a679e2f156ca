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
from core.clear_ward.cards import SPECIALITIES, Patient, StaffCard
from core.clear_ward.constants import STAFF_DRAW
from core.clear_ward.scoring import DecidedBy
from core.clear_ward.state import GameState, Phase, evolve
from core.clear_ward.ward import cell_name


def _stars(n: int) -> str:
    return f"{n} star" + ("" if n == 1 else "s")


def _staff_cards(n: int) -> str:
    return f"{n} staff card" + ("" if n == 1 else "s")


def _treated(before: GameState, after: GameState, seat: int) -> str:
    return _treats(after.players[seat].log_book[len(before.players[seat].log_book) :])


def _treats(new: tuple[Patient, ...] | list[Patient]) -> str:
    """``"treats 3 Cardiology patients: +6 stars"`` (``""`` for nobody)."""
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
        # Both cards are legal only when a patient is there to take: never "nothing".
        return f"{text} and receives " + ", ".join(str(p) for p in gained)
    return _effect(text, use)


#: What the staff cards that treat or move nobody do, after "Ann uses the Porter".
_EFFECTS = {
    StaffCard.PORTER: ": this turn the Doctor may reverse and stop on empty spaces",
    StaffCard.REGISTRAR: ": the Doctor moves again",
}


def _effect(text: str, use: UseStaff) -> str:
    """``text`` ("Ann uses the Porter", "use the Porter") with what the Porter, the
    Registrar or the Junior Doctor does."""
    if use.card in _EFFECTS:
        return text + _EFFECTS[use.card]
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
        text = f"{who} draws {_staff_cards(len(after.drawn))}"
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


# -- actions not yet taken: the words of a menu or of the plain text mode ------------------


def _gains(state: GameState, cells: list[int] | tuple[int, ...]) -> str:
    """What treating the face-up patients on ``cells`` gives the current player:
    ``"treats 2 Cardiology patients: +4 stars; Ann takes the Cardiology victory card"``."""
    from core.clear_ward.treatment import treated

    text = _treats([state.ward[c].patient for c in cells])
    ward, players, victory = treated(state, cells)
    after = evolve(state, ward=ward, players=players, victory=victory)
    return "; ".join([text, *_victory_changes(state, after)])


def _move_option(state: GameState, move: Move) -> str:
    from core.clear_ward.movement import destination
    from core.clear_ward.treatment import sweep_cells

    dest, passed = destination(state, move)
    text = f"move {move.direction.value} {move.steps} to {cell_name(dest)}"
    if state.solo and state.moves_now[1]:
        text = "Night Shift forced move: " + text
    card = state.ward[dest]
    if card is None:
        text += ", an empty space"
    elif not card.face_up:
        text += ", a face-down patient: turn it over"
    elif not card.treatable(state.turn):
        text += f", {card.patient} under observation: nobody is treated"
    else:
        others = [c for c in sweep_cells(state, card.patient.speciality) if c != dest]
        text += ", " + _gains(state, [dest, *others])
    if passed and StaffCard.NURSE in state.players[state.current].staff:
        text += f" (passes {len(passed)} card{'s' if len(passed) != 1 else ''})"
    return text


def _staff_option(state: GameState, use: UseStaff) -> str:
    card = use.card
    text = f"use the {card.value}"
    if card in (StaffCard.PHARMACIST, StaffCard.NURSE):
        return f"{text} on {' and '.join(cell_name(c) for c in use.cells)}: {_gains(state, use.cells)}"
    if card is StaffCard.CONSULTANT_OPINION:
        target = state.ward[use.cells[0]]
        what = str(target.patient) if target.face_up else "the face-down patient"
        return f"{text} on {cell_name(use.cells[0])}: {what} leaves the game"
    if card is StaffCard.WARD_ROUND:
        from core.clear_ward.staff import ward_round_gifts

        gifts = ", ".join(f"{patient} from {state.players[seat].name}" for seat, patient in ward_round_gifts(state))
        return f"{text}: receive {gifts}"
    if card is StaffCard.LOCUM:
        owner = next(p.name for p in state.players if use.patient in p.log_book)
        return f"{text}: take {use.patient} from {owner}'s log book"
    return _effect(text, use)


def option_text(state: GameState, action: Action) -> str:
    """Words for a legal ``action`` of the current player before it is taken (a menu
    line, the plain text mode), e.g. "move right 2 to D4, treats 3 Cardiology patients:
    +6 stars". Says only what that player may know: a face-down patient is not named
    (unless they looked at it with the Junior Doctor), nor the staff deck's order."""
    if isinstance(action, Move):
        return _move_option(state, action)
    if isinstance(action, UseStaff):
        return _staff_option(state, action)
    if isinstance(action, DrawStaff):
        return f"draw {_staff_cards(min(STAFF_DRAW, len(state.staff_deck)))}"
    if isinstance(action, DeclineStaff):
        return "draw no staff cards"
    if isinstance(action, KeepStaff):
        back = list(state.players[state.current].staff + state.drawn)
        for card in action.hand:
            back.remove(card)
        rest = f", return the {' and the '.join(c.value for c in back)} to the deck" if back else ""
        return f"keep the {' and the '.join(c.value for c in action.hand)}{rest}"
    if isinstance(action, JuniorDoctorFlip):
        if action.cell is None:
            return "turn no patient face up"
        return f"turn over {state.ward[action.cell].patient} on {cell_name(action.cell)}"
    if isinstance(action, EndTurn):
        return "end the turn"
    return str(action)  # pragma: no cover, no mutate - every action is listed above


def decision_text(state: GameState) -> str:
    """What the current player decides now, as a sentence without their name:
    "move the Doctor, or use a staff card first"."""
    from core.clear_ward.staff import can_use_staff

    phase = state.phase
    if phase is Phase.OVER:
        return f"nothing: the game is over ({state.end_reason.value})"
    if phase is Phase.MOVE:
        if state.solo and state.moves_now[1]:
            return "no legal move: make the Night Shift forced move"
        return "move the Doctor" + (", or use a staff card first" if can_use_staff(state) else "")
    if phase is Phase.AFTER_ACTION:
        return "use a staff card, or end the turn"
    if phase is Phase.DRAW_DECISION:
        return f"you turned a patient face up: draw {STAFF_DRAW} staff cards or not"
    if phase is Phase.KEEP_STAFF:
        drawn = " and the ".join(c.value for c in state.drawn)
        return f"you drew the {drawn}: choose the staff cards to keep"
    return "turn one of the patients you looked at face up, or none"


def top_doc_line(res, names) -> str:
    """Who is named Top Doc (the rulebook's title for the winner) in a game of 2-4
    players: "Top Doc: Ann wins (most stars)", or on a full tie "Shared victory: Ann and
    Bob are both Top Doc". ``res``: a ``scoring.GameResult``; ``names`` by seat."""
    if res.decided_by is DecidedBy.SHARED:
        return "Shared victory: " + " and ".join(names[s] for s in res.winners) + " are both Top Doc"
    return f"Top Doc: {names[res.winners[0]]} wins ({res.decided_by.value})"
