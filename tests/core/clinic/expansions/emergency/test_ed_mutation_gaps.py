"""Rule tests for the Emergency Department that the mutation samples of issue 19 showed
missing (docs/testing.md, "The samples of issue 19"): each sets up a small fixed
position where one rule of the 911th Extension matters and asserts what a player sees
(the choices offered, the refusal naming the rule, the money after, the game saved and
loaded back).  Each docstring quotes the rulebook (``clinic-deluxe-911-emergency.txt``)
or, where it is silent, the ruling (``clinic-expansion-rulings.md`` §5, E1-E37)."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.board import Border, Space
from core.clinic.errors import IllegalActionError
from core.clinic.expansions import get
from core.clinic.game.outcome import state_of
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import EDBuyPopularity
from core.clinic.expansions.emergency.construction import EDBuildModule, check_ed_build
from core.clinic.expansions.emergency.queues import EDAdmit, EDShift, apply_shift
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.actions import Shift
from core.clinic.game.narration import option_text
from core.clinic.game.state import Phase, Turn
from core.clinic.parking import free_parking_spots
from core.clinic.expansions.emergency.access import ed_state, waiting_area, with_waiting_area, emergency_turn, with_emergency_turn
from core.clinic.expansions.emergency.round import EDPhase
from .ed_helpers import put_ed

from game.game_helpers import with_player

from ..helpers import started
from .ed_helpers import HUB, ROOM, D, L, M, area, ed_board, ed_with, sp

OPTS = ("emergency",)
BOARD = ed_board((HUB, "A1"), (ROOM[L], "B1"))


def emergency(ed=None, savings=5, cars=50, round=1, players=2, **area_changes):
    ed = ed if ed is not None else ed_with(BOARD)
    return A.start(area(players, **area_changes), ed, savings, cars, round)


def _ed(state, seat=0):
    return ed_state(state.players[seat])


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
    def hook(state):
        return state_of(get("emergency").before_admin(state))

    state = with_player(_solo(), 0, money=10, popularity=6)
    state = put_ed(state, 0, evolve(_ed(state), funds=1))
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
    state = _deciding(state, EDPhase.EMERGENCY, seat=state.turn_order[0])
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
    state = _deciding(_solo(), EDPhase.ED_BUY_POPULARITY)
    state = put_ed(state, 0, evolve(_ed(state), funds=5))
    assert legal_actions(state) == [EDBuyPopularity(n) for n in range(3)]
    assert option_text(state, EDBuyPopularity(0)) == "the emergency department buys no popularity"
    assert option_text(state, EDBuyPopularity(2)) == "the emergency department buys 2 popularity for $4 of its funds"


# --- the Emergency action: what is offered, what is refused --------------------------
def test_money_that_covers_the_price_exactly_is_enough():
    """"If you're short, pay the difference from your main clinic savings": $1 on the ED
    board and $2 of savings pay exactly for a $3 hub, a $3 doctor (space 1) or a $2
    nurse; a dollar less does not."""
    building = A.apply(emergency(ed=ed_with(BOARD, funds=1), savings=2), A.ChooseEmergency(A.Sub.BUILD))
    hub = A.EDConstruct(EDBuildModule(HUB, sp("C1")))
    assert hub in A.options(building)
    assert (A.apply(building, hub).ed.funds, A.apply(building, hub).savings) == (0, 0)
    hiring = A.apply(emergency(ed=ed_with(BOARD, funds=1), savings=2, residency=(M, L)), A.ChooseEmergency(A.Sub.HIRE))
    offered = A.options(hiring)
    assert {a.slot for a in offered if isinstance(a, A.EDHireDoctor)} == {0, 1}
    assert any(isinstance(a, A.EDHireNurse) for a in offered)
    poorer = A.apply(emergency(ed=ed_with(BOARD, funds=0), savings=2, residency=(M, L)), A.ChooseEmergency(A.Sub.HIRE))
    offered = A.options(poorer)
    assert {a.slot for a in offered if isinstance(a, A.EDHireDoctor)} == {1}  # $2, not $3
    assert any(isinstance(a, A.EDHireNurse) for a in offered)
    assert hub not in A.options(A.apply(emergency(ed=ed_with(BOARD, funds=0), savings=2), A.ChooseEmergency(A.Sub.BUILD)))


@pytest.mark.parametrize("round_, offered", [(1, False), (2, True), (3, False)])
def test_the_nurse_comes_from_the_current_rounds_column(round_, offered):
    """"Hire 1 emergency nurse from the current round's column" (E5): only round II's
    column holds a nurse here, so only in round 2 is one offered and hired from it."""
    em = emergency(round=round_, nurses=(0, 1, 0, 0, 0, 0))
    em = A.apply(em, A.ChooseEmergency(A.Sub.HIRE))
    spot = free_parking_spots(em.ed.board)[0]
    assert any(isinstance(a, A.EDHireNurse) for a in A.options(em)) is offered
    if offered:
        assert A.apply(em, A.EDHireNurse(spot)).area.nurses == (0, 0, 0, 0, 0, 0)
    else:
        with pytest.raises(IllegalActionError, match="no emergency nurse is left in the current round's column"):
            A.apply(em, A.EDHireNurse(spot))


def test_one_doctor_and_one_nurse_per_hire():
    """"With this action, you can: Hire 1 emergency doctor. and/or Hire 1 emergency nurse
    from the current round's column": after the doctor only the nurse (or done) is
    offered, and a second doctor is refused; likewise the other way round."""
    em = A.apply(emergency(residency=(M, L), nurses=(2, 2, 2, 2, 2, 2)), A.ChooseEmergency(A.Sub.HIRE))
    spot = free_parking_spots(em.ed.board)[0]
    doctor = A.apply(em, A.EDHireDoctor(0, spot))
    assert {type(a) for a in A.options(doctor)} == {A.EDHireNurse, A.EDDone}
    with pytest.raises(IllegalActionError, match="you may hire only 1 emergency doctor"):
        A.apply(doctor, A.EDHireDoctor(1, free_parking_spots(doctor.ed.board)[0]))
    nurse = A.apply(em, A.EDHireNurse(spot))
    assert {type(a) for a in A.options(nurse)} == {A.EDHireDoctor, A.EDDone}
    with pytest.raises(IllegalActionError, match="you may hire only 1 emergency nurse"):
        A.apply(nurse, A.EDHireNurse(free_parking_spots(nurse.ed.board)[0]))
    both = A.apply(nurse, A.EDHireDoctor(1, free_parking_spots(nurse.ed.board)[0]))
    assert both.turn.current is None and both.turn.done == (A.Sub.HIRE,)


def test_each_part_is_played_only_once_chosen_and_finished_before_the_next():
    """"any 2 different of the following, in whichever order you like" (E9: chosen one
    after another): a build, a hire or an admission belongs to its own part, which must
    be chosen first, and a part in progress is finished before another is chosen."""
    em = emergency(residency=(M, L), queues=((None, None, M, D),))
    spot = free_parking_spots(em.ed.board)[0]
    build = A.EDConstruct(EDBuildModule(HUB, sp("C1")))
    for sub, wrong in [
        (A.Sub.HIRE, build),
        (A.Sub.ADMIT, A.EDHireNurse(spot)),
        (A.Sub.BUILD, EDAdmit(0, spot)),
        (A.Sub.BUILD, EDShift(0, 3, Shift.LEFT)),
    ]:
        started_part = A.apply(em, A.ChooseEmergency(sub))
        with pytest.raises(IllegalActionError, match="Emergency action: choose '.*' first"):
            A.apply(started_part, wrong)
    for action, part in [(build, A.Sub.BUILD), (A.EDHireNurse(spot), A.Sub.HIRE), (EDAdmit(0, spot), A.Sub.ADMIT)]:
        with pytest.raises(IllegalActionError, match=f"choose '{part}' first"):
            A.apply(em, action)
    building = A.apply(em, A.ChooseEmergency(A.Sub.BUILD))
    with pytest.raises(IllegalActionError, match="^Emergency action: finish 'build onto your emergency department' first$"):
        A.apply(building, A.ChooseEmergency(A.Sub.HIRE))
    assert {type(a) for a in A.options(building)} == {A.EDConstruct, A.EDDone}


def test_the_last_car_in_the_lot_still_brings_a_hire():
    """"Take a car from the parking lot on the main board": one car left is enough for
    one hire (then none is left for the other)."""
    em = A.apply(emergency(cars=1, residency=(M, L)), A.ChooseEmergency(A.Sub.HIRE))
    assert {type(a) for a in A.options(em)} == {A.EDHireDoctor, A.EDHireNurse, A.EDDone}
    em = A.apply(em, A.EDHireNurse(free_parking_spots(em.ed.board)[0]))
    assert em.cars_lot == 0 and A.options(em) == [A.EDDone()]


def test_gardens_are_offered_on_every_empty_space():
    """Garden: "Usual price and rules" ($1, E10): a garden may go on any empty space of
    the ED board, and nowhere else."""
    from core.clinic.construction import BuildGarden

    em = A.apply(emergency(), A.ChooseEmergency(A.Sub.BUILD))
    gardens = {a.build.space for a in A.options(em) if isinstance(getattr(a, "build", None), BuildGarden)}
    assert gardens == set(em.ed.board.spaces()) - {sp("A1"), sp("B1")}


def test_conveyors_and_parking_upgrades_are_offered_as_the_base_game():
    """Conveyors: "Usual price and rules; however the emergency conveyor system is
    completely separate from the main clinic. So the first conveyor purchase for the
    emergency department is a 2-for-the-price-of-1 deal"; later purchases add one stop.
    Parking: "Usual price and rules" (a parking tile may be upgraded, E10: $1)."""
    from core.clinic.construction import BuildConveyor, BuildParking, UpgradeParking

    three = ed_board((HUB, "A1"), (ROOM[L], "B1"), (ROOM[M], "A2"))
    em = A.apply(emergency(ed=ed_with(three)), A.ChooseEmergency(A.Sub.BUILD))
    conveyors = {a.build.stops for a in A.options(em) if isinstance(getattr(a, "build", None), BuildConveyor)}
    assert conveyors == {(sp("A1"), sp("B1")), (sp("A1"), sp("A2"))}  # B1 and A2 are not aligned
    em = A.apply(em, A.EDConstruct(BuildConveyor((sp("A1"), sp("B1")))))
    assert em.ed.funds == 8
    more = {a.build.stops for a in A.options(em) if isinstance(a, A.EDConstruct) and isinstance(a.build, BuildConveyor)}
    assert (sp("A2"),) in more and all(len(stops) == 1 for stops in more)
    em = A.apply(emergency(ed=ed_with(three)), A.ChooseEmergency(A.Sub.BUILD))
    em = A.apply(em, A.EDConstruct(BuildParking(sp("D2"))))
    upgrades = [a.build for a in A.options(em) if isinstance(getattr(a, "build", None), UpgradeParking)]
    assert UpgradeParking(sp("D2")) in upgrades
    assert A.apply(em, A.EDConstruct(UpgradeParking(sp("D2")))).ed.funds == 10 - 2 - 1


def test_an_upgraded_parking_tile_takes_in_only_the_cars_it_has_room_for():
    """Parking spaces: "Usual price and rules": the flipped tile holds 3 cars, so a tile
    with 2 cars parked takes in at most 1 more of the cars parked on borders."""
    from core.clinic.construction import BuildParking, UpgradeParking
    from core.clinic.expansions.emergency.construction import ed_build
    from core.clinic.parking import park_car

    board = ed_build(BOARD, BuildParking(sp("D2")))
    for spot in (sp("D2"), sp("D2"), Border(False, 3, 0), Border(True, 0, 1)):
        board = park_car(board, spot)
    em = A.apply(emergency(ed=ed_with(board)), A.ChooseEmergency(A.Sub.BUILD))
    moved = {a.build.cars_moved for a in A.options(em) if isinstance(getattr(a, "build", None), UpgradeParking)}
    assert moved == {(), (Border(False, 3, 0),), (Border(True, 0, 1),)}


def test_a_refused_emergency_action_names_itself_in_words():
    """An illegal action raises an error naming the action and the rule: outside the
    Emergency action its parts and hires are named as a player reads them."""
    state = _solo()
    with pytest.raises(IllegalActionError, match="Illegal action 'emergency: build onto your emergency department'"):
        apply_action(state, A.ChooseEmergency(A.Sub.BUILD))
    car = Border(True, 0, 1)
    with pytest.raises(IllegalActionError, match=f"'hire the emergency doctor on residency space 2, car parked {car}'"):
        apply_action(state, A.EDHireDoctor(1, car))
    with pytest.raises(IllegalActionError, match=f"'hire an emergency nurse, car parked {car}'"):
        apply_action(state, A.EDHireNurse(car))
    with pytest.raises(IllegalActionError, match="'build an emergency service hub at C1 of the emergency department'"):
        apply_action(state, A.EDConstruct(EDBuildModule(HUB, sp("C1"))))


# --- the Emergency action in the game (the expansion's hooks) -------------------------
def test_a_hire_in_the_game_takes_the_doctor_the_money_and_a_car():
    """The hire steps: "1. Pay the indicated cost (below doctor ...). 2. Take the hired
    staff from the Emergency Waiting Area board. 3. Take a car from the parking lot on
    the main board. 4. Place the new hire outside the grid ... 5. Park the car ... on
    your Emergency Department board"; the money "from your emergency department funds
    if you can ... the difference from your main clinic savings"."""
    from core.clinic.expansions.emergency.components import OUTSIDE, EDRole
    from core.clinic.expansions.emergency.state import EmergencyTurn

    state = with_player(_solo(), 0, money=10)
    state = put_ed(state, 0, evolve(_ed(state), funds=1))
    state = evolve(with_waiting_area(state, area(1, residency=(M,))), phase=EDPhase.EMERGENCY, queue=(0,), step=with_emergency_turn(Turn(), EmergencyTurn()))
    lot = state.cars_lot
    state = apply_action(state, A.ChooseEmergency(A.Sub.HIRE))
    spot = free_parking_spots(_ed(state).board)[0]
    state = apply_action(state, A.EDHireDoctor(0, spot))
    ed = _ed(state)
    assert (ed.funds, state.players[0].money) == (0, 8)
    assert waiting_area(state).residency == (None,)
    assert state.cars_lot == lot - 1 and spot not in free_parking_spots(ed.board)
    assert (ed.people[-1].role, ed.people[-1].level, ed.people[-1].where) == (EDRole.DOCTOR, M, OUTSIDE)
    assert emergency_turn(state).hired_doctor and state.phase is EDPhase.EMERGENCY
    state = apply_action(state, A.EDDone())
    assert emergency_turn(state).done == (A.Sub.HIRE,) and state.phase is EDPhase.EMERGENCY


