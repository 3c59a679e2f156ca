"""The 911th Extension in whole games (option ``emergency``): setup, the Emergency
action through ``legal_actions``/``apply_action``, the ED's Move, Business, Admin and
end scoring through the expansion hooks, what a player's view shows, saves.  Each
test quotes the rulebook sentence (``clinic-deluxe-911-emergency.txt``) it checks."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.expansions import MODULES, get
from core.clinic.game.outcome import state_of
from core.clinic.expansions.emergency import constants as EK
from core.clinic.expansions.emergency.actions import ChooseEmergency, EDConstruct, EDDone, EDHireNurse
from core.clinic.expansions.emergency.business import EDBuyPopularity, EDRemoveCar, off_duty_options
from core.clinic.expansions.emergency.components import ED_HUB, ED_ROOM, OUTSIDE, PRE_ADMISSIONS, EDRole, EDSide, Level
from core.clinic.expansions.emergency.construction import EDBuildModule
from core.clinic.expansions.emergency.end import end_score as ed_end_score
from core.clinic.expansions.emergency.movement import EDMove
from core.clinic.expansions.emergency.state import Sub, add_person
from core.clinic.game import apply_action, constants as K, legal_actions, new_game
from core.clinic.game.actions import ChooseBonus, EndMove, MovePerson, SelectTile
from core.clinic.game.admin import admin
from core.clinic.game.end import end_game, end_score
from core.clinic.game.flow import end_of_round, start_business
from core.clinic.game.state import ActionTile, BonusTile, Phase, Turn
from core.clinic.game.view import player_view
from core.errors import IllegalActionError
from core.clinic.expansions.emergency.access import ed_state, waiting_area, with_waiting_area, emergency_turn, with_emergency_turn
from core.clinic.expansions.emergency.round import EDPhase, EDTile, EDBonus
from .ed_helpers import put_ed

from clinic_helpers import sp
from game.game_helpers import invariant_violations, with_player

from ..helpers import started

OPTS = ("emergency",)


def _ed(state, seat=0):
    return ed_state(state.players[seat])


def with_ed(state, seat=0, **changes):
    return put_ed(state, seat, evolve(_ed(state, seat), **changes))


def select(state, tiles: dict[int, ActionTile]):
    """Everyone selects: seat -> tile."""
    while state.phase is Phase.SELECT:
        state = apply_action(state, SelectTile(tiles[state.current]))
    return state


# --- the option and setup ---------------------------------------------------------------
def test_emergency_is_an_option_plugged_in_as_an_expansion_module():
    """The ED is one more module of the hook registry, named by its option."""
    assert "emergency" in K.EXPANSIONS and "emergency" in MODULES
    e = get("emergency")
    assert e.name == "emergency" and e.title == "The 911th Extension"
    assert e.action_tiles and e.start_tile and e.before_business_phase and e.before_admin


def test_setup_gives_each_player_an_ed_with_10_dollars_kept_apart():
    """"An additional $10, placed at the bottom of the left side of your Emergency
    Department board. Keep this money separate from your player board money!"; each
    player's 1 hub, 1 light room and a light emergency doctor with a car."""
    base = new_game(2, 5)
    state = new_game(2, 5, options=OPTS)
    assert waiting_area(base) is None and all(ed_state(p) is None for p in base.players)
    assert waiting_area(state) is not None
    for seat, p in enumerate(state.players):
        ed = ed_state(p)
        assert ed.funds == EK.ED_STARTING_FUNDS == 10 and p.money == base.players[seat].money
        assert len(ed.board.hubs) == 1 and [ed.board.room_level(r) for r in ed.board.rooms] == [Level.LIGHT]
        assert [(d.role, d.level, d.where) for d in ed.people] == [(EDRole.DOCTOR, Level.LIGHT, OUTSIDE)]
        assert ed.board.parked_cars == 1 and ed.board.side is EDSide.BEGINNER
    # "40 cars" more in the lot, less the two ED starting cars
    assert state.cars_lot == base.cars_lot + EK.EXTRA_CARS - 2
    assert not invariant_violations(state)


