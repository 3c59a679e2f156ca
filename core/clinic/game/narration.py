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
from .hooks import in_move as expansion_in_move
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


def cars_moved_words(build, name=spot_name) -> str:
    """``", moving the cars on the border north of A1 and ... into it"`` for a parking
    tile built or upgraded with parked cars moving in ("" when none do); ``name``: how
    a car's spot is said (the ED board names its spaces without a floor)."""
    moved = getattr(build, "cars_moved", ())
    if not moved:
        return ""
    return f", moving the car{'s' if len(moved) > 1 else ''} {' and '.join(name(c) for c in moved)} into it"


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
    words = _build_words(action.build)
    for verb in ("build", "upgrade"):
        if words.startswith(verb + " "):
            words = verb + "s" + words[len(verb):]
    return f"{who} {words} ({_money(cost)})"


def _build_words(build) -> str:
    """``"build an operating room at floor 1 B2"``: the build's words with the right article."""
    words = str(build)
    for vowel in ("operating", "outpatient"):
        words = words.replace(f" a {vowel}", f" an {vowel}")
    return words


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
        f" to {place_name(b.board, action.goal)} (time {time}{_path_note(before, b.board, person, action.goal)})"
    )


def _path_note(state: GameState, board, person: Person, goal) -> str:
    """What the expansions say about the cheapest way there, after a comma (e.g. ", +1
    piece passed costs more time); empty otherwise."""
    if not state.config.options:
        return ""
    from core.clinic.game.hooks import path_notes
    from core.clinic.movement import cheapest_path

    _, steps = cheapest_path(board, person.where, goal, person.role is Role.PATIENT)
    note = path_notes(state, board, steps)
    return f", {note}" if note else ""


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


def _done_words(phase: Phase) -> str:
    """What "done" ends in ``phase``: "building", "hiring", "admitting patients"."""
    return _DONE.get(phase, "with the action")  # pragma: no mutate (Done is legal in these three phases only)


def _reveal(after: GameState) -> str:
    names = [p.name for p in after.players]
    tiles = ", ".join(
        f"{names[s]} {after.selected[s]}" for s in after.turn_order if after.selected[s] is not None
    )
    return f"Action {after.action}: tiles revealed: {tiles}"


def _business(before: GameState, after: GameState) -> list[str]:
    """One line per player after Business: popularity and savings, and what the
    expansions did (``business_report``)."""
    from .business_report import business_sentences

    return business_sentences(before, after)


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
    """The Move phase, or its cars being removed before the next player moves, or an
    expansion's phase that comes before the main clinic's Business (``hooks.in_move``):
    the main clinic's Business has not happened yet."""
    return state.phase is Phase.MOVE or (
        state.phase is Phase.REMOVE_CAR and state.cars_then is AfterCars.MOVE
    ) or (bool(state.config.options) and expansion_in_move(state))


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
        tile = str(action.tile).replace("your ", f"{who}'s ", 1)  # whose doctor: the taker's
        text = f"{who} takes the bonus tile: {tile}"
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
        text = f"{who} buys {action.amount} popularity (${spent})" if action.amount else f"{who} buys no popularity"
    elif isinstance(action, RemoveCar):
        left = after.players[seat].cars_owed
        more = f" ({left} more to remove)" if left and after.current == seat else ""
        text = f"{who} removes the car {spot_name(action.spot)}{more}"
    elif isinstance(action, ParkStartingCar):
        text = f"{who} parks the starting car {spot_name(action.spot)}"
    elif isinstance(action, Done):
        text = f"{who} is done {_done_words(before.phase)}"
    else:  # an expansion's action (``Expansion.words``, else its ``option_text``)
        from core.clinic.game.hooks import words

        said = words(before, action, done=True)
        text = f"{who} {said}" if said else f"{who}: {option_text(before, action)}"
    parts = [text]
    if before.phase is Phase.SELECT and after.phase is not Phase.SELECT:
        parts.append(_reveal(after))
    if in_move(before) and not in_move(after):
        parts.extend(_business(before, after))
    if after.phase is Phase.REMOVE_CAR and (before.phase is not Phase.REMOVE_CAR or before.current != after.current):
        parts.append(_cars_owed(after))
    if after.round > before.round:
        parts.extend(_round_end(before, after))
    if after.config.options:  # what the expansions did
        from core.clinic.game.hooks import events

        parts.extend(events(before, after))
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        parts.extend(_deaths(before, after))  # round 6's Admin (rulings 0.1)
        parts.append(_game_over(after))
    return ". ".join(parts) + "."


def _game_over(state: GameState) -> str:
    """The sentence that ends a game: the winner and their popularity; alone, nobody
    "wins": the final popularity and whether the solitaire goal was met (base "Solo
    variant": the game is won only by meeting the goal)."""
    from .end import goal_status, winners

    best = max(p.popularity for p in state.players)
    if len(state.players) == 1:
        status = goal_status(state)
        goal = "" if status is None else f", solitaire goal {'met' if status.met else 'not met'}"
        return f"The game is over: {state.players[0].name} ends with {best} popularity{goal}"
    return f"The game is over: {state.players[winners(state)[0]].name} wins with {best} popularity"


# -- actions not yet taken: the words of a menu or of the plain text mode ------------------


def _hire_option(state: GameState, action) -> str:
    from . import constants as K
    from .hire import nurse_cost

    board = state.players[state.current].clinic.board
    if isinstance(action, HireDoctor):
        colour = state.university[action.slot]
        what = f"the {colour} doctor on university space {action.slot + 1} for ${K.UNIVERSITY_COSTS[action.slot]}"
    elif isinstance(action, HireNurse):
        what = f"a nurse for ${nurse_cost(state)}"
    else:
        what = f"an orderly for ${K.ORDERLY_COST}"
    return f"hire {what}, arriving at {place_name(board, action.arrival)}, car parked {spot_name(action.car)}"