def test_an_expert_on_the_expert_side_takes_the_3x2_ed_side_and_only_then():
    """"BEGINNERS should use the 4x2 side. Each EXPERT can choose which side they wish to
    play (3x2 is challenging!)": an expert who plays the expert side of the main board
    takes the 3x2 side (house value); an expert on the beginner side, the 4x2 side."""
    from core.clinic.expansions.emergency.components import EDSide
    from core.clinic.expansions.emergency.hooks import ed_side

    state = new_game(2, 1, options=OPTS, expert=[True, True], sides=["expert", "beginner"])
    assert [ed_side(state, seat) for seat in (0, 1)] == [EDSide.EXPERT, EDSide.BEGINNER]
    assert [_ed(state, seat).board.side for seat in (0, 1)] == [EDSide.EXPERT, EDSide.BEGINNER]


def test_an_expert_places_the_free_ed_pieces_after_the_entrance_before_the_starting_car():
    """E13: experts place "a free hub and then a free light room"; H1: "an expert's car
    parks once both free pieces stand (a car obstructs building)": the ED pieces come
    once the main clinic's entrance stands, and not before."""
    state = new_game(1, 2, options=OPTS, expert=True, sides=["expert"])
    assert state.phase is Phase.EXPERT_SETUP
    while not isinstance(legal_actions(state)[0], A.EDConstruct):
        assert not any(isinstance(a, A.EDConstruct) for a in legal_actions(state))
        state = apply_action(state, legal_actions(state)[0])
    assert state.players[0].clinic.board.entrances
    assert all(isinstance(a, A.EDConstruct) for a in legal_actions(state))


