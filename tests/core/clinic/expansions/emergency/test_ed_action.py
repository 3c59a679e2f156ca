"""The Emergency action: two different of build / hire / admit for the ED, ED money
first, emergency queues and EQP (911 rulebook "Action: Emergency" and its three
sub-actions; E8-E11, E16)."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from core.clinic.board import Border
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.construction import EDBuildModule
from core.clinic.expansions.emergency.queues import (
    EDAdmit,
    EDShift,
    apply_shift,
    new_emergency_patients,
    shift_options,
)
from core.clinic.expansions.emergency.state import pay
from core.clinic.game.actions import Shift
from core.clinic.parking import free_parking_spots

from .ed_helpers import BREAK, DOC, HUB, NURSE, OUTSIDE, PAT, PRE_ADMISSIONS, ROOM, D, L, M, area, ed_board, ed_with, sp

BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


def emergency(ed=None, savings=5, cars=50, round=1, **area_changes):
    ed = ed if ed is not None else ed_with(BOARD)
    return A.start(area(2, **area_changes), ed, savings, cars, round)


def test_ed_money_first_then_savings():
    """"1. Pay from your emergency department funds if you can. 2. If you're short, pay
    the difference from your main clinic savings.\""""
    ed = ed_with(BOARD, funds=3)
    ed2, savings = pay(ed, 10, 2, "x")
    assert (ed2.funds, savings) == (1, 10)
    ed2, savings = pay(ed, 10, 5, "x")
    assert (ed2.funds, savings) == (0, 8)
    with pytest.raises(IllegalActionError, match="pay the difference from your main clinic savings"):
        pay(ed, 1, 5, "x")


def test_two_different_sub_actions_then_over():
    """"The Emergency action lets you do any 2 different of the following".  E9: each
    optional, one after the other."""
    em = emergency()
    assert {type(a) for a in A.options(em)} == {A.ChooseEmergency, A.EDDone}
    em = A.apply(em, A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.EDDone())
    assert A.ChooseEmergency(A.Sub.BUILD) not in A.options(em)
    with pytest.raises(IllegalActionError, match="2 different"):
        A.apply(em, A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.ChooseEmergency(A.Sub.HIRE))
    em = A.apply(em, A.EDDone())
    assert em.turn.over and A.options(em) == []
    with pytest.raises(IllegalActionError, match="over"):
        A.apply(em, A.ChooseEmergency(A.Sub.ADMIT))


def test_done_with_no_sub_action_ends_it():
    em = A.apply(emergency(), A.EDDone())
    assert em.turn.over


def test_build_up_to_two_components_paid_ed_first_and_stock_taken():
    """"You may build up to 2 components (same or different)"; "This action must spend
    all money from your Emergency Department board before it can spend money from your
    player board's savings.\""""
    em = emergency(ed=ed_with(BOARD, funds=4), savings=5)
    em = A.apply(em, A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.EDConstruct(EDBuildModule(ROOM[D], sp("B2"))))  # $4
    assert (em.ed.funds, em.savings) == (0, 5)
    assert em.area.stock.rooms == (2, 4, 3)
    em = A.apply(em, A.EDConstruct(EDBuildModule(ROOM[M], sp("C1"))))  # $3 from savings
    assert (em.ed.funds, em.savings) == (0, 2)
    assert em.turn.current is None and em.turn.done == (A.Sub.BUILD,)


def test_build_refused_without_stock_or_money():
    """E11: 4 rooms per colour less the starting light rooms; money: ED + savings."""
    stock = area(2).stock
    em = emergency(stock=evolve(stock, rooms=(0, 4, 4)))
    em = A.apply(em, A.ChooseEmergency(A.Sub.BUILD))
    with pytest.raises(IllegalActionError, match="no light emergency room tile is left"):
        A.apply(em, A.EDConstruct(EDBuildModule(ROOM[L], sp("A2"))))
    poor = A.apply(emergency(ed=ed_with(BOARD, funds=1), savings=1), A.ChooseEmergency(A.Sub.BUILD))
    with pytest.raises(IllegalActionError, match="costs \\$4"):
        A.apply(poor, A.EDConstruct(EDBuildModule(BREAK, sp("C1"))))
    assert all(
        A.build_refusal(poor, a.build) is None
        for a in A.options(poor)
        if isinstance(a, A.EDConstruct)
    )


def test_build_names_the_construction_rule():
    em = A.apply(emergency(), A.ChooseEmergency(A.Sub.BUILD))
    with pytest.raises(IllegalActionError, match="2 Emergency service hubs adjacent"):
        A.apply(em, A.EDConstruct(EDBuildModule(HUB, sp("A2"))))


