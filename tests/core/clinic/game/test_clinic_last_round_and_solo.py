"""Round 6's Admin phase and the solitaire goals (rulings 0.1 and 0.4).

Rulebook (base) L375-381: "The game lasts 6 rounds, each of which comprises the same
sequence of phases: 1. Actions 2. Business 3. Administration"; L952: "After 6 rounds, the
game ends."
"""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic import (
    Board,
    BoardSide,
    Colour,
    Module,
    ModuleKind,
    PreAdmissions,
    Role,
    Service,
    admit_patient,
    build,
    hire,
    parse_space,
    recolour,
)
from core.clinic.construction import BuildModule
from core.clinic.game import SoloGoal, apply_action, legal_actions, new_game, result
from core.clinic.game import constants as K
from core.clinic.game.admin import train_in_labs
from core.clinic.game.end import end_score, goal_met, goal_status, running_service_hubs, winners
from core.clinic.game.flow import end_of_round
from core.clinic.game.state import Phase
from core.clinic.parking import free_parking_spots

from .game_helpers import with_player

W, Y, O, R = Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED
PSY, CAR = Service.PSYCHIATRY, Service.CARDIOLOGY


def started(players, seed=0, **kw):
    state = new_game(players, seed, **kw)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def place(state, seat, role, colour, where):
    """``state`` with a new person of ``role`` and ``colour`` standing at ``where``
    (a patient: in pre-admissions of ``where``'s service), car parked."""
    clinic = state.players[seat].clinic
    spot = free_parking_spots(clinic.board)[0]
    if role is Role.PATIENT:
        clinic = admit_patient(clinic, colour, where.service, spot)
    else:
        clinic = hire(clinic, role, clinic.board.entrances[0], spot, colour)
        clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=where),))
    return with_player(evolve(state, cars_lot=state.cars_lot - 1), seat, clinic=clinic)


def with_lab(state, seat):
    """``state`` with a lab built on floor 0 of ``seat``'s clinic; (state, lab space)."""
    board = state.players[seat].clinic.board
    for space in board.spaces(0):
        if board.tile_at(space) is None:
            try:
                board = build(board, BuildModule(Module(ModuleKind.LAB), space))
            except ValueError:
                continue
            clinic = evolve(state.players[seat].clinic, board=board)
            return with_player(state, seat, clinic=clinic), space
    raise AssertionError("no space for a lab")


def end_of_round_6(state):
    """Round 6 after Business and buying popularity."""
    return evolve(state, round=K.ROUNDS, phase=Phase.BUY_POPULARITY, queue=())


# --- Round 6 has its Admin phase (rulings 0.1) ----------------------------------------------
def test_round_6_admin_kills_red_patients_and_trains_lab_doctors():
    """Rulebook L375-381: "The game lasts 6 rounds, each of which comprises ... 3.
    Administration"; L952 "After 6 rounds, the game ends." Round 6's Admin: a red
    patient still waiting dies (-5), a doctor in a lab trains (+1), then the end."""
    state = started(2, seed=3, turn_order=(0, 1))
    state = place(state, 0, Role.PATIENT, R, PreAdmissions(PSY))
    state, lab = with_lab(state, 1)
    state = place(state, 1, Role.DOCTOR, Y, lab)
    state = with_player(with_player(state, 0, popularity=20), 1, popularity=5)
    final = end_of_round(end_of_round_6(state))
    assert final.phase is Phase.OVER
    ann, bob = final.players
    assert ann.dead == 1 and not ann.clinic.of_role(Role.PATIENT)
    assert end_score(ann).patients == 0  # died in Admin: not also -2 as a waiting patient
    assert ann.popularity == 20 - K.DEATH_PENALTY + end_score(ann).total
    doctor = bob.clinic.at(lab)[-1]
    assert doctor.colour is R and bob.trained_red_ids == {doctor.id}
    assert bob.popularity == 5 + K.LAB_POPULARITY + end_score(bob).total
    assert final.round == K.ROUNDS