def test_the_emergency_nurse_bonus_tile_is_shuffled_in_and_brings_a_nurse_and_a_car():
    """"Include the Emergency Nurse bonus tile when you shuffle the bonus tiles";
    "Start the game with an emergency nurse from the supply (not from the board) and an
    accompanying car"."""
    seeds = [s for s in range(40) if EDBonus.EMERGENCY_NURSE in new_game(2, s, options=OPTS).bonus_tiles]
    assert seeds and all(EDBonus.EMERGENCY_NURSE not in new_game(2, s).bonus_tiles for s in range(40))
    state = new_game(2, seeds[0], options=OPTS)
    while state.phase is not Phase.BONUS:
        state = apply_action(state, legal_actions(state)[0])
    seat, lot = state.current, state.cars_lot
    state = apply_action(state, ChooseBonus(EDBonus.EMERGENCY_NURSE))
    ed = _ed(state, seat)
    assert [(p.role, p.where) for p in ed.of_role(EDRole.NURSE)] == [(EDRole.NURSE, OUTSIDE)]
    assert ed.board.parked_cars == 2 and state.cars_lot == lot - 1
    assert not invariant_violations(state)


def test_experts_place_a_free_ed_hub_and_light_room_before_their_starting_car():
    """Experts "place a free hub and then a free light room" (E13) on the expert 3x2
    side when their main board is on its expert side; then the starting doctor and car."""
    state = new_game(1, 2, options=OPTS, expert=True, sides=["expert"])
    assert _ed(state).board.side is EDSide.EXPERT and not _ed(state).people
    while not isinstance(legal_actions(state)[0], EDConstruct):
        state = apply_action(state, legal_actions(state)[0])
    assert all(a.build.module == ED_HUB for a in legal_actions(state))
    state = apply_action(state, legal_actions(state)[0])
    assert all(a.build.module == ED_ROOM[Level.LIGHT] for a in legal_actions(state))
    state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is Phase.EXPERT_SETUP and not isinstance(legal_actions(state)[0], EDConstruct)
    assert [d.level for d in _ed(state).of_role(EDRole.DOCTOR)] == [Level.LIGHT]
    assert not invariant_violations(state)


# --- the Emergency action ---------------------------------------------------------------------
def test_one_emergency_tile_a_round_and_only_with_the_option():
    """"Note that you have only 1 copy of the new Emergency action, so you can only
    perform it 1 time per round.\""""
    state = started(OPTS, players=2)
    assert all(p.tiles.count(EDTile.EMERGENCY) == 1 for p in state.players)
    assert SelectTile(EDTile.EMERGENCY) in legal_actions(state)
    assert all(EDTile.EMERGENCY not in p.tiles for p in started((), players=2).players)


def test_the_emergency_action_resolves_after_admit_and_offers_two_different_parts():
    """"The Emergency action lets you do any 2 different of the following, in whichever
    order you like" (E8: after Admit in the action step)."""
    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    state = select(state, {first: EDTile.EMERGENCY, second: ActionTile.ADMIT})
    assert state.phase is Phase.ADMIT and state.current == second
    while state.phase is Phase.ADMIT:
        state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is EDPhase.EMERGENCY and state.current == first
    assert legal_actions(state) == [ChooseEmergency(s) for s in Sub] + [EDDone()]
    state = apply_action(state, ChooseEmergency(Sub.HIRE))
    nurse = next(a for a in legal_actions(state) if isinstance(a, EDHireNurse))
    funds, lot = _ed(state, first).funds, state.cars_lot
    state = apply_action(state, nurse)
    assert _ed(state, first).funds == funds - EK.ED_NURSE_COST and state.cars_lot == lot - 1
    state = apply_action(state, EDDone())
    assert ChooseEmergency(Sub.HIRE) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="2 different"):
        apply_action(state, ChooseEmergency(Sub.HIRE))
    state = apply_action(state, ChooseEmergency(Sub.BUILD))
    state = apply_action(state, EDDone())
    assert state.phase is Phase.SELECT and state.action == 2  # two parts: the action is over
    assert not invariant_violations(state)


