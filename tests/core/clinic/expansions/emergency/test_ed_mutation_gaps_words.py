"""What the menus, the plain text mode and the log say for the Emergency Department
(``emergency.words``; issue 19's narration survivors): in a fixed small position,
each decision and each choice is said in full, with the prices and counts the 911
rulebook gives (RD and E-rulings for the values the rulebook lost).  The words are
what a player reads, so they are asserted whole."""

from __future__ import annotations

from attrs import evolve

from core.clinic.board import Border
from core.clinic.construction import BuildConveyor, BuildGarden, BuildParking, UpgradeParking
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency import words as W
from core.clinic.expansions.emergency.business import EDOffDuty, EDRemoveCar
from core.clinic.expansions.emergency.components import EDPerson
from core.clinic.expansions.emergency.construction import EDBuildModule
from core.clinic.expansions.emergency.movement import EDMove
from core.clinic.expansions.emergency.queues import EDAdmit, EDShift
from core.clinic.expansions.emergency.state import EmergencyTurn, Sub
from core.clinic.game import apply_action
from core.clinic.game.actions import Shift
from core.clinic.game.narration import decision_text, option_text
from core.clinic.game.state import Phase, Turn
from core.clinic.expansions.emergency.access import ed_state, with_waiting_area, with_emergency_turn
from core.clinic.expansions.emergency.round import EDPhase
from .ed_helpers import put_ed

from game.game_helpers import with_player

from ..helpers import started
from .ed_helpers import (
    DOC,
    HUB,
    NURSE,
    OUTSIDE,
    PAT,
    PRE_ADMISSIONS,
    ROOM,
    D,
    L,
    M,
    area,
    ed_board,
    ed_with,
    sp,
)

OPTS = ("emergency",)
TWO_HUBS = ed_board((HUB, "A1"), (ROOM[L], "B1"), (HUB, "C1"))
WEST_OF_A2 = Border(True, 0, 1)


def _position(ed=None, **area_changes):
    """Round 1, action 1 of a solo game; the ED (two hubs, a light room, $10 apart)
    and the waiting area are set by hand; savings $15."""
    state = started(OPTS, players=1, seed=0)
    ed = ed if ed is not None else ed_with(TWO_HUBS, (DOC, OUTSIDE, L))
    state = put_ed(state, 0, ed, money=15)
    return with_waiting_area(state, area(1, **area_changes))


def _in(state, phase, emergency=None):
    return evolve(state, phase=phase, queue=(0,), step=with_emergency_turn(Turn(), emergency))


def test_the_emergency_action_says_its_two_different_parts_and_the_money():
    """"The Emergency action lets you do any 2 different of the following, in whichever
    order you like: Build ... Hire ... Admit"; "Each Emergency service hub gives you 1
    Emergency Queue Point"; the money: ED funds first, then savings."""
    state = _in(_position(), EDPhase.EMERGENCY, EmergencyTurn())
    assert decision_text(state) == (
        "round 1, action 1: Emergency: choose one of build / hire / admit (ED $10, savings $15), or be done"
    )
    assert [option_text(state, A.ChooseEmergency(s)) for s in Sub] == [
        "build: up to 2 components on your ED",
        "hire: an emergency doctor and/or nurse",
        "admit: 2 emergency queue point(s)",
    ]
    assert option_text(state, A.EDDone()) == "done with the Emergency action"
    not_started = _in(_position(), EDPhase.EMERGENCY, None)  # no progress recorded yet: the same
    assert decision_text(not_started) == decision_text(state)
    assert option_text(not_started, A.EDDone()) == "done with the Emergency action"
    building = apply_action(state, A.ChooseEmergency(Sub.BUILD))
    assert decision_text(building) == (
        "round 1, action 1: Emergency: build up to 2 more on your emergency department (ED $10, savings $15),"
        " or be done"
    )
    assert option_text(building, A.EDDone()) == "done with this part of the Emergency action"
    built = apply_action(building, A.EDConstruct(EDBuildModule(ROOM[M], sp("D1"))))
    assert decision_text(built) == (
        "round 1, action 1: Emergency: build up to 1 more on your emergency department (ED $7, savings $15),"
        " or be done"
    )
    after_one = apply_action(built, A.EDDone())
    assert decision_text(after_one).startswith("round 1, action 1: Emergency: choose another of build / hire / admit")
    hiring = apply_action(after_one, A.ChooseEmergency(Sub.HIRE))
    assert decision_text(hiring) == (
        "round 1, action 1: Emergency: hire an emergency doctor and/or nurse (ED $7, savings $15), or be done"
    )


