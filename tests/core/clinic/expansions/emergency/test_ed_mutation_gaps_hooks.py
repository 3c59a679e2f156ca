"""Rule tests for the 911th Extension's hooks into the round (``emergency.hooks``):
expert setup, the refusals outside the Emergency action, the ED's cars, expenses and
popularity in turn order, and the Emergency Waiting Area's Admin (issue 19: the
mutation samples showed these rules unguarded).  Each docstring quotes the 911
rulebook or the ruling (``clinic-expansion-rulings.md`` §5; H-rulings in
``docs/rules/clinic-911.md``)."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.board import Border
from core.clinic.errors import IllegalActionError
from core.clinic.expansions import get
from core.clinic.game.outcome import state_of
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import EDBuyPopularity, EDOffDuty, EDRemoveCar
from core.clinic.expansions.emergency.movement import EDMove, move_options
from core.clinic.expansions.emergency.queues import EDShift
from core.clinic.expansions.emergency.state import EmergencyTurn
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.actions import Shift
from core.clinic.game.admin import admin
from core.clinic.game.cars import computer_car
from core.clinic.game.state import AfterCars, Phase, Turn
from core.clinic.parking import free_parking_spots, park_car, parked_spots
from core.clinic.expansions.emergency.access import ed_state, waiting_area, with_waiting_area, with_emergency_turn
from core.clinic.expansions.emergency.round import EDPhase
from .ed_helpers import put_ed

from game.game_helpers import with_player

from ..helpers import started
from .ed_helpers import DOC, HUB, NURSE, OUTSIDE, PAT, PRE_ADMISSIONS, ROOM, L, M, area, ed_board, ed_with, sp

OPTS = ("emergency",)
BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


def _ed(state, seat=0):
    return ed_state(state.players[seat])


def _set(state, seat=0, **changes):
    return put_ed(state, seat, evolve(_ed(state, seat), **changes))


def _deciding(state, phase, seat=0, **changes):
    return evolve(state, phase=phase, queue=(seat,), step=Turn(), **changes)


def _with_cars(ed, n):
    board = ed.board
    for _ in range(n):
        board = park_car(board, free_parking_spots(board)[0])
    return evolve(ed, board=board)


# --- setup ------------------------------------------------------------------------------
def test_the_experts_starting_car_comes_from_the_lot_once_both_free_pieces_stand():
    """E13/E14: the expert places a free hub, then a free light room; "1 light emergency
    doctor + 1 car" then arrive, the car from the main board's parking lot (H1: once
    both pieces stand)."""
    state = new_game(1, 2, options=OPTS, expert=True, sides=["expert"])
    while not isinstance(legal_actions(state)[0], A.EDConstruct):
        state = apply_action(state, legal_actions(state)[0])
    lot = state.cars_lot
    state = apply_action(state, legal_actions(state)[0])  # the hub
    assert state.cars_lot == lot and _ed(state).board.parked_cars == 0
    state = apply_action(state, legal_actions(state)[0])  # the light room
    assert state.cars_lot == lot - 1 and _ed(state).board.parked_cars == 1


# --- refusals naming their rule ----------------------------------------------------------
@pytest.mark.parametrize("action, where", [
    (A.ChooseEmergency(A.Sub.ADMIT), "the Emergency action"),
    (EDOffDuty(), r"the Business phase \(emergency treatment\)"),
    (EDBuyPopularity(1), "the emergency department's popularity, after its expenses"),
    (EDRemoveCar(Border(False, 0, 0)), "someone left your emergency department"),
    (EDMove(1, sp("A1")), "the Move phase"),
])
def test_an_ed_action_out_of_its_phase_names_when_it_is_decided(action, where):
    """Illegal actions are refused naming the rule: each ED decision belongs to its
    phase (rulebook: the Emergency action; "Phase 2: Business"; "Emergency Department
    Popularity" after its expenses; "Going Home"; "Move")."""
    state = started(OPTS, players=1)
    with pytest.raises(IllegalActionError, match=f"phase: Emergency department: this is decided during {where}$"):
        apply_action(state, action)


def test_the_eds_business_choices_are_named_in_a_refusal():
    """An illegal action is refused naming it as a player reads it: buying ED popularity
    and removing a car from the ED board."""
    state = started(OPTS, players=1)
    with pytest.raises(IllegalActionError, match="^Illegal action 'the emergency department buys 2 popularity' "):
        apply_action(state, EDBuyPopularity(2))
    with pytest.raises(IllegalActionError, match="^Illegal action 'remove the car north of A1 from the emergency department' "):
        apply_action(state, EDRemoveCar(Border(False, 0, 0)))
    with pytest.raises(IllegalActionError, match="^Illegal action 'move emergency person 1 to A1 of the emergency department' "):
        apply_action(state, EDMove(1, sp("A1")))


def test_a_queue_move_that_changes_nothing_is_not_a_choice():
    """E6: "gaps close rightward"; as the base game's house rule, a move that changes
    nothing (into a gap the queue closes again) is not offered, and asked for it is
    refused as not one of the Emergency action's choices."""
    state = started(OPTS, players=1)
    state = evolve(with_waiting_area(state, area(1, queues=((None, None, M, L),))), phase=EDPhase.EMERGENCY, queue=(0,), step=with_emergency_turn(Turn(), EmergencyTurn()))
    state = apply_action(state, A.ChooseEmergency(A.Sub.ADMIT))
    with pytest.raises(IllegalActionError, match="phase: that is not one of the Emergency action's choices now$"):
        apply_action(state, EDShift(0, 2, Shift.LEFT))
    with pytest.raises(IllegalActionError, match="Emergency queues: no emergency patient to move"):
        apply_action(state, EDShift(0, 0, Shift.RIGHT))


def test_an_ed_move_refused_names_the_movement_rule():
    """"they cannot leave the spaces of your Emergency Department board" (no path leads
    elsewhere); "Emergency Room (any level): 1 emergency doctor": a doctor outside the
    grid may not come into a room that has its doctor (house rule: a move in goes only
    where there is room now)."""
    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, "B1", L), (DOC, OUTSIDE, M))
    state = _deciding(put_ed(state, 0, ed), Phase.MOVE)
    with pytest.raises(IllegalActionError, match=r"phase: Emergency movement: that person has no room there now, or has moved twice \(house rule\)$"):
        apply_action(state, EDMove(2, sp("B1")))
    with pytest.raises(IllegalActionError, match="no path of emergency modules leads from outside the grid to C1"):
        apply_action(state, EDMove(2, sp("C1")))


