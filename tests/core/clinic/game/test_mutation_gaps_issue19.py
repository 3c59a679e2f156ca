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