def test_round_6_admin_skips_the_main_board_steps():
    """Rulings 0.1: main-board steps 1-6 and the flips score nothing after round 6 and are
    skipped: the round marker stays on VI, appointments and university stay."""
    state = end_of_round_6(started(2, seed=4))
    final = end_of_round(state)
    assert final.round == K.ROUNDS
    assert final.notepad == state.notepad and final.university == state.university
    assert final.nurses == state.nurses and final.hub_stacks == state.hub_stacks


def test_round_6_doctors_outside_labs_tire_before_the_end_scoring():
    """Rulebook Admin: "level down every other doctor" happens in round 6 too, so an
    orange doctor outside a lab scores as yellow (2) at the end."""
    state = started(1, seed=2)
    hub = state.players[0].clinic.board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    state = place(state, 0, Role.DOCTOR, O, hub)
    final = end_of_round(end_of_round_6(state))
    assert sorted(d.colour for d in final.players[0].clinic.of_role(Role.DOCTOR)) == [W, Y]


def test_end_scores_follow_the_turn_order_after_the_reset():
    """Rulebook L952: end-game popularity is gained "in turn order"; L958 a tie goes to
    who reached the space first. Round 6's Admin resets the turn order first: the less
    popular player (seat 1) scores first, reaches the shared total first and wins."""
    state = started(2, seed=3, turn_order=(0, 1))
    state = with_player(state, 0, popularity=20)
    hub = state.players[1].clinic.board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    state = place(state, 1, Role.DOCTOR, R, hub)  # seat 1 scores more at the end
    scored = end_of_round(end_of_round_6(state))  # scores with seat 1 at 0
    gap = end_score(scored.players[1]).total - end_score(scored.players[0]).total
    # after Admin seat 0 has 20, seat 1 has p1: tie when p1 + s1 == 20 + s0
    state = with_player(state, 1, popularity=20 - gap)
    assert state.players[1].popularity < 20  # seat 1 goes first after the reset
    final = end_of_round(end_of_round_6(state))
    assert final.turn_order == (1, 0)
    assert final.players[0].popularity == final.players[1].popularity
    assert final.players[1].stamp < final.players[0].stamp
    assert winners(final) == (1,)


# --- Solitaire goals (rulings 0.4) ---------------------------------------------------------
H = lambda service: Module(ModuleKind.SERVICE_HUB, service)  # noqa: E731
ROOM, SUPPLY = Module(ModuleKind.TREATMENT_ROOM), Module(ModuleKind.SUPPLY_ROOM)
# One building, three floors, a hub and a treatment room on each (psychiatry twice).
THREE_FLOORS = (
    (0, "A1", H(PSY)), (0, "B1", ROOM), (0, "C1", SUPPLY),
    (1, "A1", SUPPLY), (1, "B1", H(CAR)), (1, "C1", ROOM),
    (2, "A1", H(PSY)), (2, "B1", ROOM), (2, "C1", SUPPLY),
)  # fmt: skip


def board_of(plan) -> Board:
    board = Board(side=BoardSide.BEGINNER)
    for floor, name, module in plan:
        board = build(board, BuildModule(module, parse_space(name, floor)))
    return board


def solo_with(goal, **changes):
    state = started(1, seed=6, solo_goal=goal)
    return with_player(state, 0, **changes)


def test_three_hubs_met_with_three_running_hubs_of_two_services():
    """Rulings 0.4a (house): "run 3 service hubs": at the end, 3 service hubs, each with
    >=1 working treatment room on its floor; the same service may repeat."""
    state = solo_with(SoloGoal.THREE_HUBS)
    clinic = state.players[0].clinic
    state = with_player(state, 0, clinic=evolve(clinic, board=board_of(THREE_FLOORS)))
    assert running_service_hubs(state.players[0].clinic.board) == K.SOLO_SERVICE_HUBS
    assert goal_met(state) and str(goal_status(state)) == "run 3 service hubs (3/3)"