def _move_option(state: GameState, action: MovePerson) -> str:
    from core.clinic.movement import cheapest_path

    clinic = state.players[state.current].clinic
    person = clinic.person(action.pid)
    time, _ = cheapest_path(clinic.board, person.where, action.goal, person.role is Role.PATIENT)
    return (
        f"move {person_name(person)} from {place_name(clinic.board, person.where)}"
        f" to {place_name(clinic.board, action.goal)} (time {time}{_path_note(state, clinic.board, person, action.goal)})"
    )


def _end_move_option(state: GameState) -> str:
    from core.clinic.movement import time_to_record

    from .hire import on_arrival_point

    clinic = state.players[state.current].clinic
    text = f"end the move: time spent +{time_to_record(clinic.move_time, clinic.board.has_triage)}"
    stuck = [p for p in clinic.people if on_arrival_point(clinic, p)]
    if stuck:
        text += "; " + ", ".join(person_name(p) for p in stuck) + " would leave (still on an arrival point)"
    return text


def option_text(state: GameState, action: Action) -> str:
    """Words for a legal ``action`` of the current player before it is taken (a menu
    line, the plain text mode), e.g. "build a treatment room at floor 0 B2 ($2)" or
    "move yellow doctor 1 from the entrance west of A2 to the psychiatry service hub at
    floor 0 A2 (time 1)". Nothing hidden is told: no other player's face-down tile, no
    draw from a bag."""
    from core.clinic.construction import build_cost

    from . import constants as K

    if state.config.options:  # an expansion's own action
        from core.clinic.game.hooks import option_text as expansion_text

        if (text := expansion_text(state, action)) is not None:
            return text
    if isinstance(action, SelectTile):
        return f"select the {action.tile} tile, face down"
    if isinstance(action, ChooseBonus):
        return f"take the bonus tile: {action.tile}"
    if isinstance(action, Construct):
        cost = build_cost(action.build) if state.phase is Phase.BUILD else 0
        return f"{_build_words(action.build)} ({_money(cost)}){cars_moved_words(action.build)}"
    if isinstance(action, (HireDoctor, HireNurse, HireOrderly)):
        return _hire_option(state, action)
    if isinstance(action, ShiftAppointment):
        colour = state.notepad[state.row(action.service)][action.index]
        return (
            f"move the {colour} {action.service} appointment in space {action.index + 1}"
            f" {action.direction} (1 queue point)"
        )
    if isinstance(action, AdmitPatient):
        colour = state.notepad[state.row(action.service)][-1]
        return (
            f"admit the {colour} {action.service} patient into pre-admissions (1 queue point),"
            f" car parked {spot_name(action.car)}"
        )
    if isinstance(action, MovePerson):
        return _move_option(state, action)
    if isinstance(action, EndMove):
        return _end_move_option(state)
    if isinstance(action, BuyPopularity):
        if action.amount == 0:
            return "buy no popularity"
        return f"buy {action.amount} popularity for ${K.POPULARITY_PRICE * action.amount}"
    if isinstance(action, (RemoveCar, ParkStartingCar)):
        verb = "remove the car" if isinstance(action, RemoveCar) else "park the starting car"
        return f"{verb} {spot_name(action.spot)}"
    if isinstance(action, Done):
        return f"done {_done_words(state.phase)}"
    from core.clinic.game.hooks import words  # an expansion's action

    return words(state, action) or str(action)


def decision_text(state: GameState) -> str:
    """What the current player decides now, as words without their name: "round 2,
    action 1: select an action tile, face down"."""
    from . import constants as K

    phase, step = state.phase, state.step
    if phase is Phase.OVER:
        return "nothing: the game is over"
    if state.config.options:  # an expansion's own decision (the ED's phases)
        from core.clinic.game.hooks import decision_text as expansion_text

        if (text := expansion_text(state)) is not None:
            return text
    p = state.players[state.current]
    if phase is Phase.EXPERT_SETUP:
        return "build your starting clinic (free), then park your starting car"
    if phase is Phase.BONUS:
        return "take a bonus tile"
    if phase is Phase.BONUS_PLACE:
        return f"place your bonus tile: {step.placing}"
    if phase is Phase.START_CAR:
        return "park your starting car"
    if phase is Phase.REMOVE_CAR:
        n = p.cars_owed
        return f"remove {n} car{'s' if n != 1 else ''} of your choice (people left)"
    where = f"round {state.round}, action {state.action}: "
    if phase is Phase.SELECT:
        return where + "select an action tile, face down"
    if phase is Phase.BUILD:
        left = K.BUILDS_PER_ACTION - step.builds
        return where + f"build up to {left} more component{'s' if left != 1 else ''} (${p.money}), or be done"
    if phase is Phase.HIRE:
        can = [w for w, done in (("a doctor", step.hired_doctor), ("a nurse or an orderly", step.hired_other)) if not done]
        return where + f"hire {' and '.join(can)} (${p.money}), or be done"
    if phase is Phase.ADMIT:
        return where + f"admit patients or move appointments: {step.qp} queue point{'s' if step.qp != 1 else ''} left"
    if phase is Phase.MOVE:
        return f"round {state.round}, Move: move your people, then end the move"
    return f"round {state.round}, Business: buy popularity at ${K.POPULARITY_PRICE} each from this round's income (${p.income})"
