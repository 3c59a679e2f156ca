"""Each refusal of the Emergency action and of ED construction names its rule (911
rulebook "Action: Emergency", "Hire", "Admit", "Construction"; the developers' guide:
an illegal action raises a clear error that names the rule it breaks)."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.board import Space
from core.clinic.construction import BuildGarden
from core.clinic.errors import IllegalActionError
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import EDOffDuty, off_duty_penalty
from core.clinic.expansions.emergency.construction import check_ed_build
from core.clinic.expansions.emergency.queues import EDAdmit
from core.clinic.parking import free_parking_spots

from .ed_helpers import HUB, ROOM, D, L, M, area, ed_board, ed_with, sp

BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


def _hiring(savings=5, cars=50, funds=10, **area_changes):
    em = A.start(area(2, **area_changes), ed_with(BOARD, funds=funds), savings, cars, 1)
    return A.apply(em, A.ChooseEmergency(A.Sub.HIRE))


@pytest.mark.parametrize("slot", [-1, 2, 3])
def test_a_doctor_is_hired_only_from_a_residency_space_that_holds_one(slot):
    """"Hire 1 emergency doctor" from the residency spaces: a space beyond them (or an
    empty one) is refused by that rule, never by an index error."""
    em = _hiring(residency=(M, None))
    spot = free_parking_spots(em.ed.board)[0]
    with pytest.raises(IllegalActionError, match=f"no emergency doctor on residency space {slot + 1}"):
        A.apply(em, A.EDHireDoctor(slot, spot))
    with pytest.raises(IllegalActionError, match="no emergency doctor on residency space 2"):
        A.apply(em, A.EDHireDoctor(1, spot))


def test_a_nurse_costs_2_dollars_from_the_ed_funds_then_savings():
    """"Pay from your emergency department funds if you can. If you're short, pay the
    difference from your main clinic savings": $1 + $0 cannot pay for a nurse."""
    em = _hiring(savings=0, funds=1)
    with pytest.raises(IllegalActionError, match=r"an emergency nurse costs \$2; you have \$1"):
        A.apply(em, A.EDHireNurse(free_parking_spots(em.ed.board)[0]))


def test_a_hire_needs_a_car_from_the_main_boards_parking_lot():
    """"Take a car from the parking lot on the main board": with the lot empty no
    emergency doctor can come."""
    em = _hiring(cars=0, residency=(M, L))
    with pytest.raises(IllegalActionError, match="no car is left in the parking lot on the main board"):
        A.apply(em, A.EDHireDoctor(0, free_parking_spots(em.ed.board)[0]))


def test_an_admission_spends_an_emergency_queue_point():
    """"Each Emergency service hub gives you 1 Emergency Queue Point": with none left,
    no admission."""
    em = A.start(area(2, queues=((None, None, M, D),)), ed_with(BOARD), 5, 50, 1)
    em = A.apply(em, A.ChooseEmergency(A.Sub.ADMIT))
    spent = evolve(em, turn=evolve(em.turn, eqp=0))
    with pytest.raises(IllegalActionError, match="no Emergency Queue Point left"):
        A.apply(spent, EDAdmit(0, free_parking_spots(em.ed.board)[0]))


@pytest.mark.parametrize("space", [Space(1, 0, 0), Space(0, 0, 9)])
def test_a_garden_off_the_one_floor_ed_board_is_refused(space):
    """The Emergency Department board has one floor: a garden (a base component the ED
    may build) upstairs or past its rows is off the board."""
    with pytest.raises(IllegalActionError, match="off the emergency department board"):
        check_ed_build(BOARD, BuildGarden(space))


def test_off_duty_nurses_name_each_room_and_the_popularity_lost():
    """E22 and the rulebook: "1 off-duty nurse in a round, -1 popularity; 2, -3; 3, -7"."""
    choice = EDOffDuty(frozenset({sp("B1"), sp("A1")}))
    assert off_duty_penalty(2) == -3
    assert str(choice) == "off-duty emergency nurses in A1, B1 (-3 popularity)"
    assert str(EDOffDuty()) == "no off-duty emergency nurse"
