"""Plain sentences for the event log: what an action did, worked out from the states
before and after it (so the log can never disagree with the rules).

Hidden information stays hidden: a face-down action tile is not named until the
reveal.  ``place_name``, ``spot_name`` and ``person_name`` are the words the UI uses too.
"""

from __future__ import annotations

from core.clinic.board import Border, Space
from core.clinic.components import Helipad, Role, a_or_an
from core.clinic.people import Clinic, Person, PreAdmissions

from .actions import (
    Action,
    AdmitPatient,
    BuyPopularity,
    ChooseBonus,
    Construct,
    Done,
    EndMove,
    HireDoctor,
    HireNurse,
    HireOrderly,
    MovePerson,
    ParkStartingCar,
    RemoveCar,
    SelectTile,
    ShiftAppointment,
)
from .state import AfterCars, GameState, Phase


def place_name(board, where) -> str:
    """``"floor 0 B2"``, ``"the entrance east of D2"``, ``"the helipad at floor 1 A1"``,
    ``"cardiology pre-admissions"``."""
    if isinstance(where, PreAdmissions):
        return str(where)
    if isinstance(where, Border):
        return f"the entrance {where}" if where in board.entrances else f"the border {where}"
    if isinstance(board.tile_at(where), Helipad):
        return f"the helipad at {where}"
    module = board.module_at(where)
    return f"the {module} at {where}" if module is not None else str(where)


def spot_name(spot) -> str:
    """Where a car parks: a border or a parking tile's space."""
    return f"on the parking tile at {spot}" if isinstance(spot, Space) else f"on the border {spot}"


def person_name(person: Person) -> str:
    """``"yellow doctor 3"``, ``"nurse 4"``, ``"red cardiology patient 7"``."""
    return str(person)


def _new_person(before: Clinic, after: Clinic) -> Person | None:
    old = {p.id for p in before.people}
    new = [p for p in after.people if p.id not in old]
    return new[0] if new else None


def _money(n: int) -> str:
    return "free" if n == 0 else f"${n}"


def _construct(before: GameState, action: Construct, after: GameState, seat: int) -> str:
    who = before.players[seat].name
    cost = before.players[seat].money - after.players[seat].money
    words = str(action.build)
    for verb in ("build", "upgrade"):
        if words.startswith(verb + " "):
            words = verb + "s" + words[len(verb):]
    for vowel in ("operating", "outpatient"):
        words = words.replace(f" a {vowel}", f" an {vowel}")
    return f"{who} {words} ({_money(cost)})"


def _hire(before: GameState, action, after: GameState, seat: int) -> str:
    who = before.players[seat].name
    cost = before.players[seat].money - after.players[seat].money
    person = _new_person(before.players[seat].clinic, after.players[seat].clinic)
    board = after.players[seat].clinic.board
    what = person_name(person) if person else "someone"
    if isinstance(action, HireDoctor):
        what = f"{what} from university space {action.slot + 1}"
    return (
        f"{who} hires {what} for {_money(cost)}, arriving at {place_name(board, action.arrival)},"
        f" car parked {spot_name(action.car)}"
    )


def _shift(before: GameState, action: ShiftAppointment, after: GameState) -> str:
    who = before.players[before.current].name
    colour = before.notepad[before.row(action.service)][action.index]
    return (
        f"{who} moves the {colour} {action.service} appointment in space {action.index + 1}"
        f" {action.direction}"
    )


def _admit(before: GameState, action: AdmitPatient, after: GameState, seat: int) -> str:
    who = before.players[seat].name
    person = _new_person(before.players[seat].clinic, after.players[seat].clinic)
    colour = f"{person.colour} " if person is not None else ""
    return (
        f"{who} admits {a_or_an(f'{colour}{action.service}')} patient into pre-admissions,"
        f" car parked {spot_name(action.car)}"
    )


def _move(before: GameState, action: MovePerson, after: GameState, seat: int) -> str:
    who = before.players[seat].name
    b, a = before.players[seat].clinic, after.players[seat].clinic
    person = b.person(action.pid)
    time = a.move_time - b.move_time
    return (
        f"{who} moves {person_name(person)} from {place_name(b.board, person.where)}"
        f" to {place_name(b.board, action.goal)} (time {time})"
    )


def _end_move(before: GameState, after: GameState, seat: int) -> str:
    who = before.players[seat].name
    b, a = before.players[seat], after.players[seat]
    added = a.time_spent - b.time_spent
    text = f"{who} ends the move: time spent +{added} (total {a.time_spent})"
    # People still on an entrance or helipad leave (by ids gone before Business).
    stayed_ids = {p.id for p in a.clinic.people}
    gone = [
        p for p in b.clinic.people
        if p.id not in stayed_ids and p.role is not Role.PATIENT
    ]
    if gone:
        text += "; " + ", ".join(person_name(p) for p in gone) + " could go nowhere and left"
    return text


