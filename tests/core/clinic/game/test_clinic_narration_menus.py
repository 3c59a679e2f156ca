"""The words of the menus and dialogs (``option_text``, ``decision_text``,
``business_report``): they say what the rulebook's step offers, with its numbers."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Direction, border_of
from core.clinic.game import Phase, apply_action, legal_actions, new_game
from core.clinic.game import constants as K
from core.clinic.game.actions import ActionTile, Construct, Done, RemoveCar, SelectTile
from core.clinic.game.bots import make_bot
from core.clinic.game.business_report import business_report
from core.clinic.game.flow import start_business
from core.clinic.game.narration import decision_text, option_text

from .test_clinic_car_choices import _cured_patient_state


def test_the_build_step_counts_down_the_two_components():
    """Action: Build: "you may build up to 2 components, paying the appropriate costs"."""
    state = new_game(["Ann"], 3)
    bot = make_bot("basic", 1)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, bot.choose(state))
    state = apply_action(state, SelectTile(ActionTile.BUILD))
    money = state.players[0].money
    assert K.BUILDS_PER_ACTION == 2
    assert decision_text(state) == f"round 1, action 1: build up to 2 more components (${money}), or be done"
    build = next(a for a in legal_actions(state) if isinstance(a, Construct))
    state = apply_action(state, build)
    money = state.players[0].money
    assert decision_text(state) == f"round 1, action 1: build up to 1 more component (${money}), or be done"
    assert Done() in legal_actions(state)


def test_the_car_to_remove_is_named_by_its_place():
    """Taking a Car: "remove the car of your choice from your board": each choice of
    the menu names where that car is parked."""
    first, second = border_of("A1", Direction.NORTH), border_of("D3", Direction.EAST)
    state = start_business(_cured_patient_state(first, second))
    assert state.phase is Phase.REMOVE_CAR
    assert option_text(state, RemoveCar(second)) == "remove the car on the border east of D3"
    assert option_text(state, RemoveCar(first)) == "remove the car on the border north of A1"
    assert decision_text(state) == "remove 1 car of your choice (people left)"


def test_lines_added_to_the_business_report_go_under_their_own_player():
    """The Business dialog lists each player's Business in turn order; the lines an
    expansion adds for a player (``extra(before, after, seat)``) close that player's part."""
    state = new_game(["Ann", "Bob"], 3)
    bot = make_bot("basic", 2)
    while True:
        after = apply_action(state, bot.choose(state))
        if state.phase in (Phase.MOVE, Phase.REMOVE_CAR) and after.phase in (Phase.BUY_POPULARITY, Phase.SELECT):
            break  # the last EndMove (or the last car taken after it): Business was played
        state = after
    title, text = business_report(state, after, extra=lambda b, a, seat: [f"  extra for {a.players[seat].name}"])
    assert title == f"Business, round {state.round}"
    parts = text.split("\n")
    names = [line for line in parts if not line.startswith(" ")]
    assert names == [state.players[s].name for s in state.turn_order]
    for seat in state.turn_order:
        name = state.players[seat].name
        start = parts.index(name)
        end = next((i for i in range(start + 1, len(parts)) if not parts[i].startswith(" ")), len(parts))
        assert parts[end - 1] == f"  extra for {name}"
