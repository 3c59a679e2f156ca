"""The basic computer player of Clinic at its Hire, Admit Patients, Select and
Business decisions, by what it must do in small fixed positions (issue 19: what the
mutation samples found unguarded). The scenes are those of ``test_bot_behaviour_gaps``
(a beginner clinic stopped at one decision); ``docs/bots.md`` says what the player is
meant to do."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Clinic, Colour, Role, build, free_parking_spots, hire
from core.clinic.construction import BuildParking
from core.clinic.game import constants as K
from core.clinic.game.actions import AdmitPatient, Done, HireDoctor, HireNurse, HireOrderly, SelectTile, ShiftAppointment
from core.clinic.game.bots import BasicBot
from core.clinic.game.state import ActionTile, Phase, Turn

from clinic_helpers import PSY, sp
from expansions.helpers import in_phase, patient, staff, started

from .game_helpers import with_clinic, with_player
from .test_bot_behaviour_gaps import HUB, W, _clinic


# --- hiring (bot_values.hire_value) -------------------------------------------------------
def _hiring(clinic: Clinic, money: int = 20):
    """Seat 0 at its Hire action in round 2 (2 players: yellow doctor $4 on university
    space 1, white $3 on space 2; nurses $1 and up; orderlies $1)."""
    state = in_phase(started(players=2), Phase.HIRE, clinic, selected=(ActionTile.HIRE, None), round=2)
    assert state.university == (Colour.YELLOW, W)
    return with_player(state, 0, money=money)


def _hired(clinic: Clinic, money: int = 20):
    choice = BasicBot().choose(_hiring(clinic, money))
    if isinstance(choice, HireDoctor):
        return Role.DOCTOR, _hiring(clinic, money).university[choice.slot]
    return {HireNurse: Role.NURSE, HireOrderly: Role.ORDERLY}.get(type(choice), choice), None


def test_the_basic_player_hires_doctors_for_empty_places_while_it_can_pay():
    """docs/bots.md: it "hires ... doctors for empty places in its rooms ... only what it
    can pay". An empty treatment room (2 places): with $8 the yellow doctor (treats
    yellow patients without a nurse), with $6 the white one (the yellow would leave too
    little for next round), with $5 no doctor."""
    clinic = _clinic()
    assert _hired(clinic, 8) == (Role.DOCTOR, Colour.YELLOW)
    assert _hired(clinic, 6) == (Role.DOCTOR, W)
    assert _hired(clinic, 5)[0] is not Role.DOCTOR


def test_the_basic_player_hires_an_orderly_then_a_nurse_once_the_places_have_doctors():
    """docs/bots.md: "hires orderlies for empty supply rooms, doctors for empty places in
    its rooms, a nurse when colours do not match". Two doctors fill the room's 2 places:
    no third doctor; the orderly for the empty supply room first, then (an orderly at
    work, or one on the entrance on its way) a nurse for the doctors."""
    clinic = _clinic(doctors=2, where=HUB)
    assert _hired(clinic) == (Role.ORDERLY, None)
    assert _hired(staff(clinic, Role.ORDERLY, sp("C2"))) == (Role.NURSE, None)
    on_its_way = hire(clinic, Role.ORDERLY, clinic.board.entrances[0], free_parking_spots(clinic.board)[0])
    assert _hired(on_its_way) == (Role.NURSE, None)  # the orderly on the entrance will go in
    one_doctor = staff(_clinic(doctors=1, where=HUB), Role.ORDERLY, sp("C2"))
    assert _hired(one_doctor)[0] is Role.DOCTOR
    # Its car, like a patient's, parks where it blocks least: A1 is blocked already.
    doctor = _clinic(doctors=1, where=HUB)
    assert {str(b) for b in doctor.board.border_cars} == {"west of A1"}
    assert str(BasicBot().choose(_hiring(doctor)).car) == "north of A1"


def test_in_the_last_round_the_basic_player_hires_staff_that_score_with_spare_money():
    """``hire_value``: "The last round: savings are worth nothing at the end, staff
    score" (a doctor by colour, a nurse 1), if the money left still pays the round's
    expenses ($7 for two doctors and the modules) and $2 more. With $20 the yellow
    doctor (2 end points); with $10 a $1 nurse (a doctor would leave too little); with
    $9 nobody."""
    clinic = _clinic(doctors=2, where=HUB)
    state = in_phase(started(players=2), Phase.HIRE, clinic, selected=(ActionTile.HIRE, None), round=K.ROUNDS)
    last = {money: BasicBot().choose(with_player(state, 0, money=money)) for money in (9, 10, 20)}
    assert isinstance(last[20], HireDoctor) and last[20].slot == 0  # yellow, on space 1
    assert isinstance(last[10], HireNurse)
    assert last[9] == Done()
    # Only white doctors (1 point, like a nurse): the cheaper nurse.
    whites = with_player(evolve(state, university=(W, W)), 0, money=20)
    assert isinstance(BasicBot().choose(whites), HireNurse)


def test_the_basic_player_buys_popularity_with_the_income_its_savings_do_not_need():
    """docs/bots.md: it "buys popularity with the income it does not need for the next
    round" (Business: $3 a popularity from this round's income). One doctor: it keeps
    about $8 in round 2 (half the $5 its care will not earn, and money to grow). Of $12
    of income: with $20 saved it buys all 4; with $6 saved, 3; with nothing saved, 1."""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    state = in_phase(started(players=1), Phase.BUY_POPULARITY, clinic, round=2)

    def bought(money: int) -> int:
        return BasicBot().choose(with_player(state, 0, money=money, income=12)).amount

    assert [bought(m) for m in (20, 6, 0)] == [4, 3, 1]


# --- where the car parks (bot_values.spot_block) -----------------------------------------
def _admitting(clinic: Clinic):
    """Seat 0 admitting with 2 QP; a white psychiatry patient at the notepad's right."""
    state = started(players=1)
    state = evolve(in_phase(state, Phase.ADMIT, clinic, selected=(ActionTile.ADMIT,), round=2), step=Turn(qp=2))
    row = state.services.index(PSY.service)
    pad = list(state.notepad)
    pad[row] = (None,) * 4 + (W,)
    return evolve(state, notepad=tuple(pad))