def test_the_ed_moves_wait_while_zombies_move_first():
    """The ED moves after zombie kills (Z6, E32): while the Move phase offers only zombie
    steps, no ED move is added; with other moves (or none) the ED's moves join them."""
    from core.clinic.expansions.emergency.movement import EDMove
    from core.clinic.expansions.zombies import MoveZombie

    hook = get("emergency").options
    state = _deciding(_solo(), Phase.MOVE)
    zombie = MoveZombie(sp("A1"), sp("B1"))
    assert hook(state, [zombie]) == [zombie]
    assert any(isinstance(a, EDMove) for a in hook(state, []))
    with_other = hook(state, [zombie, A.EDDone()])
    assert with_other[:2] == [zombie, A.EDDone()] and any(isinstance(a, EDMove) for a in with_other)


# --- each refusal in full ---------------------------------------------------------------
def _refusal(call, *args):
    with pytest.raises(IllegalActionError) as err:
        call(*args)
    return str(err.value)


def test_each_refusal_of_the_emergency_action_says_its_rule_in_full():
    """The refusal's words are the rule shown to the player: "any 2 different"; "Hire 1
    emergency doctor. and/or Hire 1 emergency nurse from the current round's column";
    "Take a car from the parking lot on the main board"; "Each Emergency service hub
    gives you 1 Emergency Queue Point"; "your emergency pre-admission area, which only
    has 2 spaces!"; E16: an admitted patient's car parks on the ED board."""
    over = A.apply(emergency(), A.EDDone())
    assert _refusal(A.apply, over, A.ChooseEmergency(A.Sub.BUILD)) == "Emergency action: the Emergency action is over"
    hiring = A.apply(emergency(residency=(M, L), nurses=(2, 0, 0, 0, 0, 0)), A.ChooseEmergency(A.Sub.HIRE))
    spot = free_parking_spots(hiring.ed.board)[0]
    doctor = A.apply(hiring, A.EDHireDoctor(0, spot))
    assert _refusal(A.apply, doctor, A.EDHireDoctor(1, free_parking_spots(doctor.ed.board)[0])) == (
        "Emergency action: you may hire only 1 emergency doctor")
    nurse = A.apply(hiring, A.EDHireNurse(spot))
    assert _refusal(A.apply, nurse, A.EDHireNurse(free_parking_spots(nurse.ed.board)[0])) == (
        "Emergency action: you may hire only 1 emergency nurse")
    round_2 = evolve(hiring, round=2)
    assert _refusal(A.apply, round_2, A.EDHireNurse(spot)) == (
        "Emergency action: no emergency nurse is left in the current round's column")
    poor = evolve(hiring, ed=evolve(hiring.ed, funds=0), savings=1)
    assert _refusal(A.apply, poor, A.EDHireDoctor(0, spot)).startswith(
        "Emergency department: this emergency doctor costs $3; you have $0 in the emergency department and $1 in"
        " savings ('Pay from your emergency department funds if you can.")
    no_car = evolve(hiring, cars_lot=0)
    assert _refusal(A.apply, no_car, A.EDHireNurse(spot)) == (
        "Emergency action: no car is left in the parking lot on the main board")


