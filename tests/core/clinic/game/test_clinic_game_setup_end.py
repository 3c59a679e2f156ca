"""Setup, building, moving, the end of the game and solitaire."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import BoardSide, Colour, ModuleKind, PreAdmissions, Role, Service, admit_patient, hire
from core.clinic.construction import BuildModule
from core.clinic.game import (
    ActionTile,
    Construct,
    Done,
    EndMove,
    MovePerson,
    SoloGoal,
    apply_action,
    end_score,
    hall_of_fame,
    is_over,
    legal_actions,
    new_game,
    result,
)
from core.clinic.game import constants as K
from core.clinic.game.end import end_game
from core.clinic.game.state import Phase, Turn
from core.clinic.parking import free_parking_spots
from core.errors import IllegalActionError, SetupError

from .game_helpers import invariant_violations, with_player


def started(players=1, seed=0, **kw):
    state = new_game(players, seed, **kw)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


# --- Setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_counts_by_player_count(n):
    state = new_game(n, 42)
    assert state.services == K.SERVICES_BY_PLAYERS[n]
    assert len(state.notepad) == len(state.services)
    assert all(row[:4] == (None,) * 4 and row[4] is not None for row in state.notepad)
    assert sum(state.patient_pool) == sum(K.PATIENT_POOL[n]) - len(state.services)
    assert sum(c is not None for c in state.university) == n
    assert list(state.university) == sorted(state.university, reverse=True)
    assert state.nurses == (n,) * 6 and state.orderlies == 2 * n
    types, each = K.SPECIAL_STACKS[n]
    assert len(state.special_stacks) == types and {s.left for s in state.special_stacks} == {each}
    assert len(state.bonus_tiles) == n + 1
    assert sorted(state.turn_order) == list(range(n))
    for p in state.players:
        assert p.money == 15 and p.popularity == 0 and len(p.tiles) == 6
        (doctor,) = p.clinic.of_role(Role.DOCTOR)
        assert doctor.colour is Colour.WHITE and doctor.where == p.clinic.board.entrances[0]
        assert p.clinic.board.parked_cars == 1
    # Beginners first choose where their starting car stands, in turn order.
    assert state.phase is Phase.START_CAR and state.queue == state.turn_order
    assert not invariant_violations(state)


def test_setup_rejects_bad_options():
    with pytest.raises(SetupError, match="1-4 players"):
        new_game(5, 0)
    with pytest.raises(SetupError, match="4x3"):
        new_game(2, 0, sides=[BoardSide.EXPERT, BoardSide.BEGINNER])
    with pytest.raises(SetupError, match="solitaire"):
        new_game(2, 0, solo_goal=SoloGoal.FLOOR_3)


def test_expert_builds_hub_room_supply_entrance_for_free():
    state = new_game(1, 3, expert=True, sides=[BoardSide.EXPERT])
    assert state.phase is Phase.EXPERT_SETUP
    kinds = []
    while state.phase is Phase.EXPERT_SETUP:
        action = legal_actions(state)[0]
        if not hasattr(action, "build"):
            kinds.append(type(action).__name__)
        else:
            kinds.append(type(action.build).__name__ if not isinstance(action.build, BuildModule) else action.build.module.kind)
        state = apply_action(state, action)
    assert kinds == [
        ModuleKind.SERVICE_HUB, ModuleKind.TREATMENT_ROOM, ModuleKind.SUPPLY_ROOM, "BuildEntrance",
        "ParkStartingCar",
    ]
    p = state.players[0]
    assert p.money == 15 and p.clinic.board.side is BoardSide.EXPERT
    assert p.clinic.of_role(Role.DOCTOR)[0].where == p.clinic.board.entrances[0]
    assert state.phase is Phase.BONUS and not invariant_violations(state)


# --- Build ---------------------------------------------------------------------------
def building(state, money=50):
    state = evolve(state, phase=Phase.BUILD, queue=(0,), selected=(ActionTile.BUILD,), step=Turn())
    return with_player(state, 0, money=money)


def test_build_takes_the_face_up_tile_and_pays():
    state = building(started())
    special = next(
        a for a in legal_actions(state)
        if isinstance(a, Construct) and isinstance(a.build, BuildModule) and a.build.module.kind.is_special
    )
    kind = special.build.module.kind
    after = apply_action(state, special)
    assert after.players[0].money == 50 - (4, 5, 6, 7)[special.build.space.floor]
    stack = next(s for s in after.special_stacks if s.module.kind is kind)
    assert not stack.face_up
    assert not any(
        isinstance(a, Construct) and getattr(a.build, "module", None) == special.build.module
        for a in legal_actions(after)
    )
    after = apply_action(after, legal_actions(after)[0])
    assert after.phase is not Phase.BUILD  # two builds: the action ends


def test_build_needs_money():
    state = building(started(), money=0)
    assert legal_actions(state) == [Done()]
    with pytest.raises(IllegalActionError, match="Build: costs"):
        board = state.players[0].clinic.board
        space = next(s for s in board.spaces(0) if board.tile_at(s) is None)
        apply_action(state, Construct(BuildModule(board.modules[1][1], space)))


# --- Move ------------------------------------------------------------------------------
def moving(state):
    return evolve(state, phase=Phase.MOVE, queue=(0,), step=Turn())


def test_new_hire_must_move_in_and_each_person_moves_at_most_twice():
    """Base L668 "You can move all of your people … as much as you want, but it all
    takes time"; ruling 0.2 (house): at most 2 moves per person are offered."""
    state = moving(started(seed=5))
    doctor = state.players[0].clinic.of_role(Role.DOCTOR)[0]
    assert EndMove() not in legal_actions(state)  # the doctor is still on the entrance
    for _ in range(2):
        move = next(a for a in legal_actions(state) if isinstance(a, MovePerson) and a.pid == doctor.id)
        state = apply_action(state, move)
    assert not [a for a in legal_actions(state) if isinstance(a, MovePerson) and a.pid == doctor.id]
    while state.phase is Phase.MOVE:
        state = apply_action(state, EndMove() if EndMove() in legal_actions(state) else legal_actions(state)[0])
    assert state.players[0].time_spent >= 1