def test_an_emergency_action_ended_with_done_stays_ended():
    """Undo (``core/undo.py``: "A turn the player ended on purpose (End turn, Done) stays
    ended"): the Done that ends the Emergency action ends the turn on purpose, so the
    next player cannot take it back, while the Done that only ends one part of it may
    be taken back by its player."""
    from core.clinic.game.game_record import RULES
    from core.record import GameRecord
    from core.saves import Seat

    state = started(OPTS, players=2, seed=1)
    first, second = state.turn_order
    state = select(state, {first: EDTile.EMERGENCY, second: EDTile.EMERGENCY})
    assert state.phase is EDPhase.EMERGENCY and state.current == first
    record = GameRecord(RULES, 1, (Seat("Ann"), Seat("Bob")), {}, (state,))
    record = record.play(ChooseEmergency(Sub.BUILD)).play(EDDone())
    assert record.state.current == first and record.can_undo  # one part ended: still the turn
    record = record.play(EDDone())
    assert record.state.phase is EDPhase.EMERGENCY and record.state.current == second
    assert record.undo_refusal == "Nothing to undo in this turn: a turn that was ended stays ended."


def test_a_new_emergency_patient_joins_the_queue_after_each_action_step():
    """"each Emergency Patient Queue for your player count, also gets 1 new random
    emergency patient drawn from the Emergency bag\" (after each action step)."""
    state = started(OPTS, players=2, seed=4)
    queued = sum(c is not None for q in waiting_area(state).queues for c in q)
    bag = sum(waiting_area(state).bag_patients)
    state = select(state, {s: ActionTile.ADMIT for s in range(2)})
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[-1])
    assert sum(c is not None for q in waiting_area(state).queues for c in q) == queued + 1
    assert sum(waiting_area(state).bag_patients) == bag - 1


# --- Move -----------------------------------------------------------------------------------------
def _to_move(options=OPTS, seed=2):
    state = started(options, players=1, seed=seed)
    for tile in (ActionTile.ADMIT, ActionTile.ADMIT, ActionTile.HIRE):
        state = select(state, {0: tile})
        while state.phase in (Phase.ADMIT, Phase.HIRE):
            state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is Phase.MOVE
    return state


def test_the_move_phase_ends_only_with_everyone_in_the_ed_standing_legally():
    """"Get everyone to a legal location by the end of the Move step": the starting
    emergency doctor stands outside the grid; moving him into the hub costs 1 time on
    the main Time track ("tracking the time they spend as usual on the main board")."""
    state = _to_move()
    main = next(a for a in legal_actions(state) if isinstance(a, MovePerson))
    state = apply_action(state, main)  # the main clinic's doctor walks in
    doctor = _ed(state).of_role(EDRole.DOCTOR)[0]
    assert doctor.where is OUTSIDE and EndMove() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="outside the grid"):
        apply_action(state, EndMove())
    hub = _ed(state).board.hubs[0]
    time = state.players[0].clinic.move_time
    state = apply_action(state, EDMove(doctor.id, hub))
    assert state.players[0].clinic.move_time == time + EK.TIME_INTO_HUB
    assert EndMove() in legal_actions(state)
    spent = state.players[0].time_spent
    state = apply_action(state, EndMove())
    assert state.players[0].time_spent == spent + time + EK.TIME_INTO_HUB


# --- Business, expenses, popularity ------------------------------------------------------------
def _treatable(state, patient=Level.LIGHT):
    """The solo player's ED: the light doctor in the light room with a ``patient``."""
    ed = _ed(state)
    room = ed.board.rooms[0]
    doctor = ed.of_role(EDRole.DOCTOR)[0]
    ed = evolve(ed, people=(evolve(doctor, where=room),))
    ed = add_person(ed, EDRole.PATIENT, room, patient)
    return put_ed(state, 0, ed)


def test_ed_income_goes_to_the_ed_funds_not_the_main_savings():
    """"Always keep your emergency department income on your Emergency Department
    board, separate from your main clinic's income and savings": a light patient $4."""
    state = _treatable(evolve(_to_move(), phase=Phase.MOVE, queue=(0,)))
    funds, money = _ed(state).funds, state.players[0].money
    state = state_of(get("emergency").before_business_phase(state))  # the ED's care, first (H10)
    ed = _ed(state)
    assert ed.treated == (1, 0, 0) and not ed.of_role(EDRole.PATIENT)
    assert ed.funds == funds + EK.INCOME_BY_LEVEL[Level.LIGHT] == funds + 4
    assert state.players[0].money >= money  # the main clinic's own Business only
    assert ed.board.parked_cars == 0  # "Remember to remove the treated patient's car"