# --- the ED's cars ----------------------------------------------------------------------
def test_the_car_of_a_treated_patient_returns_to_the_lot():
    """"Remember to remove the treated patient's car from your Emergency Department
    board" (it goes back to the main board's lot): with one car parked, no choice is
    asked and the lot gets it back."""
    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, "B1", L), (PAT, "B1", L))
    ed = _with_cars(ed, 1)
    state = _deciding(put_ed(state, 0, ed), Phase.MOVE)
    lot = state.cars_lot
    state = state_of(get("emergency").before_business_phase(state))
    assert _ed(state).treated == (1, 0, 0) and _ed(state).board.parked_cars == 0
    assert state.cars_lot == lot + 1


def test_the_player_chooses_the_car_of_a_treated_patient_then_business_goes_on():
    """H7: the player chooses which car leaves the ED board (as the base game's "Taking
    a Car"): the computer's car is offered first, every parked car once; after the
    choice the car is back in the lot and the base Business goes on."""
    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, "B1", L), (PAT, "B1", L), (NURSE, OUTSIDE))
    ed = _with_cars(ed, 3)
    state = _deciding(put_ed(state, 0, ed), Phase.MOVE)
    state = state_of(get("emergency").before_business_phase(state))
    assert state.phase is EDPhase.ED_REMOVE_CAR and state.cars_then is AfterCars.BUSINESS
    offered = [a.spot for a in legal_actions(state)]
    assert offered[0] == computer_car(_ed(state).board)
    assert sorted(offered) == sorted(parked_spots(_ed(state).board)) and len(set(offered)) == 3
    lot = state.cars_lot
    state = apply_action(state, EDRemoveCar(offered[-1]))
    assert state.cars_lot == lot + 1 and _ed(state).board.parked_cars == 2 and not _ed(state).cars_owed
    assert state.phase is not EDPhase.ED_REMOVE_CAR and state.cars_then is None
    assert state.round == 1 and state.phase is not Phase.SELECT  # the Business goes on, not the next round