def test_patients_only_move_to_rooms_of_their_service():
    state = started(seed=5)
    clinic = state.players[0].clinic
    clinic = admit_patient(clinic, Colour.WHITE, Service.PSYCHIATRY, free_parking_spots(clinic.board)[0])
    state = moving(with_player(evolve(state, cars_lot=state.cars_lot - 1), 0, clinic=clinic))
    goals = {a.goal for a in legal_actions(state) if isinstance(a, MovePerson) and a.pid == clinic.last.id}
    room = clinic.board.modules_of_kind(ModuleKind.TREATMENT_ROOM)[0]
    assert goals == {room}


# --- End of the game ------------------------------------------------------------------
def test_end_score_lines():
    state = started(seed=1)
    clinic = state.players[0].clinic
    board = clinic.board
    hub = board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    clinic = hire(clinic, Role.DOCTOR, board.entrances[0], free_parking_spots(clinic.board)[0], Colour.RED)
    clinic = evolve(clinic, people=tuple(evolve(p, where=hub) if p.role is not Role.PATIENT else p for p in clinic.people))
    clinic = admit_patient(clinic, Colour.RED, Service.PSYCHIATRY, free_parking_spots(clinic.board)[0])
    state = with_player(state, 0, clinic=clinic, time_spent=8, popularity=10)
    p = state.players[0]
    line = end_score(p)
    doctors = sum(K.END_DOCTOR[int(d.colour)] for d in clinic.of_role(Role.DOCTOR))
    assert line.doctors == doctors and doctors >= 5
    assert line.rooms == 1  # one working treatment room on floor 0
    assert line.patients == -2 and line.time == -2
    final = end_game(state)
    assert final.players[0].popularity == 10 + line.total and is_over(final)


def test_tie_goes_to_who_reached_the_space_first():
    state = started(players=2, seed=2)
    state = with_player(state, 0, popularity=9, stamp=30)
    state = with_player(state, 1, popularity=9, stamp=20)
    from core.clinic.game.end import winners

    assert winners(state) == (1,)