def test_an_admission_says_the_queue_points_left():
    """"For each Emergency Queue Point you may: Move 1 Emergency Patient in queues 1 space
    ... OR Move 1 Emergency Patient from rightmost column of a queue to emergency
    pre-admissions": two hubs, two queue points, one spent."""
    state = _in(_position(queues=((None, L, M, D),)), EDPhase.EMERGENCY, EmergencyTurn())
    admitting = apply_action(state, A.ChooseEmergency(Sub.ADMIT))
    assert decision_text(admitting) == "round 1, action 1: Emergency: admit emergency patients, 2 queue points left"
    assert option_text(admitting, EDAdmit(0, WEST_OF_A2)) == (
        "admit the dark emergency patient from the 1p/2p queue into emergency pre-admissions (1 queue point),"
        " car parked on the border west of A2"
    )
    assert option_text(admitting, EDShift(0, 2, Shift.RIGHT)) == (
        "move the medium emergency patient in the 1p/2p queue, space 3, right (1 queue point)"
    )
    moved = apply_action(admitting, EDShift(0, 2, Shift.RIGHT))
    assert decision_text(moved) == "round 1, action 1: Emergency: admit emergency patients, 1 queue point left"


def test_a_hire_says_the_doctor_the_space_and_the_price():
    """"Pay the indicated cost (below doctor, above nurse)": the residency's doctors $3,
    $2, $2, $1 from the left, an emergency nurse $2 (RD, E5, E7); "Park the car in any
    available parking space on your Emergency Department board"."""
    state = _in(_position(residency=(M,)), EDPhase.EMERGENCY, EmergencyTurn(current=Sub.HIRE))
    assert option_text(state, A.EDHireDoctor(0, WEST_OF_A2)) == (
        "hire the medium emergency doctor on residency space 1 for $3, car parked on the border west of A2"
    )
    assert option_text(state, A.EDHireNurse(sp("D2"))) == (
        "hire an emergency nurse for $2, car parked on the parking tile at D2"
    )


def test_a_build_says_what_it_builds_and_its_price():
    """E10: garden $1, parking $2, an upgrade $1, conveyor $2 ("Usual price"); a parking
    tile may take in the cars parked beside it, as in the base game, and says so."""
    state = _in(_position(), EDPhase.EMERGENCY, EmergencyTurn(current=Sub.BUILD))
    north_of_d1 = Border(False, 3, 0)
    assert option_text(state, A.EDConstruct(BuildGarden(sp("D1")))) == (
        "build a garden at D1 of the emergency department ($1)"
    )
    assert option_text(state, A.EDConstruct(BuildParking(sp("D1")))) == (
        "build parking at floor 0 D1 on the emergency department ($2)"
    )
    assert option_text(state, A.EDConstruct(BuildParking(sp("D1"), (north_of_d1,)))) == (
        "build parking at floor 0 D1 on the emergency department ($2), moving the car on the border north of D1"
        " into it"
    )
    two = (north_of_d1, Border(True, 4, 0))
    assert option_text(state, A.EDConstruct(UpgradeParking(sp("D1"), two))).endswith(
        "($1), moving the cars on the border north of D1 and on the border east of D1 into it"
    )
    assert option_text(state, A.EDConstruct(BuildConveyor((sp("A1"), sp("B1"))))).endswith(
        "on the emergency department ($2)"
    )
    assert option_text(state, A.EDConstruct(EDBuildModule(ROOM[D], sp("D2")))) == (
        "build a dark emergency room at D2 of the emergency department ($4)"
    )