_DONE = {Phase.BUILD: "building", Phase.HIRE: "hiring", Phase.ADMIT: "admitting patients"}


def _reveal(after: GameState) -> str:
    names = [p.name for p in after.players]
    tiles = ", ".join(
        f"{names[s]} {after.selected[s]}" for s in after.turn_order if after.selected[s] is not None
    )
    return f"Action {after.action}: tiles revealed: {tiles}"


def _business(before: GameState, after: GameState) -> list[str]:
    """One line per player after Business: popularity and savings."""
    out = []
    for seat in before.turn_order:
        b, a = before.players[seat], after.players[seat]
        cured = a.cured - b.cured
        out.append(
            f"Business: {a.name} treats {cured} patient{'s' if cured != 1 else ''},"
            f" popularity {b.popularity}->{a.popularity}, savings ${b.money}->${a.money + a.income}"
        )
    return out


def _deaths(before: GameState, after: GameState) -> list[str]:
    """Admin's deaths (red patients worsening), in the new turn order."""
    out = []
    for seat in after.turn_order:
        b, a = before.players[seat], after.players[seat]
        dead = a.dead - b.dead
        if dead:
            out.append(f"{a.name}: {dead} red patient{'s' if dead != 1 else ''} died (-5 popularity each)")
    return out


def _round_end(before: GameState, after: GameState) -> list[str]:
    out = _deaths(before, after)
    names = ", ".join(after.players[s].name for s in after.turn_order)
    out.append(f"Round {after.round} begins; turn order {names}")
    return out


def in_move(state: GameState) -> bool:
    """The Move phase, or its cars being removed before the next player moves."""
    return state.phase is Phase.MOVE or (
        state.phase is Phase.REMOVE_CAR and state.cars_then is AfterCars.MOVE
    )


def _cars_owed(state: GameState) -> str:
    p = state.players[state.current]
    n = p.cars_owed
    return f"{p.name} removes {n} car{'s' if n != 1 else ''} of their choice (people left)"


def describe(before: GameState, action: Action, after: GameState) -> str:
    """One or more sentences saying what ``action`` did, e.g. "Ann builds a treatment
    room at floor 0 B2 ($2)."."""
    seat = before.current
    who = before.players[seat].name
    if isinstance(action, SelectTile):
        text = f"{who} places an action tile face down"
    elif isinstance(action, ChooseBonus):
        text = f"{who} takes the bonus tile: {action.tile}"
    elif isinstance(action, Construct):
        text = _construct(before, action, after, seat)
    elif isinstance(action, (HireDoctor, HireNurse, HireOrderly)):
        text = _hire(before, action, after, seat)
    elif isinstance(action, ShiftAppointment):
        text = _shift(before, action, after)
    elif isinstance(action, AdmitPatient):
        text = _admit(before, action, after, seat)
    elif isinstance(action, MovePerson):
        text = _move(before, action, after, seat)
    elif isinstance(action, EndMove):
        text = _end_move(before, after, seat)
    elif isinstance(action, BuyPopularity):
        spent = 3 * action.amount
        text = f"{who} buys {action.amount} popularity (${spent})"
    elif isinstance(action, RemoveCar):
        left = after.players[seat].cars_owed
        more = f" ({left} more to remove)" if left and after.current == seat else ""
        text = f"{who} removes the car {spot_name(action.spot)}{more}"
    elif isinstance(action, ParkStartingCar):
        text = f"{who} parks the starting car {spot_name(action.spot)}"
    elif isinstance(action, Done):
        text = f"{who} is done {_DONE.get(before.phase, 'with the action')}"
    else:  # pragma: no cover - every action is listed above
        text = f"{who}: {action}"
    parts = [text]
    if before.phase is Phase.SELECT and after.phase is not Phase.SELECT:
        parts.append(_reveal(after))
    if in_move(before) and not in_move(after):
        parts.extend(_business(before, after))
    if after.phase is Phase.REMOVE_CAR and (before.phase is not Phase.REMOVE_CAR or before.current != after.current):
        parts.append(_cars_owed(after))
    if after.round > before.round:
        parts.extend(_round_end(before, after))
    if after.config.options:  # what the expansions did (zombie kills, transfusions...)
        from core.clinic.expansions import events

        parts.extend(events(before, after))
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        parts.extend(_deaths(before, after))  # round 6's Admin (rulings 0.1)
        best = max(p.popularity for p in after.players)
        from .end import winners

        win = after.players[winners(after)[0]].name
        parts.append(f"The game is over: {win} wins with {best} popularity")
    return ". ".join(parts) + "."