def test_three_hubs_not_met_when_a_hubs_room_does_not_work():
    """Rulings 0.4a: each hub needs a *working* treatment room (RD: supplied). Three
    hubs with three rooms but two supply rooms run only 2 hubs."""
    state = solo_with(SoloGoal.THREE_HUBS)
    clinic = state.players[0].clinic
    state = with_player(state, 0, clinic=evolve(clinic, board=board_of(THREE_FLOORS[:-1])))
    board = state.players[0].clinic.board
    assert len(board.modules_of_kind(ModuleKind.SERVICE_HUB)) == 3
    assert running_service_hubs(board) == K.SOLO_SERVICE_HUBS - 1
    assert not goal_met(state) and goal_status(state).have == 2


def test_red_patients_goal_at_its_threshold():
    """Decisions: "treat 4 red patients"; rulings 0.4c: treated = went home (``cured_red``
    counts the red patients Business sends home)."""
    goal = SoloGoal.RED_PATIENTS
    assert goal_met(solo_with(goal, cured_red=K.SOLO_RED_PATIENTS))
    assert not goal_met(solo_with(goal, cured_red=K.SOLO_RED_PATIENTS - 1))


def test_every_goal_s_status_names_that_goal_and_the_ranks_follow_the_hall_of_fame():
    """The status shown during play names the goal it measures (each solitaire goal);
    the next Hall of Fame rank above a final popularity is the table's next line
    (rules-decisions, Hall of Fame), none above the top."""
    from core.clinic.game.end import next_rank

    for goal in SoloGoal:
        assert goal_status(solo_with(goal)).goal is goal
    assert next_rank(0) == K.HALL_OF_FAME[1]
    assert next_rank(17) == (18, "resident") and next_rank(18) == K.HALL_OF_FAME[4]
    assert next_rank(K.HALL_OF_FAME[-1][0]) is None


def test_red_doctors_goal_counts_distinct_doctors():
    """Rulings 0.4b (house): "count distinct doctors that turned red in a lab's Admin
    step (yellow/orange->red) at any time; each once"."""
    assert goal_met(solo_with(SoloGoal.RED_DOCTORS, trained_red_ids={3, 7}))
    assert not goal_met(solo_with(SoloGoal.RED_DOCTORS, trained_red_ids={3}))


def test_a_doctor_trained_red_twice_counts_once():
    """Rulings 0.4b: "each once": an orange doctor trains red, tires to orange, trains red
    again: one doctor, the goal is not met."""
    state, lab = with_lab(solo_with(SoloGoal.RED_DOCTORS), 0)
    state = place(state, 0, Role.DOCTOR, O, lab)
    pid = state.players[0].clinic.last.id
    state = train_in_labs(state)
    clinic = recolour(state.players[0].clinic, pid, O)  # tired outside the lab meanwhile
    state = train_in_labs(with_player(state, 0, clinic=clinic))
    assert state.players[0].clinic.person(pid).colour is R
    assert state.players[0].trained_red_ids == {pid}
    assert not goal_met(state) and goal_status(state).have == 1


def test_two_doctors_trained_red_meet_the_goal_and_a_red_one_does_not_count():
    """Rulings 0.4b: two doctors turned red in the lab meet "train 2 red doctors"; "already
    red or hired red do not count"."""
    state, lab = with_lab(solo_with(SoloGoal.RED_DOCTORS), 0)
    state = place(state, 0, Role.DOCTOR, R, lab)
    state = place(state, 0, Role.DOCTOR, Y, lab)
    state = train_in_labs(state)
    assert len(state.players[0].trained_red_ids) == 1 and not goal_met(state)
    state = place(state, 0, Role.DOCTOR, O, lab)
    state = train_in_labs(state)
    assert len(state.players[0].trained_red_ids) == 2 and goal_met(state)


def test_floor_3_goal_at_its_threshold():
    """Decisions: "build on floor 3" (any tile on floor 3)."""
    state = solo_with(SoloGoal.FLOOR_3)
    clinic = state.players[0].clinic
    two = with_player(state, 0, clinic=evolve(clinic, board=board_of(THREE_FLOORS)))
    assert goal_status(two).have == K.SOLO_FLOOR - 1 and not goal_met(two)
    plan = THREE_FLOORS + ((3, "A1", SUPPLY),)
    three = with_player(state, 0, clinic=evolve(clinic, board=board_of(plan)))
    assert goal_met(three) and str(goal_status(three)) == "build on floor 3 (3/3)"


