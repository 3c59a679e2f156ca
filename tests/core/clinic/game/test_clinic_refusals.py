"""A refused action names the rule it breaks, in players' words (developers' guide: "an
illegal action raises a clear error that names the rule it breaks"): the rule of its
own phase when it is played in that phase, and the phase it belongs to when it is not."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import parse_space
from core.clinic.board import Direction, border_of
from core.clinic.game import Done, SelectTile, apply_action, legal_actions, new_game
from core.clinic.game.actions import ChooseBonus, ParkStartingCar, RemoveCar
from core.clinic.game.rules import reject_reason
from core.clinic.game.state import ActionTile, Phase, Turn
from core.errors import IllegalActionError

from .game_helpers import with_player


def _parked():
    """Two players; the first to park has parked the starting car; their turn again."""
    state = new_game(["Ann", "Bob"], 2)
    assert state.phase is Phase.START_CAR
    park = legal_actions(state)[0]
    return apply_action(state, park), park


def _selecting():
    state = new_game(["Ann", "Bob"], 2)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_a_starting_car_inside_the_board_is_refused_by_the_setup_rule():
    """Setup: each player parks a starting car on a free border of their clinic (an
    outer border: cars park around the clinic, not between its spaces)."""
    state, park = _parked()
    inside = ParkStartingCar(border_of(parse_space("B2"), Direction.EAST))
    assert state.phase is Phase.START_CAR and inside not in legal_actions(state)
    assert reject_reason(state, inside) == (
        f"Illegal action 'park the starting car on the border east of B2' for seat {state.current}"
        " in the starting car phase: Setup: the starting car parks on a free border, and east of B2 is not one"
    )
    with pytest.raises(IllegalActionError, match="the starting car parks on a free border"):
        apply_action(state, inside)
    later = _selecting()
    assert reject_reason(later, park).endswith(" in the select phase: the starting car is parked at setup")


def test_removing_a_car_outside_its_phase_names_when_cars_are_removed():
    """Rulebook (Move): a player whose person left removes one of their cars; at any
    other time no car is removed; in that phase only one of the player's own cars."""
    state, park = _parked()
    remove = RemoveCar(park.spot)
    assert reject_reason(state, remove).endswith(
        " in the starting car phase: a car is removed when one of your people has left"
    )
    removing = with_player(evolve(state, phase=Phase.REMOVE_CAR, step=Turn()), state.current, cars_owed=1)
    free = next(a.spot for a in legal_actions(state) if isinstance(a, ParkStartingCar))
    assert reject_reason(removing, RemoveCar(free)).endswith(
        f": Taking a car: no car of yours is parked {free}"
    )


def test_a_tile_not_left_this_round_is_refused_by_the_select_rule():
    """Select Action: each player has 2 tiles of each action a round."""
    state = _selecting()
    seat = state.current
    tiles = tuple(t for t in state.players[seat].tiles if t is not ActionTile.BUILD)
    state = with_player(state, seat, tiles=tiles)
    assert SelectTile(ActionTile.BUILD) not in legal_actions(state)
    assert reject_reason(state, SelectTile(ActionTile.BUILD)) == (
        f"Illegal action {str(SelectTile(ActionTile.BUILD))!r} for seat {seat} in the select phase:"
        " Select: no Build tile left this round (2 of each a round)"
    )
    assert reject_reason(_parked()[0], SelectTile(ActionTile.BUILD)).endswith(
        ": an action tile is selected in the Select phase"
    )


def test_done_and_bonus_tiles_out_of_their_time_name_their_time():
    state = _selecting()
    assert reject_reason(state, Done()).endswith(" in the select phase: only an action in progress can be done")
    bonus = new_game(["Ann", "Bob"], 2)
    while bonus.phase is not Phase.BONUS:
        bonus = apply_action(bonus, legal_actions(bonus)[0])
    take = legal_actions(bonus)[0]
    assert isinstance(take, ChooseBonus)
    assert reject_reason(state, take).endswith(": bonus tiles are taken at setup")


def test_every_refusal_after_the_end_says_the_game_is_over():
    state = _selecting()
    over = evolve(state, phase=Phase.OVER)
    assert reject_reason(over, Done()).endswith(" in the over phase: the game is over")
    assert reject_reason(over, SelectTile(ActionTile.BUILD)).endswith(": the game is over")


def test_something_that_is_no_action_is_refused_as_an_unknown_action():
    """Bad input never crashes the program: a thing that is no Clinic action (a stray
    key's text, another game's move) is refused with a clear message."""
    state = _selecting()
    assert reject_reason(state, "fly").endswith(" in the select phase: unknown action")
    with pytest.raises(IllegalActionError, match="unknown action$"):
        apply_action(state, "fly")


def test_a_car_to_remove_is_named_by_its_border_or_its_parking_tile():
    """Taking a Car: "remove the car of your choice": the action says which car."""
    assert str(RemoveCar(border_of(parse_space("D3"), Direction.EAST))) == "remove the car on the border east of D3"
    assert str(RemoveCar(parse_space("A1"))) == "remove the car on the parking tile at floor 0 A1"