def test_off_duty_nurses_are_the_players_choice_in_business():
    """"each emergency room adjacent to it can use 1 off-duty emergency nurse from it
    ... however, this causes you to lose popularity!": offered as a decision."""
    state = _treatable(_to_move(), Level.MEDIUM)  # light doctor, light room: 2 nurses short
    ed = _ed(state)
    room = ed.board.rooms[0]
    nurse = add_person(ed, EDRole.NURSE, room)
    free = next(s for s in ed.board.neighbours(room) if ed.board.tile_at(s) is None)
    from core.clinic.expansions.emergency.components import BREAK_ROOM
    from core.clinic.expansions.emergency.construction import ed_build

    nurse = evolve(nurse, board=ed_build(nurse.board, EDBuildModule(BREAK_ROOM, free)))
    state = put_ed(state, 0, nurse, popularity=5)
    state = start_business(evolve(state, phase=Phase.MOVE, queue=(0,)))
    assert state.phase is EDPhase.ED_BUSINESS
    assert legal_actions(state) == off_duty_options(_ed(state)) and len(legal_actions(state)) == 2
    # A game saved while the player decides loads back the same (autosave, kill -9).
    from core.clinic.game.serialize import state_from_json, state_to_json

    assert state_from_json(state_to_json(state)) == state
    state = apply_action(state, legal_actions(state)[1])
    assert _ed(state).treated == (0, 1, 0) and state.players[0].popularity == 5 - 1
    assert state.phase is not EDPhase.ED_BUSINESS


def test_ed_expenses_then_popularity_at_2_dollars_from_ed_funds():
    """"each 1 popularity your emergency department buys is just $2"; expenses first:
    "pay from your emergency department funds if you can"."""
    state = evolve(_to_move(), phase=Phase.BUY_POPULARITY, queue=())
    state = with_ed(state, funds=9)
    due = 2 + 2  # a light doctor $2; a hub and a room $1 each
    state = end_of_round(state)
    assert state.phase is EDPhase.ED_BUY_POPULARITY and _ed(state).funds == 9 - due
    assert legal_actions(state) == [EDBuyPopularity(n) for n in range(3)]
    pop = state.players[0].popularity
    state = apply_action(state, EDBuyPopularity(2))
    assert _ed(state).funds == 1 and state.players[0].popularity == pop + 2
    assert state.phase is Phase.SELECT and state.round == 2  # Admin ran, next round


# --- Admin --------------------------------------------------------------------------------------
def test_admin_flips_ed_doctors_and_worsens_emergency_patients():
    """"Light emergency doctors become medium ... Each emergency patient on your
    Emergency Department board worsens. Dark patients die and you get -5 popularity.\""""
    state = with_player(_to_move(), 0, popularity=8)
    ed = _ed(state)
    ed = add_person(ed, EDRole.PATIENT, PRE_ADMISSIONS, Level.DARK)
    ed = add_person(ed, EDRole.PATIENT, PRE_ADMISSIONS, Level.LIGHT)
    from core.clinic.parking import free_parking_spots, park_car

    for _ in range(2):
        ed = evolve(ed, board=park_car(ed.board, free_parking_spots(ed.board)[0]))
    state = evolve(put_ed(state, 0, ed), cars_lot=state.cars_lot - 2)
    state = admin(state)
    ed = _ed(state)
    assert [d.level for d in ed.of_role(EDRole.DOCTOR)] == [Level.MEDIUM]
    assert [p.level for p in ed.of_role(EDRole.PATIENT)] == [Level.MEDIUM]
    assert ed.dead == 1 and ed.cars_owed == 1 and state.players[0].popularity == 8 - 5
    # the car of the player's choice comes off at the start of the next round (H7)
    from core.clinic.game.flow import start_round

    state = start_round(state)
    assert state.phase is EDPhase.ED_REMOVE_CAR
    assert {a.spot for a in legal_actions(state)} == set(__import__("core.clinic.parking", fromlist=["x"]).parked_spots(ed.board))
    lot = state.cars_lot
    state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is Phase.SELECT and _ed(state).cars_owed == 0 and state.cars_lot == lot + 1