def test_hire_a_doctor_and_a_nurse_outside_the_grid_with_cars():
    """"Hire 1 emergency doctor. and/or Hire 1 emergency nurse from the current round's
    column"; "Take a car from the parking lot on the main board"; "Place the new hire
    outside the grid"; "Park the car in any available parking space on your Emergency
    Department board".  Residency $3/$2 from the left; nurse $2 (RD)."""
    em = emergency(residency=(M, L), savings=0)  # $10 ED funds
    em = A.apply(em, A.ChooseEmergency(A.Sub.HIRE))
    spots = free_parking_spots(em.ed.board)
    em = A.apply(em, A.EDHireDoctor(0, spots[0]))
    assert em.ed.funds == 7 and em.area.residency == (None, L) and em.cars_lot == 49
    em = A.apply(em, A.EDHireNurse(spots[1]))
    assert em.ed.funds == 5 and em.area.nurses[0] == 0 and em.cars_lot == 48
    doctor, nurse = em.ed.people
    assert (doctor.role, doctor.level, doctor.where) == (DOC, M, OUTSIDE)
    assert (nurse.role, nurse.where) == (NURSE, OUTSIDE)
    assert em.ed.board.parked_cars == 2
    assert em.turn.done == (A.Sub.HIRE,)


def test_hire_nurse_only_from_the_current_rounds_column():
    """"Hire 1 emergency nurse from the current round's column" (E5: at 1 player, round
    II's column is empty)."""
    em = A.start(area(1), ed_with(BOARD), 5, 50, 2)
    em = A.apply(em, A.ChooseEmergency(A.Sub.HIRE))
    assert not any(isinstance(a, A.EDHireNurse) for a in A.options(em))
    with pytest.raises(IllegalActionError, match="current round's column"):
        A.apply(em, A.EDHireNurse(free_parking_spots(em.ed.board)[0]))


def test_admit_uses_one_eqp_per_hub_into_two_preadmission_spaces():
    """"Each Emergency service hub gives you 1 Emergency Queue Point"; "move it to your
    emergency pre-admission area, which only has 2 spaces!\""""
    two_hubs = ed_board((HUB, "A1"), (ROOM[L], "B1"), (HUB, "C1"), (ROOM[M], "D1"))
    ed = ed_with(two_hubs, (PAT, PRE_ADMISSIONS, L))
    em = emergency(ed=ed, queues=((None, None, M, D),))
    em = A.apply(em, A.ChooseEmergency(A.Sub.ADMIT))
    assert em.turn.eqp == 2
    car = free_parking_spots(em.ed.board)[0]
    em = A.apply(em, A.EDAdmit(0, car))
    assert em.area.queues == ((None, None, None, M),)
    assert [p.level for p in em.ed.at(PRE_ADMISSIONS)] == [L, D]
    assert not any(isinstance(a, EDAdmit) for a in A.options(em))
    with pytest.raises(IllegalActionError, match="only has 2 spaces"):
        A.apply(em, A.EDAdmit(0, free_parking_spots(em.ed.board)[0]))
    em = A.apply(em, EDShift(0, 3, Shift.LEFT))
    assert em.turn.current is None and em.turn.eqp == 0


def test_admit_needs_a_car_spot_on_the_ed_board():
    """E16: "needs a free ED pre-admission space and an ED car spot: no spot, no
    admission"."""
    board = BOARD
    for spot in free_parking_spots(board):
        from core.clinic.parking import park_car

        board = park_car(board, spot)
    em = emergency(ed=ed_with(board), queues=((None, None, M, D),))
    em = A.apply(em, A.ChooseEmergency(A.Sub.ADMIT))
    assert not any(isinstance(a, EDAdmit) for a in A.options(em))
    with pytest.raises(IllegalActionError, match="no free parking space"):
        A.apply(em, A.EDAdmit(0, Border(True, 0, 1)))


def test_queue_moves_swap_and_close_rightward():
    """"Move 1 Emergency Patient in queues 1 space (swap if target space is occupied)";
    E6: up/down between the two queues; gaps close rightward."""
    a = area(4, queues=((None, L, M, D), (None, None, None, L)))
    assert apply_shift(a, EDShift(0, 2, Shift.RIGHT)).queues[0] == (None, L, D, M)
    moved = apply_shift(a, EDShift(0, 3, Shift.DOWN))
    assert moved.queues == ((None, L, M, L), (None, None, None, D))
    moved = apply_shift(a, EDShift(0, 1, Shift.DOWN))
    assert moved.queues == ((None, None, M, D), (None, None, L, L))
    # No-op moves are not offered: a swap of two light patients, a move left into a gap.
    offered = shift_options(a)
    assert EDShift(0, 1, Shift.LEFT) not in offered
    assert EDShift(0, 1, Shift.DOWN) in offered
    assert EDShift(1, 3, Shift.UP) in offered
    with pytest.raises(IllegalActionError, match="off the queues"):
        apply_shift(a, EDShift(0, 1, Shift.UP))