# --- expenses and popularity ------------------------------------------------------------
def test_ed_popularity_is_bought_in_reverse_turn_order_by_eds_with_money():
    """E26: ED popularity "right after ED expenses, reverse turn order, any ED funds":
    only an ED that can still pay $2 is asked."""
    state = started(OPTS, players=3, seed=1)
    first, second, third = state.turn_order
    state = _set(_set(_set(state, first, funds=20), second, funds=3), third, funds=20)
    state = state_of(get("emergency").before_admin(state))
    assert state.phase is EDPhase.ED_BUY_POPULARITY
    assert state.queue == (third, first)  # the second's $3 went on expenses
    assert legal_actions(state) == [EDBuyPopularity(n) for n in range(_ed(state, third).funds // 2 + 1)]


def test_buying_ed_popularity_pays_2_dollars_each_and_passes_to_the_next():
    """"each 1 popularity your emergency department buys is just $2", from the ED funds;
    then the next ED in reverse turn order decides."""
    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    state = _deciding(state, EDPhase.ED_BUY_POPULARITY, seat=second)
    state = evolve(state, queue=(second, first))
    state = _set(state, second, funds=7)
    state = with_player(state, second, popularity=4)
    state = apply_action(state, EDBuyPopularity(3))
    assert _ed(state, second).funds == 1 and state.players[second].popularity == 7
    assert state.phase is EDPhase.ED_BUY_POPULARITY and state.current == first


# --- Admin --------------------------------------------------------------------------------
def test_the_waiting_areas_admin_flips_the_residency_and_removes_the_rounds_nurses():
    """Admin: "Light emergency doctors level up ... while at the same time, medium
    doctors level down"; "Remove the round's unhired emergency nurses" (E5: the column
    of the round that ends); not after round 6 (H9)."""
    state = started(OPTS, players=2, seed=1)
    state = with_waiting_area(state, area(2, residency=(L, M), nurses=(1, 1, 1, 1, 1, 1)))
    after = admin(state)
    assert waiting_area(after).residency == (M, L)
    assert waiting_area(after).nurses == (0, 1, 1, 1, 1, 1) and waiting_area(after).nurses_gone == 1
    refill = admin(with_waiting_area(state, area(2, residency=(None, M), bag_doctors=(1, 0))))
    assert waiting_area(refill).residency == (L, L) and waiting_area(refill).bag_doctors == (0, 0)
    last = admin(evolve(state, round=6))
    assert waiting_area(last).residency == (L, M) and waiting_area(last).nurses == (1, 1, 1, 1, 1, 1)


def test_ed_patients_worsen_once_in_admin():
    """"Each emergency patient on your Emergency Department board worsens ... Medium
    patients become dark, and light become medium"; "Light emergency doctors become
    medium, while at the same time, medium emergency doctors become light"."""
    state = started(OPTS, players=1)
    ed = _with_cars(ed_with(BOARD, (PAT, PRE_ADMISSIONS, L), (DOC, "A1", M)), 2)
    state = admin(put_ed(state, 0, ed))
    assert [(p.role, p.level) for p in _ed(state).people] == [(PAT, M), (DOC, L)]


# --- Move ---------------------------------------------------------------------------------
def test_ed_moves_made_are_forgotten_when_the_move_phase_ends():
    """"Get everyone to a legal location by the end of the Move step"; each Move phase a
    person may move again (house value: 2 moves a person a phase)."""
    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, OUTSIDE, L))
    state = _deciding(put_ed(state, 0, ed), Phase.MOVE)
    state = state_of(get("emergency").apply(state, EDMove(1, sp("A1"))))
    state = state_of(get("emergency").apply(state, EDMove(1, sp("B1"))))
    assert not any(isinstance(m, EDMove) for m in move_options(_ed(state)))
    state = get("emergency").end_of_movement(state, 0)
    assert any(isinstance(m, EDMove) and m.pid == 1 for m in move_options(_ed(state)))
    assert state.players[0].clinic.move_time == 2


def test_each_player_with_off_duty_nurses_at_hand_decides_in_turn_order():
    """"each emergency room adjacent to it can use 1 off-duty emergency nurse from it
    ... however, this causes you to lose popularity!" (E22: a Business choice): the
    players who may use one decide in turn order, each for their own ED."""
    from core.clinic.expansions.emergency.components import BREAK_ROOM

    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK_ROOM, "C1"))
    for seat in (first, second):
        ed = _with_cars(ed_with(board, (DOC, "B1", L), (PAT, "B1", M), (NURSE, "B1")), 3)
        state = put_ed(state, seat, ed, popularity=5)
    state = state_of(get("emergency").before_business_phase(_deciding(state, Phase.MOVE, seat=first)))
    assert state.phase is EDPhase.ED_BUSINESS and state.queue == (first, second)
    assert legal_actions(state) == [EDOffDuty(), EDOffDuty(frozenset({sp("B1")}))]
    state = apply_action(state, EDOffDuty(frozenset({sp("B1")})))
    assert state.phase is EDPhase.ED_BUSINESS and state.current == second
    assert _ed(state, first).treated == (0, 1, 0) and state.players[first].popularity == 4
    assert _ed(state, second).treated == (0, 0, 0)
    state = apply_action(state, EDOffDuty())
    assert _ed(state, second).treated == (0, 0, 0) and state.players[second].popularity == 5
    assert state.phase is not EDPhase.ED_BUSINESS


