"""Property tests: random build sequences on random boards stay legal (checked by the
independent whole-board validator after every accepted build), the rules accept a
build exactly when the validator accepts the board it makes, and the cheapest path is
never dearer than a hand-walked one, nor negative."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.clinic import (
    Board,
    BoardSide,
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    Garden,
    Helipad,
    IllegalActionError,
    Module,
    ModuleKind,
    ParkingTile,
    Service,
    Space,
    UpgradeParking,
    board_violations,
    build,
    candidate_builds,
    cheapest_path,
    check_build,
    free_parking_spots,
    is_legal_build,
    legal_builds,
    park_car,
)

SERVICES = (Service.PSYCHIATRY, Service.CARDIOLOGY)


def unchecked(board: Board, action) -> Board:
    """Apply a build with no rule checks at all (test-side, independent of the rules)."""
    if isinstance(action, BuildModule):
        return attrs.evolve(board, tiles=board.tiles + ((action.space, action.module),))
    if isinstance(action, BuildGarden):
        return attrs.evolve(board, tiles=board.tiles + ((action.space, Garden()),))
    if isinstance(action, BuildHelipad):
        return attrs.evolve(board, tiles=board.tiles + ((action.space, Helipad()),))
    if isinstance(action, BuildParking):
        return attrs.evolve(board, tiles=board.tiles + ((action.space, ParkingTile(2)),))
    if isinstance(action, BuildEntrance):
        return attrs.evolve(board, entrances=board.entrances + (action.border,))
    assert isinstance(action, BuildConveyor)
    return attrs.evolve(board, conveyor_stops=board.conveyor_stops + action.stops)


@st.composite
def grown_boards(draw, max_steps: int = 25):
    """A board grown by random legal builds and car parkings; every intermediate board
    is re-validated from scratch."""
    board = Board(side=draw(st.sampled_from(list(BoardSide))))
    for _ in range(draw(st.integers(0, max_steps))):
        if draw(st.integers(0, 5)) == 0:
            spots = free_parking_spots(board)
            if spots:
                board = park_car(board, draw(st.sampled_from(spots)))
        else:
            options = legal_builds(board, SERVICES)
            if not options:
                break
            board = build(board, draw(st.sampled_from(options)))
        assert board_violations(board) == (), board
    return board


@given(grown_boards())
def test_random_build_sequences_never_make_an_illegal_clinic(board):
    assert board_violations(board) == ()


@given(grown_boards(max_steps=15), st.data())
def test_rules_accept_a_build_exactly_when_the_board_stays_legal(board, data):
    """Differential check of ``check_build`` against the whole-board validator, on
    random (mostly illegal) candidates; a rejected build raises IllegalActionError and
    leaves nothing half done."""
    candidates = [
        a for a in candidate_builds(board, SERVICES) if not isinstance(a, UpgradeParking)
    ]
    for action in data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=20)):
        legal = is_legal_build(board, action)
        assert legal == (board_violations(unchecked(board, action)) == ()), action
        if not legal:
            with pytest.raises(IllegalActionError, match="^Construction: "):
                check_build(board, action)


def test_validator_can_fail():
    """The validator really flags each kind of broken board (so the properties above
    could fail)."""
    hub = Module(ModuleKind.SERVICE_HUB, Service.PSYCHIATRY)
    tr = Module(ModuleKind.TREATMENT_ROOM)
    bad = [
        unchecked(Board(), BuildModule(tr, Space(1, 0, 0))),  # no support
        unchecked(unchecked(Board(), BuildModule(tr, Space(0, 0, 0))), BuildModule(tr, Space(0, 1, 0))),
        unchecked(Board(), BuildHelipad(Space(1, 0, 0))),
        unchecked(Board(), BuildGarden(Space(1, 0, 0))),
    ]
    b = build(build(Board(), BuildModule(hub, Space(0, 0, 0))), BuildModule(hub, Space(0, 2, 0)))
    bad.append(unchecked(b, BuildModule(tr, Space(0, 1, 0))))  # joins two buildings
    b = build(Board(), BuildModule(tr, Space(0, 0, 0)))
    bad.append(unchecked(b, BuildEntrance(b.borders_of(Space(0, 0, 0))[3])))  # first entrance at a room
    bad.append(unchecked(b, BuildConveyor((Space(0, 0, 0), Space(0, 1, 1)))))
    bad.append(attrs.evolve(b, border_cars={b.borders_of(Space(0, 0, 0))[0]}))
    for board in bad:
        assert board_violations(board), board


# --- cheapest path vs a hand walk -------------------------------------------------------------
def _aligned(a: Space, b: Space) -> bool:
    return (a.floor == b.floor) + (a.col == b.col) + (a.row == b.row) == 2


def _hand_steps(board: Board, node):
    """Test-side walking rules, written from the rulebook, not from ``movement``."""
    if not isinstance(node, Space):  # an entrance
        (target,) = board.spaces_of_border(node)
        return [(target, 1)]
    if isinstance(board.tile_at(node), Helipad):
        return [(Space(node.floor - 1, node.col, node.row), 1)]
    steps = [(n, 1) for n in board.neighbours(node) if isinstance(board.tile_at(n), Module)]
    if node in board.conveyor_stops:
        steps += [(s, 0) for s in board.conveyor_stops if s != node and _aligned(s, node)]
    return steps


@given(grown_boards(), st.data())
def test_cheapest_path_never_dearer_than_a_hand_walk(board, data):
    starts = list(board.entrances) + list(board.spaces_with(Helipad))
    if not starts:
        return
    start = data.draw(st.sampled_from(starts))
    node, walked = start, 0
    for _ in range(data.draw(st.integers(1, 12))):
        steps = _hand_steps(board, node)
        if not steps:
            break
        node, cost = data.draw(st.sampled_from(steps))
        walked += cost
        time, path = cheapest_path(board, start, node)
        assert 0 <= time <= walked
        assert path[0] == start and path[-1] == node
        # The path it reports is itself walkable at the time it reports.
        step_costs = [
            min(c for n, c in _hand_steps(board, a) if n == b) for a, b in zip(path, path[1:])
        ]
        assert sum(step_costs) == time


@given(grown_boards(max_steps=12))
def test_legal_builds_are_exactly_the_legal_candidates(board):
    every = [a for a in candidate_builds(board, SERVICES) if is_legal_build(board, a)]
    assert set(legal_builds(board, SERVICES)) == set(every)


@given(grown_boards(), st.data())
def test_people_and_cars_stay_consistent(board, data):
    """Random hires, admissions, moves and departures: one car per person, everyone at
    a real place, and the Move phase's time is the sum of each move's cheapest time."""
    from core.clinic import (
        Clinic,
        Colour,
        Role,
        admit_patient,
        can_park,
        clinic_from_json,
        clinic_to_json,
        clinic_violations,
        hire,
        move_person,
        parked_spots,
        person_leaves,
        reachable,
    )

    # The grown board's cars belong to nobody: drop them.
    tiles = tuple(
        (s, attrs.evolve(t, cars=0) if isinstance(t, ParkingTile) else t) for s, t in board.tiles
    )
    board = attrs.evolve(board, tiles=tiles, border_cars=frozenset())
    clinic = Clinic(board)
    arrivals = list(board.entrances) + list(board.spaces_with(Helipad))
    expected_time = 0
    for _ in range(data.draw(st.integers(1, 15))):
        choice = data.draw(st.integers(0, 3))
        if choice == 0 and arrivals and can_park(clinic.board):
            role = data.draw(st.sampled_from([Role.DOCTOR, Role.NURSE, Role.ORDERLY]))
            colour = data.draw(st.sampled_from(list(Colour))) if role is Role.DOCTOR else None
            spot = data.draw(st.sampled_from(free_parking_spots(clinic.board)))
            clinic = hire(clinic, role, data.draw(st.sampled_from(arrivals)), spot, colour)
        elif choice == 1 and board.offered_services and can_park(clinic.board):
            service = data.draw(st.sampled_from(sorted(board.offered_services, key=str)))
            spot = data.draw(st.sampled_from(free_parking_spots(clinic.board)))
            try:
                clinic = admit_patient(clinic, Colour.WHITE, service, spot)
            except IllegalActionError as e:
                assert "pre-admissions is full" in str(e)
        elif choice == 2 and clinic.people:
            person = data.draw(st.sampled_from(clinic.people))
            places = reachable(clinic, person.id)
            if places:
                goal = data.draw(st.sampled_from(sorted(places, key=str)))
                assert places[goal] >= 0
                expected_time += places[goal]
                clinic = move_person(clinic, person.id, goal)
        elif choice == 3 and clinic.people:
            person = data.draw(st.sampled_from(clinic.people))
            spot = data.draw(st.sampled_from(parked_spots(clinic.board)))
            clinic = person_leaves(clinic, person.id, spot)
        assert clinic_violations(clinic) == ()
        assert clinic.move_time == expected_time
    assert clinic_from_json(clinic_to_json(clinic)) == clinic
