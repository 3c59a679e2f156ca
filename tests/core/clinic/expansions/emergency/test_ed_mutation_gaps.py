"""Rule tests for the Emergency Department that the mutation samples of issue 19 showed
missing (docs/testing.md, "The samples of issue 19"): each sets up a small fixed
position where one rule of the 911th Extension matters and asserts what a player sees
(the choices offered, the refusal naming the rule, the money after, the game saved and
loaded back).  Each docstring quotes the rulebook (``clinic-deluxe-911-emergency.txt``)
or, where it is silent, the ruling (``clinic-expansion-rulings.md`` §5, E1-E37)."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.board import Space
from core.clinic.errors import IllegalActionError
from core.clinic.expansions import get
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import EDBuyPopularity
from core.clinic.expansions.emergency.construction import EDBuildModule, check_ed_build
from core.clinic.expansions.emergency.queues import EDAdmit, EDShift, apply_shift
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.actions import Shift
from core.clinic.game.narration import option_text
from core.clinic.game.state import Phase, Turn
from core.clinic.parking import free_parking_spots

from game.game_helpers import with_player

from ..helpers import started
from .ed_helpers import HUB, ROOM, D, L, M, area, ed_board, ed_with, sp

OPTS = ("emergency",)
BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


def emergency(ed=None, savings=5, cars=50, round=1, players=2, **area_changes):
    ed = ed if ed is not None else ed_with(BOARD)
    return A.start(area(players, **area_changes), ed, savings, cars, round)


def _ed(state, seat=0):
    return state.players[seat].emergency


def _solo(seed=0):
    """A one-player game with the ED, at round 1's first selection."""
    return started(OPTS, players=1, seed=seed)


def _deciding(state, phase, seat=0, **changes):
    return evolve(state, phase=phase, queue=(seat,), step=Turn(), **changes)


# --- the seed-4 survivors ------------------------------------------------------------
def test_a_hire_paid_partly_from_savings_takes_the_difference_from_the_savings():
    """"Whenever you spend money for the emergency department in any phase ... 1. Pay
    from your emergency department funds if you can. 2. If you're short, pay the
    difference from your main clinic savings": a $2 nurse with $1 on the ED board
    takes the ED's $1 and $1 of the savings."""
    em = A.apply(emergency(ed=ed_with(BOARD, funds=1), savings=5), A.ChooseEmergency(A.Sub.HIRE))
    em = A.apply(em, A.EDHireNurse(free_parking_spots(em.ed.board)[0]))
    assert (em.ed.funds, em.savings) == (0, 4)
    # a $3 doctor with $0 on the ED board: all of it from the savings
    em = A.apply(emergency(ed=ed_with(BOARD, funds=0), savings=5, residency=(M, L)), A.ChooseEmergency(A.Sub.HIRE))
    em = A.apply(em, A.EDHireDoctor(0, free_parking_spots(em.ed.board)[0]))
    assert (em.ed.funds, em.savings) == (0, 2)


def test_the_refusal_of_a_build_names_the_construction_rule_it_breaks():
    """"Remember: You can't have 2 Emergency service hubs adjacent to each other because
    they are the same color!": asked why a build is not possible, the Emergency action
    answers with that rule (and with the tile supply and the money otherwise)."""
    em = A.apply(emergency(), A.ChooseEmergency(A.Sub.BUILD))
    why = A.build_refusal(em, EDBuildModule(HUB, sp("A2")))
    assert "You can't have 2 Emergency service hubs adjacent" in why
    assert A.build_refusal(em, EDBuildModule(HUB, sp("C1"))) is None
    poor = A.apply(emergency(ed=ed_with(BOARD, funds=1), savings=1), A.ChooseEmergency(A.Sub.BUILD))
    assert A.build_refusal(poor, EDBuildModule(HUB, sp("C1"))) == (
        "build an emergency service hub at C1 of the emergency department costs $3; you have $1 + $1 savings"
    )


def test_a_doctor_is_offered_only_from_a_residency_space_that_holds_one():
    """"Hire 1 emergency doctor" from the Emergency Residency (E7: one space per player,
    $3/$2 from the left): the first space is empty, so only the doctor of the second
    space ($2) is offered, on every free parking space of the ED board."""
    em = A.apply(emergency(residency=(None, M)), A.ChooseEmergency(A.Sub.HIRE))
    doctors = [a for a in A.options(em) if isinstance(a, A.EDHireDoctor)]
    assert {a.slot for a in doctors} == {1}
    assert {a.car for a in doctors} == set(free_parking_spots(em.ed.board))
    full = A.apply(emergency(residency=(L, M)), A.ChooseEmergency(A.Sub.HIRE))
    assert {a.slot for a in A.options(full) if isinstance(a, A.EDHireDoctor)} == {0, 1}


def test_an_illegal_done_is_refused_naming_it():
    """An illegal action raises an error naming the action and the rule (developers'
    guide): a Done for the Emergency action while tiles are being selected is refused as
    'done', to be decided during the Emergency action."""
    state = _solo()
    with pytest.raises(IllegalActionError, match="Illegal action 'done' .*decided during the Emergency action"):
        apply_action(state, A.EDDone())


@pytest.mark.parametrize("space", [Space(1, 0, 0), Space(0, 4, 0), Space(0, 0, 2)])
def test_an_emergency_module_off_the_one_floor_board_is_refused(space):
    """The Emergency Department board is "Floor 0, 4 spaces x 2 spaces" (E12: one
    floor): a hub upstairs or beyond its columns or rows is refused as off the board."""
    with pytest.raises(IllegalActionError, match="emergency service hub at .* is off the emergency department board"):
        check_ed_build(BOARD, EDBuildModule(HUB, space))


