"""Movement and time (rulebook "Move", pp. 14-15; rules-decisions.md "Movement time",
"Capacities")."""

import pytest
from clinic_helpers import HUB, LAB, OR, OUT, PSY, SR, TR, TRIAGE, S, W, conveyor, entrance, modules, sp

from core.clinic import (
    BuildHelipad,
    Clinic,
    Colour,
    IllegalActionError,
    PreAdmissions,
    Role,
    Service,
    admit_patient,
    board_violations,
    build,
    cheapest_path,
    clinic_from_json,
    clinic_to_json,
    end_of_move_violations,
    finish_move,
    free_parking_spots,
    hire,
    move_person,
    time_to_record,
)

OPH, NEU = Service.OPHTHALMOLOGY, Service.NEUROLOGY


def spot(clinic):
    return free_parking_spots(clinic.board)[0]


def example_clinic():
    """The rulebook's Move example (p. 15), rebuilt: its picture is lost, so the layout
    is ours, chosen so that every step costs what the text says.  Floor 0: psychiatry
    hub B3 (entrance south of it, conveyor stop), treatment room C3, operating room D3
    (stop), triage A3; a second building ophthalmology hub A1 + treatment room B1
    (stop); a lab D1 (stop) with a supply room above it.  Floor 1: neurology hub C3 and
    a neurology treatment room B3 directly above the psychiatry hub."""
    board = modules(
        (PSY, "B3"), (TR, "C3"), (OR, "D3"), (TRIAGE, "A3"),
        (HUB[OPH], "A1"), (TR, "B1"), (LAB, "D1"), (SR, "D1", 1),
        (HUB[NEU], "C3", 1), (TR, "B3", 1),
    )
    board = entrance(board, "B3", S)
    board = conveyor(board, sp("B3"), sp("D3"), sp("D1"), sp("B1"))
    assert board_violations(board) == ()
    return board


def test_rulebook_time_example_six_minus_three_triage_is_three():
    board = example_clinic()
    gate = board.entrances[0]
    c = Clinic(board)
    c = hire(c, Role.DOCTOR, gate, spot(c), Colour.WHITE)
    doctor = c.last.id
    c = hire(c, Role.ORDERLY, gate, spot(c))
    orderly = c.last.id
    c = admit_patient(c, Colour.ORANGE, OPH, spot(c))
    orange = c.last.id
    c = admit_patient(c, Colour.YELLOW, NEU, spot(c))
    yellow = c.last.id
    # 1. doctor: entrance -> hub 1, conveyor hub -> OR 0, conveyor OR -> lab 0.
    c = move_person(c, doctor, sp("D1"))
    assert c.move_time == 1
    # 2. orange patient: pre-admissions -> entrance 0, -> hub 1, conveyor -> room 0.
    c = move_person(c, orange, sp("B1"))
    assert c.move_time == 2
    # 3. orderly: 1 + 0 + 0, then lab -> supply room above 1.
    c = move_person(c, orderly, sp("D1", 1))
    assert c.move_time == 4
    # 4. yellow patient: 0, 1, then hub -> treatment room directly above 1.
    c = move_person(c, yellow, sp("B3", 1))
    assert c.move_time == 6
    done, time = finish_move(c)
    assert time == 3  # 5./6. triage: 6 - 3 = 3
    assert done.move_time == 0
    assert {p.id for p in done.people if p.stays} == {orange, yellow}
    assert clinic_from_json(clinic_to_json(done)) == done  # ready to be saved (part 2)


def test_time_to_record_triage_never_below_zero():
    assert time_to_record(6, True) == 3
    assert time_to_record(2, True) == 0
    assert time_to_record(6, False) == 6


def test_cheapest_path_is_found_and_walks_only_through_modules():
    board = entrance(modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (LAB, "C2"), (TR, "C3")), "A1", W)
    time, path = cheapest_path(board, board.entrances[0], sp("C3"))
    assert time == 5 and path[-1] == sp("C3") and len(path) == 6
    # A separate building with no entrance and no conveyor cannot be reached.
    island = modules((OR, "A3"), board=board)
    with pytest.raises(IllegalActionError, match=r"Movement: no path of modules leads from west of A1 to floor 0 A3"):
        cheapest_path(island, island.entrances[0], sp("A3"))


