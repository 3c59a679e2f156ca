"""Every kind of Clinic action gets a sentence in the event log that names WHO did WHAT
(``core.clinic.game.narration.describe``), worked out from the states before and after.

Two kinds of test:

- behaviour over seeded random games: for each action kind the sentence starts with
  the acting player's name and names the thing (person, place, car spot, cost, tile,
  appointment, time), with the facts read from the states, not from the narration;
- exact sentences at fixed steps of three seeded random games (one per phase event:
  the reveal, Business, cars owed, deaths, the new round, the end).  If a rule change
  alters these games, rerun ``/tmp``-style collection (play ``random.Random(seed)``
  over ``legal_actions``) and check the new sentences read right before pasting them.
"""

from __future__ import annotations

import random

import pytest
from attrs import evolve
from core.clinic.game import (
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
    Phase,
    SelectTile,
    apply_action,
    is_over,
    legal_actions,
    new_game,
)
from core.clinic.game.actions import ParkStartingCar, RemoveCar, ShiftAppointment
from core.clinic.game.state import Turn
from core.clinic.game.narration import describe, in_move, place_name, spot_name

from .game_helpers import with_player

NAMES = ["Ann", "Bob", "Cat"]


def _game(seed: int, players: int, expert: bool):
    """(before, action, after, text) for every step of a seeded random game."""
    state = new_game(NAMES[:players], seed, expert=expert)
    rng = random.Random(seed)
    out = []
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        after = apply_action(state, action)
        out.append((state, action, after, describe(state, action, after)))
        state = after
    return out


GAMES = [(2, 3, False), (11, 3, True), (5, 3, True), (4, 2, False)]


def _steps(key):
    # Played again in every test (no cache): each test must itself reach the narration,
    # so that mutation testing runs it against every change of ``describe``.
    return _game(*key)


def _new_people(before, after, seat):
    old = {p.id for p in before.players[seat].clinic.people}
    return [p for p in after.players[seat].clinic.people if p.id not in old]


def _check(before, action, after, text):
    """The sentence names the acting player and the thing, as the states say."""
    seat = before.current
    who = before.players[seat].name
    assert text.startswith(who + " "), text
    assert text.endswith("."), text
    b, a = before.players[seat], after.players[seat]
    spent = b.money - a.money
    cost = "(free)" if spent == 0 else f"(${spent})"
    if isinstance(action, SelectTile):
        # The tile stays secret until the reveal.
        assert text.split(".")[0] == f"{who} places an action tile face down"
    elif isinstance(action, ChooseBonus):
        tile = str(action.tile).replace("your ", f"{who}'s ")  # whose doctor is trained: the taker's
        assert text.split(". ")[0].rstrip(".") == f"{who} takes the bonus tile: {tile}"
    elif isinstance(action, Construct):
        assert text.split(". ")[0].rstrip(".").endswith(f" {cost}")
        assert f" at {action.build.where}" in text if hasattr(action.build, "where") else True
    elif isinstance(action, (HireDoctor, HireNurse, HireOrderly)):
        (person,) = _new_people(before, after, seat)
        board = a.clinic.board
        assert text.startswith(f"{who} hires {person} ")
        assert f" for {'free' if spent == 0 else f'${spent}'}, " in text
        assert f"arriving at {place_name(board, action.arrival)}, car parked {spot_name(action.car)}" in text
        if isinstance(action, HireDoctor):
            assert f"{person} from university space {action.slot + 1} for " in text
        else:
            assert "university" not in text
    elif isinstance(action, ShiftAppointment):
        colour = before.notepad[before.row(action.service)][action.index]
        assert text.startswith(
            f"{who} moves the {colour} {action.service} appointment in space {action.index + 1}"
            f" {action.direction}"
        )
    elif isinstance(action, AdmitPatient):
        (person,) = _new_people(before, after, seat)
        assert text.startswith(
            f"{who} admits {'an' if str(person.colour)[0] in 'aeiou' else 'a'} {person.colour}"
            f" {action.service} patient into pre-admissions,"
            f" car parked {spot_name(action.car)}"
        )
    elif isinstance(action, MovePerson):
        person = b.clinic.person(action.pid)
        board = b.clinic.board
        assert text.startswith(
            f"{who} moves {person} from {place_name(board, person.where)}"
            f" to {place_name(board, action.goal)} (time {a.clinic.move_time - b.clinic.move_time})"
        )
    elif isinstance(action, EndMove):
        assert text.startswith(
            f"{who} ends the move: time spent +{a.time_spent - b.time_spent} (total {a.time_spent})"
        )
    elif isinstance(action, RemoveCar):
        assert text.startswith(f"{who} removes the car {spot_name(action.spot)}")
        more = f"({a.cars_owed} more to remove)"
        assert (more in text) == (a.cars_owed > 0 and after.current == seat)
    elif isinstance(action, ParkStartingCar):
        assert text.startswith(f"{who} parks the starting car {spot_name(action.spot)}")
    elif isinstance(action, Done):
        assert text.startswith(f"{who} is done ")
    # Phase events are appended exactly when they happen.
    revealed = before.phase is Phase.SELECT and after.phase is not Phase.SELECT
    assert ("tiles revealed" in text) == revealed
    business = in_move(before) and not in_move(after)
    assert ("Business: " in text) == business
    if business:
        for p in after.players:
            assert f"Business: {p.name} treats " in text
    assert (" begins; turn order " in text) == (after.round > before.round)
    assert ("The game is over" in text) == (after.phase is Phase.OVER)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_sentence_names_the_player_and_the_thing(key):
    """Every action of a whole game is told with its actor and its object."""
    kinds = set()
    for before, action, after, text in _steps(key):
        _check(before, action, after, text)
        kinds.add(type(action))
    # A whole game uses (almost) every kind of action.
    assert {SelectTile, Construct, HireNurse, HireDoctor, MovePerson, EndMove, Done} <= kinds