def test_the_eds_business_and_admin_decisions_say_what_is_decided():
    """"If 1 adjacent emergency room uses an off-duty nurse, -1 popularity. If 2 ... -3
    ... If 3 ... -7"; "Remember to remove the treated patient's car" (H7: the player
    chooses which); "each 1 popularity your emergency department buys is just $2"."""
    state = _position()
    assert decision_text(_in(state, EDPhase.ED_BUSINESS)) == (
        "round 1, Business: use off-duty emergency nurses from the break room? (-1 / -3 / -7 popularity)"
    )
    owed = put_ed(state, 0, evolve(ed_state(state.players[0]), cars_owed=2))
    assert decision_text(_in(owed, EDPhase.ED_REMOVE_CAR)) == (
        "remove 2 cars of your choice from your emergency department (people left)"
    )
    one = put_ed(state, 0, evolve(ed_state(state.players[0]), cars_owed=1))
    assert decision_text(_in(one, EDPhase.ED_REMOVE_CAR)).startswith("remove 1 car of your choice")
    assert decision_text(_in(state, EDPhase.ED_BUY_POPULARITY)) == (
        "round 1, Business: the emergency department buys popularity at $2 each from its funds ($10)"
    )
    assert option_text(state, EDRemoveCar(WEST_OF_A2)) == (
        "remove the car on the border west of A2 from the emergency department"
    )
    assert option_text(state, EDOffDuty(frozenset({sp("B1")}))) == "off-duty emergency nurses in B1 (-1 popularity)"


def test_an_ed_move_says_who_goes_where_and_the_time():
    """"Moving 1 emergency doctor/nurse from outside the grid into an Emergency service
    hub costs 1 time"; to an adjacent module 1 more."""
    state = _in(_position(), Phase.MOVE)
    assert option_text(state, EDMove(1, sp("A1"))) == (
        "move light emergency doctor 1 from outside the grid to the emergency service hub at A1"
        " of the emergency department (time 1)"
    )
    assert option_text(state, EDMove(1, sp("B1"))).endswith("to the light emergency room at B1 of the emergency department (time 2)")
    ed = ed_with(TWO_HUBS, (NURSE, "A1"))
    assert W.where_name(ed, sp("A2")) == "A2"
    assert W.where_name(ed, PRE_ADMISSIONS) == "emergency pre-admissions"


def test_the_expert_places_the_free_pieces():
    """E13: experts place "a free hub and then a free light room"."""
    from core.clinic.game import legal_actions, new_game

    free_pieces = "place your free emergency service hub, then your free light emergency room"
    state = new_game(1, 2, options=OPTS, expert=True, sides=["expert"])
    while not isinstance(legal_actions(state)[0], A.EDConstruct):
        assert decision_text(state) != free_pieces  # the main clinic's own setup first
        state = apply_action(state, legal_actions(state)[0])
    assert decision_text(state) == free_pieces


def test_the_log_says_who_was_treated_and_who_died():
    """"Each successfully treated emergency patient generates income"; "Dark patients die
    and you get -5 popularity"."""
    before = _position()
    ed = ed_state(before.players[0])
    after = put_ed(before, 0, evolve(ed, treated=(1, 1, 0), dead=1))
    name = before.players[0].name
    assert W.events(before, after) == [
        f"{name}'s emergency department treats 2 emergency patients",
        f"{name}: 1 dark emergency patient died (-5 popularity each)",
    ]
    one = put_ed(before, 0, evolve(ed, treated=(0, 0, 1), dead=2))
    assert W.events(before, one) == [
        f"{name}'s emergency department treats 1 emergency patient",
        f"{name}: 2 dark emergency patients died (-5 popularity each)",
    ]
    assert W.events(before, before) == []


def test_people_on_the_ed_board_have_their_letters():
    """E37: the ED board shows its people by letters, with "``L/M/D`` patients": a role
    letter (doctor, nurse, patient) and the level's letter (``dL``, ``n``, ``pD``)."""
    assert W.person_letter(EDPerson(1, DOC, OUTSIDE, L)) == "dL"
    assert W.person_letter(EDPerson(2, NURSE, OUTSIDE)) == "n"
    assert W.person_letter(EDPerson(3, PAT, PRE_ADMISSIONS, D)) == "pD"
