"""Cars, parking and people (rulebook "Parking a Car", "Taking a Car", "Action: Hire",
"Action: Admit Patients"; rules-decisions.md "Admitting needs the service")."""

import pytest
from clinic_helpers import PSY, TR, E, N, S, W, modules, entrance, sp

from core.clinic import (
    Board,
    BoardSide,
    BuildParking,
    Clinic,
    Colour,
    IllegalActionError,
    PreAdmissions,
    Role,
    Service,
    UpgradeParking,
    admit_patient,
    beginner_initial_board,
    build,
    border_of,
    can_park,
    car_blocked_spaces,
    free_parking_spots,
    hire,
    park_car,
    person_leaves,
    remove_car,
)


def test_free_borders_are_those_no_module_touches():
    """4x3 board: 31 borders.  The white start's 3 modules (B3, C3, C2) touch 10 of
    them (4 + 4 + 4 minus the 2 they share), leaving 21."""
    board = beginner_initial_board(Colour.WHITE)
    assert len(Board().all_borders) == 31
    assert len(free_parking_spots(board)) == 21
    assert len(Board(side=BoardSide.EXPERT).all_borders) == 24


def test_car_refused_on_a_border_a_module_touches_or_taken():
    board = modules((PSY, "B2"))
    with pytest.raises(IllegalActionError, match=r"Parking: cannot park east of B2, a module touches that border"):
        park_car(board, border_of("B2", E))
    board = park_car(board, border_of("D2", E))
    with pytest.raises(IllegalActionError, match=r"a car is already parked east of D2 \(1 car per border\)"):
        park_car(board, border_of("D2", E))
    assert car_blocked_spaces(board) == {sp("D2")}


def test_parking_tile_holds_two_then_three():
    board = build(Board(), BuildParking(sp("A1")))
    board = park_car(park_car(board, sp("A1")), sp("A1"))
    with pytest.raises(IllegalActionError, match=r"Parking: the parking tile at floor 0 A1 is full \(2 cars\)"):
        park_car(board, sp("A1"))
    board = park_car(build(board, UpgradeParking(sp("A1"))), sp("A1"))
    assert board.parked_cars == 3
    with pytest.raises(IllegalActionError, match=r"no parking tile at floor 0 B1"):
        park_car(board, sp("B1"))


def test_removing_a_car():
    board = park_car(Board(), border_of("A1", N))
    assert remove_car(board, border_of("A1", N)).parked_cars == 0
    with pytest.raises(IllegalActionError, match=r"Taking a car: no car is parked north of B1"):
        remove_car(board, border_of("B1", N))


def test_no_parking_no_hire():
    """Expert 3x3 with one hub in the middle: fill every free border, then a hire fails."""
    board = entrance(modules((PSY, "B3"), side=BoardSide.EXPERT), "B3", S)
    c = Clinic(board)
    while can_park(c.board):
        c = hire(c, Role.NURSE, board.entrances[0], free_parking_spots(c.board)[0])
    assert len(c.people) == c.board.parked_cars == 24 - 4
    with pytest.raises(IllegalActionError, match=r"Parking: a car is already parked"):
        hire(c, Role.NURSE, board.entrances[0], border_of("A1", N))


def test_hire_stands_on_an_entrance_or_helipad():
    board = entrance(modules((PSY, "B3"), (TR, "C3")), "B3", S)
    c = Clinic(board)
    with pytest.raises(IllegalActionError, match=r"Hire: a new nurse must be placed on an entrance or helipad, not floor 0 B3"):
        hire(c, Role.NURSE, sp("B3"), border_of("A1", N))
    with pytest.raises(IllegalActionError, match=r"Hire: a doctor needs a colour"):
        hire(c, Role.DOCTOR, board.entrances[0], border_of("A1", N))
    c = hire(c, Role.DOCTOR, board.entrances[0], border_of("A1", N), Colour.YELLOW)
    assert c.last.where == board.entrances[0] and c.last.colour is Colour.YELLOW


def test_admission_needs_the_service_and_room_in_pre_admissions():
    c = Clinic(beginner_initial_board(Colour.WHITE))
    with pytest.raises(IllegalActionError, match=r"Admit: the clinic offers no cardiology service"):
        admit_patient(c, Colour.WHITE, Service.CARDIOLOGY, border_of("A1", N))
    for _ in range(4):
        c = admit_patient(c, Colour.RED, Service.PSYCHIATRY, free_parking_spots(c.board)[0])
    assert len(c.pre_admitted(Service.PSYCHIATRY)) == 4
    assert c.last.where == PreAdmissions(Service.PSYCHIATRY)
    with pytest.raises(IllegalActionError, match=r"Admit: psychiatry pre-admissions is full \(4 patients\)"):
        admit_patient(c, Colour.RED, Service.PSYCHIATRY, free_parking_spots(c.board)[0])


def test_anyone_leaving_takes_a_car_of_the_players_choice():
    c = Clinic(beginner_initial_board(Colour.WHITE))
    c = admit_patient(c, Colour.RED, Service.PSYCHIATRY, border_of("A1", N))
    c = admit_patient(c, Colour.RED, Service.PSYCHIATRY, border_of("A1", W))
    first = c.people[0].id
    c = person_leaves(c, first, border_of("A1", W))  # not "their" car: any car
    assert c.board.border_cars == {border_of("A1", N)}
    assert [p.id for p in c.people] == [first + 1]
    with pytest.raises(IllegalActionError, match=r"no person 99"):
        person_leaves(c, 99, border_of("A1", N))