def test_the_car_of_an_admitted_patient_parks_where_it_blocks_least():
    """Rulebook, No obstructions: no module may be built on a space with a car on one of
    its borders. The doctor's car already stands west of A1, so A1 is blocked: the
    patient's car goes north of A1 (blocking nothing more), not east of A1, which would
    block B1 too."""
    clinic = _clinic(doctors=1)
    assert {str(b) for b in clinic.board.border_cars} == {"west of A1"}
    choice = BasicBot().choose(_admitting(clinic))
    assert str(choice.car) == "north of A1"


def test_a_border_beside_a_parking_tile_blocks_nothing_and_keeps_the_tiles_places():
    """A parking tile at D1: a car on D1's east border blocks no space a module could
    use (D1 holds the tile), so the patient's car parks there, as cheap as the tile's own
    places, and leaves those for later cars."""
    clinic = _clinic(doctors=1)
    clinic = evolve(clinic, board=build(clinic.board, BuildParking(sp("D1"))))
    choice = BasicBot().choose(_admitting(clinic))
    assert str(choice.car) == "east of D1"



# --- admitting (bots.BasicBot._admit, bot_values.treatable_gain) --------------------------
def _admitting_row(clinic: Clinic, row: tuple, qp: int = 2):
    """Seat 0 admitting with ``qp`` QP, the psychiatry row of the notepad ``row``."""
    state = _admitting(clinic)
    r = state.services.index(PSY.service)
    pad = list(state.notepad)
    pad[r] = row
    return evolve(state, notepad=tuple(pad), step=Turn(qp=qp))


def test_the_basic_player_admits_only_patients_it_can_treat_this_round():
    """docs/bots.md: it "admits only patients its care plan can treat this round, moving
    a treatable patient into the admitting column when that helps". A white doctor, no
    nurse: a white patient on the right is admitted; a yellow one is not (it would wait,
    worsen and die); with the white one beside it and 2 QP, the white is moved right
    first; with 1 QP, nothing. A white patient already waiting for the only doctor: no
    second one; with a second doctor, yes."""
    yellow = Colour.YELLOW
    doctor = staff(_clinic(), Role.DOCTOR, HUB, W)
    empty3, empty4 = (None,) * 3, (None,) * 4
    assert isinstance(BasicBot().choose(_admitting_row(doctor, (*empty4, W))), AdmitPatient)
    assert BasicBot().choose(_admitting_row(doctor, (*empty4, yellow))) == Done()
    shift = BasicBot().choose(_admitting_row(doctor, (*empty3, W, yellow)))
    assert shift == ShiftAppointment(PSY.service, 3, shift.direction) and shift.direction.name == "RIGHT"
    assert BasicBot().choose(_admitting_row(doctor, (*empty3, W, yellow), qp=1)) == Done()
    waiting = patient(doctor, W)
    assert BasicBot().choose(_admitting_row(waiting, (*empty4, W))) == Done()
    second = staff(waiting, Role.DOCTOR, HUB, W)
    assert isinstance(BasicBot().choose(_admitting_row(second, (*empty4, W))), AdmitPatient)



def _choosing_tile(clinic: Clinic, row: tuple, money: int = 20):
    """Seat 0 to select first in round 2 of a 2-player game, the psychiatry row ``row``."""
    state = with_player(with_clinic(started(players=2), 0, clinic), 0, money=money)
    r = state.services.index(PSY.service)
    pad = list(state.notepad)
    pad[r] = row
    return evolve(state, round=2, notepad=tuple(pad), queue=(0, 1))


def test_the_basic_player_selects_admit_patients_when_it_can_treat_who_is_on_offer():
    """docs/bots.md: it admits only patients it can treat. Two white doctors in the
    hub, their room's places empty: a white patient at the notepad's right is worth an
    Admit Patients action; a yellow one (no nurse) is not, and it builds instead; with no
    money for anything else it selects Admit Patients all the same (a tile must be
    chosen, and admitting costs nothing). With one doctor for the room's two places, a
    second doctor comes first."""
    doctors = _clinic(doctors=2, where=HUB)
    admit = SelectTile(ActionTile.ADMIT)
    empty4 = (None,) * 4
    assert BasicBot().choose(_choosing_tile(doctors, (*empty4, W))) == admit
    assert BasicBot().choose(_choosing_tile(doctors, (*empty4, Colour.YELLOW))) == SelectTile(ActionTile.BUILD)
    assert BasicBot().choose(_choosing_tile(doctors, (*empty4, Colour.YELLOW), money=0)) == admit
    # One doctor for the room's two places: a second doctor (a patient every round) first.
    one = _clinic(doctors=1, where=HUB)
    assert BasicBot().choose(_choosing_tile(one, (*empty4, W))) == SelectTile(ActionTile.HIRE)