def test_each_refusal_of_an_admission_says_its_rule_in_full():
    """"When you admit an emergency patient, move it to your emergency pre-admission
    area, which only has 2 spaces!"; E16: "needs a free ED pre-admission space and an ED
    car spot: no spot, no admission"; a car from the main board's lot."""
    from core.clinic.parking import park_car

    from .ed_helpers import PAT, PRE_ADMISSIONS

    queues = ((None, None, M, D),)
    full = ed_with(BOARD, (PAT, PRE_ADMISSIONS, L), (PAT, PRE_ADMISSIONS, M))
    em = A.apply(emergency(ed=full, queues=queues), A.ChooseEmergency(A.Sub.ADMIT))
    car = free_parking_spots(em.ed.board)[0]
    assert _refusal(A.apply, em, EDAdmit(0, car)) == (
        "Emergency action: cannot admit: your emergency pre-admission area only has 2 spaces, and both are taken")
    em = A.apply(emergency(cars=0, queues=queues), A.ChooseEmergency(A.Sub.ADMIT))
    assert _refusal(A.apply, em, EDAdmit(0, car)) == "Emergency action: cannot admit: no car is left in the parking lot"
    board = BOARD
    for spot in free_parking_spots(board):
        board = park_car(board, spot)
    em = A.apply(emergency(ed=ed_with(board), queues=queues), A.ChooseEmergency(A.Sub.ADMIT))
    assert _refusal(A.apply, em, EDAdmit(0, car)) == (
        "Emergency action: cannot admit: no free parking space on your Emergency Department board for its car (E16)")
    spent = evolve(A.apply(emergency(queues=queues), A.ChooseEmergency(A.Sub.ADMIT)), turn=A.EmergencyTurn(
        current=A.Sub.ADMIT, eqp=0))
    assert _refusal(A.apply, spent, EDAdmit(0, car)) == "Emergency action: no Emergency Queue Point left"