EXACT = {
    (2, 3, False): {
        0: "Cat parks the starting car on the border north of A1.",
        3: "Ann takes the bonus tile: a yellow doctor.",
        6: "Cat builds parking at floor 0 D2 (free).",
        7: "Cat places an action tile face down.",
        11: "Bob builds an operating room at floor 1 A1 ($5).",
        12: "Cat moves the white psychiatry appointment in space 5 down.",
        13: "Cat admits a yellow psychiatry patient into pre-admissions, car parked on the border west of A3.",
        15: "Ann is done admitting patients.",
        19: "Ann hires nurse 3 for $1, arriving at the entrance east of D2, car parked on the border north of D1.",
        20: "Ann hires white doctor 4 from university space 2 for $3, arriving at the entrance east of D2,"
        " car parked on the border north of B1.",
        29: "Bob builds an outpatient services at floor 0 D2 ($4).",
        31: "Ann hires orderly 5 for $1, arriving at the entrance east of D2, car parked on the border east of C1.",
        33: "Cat moves yellow psychiatry patient 3 from psychiatry pre-admissions to the treatment room"
        " at floor 0 B2 (time 2).",
        37: "Cat ends the move: time spent +7 (total 7).",
        49: "Ann ends the move: time spent +11 (total 11)."
        " Business: Cat treats 0 patients, popularity 0->0, savings $9->$3."
        " Business: Bob treats 0 patients, popularity 0->0, savings $5->$0."
        " Business: Ann treats 0 patients, popularity 0->0, savings $6->$0."
        " Round 2 begins; turn order Ann, Cat, Bob.",
        62: "Cat is done building.",
        55: "Cat admits an orange ophthalmology patient into pre-admissions, car parked on the parking tile"
        " at floor 0 D2.",
        107: "Ann ends the move: time spent +1 (total 15)."
        " Business: Cat treats 0 patients, popularity 0->0, savings $0->$0."
        " Business: Bob treats 0 patients, popularity 0->0, savings $0->$0."
        " Business: Ann treats 0 patients, popularity 0->0, savings $0->$0."
        " Cat removes 3 cars of their choice (people left)."
        " Cat: 3 red patients died (-5 popularity each)."
        " Round 4 begins; turn order Ann, Cat, Bob.",
        108: "Cat removes the car on the border north of A1 (2 more to remove).",
        208: "Bob ends the move: time spent +6 (total 25)."
        " Business: Ann treats 0 patients, popularity 0->0, savings $0->$0."
        " Business: Cat treats 0 patients, popularity 0->0, savings $0->$0."
        " Business: Bob treats 0 patients, popularity 0->0, savings $0->$0."
        " Cat: 1 red patient died (-5 popularity each)."
        " Bob: 1 red patient died (-5 popularity each)."
        " The game is over: Ann wins with 0 popularity.",
    },
    (11, 3, True): {
        0: "Bob builds a psychiatry service hub at floor 0 D3 (free).",
        15: "Cat takes the bonus tile: an orderly.",
        46: "Bob moves white doctor 3 from the entrance east of D3 to the psychiatry service hub"
        " at floor 0 D3 (time 1).",
        55: "Cat ends the move: time spent +1 (total 1); orderly 2 could go nowhere and left."
        " Cat removes 1 car of their choice (people left).",
        56: "Cat removes the car on the border west of A1."
        " Business: Bob treats 1 patient, popularity 0->0, savings $11->$11."
        " Business: Ann treats 0 patients, popularity 0->0, savings $4->$0."
        " Business: Cat treats 0 patients, popularity 0->0, savings $12->$5."
        " Bob removes 1 car of their choice (people left).",
        57: "Bob removes the car on the parking tile at floor 0 B2. Round 2 begins; turn order Cat, Bob, Ann.",
    },
    (5, 3, True): {
        41: "Bob upgrades the parking at floor 0 A2 ($1).",
        45: "Cat is done hiring.",
    },
}