def test_up_and_down_cost_one_and_helipad_entry_costs_one():
    board = modules((PSY, "A1"), (TR, "A1", 1), (SR, "A1", 2))
    board = build(board, BuildHelipad(sp("A1", 3)))
    pre = PreAdmissions(Service.PSYCHIATRY)
    assert cheapest_path(board, pre, sp("A1", 3), patient=True)[0] == 0
    assert cheapest_path(board, sp("A1", 3), sp("A1", 2))[0] == 1
    assert cheapest_path(board, sp("A1", 3), sp("A1", 0))[0] == 3


def test_patients_teleport_to_outpatient_services_staff_do_not():
    board = entrance(modules((PSY, "A1"), (TR, "B1"), (OUT, "C1")), "A1", W)
    pre = PreAdmissions(Service.PSYCHIATRY)
    assert cheapest_path(board, pre, sp("C1"), patient=True)[0] == 0
    assert cheapest_path(board, board.entrances[0], sp("C1"))[0] == 3


def _small_clinic():
    board = entrance(modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (LAB, "A2")), "A1", W)
    c = Clinic(board)
    c = admit_patient(c, Colour.WHITE, Service.PSYCHIATRY, spot(c))
    return c


def test_nobody_who_entered_may_leave():
    c = _small_clinic()
    pid = c.last.id
    c = move_person(c, pid, sp("A1"))
    with pytest.raises(IllegalActionError, match=r"no path of modules leads from floor 0 A1 to west of A1"):
        move_person(c, pid, c.board.entrances[0])
    with pytest.raises(IllegalActionError, match=r"no path of modules leads from floor 0 A1 to psychiatry pre-admissions"):
        move_person(c, pid, PreAdmissions(Service.PSYCHIATRY))


def test_patients_never_switch_rooms_after_a_round():
    c = _small_clinic()
    pid = c.last.id
    c = move_person(c, pid, sp("B1"))
    c, _ = finish_move(c)
    assert c.person(pid).stays
    with pytest.raises(IllegalActionError, match=r"white psychiatry patient \d+ stays at floor 0 B1 \(patients never switch rooms\)"):
        move_person(c, pid, sp("A1"))
    # Staff are free to move on the next round.
    c = hire(c, Role.NURSE, c.board.entrances[0], spot(c))
    c = move_person(c, c.last.id, sp("B1"))
    c = move_person(c, c.last.id, sp("A1"))
    assert c.move_time == 3


def test_end_of_move_check_names_each_violation():
    c = _small_clinic()
    gate = c.board.entrances[0]
    c = hire(c, Role.ORDERLY, gate, spot(c))  # left on the entrance
    c = hire(c, Role.DOCTOR, gate, spot(c), Colour.WHITE)
    c = move_person(c, c.last.id, sp("C1"))  # doctor in a supply room
    c = hire(c, Role.NURSE, gate, spot(c))
    c = move_person(c, c.last.id, sp("A2"))  # nurse in a lab
    problems = end_of_move_violations(c)
    assert len(problems) == 3
    assert any("orderly" in p and "entrance west of A1" in p for p in problems)
    assert any("doctor" in p and "supply room at floor 0 C1" in p for p in problems)
    assert any("nurse" in p and "lab at floor 0 A2" in p for p in problems)
    with pytest.raises(IllegalActionError, match=r"^End the move: .*orderly.*; .*doctor.*; .*nurse"):
        finish_move(c)


def test_patients_only_in_rooms_of_their_own_service():
    board = entrance(modules((PSY, "A1"), (TR, "B1"), (SR, "C1"), (HUB[Service.CARDIOLOGY], "B1", 1), (TR, "C1", 1)), "A1", W)
    c = Clinic(board)
    c = admit_patient(c, Colour.WHITE, Service.CARDIOLOGY, spot(c))
    c = move_person(c, c.last.id, sp("B1"))
    (problem,) = end_of_move_violations(c)
    assert "connected to psychiatry (patients only in rooms of their own service:" in problem
    c = move_person(c, c.last.id, sp("C1", 1))
    assert end_of_move_violations(c) == ()


