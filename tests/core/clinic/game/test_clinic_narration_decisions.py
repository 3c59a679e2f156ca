"""The words of every decision (``decision_text``) and of one menu line of each kind
(``option_text``) at fixed steps of four seeded random games, word for word: the menus,
the plain text mode and the server all read them, so a wrong word is a wrong rule shown
to a player (the counts and their plurals, the prices, the car spots, the places).

The steps were chosen so every phase and every kind of action appears at least once,
with the singular and the plural of each count. If a rule change alters these games,
print the same table again (play ``random.Random(seed)`` over ``legal_actions``) and
read each line against the rulebook before pasting it.
"""

from __future__ import annotations

import random

import pytest

from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.narration import decision_text, option_text

NAMES = ["Ann", "Bob", "Cat"]


def _kind(action) -> str:
    """The table's key: the action's class, with the cars a parking tile takes in and the
    popularity bought (each wording of its own)."""
    name = type(action).__name__
    moved = getattr(getattr(action, "build", None), "cars_moved", ())
    if moved:
        return f"{name}+cars{len(moved)}"
    if name == "BuyPopularity" and action.amount:
        return f"{name} {action.amount}"
    return name


#: (seed, players, expert) -> step -> (decision_text, the first option_text of each kind).
EXPECTED = {
    (2, 3, False): {
        0: ('park your starting car', {
            'ParkStartingCar': 'park the starting car on the border west of A1',
        }),
        3: ('take a bonus tile', {
            'ChooseBonus': 'take the bonus tile: $5',
        }),
        6: ('place your bonus tile: a free parking tile', {
            'Construct': 'build parking at floor 0 A1 (free)',
            'Construct+cars1': 'build parking at floor 0 A1 (free), moving the car on the border north of A1 into it',
        }),
        7: ('round 1, action 1: select an action tile, face down', {
            'SelectTile': 'select the Build tile, face down',
        }),
        10: ('round 1, action 1: build up to 2 more components ($20), or be done', {
            'Construct': 'build a psychiatry service hub at floor 0 A1 ($3)',
            'Construct+cars1': 'build parking at floor 0 A1 ($2), moving the car on the border west of A2 into it',
            'Done': 'done building',
        }),
        11: ('round 1, action 1: build up to 1 more component ($18), or be done', {
            'Construct': 'build a psychiatry service hub at floor 0 B1 ($3)',
            'Construct+cars1': 'build parking at floor 0 B1 ($2), moving the car on the border west of A2 into it',
            'Done': 'done building',
        }),
        12: ('round 1, action 1: admit patients or move appointments: 2 queue points left', {
            'AdmitPatient': 'admit the white psychiatry patient into pre-admissions (1 queue point), car parked on the border west of A1',
            'ShiftAppointment': 'move the white psychiatry appointment in space 5 down (1 queue point)',
            'Done': 'done admitting patients',
        }),
        13: ('round 1, action 1: admit patients or move appointments: 1 queue point left', {
            'AdmitPatient': 'admit the yellow psychiatry patient into pre-admissions (1 queue point), car parked on the border west of A1',
            'ShiftAppointment': 'move the yellow psychiatry appointment in space 5 down (1 queue point)',
            'Done': 'done admitting patients',
        }),
        19: ('round 1, action 2: hire a doctor and a nurse or an orderly ($15), or be done', {
            'HireDoctor': 'hire the yellow doctor on university space 1 for $4, arriving at the entrance east of D2, car parked on the border west of A1',
            'HireNurse': 'hire a nurse for $1, arriving at the entrance east of D2, car parked on the border west of A1',
            'HireOrderly': 'hire an orderly for $1, arriving at the entrance east of D2, car parked on the border west of A1',
            'Done': 'done hiring',
        }),
        20: ('round 1, action 2: hire a doctor ($14), or be done', {
            'HireDoctor': 'hire the yellow doctor on university space 1 for $4, arriving at the entrance east of D2, car parked on the border west of A1',
            'Done': 'done hiring',
        }),
        27: ('round 1, action 3: build up to 2 more components ($15), or be done', {
            'Construct': 'build a garden at floor 0 A1 ($1)',
            'Construct+cars1': 'build parking at floor 0 A1 ($2), moving the car on the border north of A1 into it',
            'Construct+cars2': 'build parking at floor 0 A1 ($2), moving the cars on the border north of A1 and on the border south of C3 into it',
            'Construct+cars3': 'upgrade the parking at floor 0 D2 ($1), moving the cars on the border north of A1 and on the border south of C3 and on the border west of A3 into it',
            'Done': 'done building',
        }),
        33: ('round 1, Move: move your people, then end the move', {
            'MovePerson': 'move white doctor 1 from the entrance west of A2 to the psychiatry service hub at floor 0 A2 (time 1)',
        }),
        35: ('round 1, Move: move your people, then end the move', {
            'MovePerson': 'move white doctor 1 from the treatment room at floor 0 B2 to the ophthalmology service hub at floor 1 B2 (time 0)',
            'EndMove': 'end the move: time spent +4',
        }),
        108: ('remove 3 cars of your choice (people left)', {
            'RemoveCar': 'remove the car on the border north of A1',
        }),
        110: ('remove 1 car of your choice (people left)', {
            'RemoveCar': 'remove the car on the border west of A3',
        }),
    },
    (11, 3, True): {
        0: ('build your starting clinic (free), then park your starting car', {
            'Construct': 'build a psychiatry service hub at floor 0 A1 (free)',
        }),
        22: ('round 1, action 1: hire a doctor and a nurse or an orderly ($20), or be done', {
            'HireDoctor': 'hire the yellow doctor on university space 1 for $4, arriving at the entrance east of D3, car parked on the border west of A1',
            'HireNurse': 'hire a nurse for $1, arriving at the entrance east of D3, car parked on the border west of A1',
            'HireOrderly': 'hire an orderly for $1, arriving at the entrance east of D3, car parked on the border west of A1',
            'Done': 'done hiring',
        }),
        23: ('round 1, action 1: hire a doctor ($19), or be done', {
            'HireDoctor': 'hire the yellow doctor on university space 1 for $4, arriving at the entrance east of D3, car parked on the border west of A1',
            'Done': 'done hiring',
        }),
        25: ('round 1, action 1: admit patients or move appointments: 1 queue point left', {
            'ShiftAppointment': 'move the white cardiology appointment in space 5 up (1 queue point)',
            'Done': 'done admitting patients',
        }),
        65: ('round 2, action 1: hire a nurse or an orderly ($7), or be done', {
            'HireNurse': 'hire a nurse for $1, arriving at the entrance east of D3, car parked on the border east of A1',
            'HireOrderly': 'hire an orderly for $1, arriving at the entrance east of D3, car parked on the border east of A1',
            'Done': 'done hiring',
        }),
        138: ('remove 2 cars of your choice (people left)', {
            'RemoveCar': 'remove the car on the border east of D1',
        }),
    },
    (2, 3, True): {
        55: ('round 1, Move: move your people, then end the move', {
            'MovePerson': 'move white doctor 1 from the treatment room at floor 0 A2 to the psychiatry service hub at floor 0 A3 (time 1)',
            'EndMove': 'end the move: time spent +6; orderly 3 would leave (still on an arrival point)',
        }),
    },
    (20, 2, False): {
        116: ("round 4, Business: buy popularity at $3 each from this round's income ($3)", {
            'BuyPopularity': 'buy no popularity',
            'BuyPopularity 1': 'buy 1 popularity for $3',
        }),
    },
}


@pytest.mark.parametrize("key", list(EXPECTED), ids=str)
def test_the_decision_and_menu_words_at_fixed_steps_of_seeded_games(key):
    seed, players, expert = key
    state = new_game(NAMES[:players], seed, expert=expert)
    rng = random.Random(seed)
    got = {}
    for step in range(max(EXPECTED[key]) + 1):
        actions = legal_actions(state)
        if step in EXPECTED[key]:
            lines: dict[str, str] = {}
            for action in actions:
                lines.setdefault(_kind(action), option_text(state, action))
            got[step] = (decision_text(state), lines)
        state = apply_action(state, rng.choice(actions))
    assert got == EXPECTED[key]


def test_the_decision_after_the_end_is_nothing():
    from attrs import evolve

    from core.clinic.game.state import Phase

    over = evolve(new_game(NAMES, 2), phase=Phase.OVER)
    assert decision_text(over) == "nothing: the game is over"
