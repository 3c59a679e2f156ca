"""The rulebook's examples and the round's rules, one behaviour per test."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import (
    Colour,
    Direction,
    Module,
    ModuleKind,
    PreAdmissions,
    Role,
    Service,
    admit_patient,
    beginner_initial_board,
    Clinic,
    border_of,
    build,
    hire,
    parse_space,
)
from core.clinic.construction import BuildEntrance, BuildModule
from core.clinic.game import (
    ActionTile,
    AdmitPatient,
    Done,
    HireDoctor,
    HireNurse,
    SelectTile,
    Shift,
    ShiftAppointment,
    apply_action,
    legal_actions,
    new_game,
)
from core.clinic.game.admin import (
    new_turn_order,
    refill_university,
    return_appointments,
    tire_doctors,
    train_in_labs,
    worsen_patients,
)
from core.clinic.game.business_phase import business_for
from core.clinic.game.notepad import new_appointments
from core.clinic.game.state import Phase, Turn
from core.clinic.game.view import player_view
from core.clinic.parking import free_parking_spots
from core.errors import IllegalActionError

from .game_helpers import with_clinic, with_player

W, Y, O, R = Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED
PSY, CAR = Service.PSYCHIATRY, Service.CARDIOLOGY


def solo(seed: int = 0):
    """A 1-player game at the start of round 1 (bonus tile taken: $5 if offered)."""
    state = new_game(1, seed)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def admitting(state, qp: int):
    return evolve(state, phase=Phase.ADMIT, queue=(0,), selected=(ActionTile.ADMIT,), step=Turn(qp=qp))


# --- Admit Patients: the rulebook's QP example -----------------------------------------
def test_qp_example_swap_admit_move_admit():
    """4 QP: yellow cardiology patient moves up (swaps with the orange), is admitted;
    the white cardiology patient moves up into the empty row, slides right, is admitted."""
    state = solo()
    board = beginner_initial_board(W)  # hub B3, treatment room C3, supply room C2
    board = build(board, BuildEntrance(border_of("C3", Direction.SOUTH)))
    board = build(board, BuildModule(Module(ModuleKind.LAB), parse_space("D3")))
    board = build(board, BuildEntrance(border_of("D3", Direction.EAST)))
    assert board.arrival_points == 3
    clinic = Clinic(board)
    state = with_clinic(state, 0, evolve(clinic, board=board))
    empty = (None,) * 5
    state = evolve(state, notepad=((None, None, None, None, O), (None, None, None, W, Y)))
    state = admitting(state, qp=1 + board.arrival_points)
    assert state.step.qp == 4

    state = apply_action(state, ShiftAppointment(CAR, 4, Shift.UP))
    assert state.notepad == ((None, None, None, None, Y), (None, None, None, W, O))
    car = free_parking_spots(state.players[0].clinic.board)[0]
    state = apply_action(state, AdmitPatient(PSY, car))
    assert state.notepad == (empty, (None, None, None, W, O))
    state = apply_action(state, ShiftAppointment(CAR, 3, Shift.UP))
    assert state.notepad == ((None, None, None, None, W), (None, None, None, None, O))
    assert state.step.qp == 1
    car = free_parking_spots(state.players[0].clinic.board)[0]
    state = apply_action(state, AdmitPatient(PSY, car))
    waiting = state.players[0].clinic.pre_admitted(PSY)
    assert sorted(p.colour for p in waiting) == [W, Y]
    assert state.phase is not Phase.ADMIT  # unspent QP: none; the action ended
    # New appointments after the action: the empty psychiatry row gets one patient.
    assert state.notepad[0][:4] == (None,) * 4 and state.notepad[0][4] is not None


def test_admit_needs_the_rightmost_column_and_the_service():
    state = admitting(solo(), qp=2)
    state = evolve(state, notepad=((None, None, None, Y, W), (None, None, None, None, R)))
    admits = [a for a in legal_actions(state) if isinstance(a, AdmitPatient)]
    assert admits and {a.service for a in admits} == {PSY}  # no cardiology service hub
    with pytest.raises(IllegalActionError, match="Admit"):
        apply_action(state, AdmitPatient(CAR, admits[0].car))


def test_pre_admissions_holds_four_per_service():
    state = admitting(solo(), qp=2)
    clinic = state.players[0].clinic
    for _ in range(4):
        clinic = admit_patient(clinic, W, PSY, free_parking_spots(clinic.board)[0])
    state = with_clinic(state, 0, clinic)
    state = evolve(state, cars_lot=state.cars_lot - 4)
    assert not [a for a in legal_actions(state) if isinstance(a, AdmitPatient)]


def test_unspent_qp_are_lost():
    state = admitting(solo(), qp=3)
    state = apply_action(state, Done())
    assert state.phase is Phase.SELECT and state.action == 2 and state.step.qp == 0


# --- Appointments ------------------------------------------------------------------
def test_new_appointments_go_to_the_rightmost_empty_space():
    state = solo(1)
    state = evolve(state, notepad=((None, None, None, Y, W), (R, O, Y, W, W)))
    pool = sum(state.patient_pool)
    state = new_appointments(state)
    assert state.notepad[0][2] is not None and state.notepad[0][3:] == (Y, W)
    assert state.notepad[1] == (R, O, Y, W, W)  # full row: no new patient
    assert sum(state.patient_pool) == pool - 1


def test_no_appointment_from_an_empty_pool():
    state = evolve(solo(1), notepad=((None,) * 5, (None,) * 5), patient_pool=(0, 0, 0, 0))
    assert new_appointments(state).notepad == ((None,) * 5, (None,) * 5)


def test_admin_returns_the_rightmost_appointments_and_rows_slide_right():
    state = evolve(solo(), notepad=((None, None, O, Y, W), (None,) * 5), patient_pool=(0, 0, 0, 0))
    state = return_appointments(state)
    assert state.notepad == ((None, None, None, O, Y), (None,) * 5)
    assert state.patient_pool == (1, 0, 0, 0)


def test_moving_down_into_an_empty_row_slides_right():
    state = admitting(solo(), qp=3)
    state = evolve(state, notepad=((None, None, None, R, W), (None,) * 5))
    state = apply_action(state, ShiftAppointment(PSY, 3, Shift.DOWN))
    assert state.notepad == ((None, None, None, None, W), (None, None, None, None, R))
    assert ShiftAppointment(PSY, 4, Shift.LEFT) not in legal_actions(state)  # changes nothing


# --- Admin: doctors and patients -----------------------------------------------------
def _clinic_with(state, *people):
    """Solo clinic with extra people: (role, colour, where) tuples; cars parked."""
    clinic = state.players[0].clinic
    entrance = clinic.board.entrances[0]
    for role, colour, where in people:
        spot = free_parking_spots(clinic.board)[0]
        if role is Role.PATIENT:
            clinic = admit_patient(clinic, colour, PSY, spot)
        else:
            clinic = hire(clinic, role, entrance, spot, colour)
        last = clinic.last
        clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(last, where=where),))
    return with_clinic(evolve(state, cars_lot=state.cars_lot - len(people)), 0, clinic)


def _lab_state(doctor_colour):
    state = solo()
    board = state.players[0].clinic.board
    lab = next(
        s for s in board.spaces(0)
        if board.tile_at(s) is None and _ok(board, BuildModule(Module(ModuleKind.LAB), s))
    )
    board = build(board, BuildModule(Module(ModuleKind.LAB), lab))
    state = with_clinic(state, 0, evolve(state.players[0].clinic, board=board))
    return _clinic_with(state, (Role.DOCTOR, doctor_colour, lab)), lab


def _ok(board, action):
    try:
        build(board, action)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("before, after", [(W, O), (Y, R), (O, R), (R, R)])
def test_lab_training_levels_up_twice_and_gives_popularity(before, after):
    state, lab = _lab_state(before)
    state = train_in_labs(state)
    doctor = state.players[0].clinic.at(lab)[0]
    assert doctor.colour is after
    assert state.players[0].popularity == 1
    trained = {doctor.id} if after is R and before is not R else set()
    assert state.players[0].trained_red_ids == trained


@pytest.mark.parametrize("before, after", [(W, W), (Y, W), (O, Y), (R, O)])
def test_doctors_outside_labs_tire(before, after):
    state = solo()
    hub = state.players[0].clinic.board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    state = _clinic_with(state, (Role.DOCTOR, before, hub))
    state = tire_doctors(state)
    assert state.players[0].clinic.last.colour is after


def test_doctor_in_lab_does_not_tire():
    state, lab = _lab_state(Y)
    state = tire_doctors(state)
    assert state.players[0].clinic.at(lab)[0].colour is Y


def test_patients_worsen_and_red_patients_die():
    state = solo()
    pre = PreAdmissions(PSY)
    state = _clinic_with(state, (Role.PATIENT, W, pre), (Role.PATIENT, O, pre), (Role.PATIENT, R, pre))
    state = with_player(state, 0, popularity=7)
    lot, cars = state.cars_lot, state.players[0].clinic.board.parked_cars
    state = worsen_patients(state)
    p = state.players[0]
    assert sorted(q.colour for q in p.clinic.of_role(Role.PATIENT)) == [Y, R]
    assert p.popularity == 2 and p.dead == 1
    # The dead patient's car is the owner's choice: owed until removed (game.cars).
    assert p.cars_owed == 1
    assert state.cars_lot == lot and p.clinic.board.parked_cars == cars


def test_a_death_never_takes_popularity_below_zero():
    state = _clinic_with(solo(), (Role.PATIENT, R, PreAdmissions(PSY)))
    state = with_player(state, 0, popularity=3)
    assert worsen_patients(state).players[0].popularity == 0


def test_university_refill_sorts_red_orange_yellow_white():
    state = evolve(solo(), university=(None,), doctor_pool=(0, 0, 1, 0))
    assert refill_university(state).university == (O,)
    state = evolve(new_game(4, 3), university=(Y, None, W, None), doctor_pool=(0, 0, 0, 2))
    assert refill_university(state).university == (R, R, Y, W)


# --- Turn order ------------------------------------------------------------------------
def test_turn_order_lowest_popularity_first():
    assert new_turn_order((0, 1, 2, 3), [9, 3, 5, 1], [1, 2, 3, 4]) == (3, 1, 2, 0)


def test_turn_order_tie_who_reached_first_goes_later():
    # seats 1 and 2 share 5 popularity; seat 2 got there first (lower stamp): later.
    assert new_turn_order((1, 0, 2), [1, 5, 5], [1, 9, 4]) == (0, 1, 2)
    assert new_turn_order((2, 1, 0), [1, 5, 5], [1, 4, 9]) == (0, 2, 1)


def test_unchanged_turn_order_rotates():
    assert new_turn_order((0, 1, 2, 3), [0, 1, 2, 3], [1, 1, 1, 1]) == (3, 0, 1, 2)


def test_initial_markers_keep_the_turn_order_then_rotate():
    state = new_game(4, 9)
    pops = [0] * 4
    stamps = [p.stamp for p in state.players]
    order = state.turn_order
    assert new_turn_order(order, pops, stamps) == order[-1:] + order[:-1]


# --- Business ---------------------------------------------------------------------------
def test_expenses_paid_from_popularity_when_income_and_savings_run_out():
    board = beginner_initial_board(W)
    clinic = Clinic(board)
    hub = board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    for _ in range(2):
        clinic = hire(clinic, Role.DOCTOR, board.entrances[0], free_parking_spots(clinic.board)[0], W)
        clinic = evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=hub),))
    state = with_player(solo(), 0, clinic=clinic, money=1, popularity=10)
    # Rulebook: wages 2 doctors x $2 + upkeep 3 modules x $1 = $7; no income;
    # savings pay $1; the other $6 cost 6 popularity.
    state = business_for(state, 0)
    assert state.players[0].money == 0 and state.players[0].popularity == 4
    state = with_player(state, 0, money=0, popularity=3)
    state = business_for(state, 0)  # $7 owed, 3 popularity: the rest is forgiven
    assert state.players[0].popularity == 0 and state.players[0].money == 0


def test_popularity_only_from_this_rounds_income():
    state = with_player(solo(), 0, money=30, income=7)
    state = evolve(state, phase=Phase.BUY_POPULARITY, queue=(0,))
    amounts = [a.amount for a in legal_actions(state)]
    assert amounts == [0, 1, 2]
    from core.clinic.game import BuyPopularity

    after = apply_action(state, BuyPopularity(2))
    assert after.players[0].popularity == 2 and after.players[0].money == 31


# --- Hire ----------------------------------------------------------------------------------
def test_hire_costs_by_university_space_and_nurse_row():
    state = evolve(new_game(4, 5), university=(R, O, Y, W))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    seat = state.turn_order[0]
    state = evolve(state, phase=Phase.HIRE, queue=(seat,), step=Turn())
    state = with_player(state, seat, money=20)
    hires = [a for a in legal_actions(state) if isinstance(a, HireDoctor) and a.slot == 0]
    after = apply_action(state, hires[0])
    assert after.players[seat].money == 16 and after.players[seat].clinic.last.colour is R
    assert after.university == (None, O, Y, W)
    nurse = next(a for a in legal_actions(after) if isinstance(a, HireNurse))
    after = apply_action(after, nurse)
    assert after.players[seat].money == 15  # the cheapest nurse: $1
    assert after.nurses[0] == 3
    assert after.phase is not Phase.HIRE or after.queue[0] != seat  # both hires: done


def test_no_hire_without_money():
    state = evolve(solo(), phase=Phase.HIRE, queue=(0,), step=Turn())
    state = with_player(state, 0, money=0)
    assert legal_actions(state) == [Done()]


# --- Selection and resolution ---------------------------------------------------------
def test_hidden_selection_and_resolution_order():
    state = new_game(3, 4, turn_order=(2, 0, 1))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    assert state.current == 2
    state = apply_action(state, SelectTile(ActionTile.ADMIT))
    assert state.current == 0
    view = player_view(state, 0)
    assert view.selected == (None, None, None) and view.has_selected == (False, False, True)
    assert player_view(state, 2).selected[2] is ActionTile.ADMIT
    state = apply_action(state, SelectTile(ActionTile.HIRE))
    state = apply_action(state, SelectTile(ActionTile.HIRE))
    # Hire before Admit; the two hirers in turn order (0 before 1).
    assert state.phase is Phase.HIRE and state.queue == (0, 1, 2)
    assert player_view(state, 1).selected == (ActionTile.HIRE, ActionTile.HIRE, ActionTile.ADMIT)


def test_each_tile_at_most_twice_a_round():
    state = solo()
    state = with_player(state, 0, tiles=(ActionTile.HIRE, ActionTile.ADMIT, ActionTile.ADMIT))
    assert SelectTile(ActionTile.BUILD) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="no Build tile left"):
        apply_action(state, SelectTile(ActionTile.BUILD))