def test_patient_in_a_room_without_a_service_hub():
    board = entrance(modules((PSY, "A1"), (SR, "B1"), (TR, "C1")), "A1", W)
    c = Clinic(board)
    c = admit_patient(c, Colour.WHITE, Service.PSYCHIATRY, spot(c))
    c = move_person(c, c.last.id, sp("C1"))
    (problem,) = end_of_move_violations(c)
    assert "not connected to any service" in problem


@pytest.mark.parametrize(
    "module, role, allowed",
    [
        (TR, Role.DOCTOR, 2), (TR, Role.PATIENT, 2), (TR, Role.NURSE, 5),
        (OR, Role.DOCTOR, 1), (OR, Role.PATIENT, 1), (OR, Role.NURSE, 5),
        (OUT, Role.DOCTOR, 1), (OUT, Role.PATIENT, 1), (OUT, Role.NURSE, 0),
        (LAB, Role.DOCTOR, 1), (LAB, Role.NURSE, 0), (LAB, Role.PATIENT, 0),
        (SR, Role.ORDERLY, 1), (SR, Role.DOCTOR, 0),
        (PSY, Role.DOCTOR, 5), (PSY, Role.NURSE, 5), (PSY, Role.PATIENT, 0), (PSY, Role.ORDERLY, 0),
        (TRIAGE, Role.DOCTOR, 0), (TRIAGE, Role.NURSE, 0),
    ],
)
def test_capacities(module, role, allowed):
    """Rulebook capacity table: ``allowed`` people of ``role`` may end there (5 stands
    for "any number"), one more is a violation."""
    board = modules((PSY, "B3"), (SR, "C3"))
    target = sp("B3") if module == PSY else sp("B2")
    if module != PSY:
        board = modules((module, "B2"), board=board)
    board = entrance(board, "B3", S)
    c = Clinic(board)
    for n in range(allowed + 1):
        if role is Role.PATIENT:
            c = admit_patient(c, Colour.WHITE, Service.PSYCHIATRY, spot(c))
        else:
            colour = Colour.WHITE if role is Role.DOCTOR else None
            c = hire(c, role, board.entrances[0], spot(c), colour)
        c = move_person(c, c.last.id, target)
        if n < allowed:
            assert end_of_move_violations(c) == (), (module, role, n)
    if allowed < 5:
        assert end_of_move_violations(c), (module, role)


def test_conveyor_stops_link_to_their_neighbours_along_each_line():
    """Rulings 0.5 (base L690 "always think through each step of moving by conveyor"):
    the stops on one line are linked to the next stop each way, never past it, along a
    row, a column or up through the floors, whatever order they were built in."""
    from core.clinic.board import Space
    from core.clinic.movement import _links

    _links.cache_clear()  # worked out here, not read back from another test's boards
    row = (Space(0, 0, 0), Space(0, 2, 0), Space(0, 1, 0), Space(0, 3, 0))  # A1 C1 B1 D1
    assert _links(row) == {
        Space(0, 0, 0): (Space(0, 1, 0),),
        Space(0, 1, 0): (Space(0, 0, 0), Space(0, 2, 0)),
        Space(0, 2, 0): (Space(0, 1, 0), Space(0, 3, 0)),
        Space(0, 3, 0): (Space(0, 2, 0),),
    }
    shaft = (Space(2, 1, 1), Space(0, 1, 1), Space(1, 1, 1), Space(3, 1, 1))  # B2 on floors 2 0 1 3
    links = _links(shaft)
    assert {s: set(n) for s, n in links.items()} == {
        Space(0, 1, 1): {Space(1, 1, 1)},
        Space(1, 1, 1): {Space(0, 1, 1), Space(2, 1, 1)},
        Space(2, 1, 1): {Space(1, 1, 1), Space(3, 1, 1)},
        Space(3, 1, 1): {Space(2, 1, 1)},
    }
    column = (Space(1, 0, 2), Space(1, 0, 0))  # A3 and A1 on floor 1: one line, linked
    assert _links(column) == {Space(1, 0, 0): (Space(1, 0, 2),), Space(1, 0, 2): (Space(1, 0, 0),)}
