"""Rule tests for what the mutation sample of issue 19 (seed 3) found unguarded: each
test states its rule and fails for a wrong implementation of it."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.game import Phase, apply_action, legal_actions, new_game
from core.clinic.game.actions import ActionTile, EndMove, HireDoctor, HireNurse, HireOrderly, MovePerson, SelectTile
from core.clinic.game.rules import reject_reason
from core.clinic.game.state import Turn
from core.errors import IllegalActionError

from .test_clinic_narration import _to_phase


def _hiring(cars_lot):
    state = _to_phase(new_game(["Ann"], 3), Phase.SELECT)
    state = evolve(state, phase=Phase.HIRE, queue=(0,), selected=(ActionTile.HIRE,), step=Turn())
    state = evolve(state, cars_lot=cars_lot, players=(evolve(state.players[0], money=30),))
    return state


def test_the_last_car_in_the_parking_lot_still_brings_a_hire():
    """Action: Hire: "Take a car from the parking lot on the main board and park it in
    any available parking space": one car left is enough; none, and nobody is hired."""
    hires = (HireDoctor, HireNurse, HireOrderly)
    one = [a for a in legal_actions(_hiring(1)) if isinstance(a, hires)]
    assert {type(a) for a in one} == set(hires)
    after = apply_action(_hiring(1), next(a for a in one if isinstance(a, HireNurse)))
    assert after.cars_lot == 0
    assert not [a for a in legal_actions(_hiring(0)) if isinstance(a, hires)]


def test_a_refused_action_in_the_move_phase_names_its_own_rule():
    """Each refusal names the rule the action breaks: hiring in the Move phase breaks
    "hiring happens during a Hire action", not the Move phase's end conditions; an
    EndMove outside the Move phase breaks the phase rule."""
    moving = _to_phase(new_game(["Ann"], 3), Phase.MOVE)
    hire = HireNurse(moving.players[0].clinic.board.entrances[0], moving.players[0].clinic.board.entrances[0])
    assert reject_reason(moving, hire).endswith("hiring happens during a Hire action")
    with pytest.raises(IllegalActionError, match="hiring happens during a Hire action"):
        apply_action(moving, hire)
    selecting = _to_phase(new_game(["Ann"], 3), Phase.SELECT)
    assert reject_reason(selecting, EndMove()).endswith("the Move phase ends in the Move phase")
    assert MovePerson not in {type(a) for a in legal_actions(selecting)}


def test_exactly_the_price_of_an_orderly_is_enough_to_hire_one():
    """Action: Hire: the orderly costs ``ORDERLY_COST`` dollars: a player with exactly
    that much may hire one; a dollar less, and no orderly is offered."""
    from core.clinic.game import constants as K

    def orderlies(money):
        state = _hiring(5)
        state = evolve(state, players=(evolve(state.players[0], money=money),))
        return [a for a in legal_actions(state) if isinstance(a, HireOrderly)]

    assert orderlies(K.ORDERLY_COST)
    assert not orderlies(K.ORDERLY_COST - 1)


def test_more_cars_than_a_parking_tile_holds_are_refused_naming_the_tile():
    """Rulebook, Parking: a parking tile holds 2 cars (4 upgraded): moving in more is
    refused, naming the tile and how full it is."""
    from core.clinic import Direction, beginner_initial_board, border_of, parse_space
    from core.clinic.components import Colour
    from core.clinic.construction import BuildParking, build
    from core.clinic.parking import move_cars_into_tile, park_car

    board = build(beginner_initial_board(Colour.WHITE), BuildParking(parse_space("A1")))
    for name, side in (("A2", Direction.WEST), ("A3", Direction.WEST), ("D1", Direction.NORTH)):
        board = park_car(board, border_of(name, side))
    cars = tuple(board.border_cars)
    with pytest.raises(IllegalActionError) as refused:
        move_cars_into_tile(board, parse_space("A1"), cars)
    assert str(refused.value) == "Parking: 3 more cars do not fit the parking tile at floor 0 A1 (0 of 2 taken)"
