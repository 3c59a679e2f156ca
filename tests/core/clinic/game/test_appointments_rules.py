"""Queue points on the appointment notepad (rulebook "Action: Admit Patients", "New
Patients Schedule Appointments"): which moves are offered, what a move does, and where
new appointments go.  Arrival points and cars are not tested here."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Colour, Service
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.actions import Shift, ShiftAppointment
from core.clinic.game.admit import shift_notepad, shift_options
from core.clinic.game.notepad import new_appointments, pack
from core.clinic.game.state import ActionTile, Phase, Turn

W, Y, O, R = Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED
PSY, CAR, OPH = Service.PSYCHIATRY, Service.CARDIOLOGY, Service.OPHTHALMOLOGY
EMPTY = (None,) * 5


def _two_player(notepad, qp=3):
    state = new_game(2, 4, turn_order=(0, 1))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    state = evolve(state, notepad=notepad, phase=Phase.ADMIT, queue=(0,),
                   selected=(ActionTile.ADMIT, None), step=Turn(qp=qp))
    return state


def test_pack_closes_gaps_to_the_right_keeping_order():
    """Rulebook: "whenever a gap forms in a row, the appointments left of it shift right"."""
    assert pack((W, None, Y, None, R)) == (None, None, W, Y, R)
    assert pack(EMPTY) == EMPTY and pack((W, Y, O, R, W)) == (W, Y, O, R, W)


def test_the_offered_moves_are_every_one_space_move_that_changes_something():
    """1 QP: a patient moves one space orthogonally, swapping with a patient there.
    House rule: no swap of two patients of one colour; no move left into an empty space
    (the row would close up again at once)."""
    state = _two_player(((None, None, None, Y, W), (None, None, None, None, W), EMPTY))
    assert state.services == (PSY, CAR, OPH)
    options = set(shift_options(state))
    assert ShiftAppointment(PSY, 4, Shift.DOWN) not in options  # W onto W: nothing changes
    assert ShiftAppointment(CAR, 4, Shift.UP) not in options
    assert ShiftAppointment(PSY, 3, Shift.LEFT) not in options  # left into an empty space
    assert ShiftAppointment(PSY, 3, Shift.UP) not in options  # off the notepad
    assert ShiftAppointment(PSY, 4, Shift.RIGHT) not in options
    assert options == {
        ShiftAppointment(PSY, 3, Shift.RIGHT),
        ShiftAppointment(PSY, 3, Shift.DOWN),
        ShiftAppointment(PSY, 4, Shift.LEFT),
        ShiftAppointment(CAR, 4, Shift.DOWN),
    }


def test_a_move_swaps_then_both_rows_close_up():
    notepad = ((None, None, R, Y, W), (None, None, None, None, O), EMPTY)
    assert shift_notepad(notepad, 0, 2, 1, 2) == (
        (None, None, None, Y, W), (None, None, None, R, O), EMPTY,
    )
    assert shift_notepad(notepad, 0, 4, 1, 4) == (
        (None, None, R, Y, O), (None, None, None, None, W), EMPTY,
    )
    assert shift_notepad(notepad, 0, 3, 0, 4) == ((None, None, R, W, Y), notepad[1], EMPTY)


def test_each_move_costs_one_queue_point_and_the_last_one_ends_the_action():
    state = _two_player(((None, None, None, Y, W), EMPTY, EMPTY), qp=2)
    state = apply_action(state, ShiftAppointment(PSY, 3, Shift.RIGHT))
    assert state.notepad[0] == (None, None, None, W, Y)
    assert state.step.qp == 1 and state.phase is Phase.ADMIT
    state = apply_action(state, ShiftAppointment(PSY, 4, Shift.DOWN))
    assert state.phase is Phase.SELECT and state.action == 2  # the action is over


def test_new_appointments_go_top_to_bottom_one_per_row():
    """Rulebook: "after each action every service, top to bottom, gets one new patient
    from the pool in its rightmost empty space (none if the row is full or the pool is
    empty)". With one patient in the pool only the top row with room gets it."""
    state = _two_player(((W, Y, O, R, W), (None, None, None, None, Y), EMPTY))
    state = evolve(state, patient_pool=(0, 0, 1, 0))
    after = new_appointments(state)
    assert after.notepad == ((W, Y, O, R, W), (None, None, None, O, Y), EMPTY)
    assert after.patient_pool == (0, 0, 0, 0) and after.draws == state.draws + 1
    state = evolve(state, patient_pool=(0, 3, 0, 0))
    after = new_appointments(state)
    assert after.notepad == ((W, Y, O, R, W), (None, None, None, Y, Y), (None, None, None, None, Y))
    assert after.patient_pool == (0, 1, 0, 0) and after.draws == state.draws + 2


def test_no_move_off_the_bottom_or_the_sides_of_the_notepad():
    """1 QP moves a patient one space on the notepad: from the bottom row there is no
    space below, from the rightmost column none to the right; such a move is not offered
    and is refused with its rule."""
    import pytest

    from core.errors import IllegalActionError

    state = _two_player((EMPTY, EMPTY, (None, None, None, Y, W)))
    assert state.services[-1] == OPH and len(state.notepad) == 3
    options = set(shift_options(state))
    assert options == {ShiftAppointment(OPH, 3, Shift.RIGHT), ShiftAppointment(OPH, 3, Shift.UP),
                       ShiftAppointment(OPH, 4, Shift.LEFT), ShiftAppointment(OPH, 4, Shift.UP)}
    for off in (ShiftAppointment(OPH, 4, Shift.DOWN), ShiftAppointment(OPH, 4, Shift.RIGHT)):
        with pytest.raises(IllegalActionError):
            apply_action(state, off)