def test_ed_expenses_the_ed_cannot_pay_come_from_the_savings_then_popularity():
    """"After you pay main-clinic Expenses ... it's time to pay emergency department
    expenses. 1. As usual, pay from your emergency department funds if you can. 2. As
    usual, if you're short, pay the difference from your main clinic savings. 3. If
    you're still short, pay the difference from your popularity at a 1:1 ratio": the
    starting ED owes $4 (a doctor $2, a hub and a room $1 each)."""
    hook = get("emergency").before_admin
    state = with_player(_solo(), 0, money=10, popularity=6)
    state = with_player(state, 0, emergency=evolve(_ed(state), funds=1))
    after = hook(state)
    assert (_ed(after).funds, after.players[0].money, after.players[0].popularity) == (0, 7, 6)
    short = with_player(state, 0, money=1)
    after = hook(short)
    assert (_ed(after).funds, after.players[0].money, after.players[0].popularity) == (0, 0, 4)


def test_no_admission_is_offered_with_no_car_left_in_the_lot():
    """Admitting an emergency patient needs "an ED car spot" (E16) and, as for every
    hire, "a car from the parking lot on the main board": with the lot empty no
    admission is offered (queue moves still are), and one asked for is refused."""
    em = A.apply(emergency(cars=0, queues=((None, None, M, D),)), A.ChooseEmergency(A.Sub.ADMIT))
    offered = A.options(em)
    assert not any(isinstance(a, EDAdmit) for a in offered)
    assert any(isinstance(a, EDShift) for a in offered)
    with pytest.raises(IllegalActionError, match="cannot admit: no car is left in the parking lot"):
        A.apply(em, EDAdmit(0, free_parking_spots(em.ed.board)[0]))
    one_car = A.apply(emergency(cars=1, queues=((None, None, M, D),)), A.ChooseEmergency(A.Sub.ADMIT))
    assert any(isinstance(a, EDAdmit) for a in A.options(one_car))


@pytest.mark.parametrize("queue", [1, 2, -1])
def test_a_queue_move_outside_the_queues_in_play_is_refused_by_the_rule(queue):
    """E6: "2 queues of 4 spaces, "1p/2p" above "3p/4p" (3-4 players only)": with 2
    players only the 1p/2p queue is in play, and a move in another queue is refused as
    no such space (never an index error)."""
    a = area(2, queues=((None, None, M, D),))
    with pytest.raises(IllegalActionError, match="Emergency queues: no such space"):
        apply_shift(a, EDShift(queue, 3, Shift.LEFT))
    with pytest.raises(IllegalActionError, match="Emergency queues: no such space"):
        apply_shift(a, EDShift(0, 4, Shift.LEFT))
    assert apply_shift(a, EDShift(0, 3, Shift.LEFT)).queues == ((None, None, D, M),)


def test_a_move_or_admission_in_a_queue_not_in_play_is_refused_naming_it():
    """E6: the "3p/4p" queue is in play with 3-4 players only.  In a 2-player game an
    admission from a queue that is not there is refused by the game with its rule and
    the action in words (this once raised an index error while naming the action)."""
    state = started(OPTS, players=2, seed=1)
    state = _deciding(state, Phase.EMERGENCY, seat=state.turn_order[0])
    state = apply_action(state, A.ChooseEmergency(A.Sub.ADMIT))
    car = free_parking_spots(_ed(state, state.current).board)[0]
    with pytest.raises(IllegalActionError, match=r"the 3p/4p queue.*no emergency patient in the rightmost space"):
        apply_action(state, EDAdmit(1, car))
    with pytest.raises(IllegalActionError, match=r"the no\. 3 queue.*no emergency patient in the rightmost space"):
        apply_action(state, EDAdmit(2, car))
    with pytest.raises(IllegalActionError, match=r"in the no\. 3 queue, space 1.*no such space"):
        apply_action(state, EDShift(2, 0, Shift.RIGHT))
    assert "in the 1p/2p queue" in str(EDShift(0, 0, Shift.RIGHT))
    assert "of the 3p/4p queue" in str(EDAdmit(1, car))


def test_the_free_starting_pieces_of_an_expert_cost_nothing_in_the_menu():
    """E13: experts place a "free ED hub + light room": the menu says $0 for them."""
    state = new_game(1, 2, options=OPTS, expert=True, sides=["expert"])
    while not isinstance(legal_actions(state)[0], A.EDConstruct):
        state = apply_action(state, legal_actions(state)[0])
    texts = [option_text(state, a) for a in legal_actions(state)]
    assert texts and all(t.endswith("($0)") for t in texts), texts


def test_the_ed_popularity_menu_says_what_each_choice_buys():
    """"each 1 popularity your emergency department buys is just $2" (from its funds,
    E26): the menu says the price of each choice, and the choice to buy none."""
    state = _deciding(_solo(), Phase.ED_BUY_POPULARITY)
    state = with_player(state, 0, emergency=evolve(_ed(state), funds=5))
    assert legal_actions(state) == [EDBuyPopularity(n) for n in range(3)]
    assert option_text(state, EDBuyPopularity(0)) == "the emergency department buys no popularity"
    assert option_text(state, EDBuyPopularity(2)) == "the emergency department buys 2 popularity for $4 of its funds"