def test_clinic_invariants_hold_and_can_fail():
    import attrs

    from core.clinic import clinic_violations

    c = Clinic(beginner_initial_board(Colour.WHITE))
    c = hire(c, Role.DOCTOR, c.board.entrances[0], border_of("A1", N), Colour.WHITE)
    c = admit_patient(c, Colour.RED, Service.PSYCHIATRY, border_of("A1", W))
    assert clinic_violations(c) == ()
    no_car = attrs.evolve(c, board=attrs.evolve(c.board, border_cars=frozenset()))
    assert clinic_violations(no_car) == ("0 cars parked for 2 people",)
    lost = attrs.evolve(c, people=(attrs.evolve(c.people[0], where=sp("A1")),) + c.people[1:])
    assert any("not a module or helipad" in v for v in clinic_violations(lost))
    # Patients & Staff: doctors and patients have a colour, nurses and orderlies none.
    doctor, patient = c.people
    pale = attrs.evolve(c, people=(attrs.evolve(doctor, colour=None), patient))
    assert clinic_violations(pale) == (f"{attrs.evolve(doctor, colour=None)} has colour None",)
    c = hire(c, Role.NURSE, c.board.entrances[0], border_of("B1", N))
    nurse = attrs.evolve(c.people[-1], colour=Colour.RED)
    assert clinic_violations(attrs.evolve(c, people=c.people[:-1] + (nurse,))) == (f"{nurse} has colour red",)


def test_legal_builds_list_parking_that_moves_parked_cars():
    """Rulebook, Parking: when a parking tile is built or upgraded, cars may move into
    it at once; ``legal_builds`` lists each choice (up to the tile's room) of cars on
    borders beside an empty space, and building it frees those borders."""
    from core.clinic.board import Board, Border, Space
    from core.clinic.build_options import legal_builds
    from core.clinic.construction import BuildParking, UpgradeParking, build

    a, b, c = Border(True, 0, 0), Border(False, 1, 0), Border(True, 4, 2)
    board = Board(border_cars=frozenset({a, b, c}))
    space = Space(0, 2, 1)
    listed = [
        frozenset(x.cars_moved)
        for x in legal_builds(board, ())
        if isinstance(x, BuildParking) and x.space == space
    ]
    assert set(listed) == set(map(frozenset, [(), (a,), (b,), (c,), (a, b), (a, c), (b, c)]))
    assert len(listed) == 7
    after = build(board, BuildParking(space, (a, b)))
    assert after.border_cars == {c} and after.tile_at(space).cars == 2
    upgrades = [x for x in legal_builds(after, ()) if isinstance(x, UpgradeParking)]
    assert {x.cars_moved for x in upgrades} == {(), (c,)}
    final = build(after, UpgradeParking(space, (c,)))
    assert not final.border_cars and final.tile_at(space).cars == 3


def test_each_broken_clinic_invariant_is_reported_by_name():
    """The safety net of the property tests (``clinic_violations``) names each broken
    rule: unique person ids, only patients in pre-admissions, at most 4 patients in each
    pre-admissions (Patients & Staff), people on an entrance of this board, patients
    with a service, and one parked car per person with the cars still owed."""
    import attrs

    from core.clinic import clinic_violations
    from core.clinic.parking import park_car

    c = Clinic(beginner_initial_board(Colour.WHITE))
    c = hire(c, Role.DOCTOR, c.board.entrances[0], border_of("A1", N), Colour.WHITE)
    c = admit_patient(c, Colour.RED, Service.PSYCHIATRY, border_of("A1", W))
    doctor, patient = c.people
    assert clinic_violations(c) == ()
    twin = attrs.evolve(c, people=(doctor, attrs.evolve(patient, id=doctor.id)))
    assert clinic_violations(twin) == ("two people share an id",)
    waiting = attrs.evolve(doctor, where=PreAdmissions(Service.PSYCHIATRY))
    assert clinic_violations(attrs.evolve(c, people=(waiting, patient))) == (
        f"{waiting} in {waiting.where}",
    )
    astray = attrs.evolve(doctor, where=border_of("A1", N))
    assert clinic_violations(attrs.evolve(c, people=(astray, patient))) == (
        f"{astray} stands {astray.where}, where there is no entrance",
    )
    lost = attrs.evolve(patient, service=None)
    assert clinic_violations(attrs.evolve(c, people=(doctor, lost))) == (f"{lost} has service None",)
    # Five patients in one pre-admissions (4 spaces): one violation naming the count.
    crowd = c
    for spot in (border_of("B1", N), border_of("C1", N), border_of("D1", N)):
        crowd = admit_patient(crowd, Colour.WHITE, Service.PSYCHIATRY, spot)
    fifth = attrs.evolve(crowd.last, id=crowd.last.id + 1)
    crowd = attrs.evolve(crowd, people=crowd.people + (fifth,), board=park_car(crowd.board, border_of("D1", E)))
    assert clinic_violations(crowd) == (f"{PreAdmissions(Service.PSYCHIATRY)} holds 5 patients",)
    # A person left and the player has yet to choose which car goes: the car is owed.
    assert clinic_violations(attrs.evolve(c, people=(doctor,)), cars_owed=1) == ()
    assert clinic_violations(attrs.evolve(c, people=(doctor,))) == ("2 cars parked for 1 people",)
    assert clinic_violations(c, cars_owed=1) == ("2 cars parked for 2 people and 1 cars owed",)