# --- end of the game ------------------------------------------------------------------------
def test_end_scoring_adds_the_ed_lines_after_the_base_scoring():
    """"After the usual positive scoring and negative scoring at the end of the game,
    gain and lose popularity in turn order for your emergency departments": a doctor
    +2, a functional light room +1, a medium patient still waiting -2."""
    state = with_player(_to_move(), 0, popularity=10)
    ed = add_person(_ed(state), EDRole.PATIENT, PRE_ADMISSIONS, Level.MEDIUM)
    state = put_ed(state, 0, ed)
    assert ed_end_score(ed).total == 2 + 1 - 2
    final = end_game(state)
    assert final.players[0].final == 10 + end_score(state.players[0]).total + 1


# --- what a player sees ----------------------------------------------------------------------
def test_the_emergency_tile_is_face_down_like_the_others():
    """"Simultaneously Select Actions": another player's view is the same whichever
    tile (the Emergency tile too) a player chose; the waiting area is public."""
    state = started(OPTS, players=2, seed=6)
    first, second = state.turn_order
    a = apply_action(state, SelectTile(EDTile.EMERGENCY))
    b = apply_action(state, SelectTile(ActionTile.BUILD))
    assert player_view(a, second) == player_view(b, second)
    assert player_view(a, first) != player_view(b, first)
    assert waiting_area(player_view(a, second)) == waiting_area(state)


def test_refusals_name_the_rule():
    state = started(OPTS, players=1)
    with pytest.raises(IllegalActionError, match="Emergency"):
        apply_action(state, ChooseEmergency(Sub.BUILD))
    with pytest.raises(IllegalActionError):
        apply_action(state, EDRemoveCar(sp("A1")))


def test_turn_is_reset_for_each_emergency_action():
    state = started(OPTS, players=1, seed=3)
    state = select(state, {0: EDTile.EMERGENCY})
    assert state.step == with_emergency_turn(Turn(), emergency_turn(state)) and emergency_turn(state).current is None


def test_a_second_emergency_tile_in_a_round_is_refused_by_its_rule():
    """"you have only 1 copy of the new Emergency action, so you can only perform it 1
    time per round\""""
    state = started(OPTS, players=1, seed=3)
    state = select(state, {0: EDTile.EMERGENCY})
    while state.phase is EDPhase.EMERGENCY:
        state = apply_action(state, EDDone())
    assert state.phase is Phase.SELECT and state.action == 2
    with pytest.raises(IllegalActionError, match="only 1 Emergency tile"):
        apply_action(state, SelectTile(EDTile.EMERGENCY))


def test_the_menu_names_the_patient_an_admission_takes_and_what_a_build_costs():
    """Narration (mutation survivors, issue 19): "Admit ... the emergency patient from the
    rightmost space of a queue" (E6: index ``QUEUE_LENGTH - 1`` is admitted first), so the
    admit line names that patient, not its neighbour; and outside an expert's free
    initial pieces a build says its price (E10: light room $2, ED hub $3...)."""
    from core.clinic.expansions.emergency.construction import ed_build_cost
    from core.clinic.expansions.emergency.queues import EDAdmit
    from core.clinic.game.narration import option_text

    state = started(OPTS, players=1, seed=3)
    state = select(state, {0: EDTile.EMERGENCY})
    area = waiting_area(state)
    queues = ((None, Level.LIGHT, Level.MEDIUM, Level.DARK),) + tuple(area.queues[1:])
    state = with_waiting_area(state, evolve(area, queues=queues))
    admitting = apply_action(state, ChooseEmergency(Sub.ADMIT))
    admits = [a for a in legal_actions(admitting) if isinstance(a, EDAdmit) and a.queue == 0]
    assert admits and all(option_text(admitting, a).startswith(f"admit the {Level.DARK} emergency patient")
                          for a in admits)
    building = apply_action(state, ChooseEmergency(Sub.BUILD))
    builds = [a for a in legal_actions(building) if isinstance(a, EDConstruct)]
    assert builds and all(option_text(building, a).split(", moving the car")[0].endswith(f"(${ed_build_cost(a.build)})")
                          for a in builds)
    assert any(ed_build_cost(a.build) > 0 for a in builds)