def test_the_result_of_a_game_for_two_gives_each_final_popularity_and_the_winner():
    """Rulebook, End of the Game: the most popularity wins; ties go to whoever reached
    that space first.  The result holds every seat's final popularity, then the
    winners; there is no solitaire goal with two players.  Before the end there is no
    result to give."""
    state = started(players=2, seed=2)
    with pytest.raises(ValueError) as early:
        result(state)
    assert str(early.value) == "result: the game is not over"
    state = with_player(with_player(state, 0, popularity=12, stamp=30), 1, popularity=9, stamp=20)
    final = end_game(state)
    res = result(final)
    assert res.scores == tuple(p.popularity for p in final.players)
    assert res.winners == (max(range(2), key=lambda s: final.players[s].popularity),)
    assert (res.solo_goal, res.goal_met, res.rank) == (None, None, None)


@pytest.mark.parametrize(
    "score, rank",
    [(0, "orderly"), (9, "orderly"), (10, "nurse"), (13, "nurse"), (14, "intern"), (17, "intern"),
     (18, "resident"), (21, "resident"), (22, "fellow"), (26, "surgeon"), (29, "surgeon"),
     (30, "attending physician"), (33, "attending physician"), (34, "CEO"), (120, "CEO")],
)
def test_hall_of_fame(score, rank):
    assert hall_of_fame(score) == rank


def test_solitaire_goal_and_rank():
    state = started(seed=4)
    state = evolve(state, config=evolve(state.config, solo_goal=SoloGoal.RED_PATIENTS))
    state = with_player(state, 0, cured_red=4, popularity=60)
    res = result(end_game(state))
    assert res.goal_met and res.rank == hall_of_fame(res.scores[0])
    state = with_player(state, 0, cured_red=3)
    res = result(end_game(state))
    assert res.goal_met is False and res.rank is None


def test_no_waiting_goal_counts_patients_in_pre_admissions():
    state = started(seed=4)
    state = evolve(state, config=evolve(state.config, solo_goal=SoloGoal.NO_WAITING))
    assert result(end_game(state)).goal_met
    clinic = state.players[0].clinic
    clinic = admit_patient(clinic, Colour.WHITE, Service.PSYCHIATRY, free_parking_spots(clinic.board)[0])
    state = with_player(state, 0, clinic=clinic)
    assert not result(end_game(state)).goal_met
    assert clinic.pre_admitted(Service.PSYCHIATRY) and PreAdmissions(Service.PSYCHIATRY)


def test_invariant_checker_catches_a_lost_car_and_patient():
    state = started(players=2, seed=8)
    assert not invariant_violations(state)
    assert any("cars" in v for v in invariant_violations(evolve(state, cars_lot=state.cars_lot - 1)))
    assert any("patients" in v for v in invariant_violations(evolve(state, patient_pool=(0, 0, 0, 0))))
    assert any("money" in v for v in invariant_violations(with_player(state, 0, money=-1)))


def test_conservation_counts_nurses_and_orderlies():
    """Nurses and orderlies are conserved (display + clinics + gone) and the check
    catches one that vanishes."""
    from attrs import evolve

    from core.clinic.game.state import BonusTile

    from .game_helpers import conservation

    state = new_game(2, 5)
    while state.phase is Phase.START_CAR:
        state = apply_action(state, legal_actions(state)[0])
    c = conservation(state)
    assert c["nurses"] == (12, 12) and c["orderlies"] == (4, 4)
    bonus = [a for a in legal_actions(state) if a.tile in (BonusTile.NURSE, BonusTile.ORDERLY)]
    if bonus:
        after = apply_action(state, bonus[0])
        c = conservation(after)
        assert c["nurses"][0] == c["nurses"][1] and c["orderlies"][0] == c["orderlies"][1]
    broken = evolve(state, orderlies=state.orderlies - 1, nurses=(1,) + state.nurses[1:])
    c = conservation(broken)
    assert c["nurses"][0] != c["nurses"][1] and c["orderlies"][0] != c["orderlies"][1]