def test_new_emergency_patients_each_queue_not_full():
    """"each Emergency Patient Queue for your player count, also gets 1 new random
    emergency patient ... If an emergency patient queue has no empty spaces, do not
    draw a new emergency patient for it.\""""
    a = area(4, queues=((L, L, M, D), (None, None, None, L)), bag_patients=(0, 0, 5))
    a2 = new_emergency_patients(a, random.Random(0))
    assert a2.queues == ((L, L, M, D), (None, None, D, L))
    assert a2.bag_patients == (0, 0, 4)
    empty_bag = new_emergency_patients(evolve(a, bag_patients=(0, 0, 0)), random.Random(0))
    assert empty_bag.queues == a.queues


def test_residency_costs_by_space():
    """E7 (RD): "one space per player, $3/$2/$2/$1 from the left"."""
    for slot, cost in enumerate((3, 2, 2, 1)):
        em = A.start(area(4, residency=(L, L, M, M)), ed_with(BOARD, funds=10), 0, 50, 1)
        em = A.apply(em, A.ChooseEmergency(A.Sub.HIRE))
        em = A.apply(em, A.EDHireDoctor(slot, free_parking_spots(em.ed.board)[0]))
        assert em.ed.funds == 10 - cost
    assert A.doctor_cost(3) == 1


def test_hire_needs_a_car_in_the_lot_and_money():
    em = A.apply(emergency(cars=0), A.ChooseEmergency(A.Sub.HIRE))
    assert A.options(em) == [A.EDDone()]
    poor = A.apply(emergency(ed=ed_with(BOARD, funds=0), savings=1, residency=(L, M)), A.ChooseEmergency(A.Sub.HIRE))
    assert A.options(poor) == [A.EDDone()]
    with pytest.raises(IllegalActionError, match="costs \\$3"):
        A.apply(poor, A.EDHireDoctor(0, free_parking_spots(poor.ed.board)[0]))


def test_admit_needs_a_car_in_the_lot():
    em = A.apply(emergency(cars=0, queues=((None, None, M, D),)), A.ChooseEmergency(A.Sub.ADMIT))
    with pytest.raises(IllegalActionError, match="no car is left"):
        A.apply(em, EDAdmit(0, free_parking_spots(em.ed.board)[0]))


def test_hub_and_break_room_stock_is_shared():
    """E4/E11: break rooms 1/1/2/3 for 1-4 players, hubs 8 less the starting ones; what
    one player builds, the other cannot."""
    em = A.apply(emergency(), A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.EDConstruct(EDBuildModule(BREAK, sp("C1"))))
    em = A.apply(em, A.EDConstruct(EDBuildModule(HUB, sp("B2"))))
    assert em.area.stock.break_rooms == 0 and em.area.stock.hubs == 5
    other = A.start(em.area, ed_with(BOARD), 10, 50, 1)
    other = A.apply(other, A.ChooseEmergency(A.Sub.BUILD))
    assert not any(
        isinstance(a, A.EDConstruct) and getattr(a.build, "module", None) == BREAK for a in A.options(other)
    )
    with pytest.raises(IllegalActionError, match="no emergency staff break room tile is left"):
        A.apply(other, A.EDConstruct(EDBuildModule(BREAK, sp("C1"))))


def test_a_hub_built_first_counts_for_admit():
    """H3: the EQP are counted when Admit is chosen ("in whichever order you like")."""
    em = A.apply(emergency(ed=ed_with(BOARD, funds=10)), A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.EDConstruct(EDBuildModule(HUB, sp("C1"))))
    em = A.apply(em, A.EDDone())
    em = A.apply(em, A.ChooseEmergency(A.Sub.ADMIT))
    assert em.turn.eqp == 2


def test_every_option_applies():
    """Every action ``options`` lists is accepted by ``apply``."""
    em = emergency(ed=ed_with(BOARD, funds=20), queues=((None, L, M, D),))
    for sub in A.Sub:
        started = A.apply(em, A.ChooseEmergency(sub))
        for action in A.options(started):
            A.apply(started, action)


def test_parking_offered_with_cars_moved_in():
    """As the base game: a new parking tile may take in cars parked on borders beside an
    empty space (freeing it for a module)."""
    from core.clinic.construction import BuildParking
    from core.clinic.parking import park_car

    board = park_car(BOARD, Border(False, 2, 0))  # north of C1
    em = A.apply(emergency(ed=ed_with(board)), A.ChooseEmergency(A.Sub.BUILD))
    move_in = A.EDConstruct(BuildParking(sp("D2"), (Border(False, 2, 0),)))
    assert move_in in A.options(em)
    em = A.apply(em, move_in)
    assert em.ed.board.border_cars == frozenset()
    assert em.ed.board.parked_cars == 1