@pytest.mark.parametrize("key", list(EXACT))
def test_exact_sentences_of_seeded_games(key):
    steps = _steps(key)
    got = {i: steps[i][3] for i in EXACT[key]}
    assert got == EXACT[key]


def test_buying_popularity_names_the_amount_and_price():
    """Rulebook (Business): "If you have any of this round's income remaining, you may buy
    popularity ... Each 1 popularity costs \\$3."  The sentence says who, how many, and
    the price."""
    before = _steps((2, 3, False))[60][0]
    seat = before.turn_order[-1]
    state = evolve(before, phase=Phase.BUY_POPULARITY, queue=(seat,), step=Turn())
    state = with_player(state, seat, income=7)
    after = apply_action(state, BuyPopularity(2))
    text = describe(state, BuyPopularity(2), after)
    assert text.split(". ")[0] == f"{state.players[seat].name} buys 2 popularity ($6)"
    assert after.players[seat].popularity == state.players[seat].popularity + 2


def test_place_and_spot_names():
    """The words for places: an entrance, a plain border, a module's space, a helipad,
    a bare space; cars park on a border or on a parking tile's space."""
    state = _steps((2, 3, False))[60][2]
    board = state.players[0].clinic.board
    entrance = next(iter(board.entrances))
    assert place_name(board, entrance) == f"the entrance {entrance}"
    plain = next(b for b in board.all_borders if b not in board.entrances)
    assert place_name(board, plain) == f"the border {plain}"
    where, module = board.modules[0]
    assert place_name(board, where) == f"the {module} at {where}"
    empty = next(s for s in board.spaces() if board.tile_at(s) is None)
    assert place_name(board, empty) == str(empty)
    assert spot_name(plain) == f"on the border {plain}"
    assert spot_name(empty) == f"on the parking tile at {empty}"


def test_a_helipad_is_named_as_such():
    """Rulebook, Hire: "Place the new hire on any entrance or helipad of your choice"."""
    from core.clinic import Colour, beginner_initial_board, build, parse_space
    from core.clinic.construction import BuildHelipad

    roof = parse_space("B3", floor=1)
    board = build(beginner_initial_board(Colour.WHITE), BuildHelipad(roof))
    assert place_name(board, roof) == "the helipad at floor 1 B3"


def test_the_trained_doctor_bonus_says_whose_doctor():
    """"Random bot takes the bonus tile: your white doctor becomes yellow" told every
    reader it was their doctor; the log names the taker's."""
    import random as _random

    from core.clinic.game import apply_action, legal_actions, new_game
    from core.clinic.game.actions import ChooseBonus
    from core.clinic.game.narration import describe
    from core.clinic.game.state import BonusTile

    for seed in range(40):
        state, rng = new_game(["Ann", "Bob"], seed), _random.Random(seed)
        while state.phase.value != "over":
            legal = legal_actions(state)
            trained = [a for a in legal if isinstance(a, ChooseBonus) and a.tile is BonusTile.TRAINED_DOCTOR]
            if trained:
                who = state.players[state.current].name
                text = describe(state, trained[0], apply_action(state, trained[0]))
                assert text.startswith(f"{who} takes the bonus tile: {who}'s white doctor becomes yellow"), text
                assert "your" not in text
                return
            state = apply_action(state, rng.choice(legal))
    raise AssertionError("no game offered the trained-doctor bonus")