def test_no_waiting_goal_at_its_threshold():
    """Decisions: "end with no patient left waiting" (house: clinic and pre-admissions)."""
    state = solo_with(SoloGoal.NO_WAITING)
    assert goal_met(state)
    state = place(state, 0, Role.PATIENT, W, PreAdmissions(PSY))
    assert not goal_met(state)
    assert str(goal_status(state)) == "end with no patient left waiting (1 waiting)"


def test_no_goal_without_solitaire():
    assert goal_status(started(2)) is None and not goal_met(started(2))


@pytest.mark.parametrize("seed", range(12))
def test_solo_setup_with_red_doctors_includes_a_lab(seed):
    """Rulings 0.4b: "with this goal the 1p special draw includes the Lab (+1 random)";
    base L269 "1 each of 2 different random special modules"."""
    state = new_game(1, seed, solo_goal=SoloGoal.RED_DOCTORS)
    kinds = [s.module.kind for s in state.special_stacks]
    assert ModuleKind.LAB in kinds and len(set(kinds)) == 2
    assert all(s.left == 1 for s in state.special_stacks)


def test_other_solo_goals_draw_the_specials_at_random():
    """Without "train 2 red doctors" the lab is not forced: some seed draws no lab."""
    draws = [
        {s.module.kind for s in new_game(1, seed, solo_goal=SoloGoal.THREE_HUBS).special_stacks}
        for seed in range(30)
    ]
    assert any(ModuleKind.LAB not in d for d in draws)


def test_game_result_names_the_new_goal():
    state = end_of_round(end_of_round_6(started(1, seed=1, solo_goal=SoloGoal.THREE_HUBS)))
    res = result(state)
    assert res.solo_goal is SoloGoal.THREE_HUBS and res.goal_met is False


def test_the_log_tells_round_6_deaths():
    """Rulings 0.1: round 6's Admin is played, so its deaths are told with the end."""
    from core.clinic.game.actions import BuyPopularity
    from core.clinic.game.narration import describe

    state = started(1, seed=3)
    state = place(state, 0, Role.PATIENT, R, PreAdmissions(PSY))
    state = with_player(state, 0, income=3)
    before = evolve(state, round=K.ROUNDS, phase=Phase.BUY_POPULARITY, queue=(0,))
    after = apply_action(before, BuyPopularity(0))
    text = describe(before, BuyPopularity(0), after)
    assert after.phase is Phase.OVER
    assert "1 red patient died" in text and "The game is over" in text


@settings(max_examples=30, deadline=None)
@given(colour=st.sampled_from(list(Colour)), in_lab=st.booleans(), reds=st.integers(0, 3),
       popularity=st.integers(0, 30))
def test_round_6_admin_then_end_scoring_any_doctor_and_red_patients(colour, in_lab, reds, popularity):
    """Rulings 0.1 (L375-381, L952): after round 6's Business a doctor in a lab levels up
    twice (+1), any other doctor levels down, each red patient dies (-5), then the end
    scoring prices the doctor by its new colour."""
    state, lab = with_lab(started(1, seed=7), 0)
    hub = state.players[0].clinic.board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    state = place(state, 0, Role.DOCTOR, colour, lab if in_lab else hub)
    pid = state.players[0].clinic.last.id
    for _ in range(reds):
        state = place(state, 0, Role.PATIENT, R, PreAdmissions(PSY))
    state = with_player(state, 0, popularity=popularity)
    final = end_of_round(end_of_round_6(state))
    p = final.players[0]
    expected = Colour(min(3, colour + 2)) if in_lab else Colour(max(0, colour - 1))
    assert p.clinic.person(pid).colour is expected
    assert p.dead == reds and not p.clinic.of_role(Role.PATIENT)
    during = max(0, popularity + in_lab * K.LAB_POPULARITY - K.DEATH_PENALTY * reds)
    assert p.popularity == max(0, during + end_score(p).total)