def test_a_treated_patient_whose_car_is_not_on_the_board_owes_nothing():
    """"Remember to remove the treated patient's car": when no car is parked on the ED
    board (a position set up by hand), nothing is left owing and no choice is asked."""
    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, "B1", L), (PAT, "B1", L))
    state = state_of(get("emergency").before_business_phase(_deciding(put_ed(state, 0, ed), Phase.MOVE)))
    assert _ed(state).treated == (1, 0, 0) and _ed(state).cars_owed == 0
    assert state.phase is not EDPhase.ED_REMOVE_CAR


def test_the_ed_goal_is_the_solitaire_goal_only_when_chosen():
    """E34: "the ED goal *replaces* the base goal" only when one is chosen: without one,
    the base game's goal stands (the ED says nothing)."""
    from core.clinic.expansions.emergency.components import EDGoal

    hook = get("emergency").goal_status
    assert hook(new_game(1, 3, options=OPTS), 0) is None
    status = hook(new_game(1, 3, options=OPTS, ed_goal=EDGoal.DARK_ROOMS), 0)
    assert status.goal is EDGoal.DARK_ROOMS and status.progress == "0/2 dark rooms"


def test_with_nobody_to_decide_the_ed_adds_no_choice():
    """The ED's choices are the current player's: with nobody to decide (between steps),
    the choices stay the base game's."""
    state = evolve(started(OPTS, players=1), queue=())
    assert state.current is None
    assert get("emergency").options(state, [A.EDDone()]) == [A.EDDone()]


def test_the_move_phase_cannot_end_while_someone_of_the_ed_stands_outside():
    """"Get everyone to a legal location by the end of the Move step": after one of two
    new emergency doctors walks in, the other still stands outside the grid, so the Move
    phase may not end yet (and saying why does not end the ED's movement)."""
    from core.clinic.game.actions import EndMove

    state = started(OPTS, players=1)
    ed = ed_with(BOARD, (DOC, OUTSIDE, L), (DOC, OUTSIDE, M))
    state = _deciding(put_ed(state, 0, ed), Phase.MOVE)
    state = apply_action(state, EDMove(1, sp("A1")))
    assert EndMove() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="medium emergency doctor 2 is still outside the grid"):
        apply_action(state, EndMove())
    assert _ed(state).moved == (1,)
    state = apply_action(state, EDMove(2, sp("A1")))
    assert state.players[0].clinic.move_time == 2


def test_each_player_who_owes_cars_chooses_them_in_turn_order():
    """H7: "the player chooses" which cars leave the ED board (as the base game's
    "Taking a Car"): only the players for whom the choice matters are asked, in turn
    order, each until every car owed is off the board; then the round goes on."""
    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    state = put_ed(state, first, _with_cars(ed_with(BOARD, (DOC, OUTSIDE, L)), 1))
    for seat in (second,):
        ed = _with_cars(ed_with(BOARD, (DOC, OUTSIDE, L), (NURSE, OUTSIDE), (NURSE, OUTSIDE)), 3)
        state = put_ed(state, seat, evolve(ed, cars_owed=2))
    state = _set(state, first, cars_owed=1)  # one car parked, one owed: no choice
    lot = state.cars_lot
    state = state_of(get("emergency").before_round(state))
    assert state.phase is EDPhase.ED_REMOVE_CAR and state.queue == (second,) and state.current == second
    assert _ed(state, first).board.parked_cars == 0 and state.cars_lot == lot + 1
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is EDPhase.ED_REMOVE_CAR and state.current == second and _ed(state, second).cars_owed == 1
    state = apply_action(state, legal_actions(state)[-1])
    assert _ed(state, second).cars_owed == 0 and _ed(state, second).board.parked_cars == 1
    assert state.cars_lot == lot + 3 and state.phase is Phase.SELECT


def test_two_players_choosing_cars_choose_one_after_the_other():
    """H7 with two players who both choose: the first, then the second."""
    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    for seat in (first, second):
        ed = _with_cars(ed_with(BOARD, (DOC, OUTSIDE, L), (NURSE, OUTSIDE)), 2)
        state = put_ed(state, seat, evolve(ed, cars_owed=1))
    state = state_of(get("emergency").before_round(state))
    assert state.queue == (first, second)
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is EDPhase.ED_REMOVE_CAR and state.current == second
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.SELECT and all(_ed(state, s).board.parked_cars == 1 for s in (first, second))


def test_cars_owed_without_a_choice_leave_before_the_round_by_themselves():
    """E28: "Dark patients die ... return a car to the parking lot on the main board":
    with one car parked and one owed, it leaves by itself before the next round."""
    state = started(OPTS, players=1)
    state = put_ed(state, 0, evolve(_with_cars(ed_with(BOARD), 1), cars_owed=1))
    lot = state.cars_lot
    after = state_of(get("emergency").before_round(state))
    assert after.phase is state.phase and after.cars_lot == lot + 1
    assert _ed(after).cars_owed == 0 and _ed(after).board.parked_cars == 0