def test_other_ed_refusals_say_their_rule_in_full():
    """"BEGINNERS should use the 4x2 side"; "Remember to remove the treated patient's
    car" (only a car someone left); "Get everyone to a legal location by the end of the
    Move step": a doctor outside the grid, a nurse in pre-admissions."""
    from core.clinic.expansions.emergency.business import remove_ed_car
    from core.clinic.expansions.emergency.components import EDSide
    from core.clinic.expansions.emergency.movement import ed_move_violations
    from core.clinic.expansions.emergency.setup import new_emergency

    from .ed_helpers import DOC, NURSE, OUTSIDE, PRE_ADMISSIONS

    import random

    assert _refusal(new_emergency, EDSide.EXPERT, random.Random(0)) == (
        "Emergency setup: BEGINNERS should use the 4x2 side")
    assert _refusal(remove_ed_car, ed_with(BOARD), Border(False, 0, 0)) == (
        "Emergency department: no one has left, no car to remove")
    legal_end = "('Get everyone to a legal location by the end of the Move step')"
    assert ed_move_violations(ed_with(BOARD, (DOC, OUTSIDE, L))) == (
        f"light emergency doctor 1 is still outside the grid {legal_end}",)
    assert ed_move_violations(ed_with(BOARD, (NURSE, PRE_ADMISSIONS))) == (
        f"emergency nurse 1 cannot stay in emergency pre-admissions (patients only) {legal_end}",)
