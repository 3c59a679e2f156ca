"""The board checker (``validate.board_violations``, the property tests' safety net)
reports each broken construction rule, naming it and the place: hand-made broken boards.
"""

from __future__ import annotations

import attrs
import pytest
from clinic_helpers import HUB, LAB, OUT, PSY, SR, TR, N, S, entrance, modules, sp

from core.clinic import Border, Service, border_of
from core.clinic.components import Garden, Helipad, ParkingTile
from core.clinic.validate import board_violations

BASE = entrance(modules((PSY, "B3"), (TR, "C3"), (SR, "C2")), "B3", S)


def bad(**changes):
    return attrs.evolve(BASE, **changes)


def test_a_legal_board_has_no_violation():
    assert board_violations(BASE) == ()


@pytest.mark.parametrize(
    "board, violations",
    [
        (bad(tiles=BASE.tiles + ((sp("E1"), TR),)),
         ('treatment room at floor 0 E1 is off the board',)),
        (bad(tiles=BASE.tiles + ((sp("B3"), Garden()),)),
         ('floor 0 B3 holds two components', 'entrance south of B3 points at no module')),
        (bad(tiles=BASE.tiles + ((sp("A1", 1), TR),)),
         ('treatment room at floor 1 A1 has no module below (support)',)),
        (bad(tiles=BASE.tiles + ((sp("B3", 1), Garden()),)),
         ('garden at floor 1 B3 is neither on floor 0 nor above a garden',)),
        (bad(tiles=BASE.tiles + ((sp("A1", 1), Helipad()),)),
         ('helipad at floor 1 A1 is not on top of a module',)),
        (bad(tiles=BASE.tiles + ((sp("B3", 1), ParkingTile(2)),)),
         ('parking at floor 1 B3 is not on the ground floor',)),
        (bad(tiles=BASE.tiles + ((sp("A1"), ParkingTile(4)),)),
         ('parking at floor 0 A1 has capacity 4',)),
        (bad(tiles=BASE.tiles + ((sp("A1"), ParkingTile(2, 3)),)),
         ('parking at floor 0 A1 holds 3 cars',)),
        (bad(tiles=BASE.tiles + ((sp("D3"), TR),)),
         ('treatment room at floor 0 C3 is adjacent to treatment room at floor 0 D3 (same colour)',)),
        (bad(border_cars=[Border(True, 9, 9)]),
         ('car on east of I10, which is not a border of the board',)),
        (bad(border_cars=[border_of("C2", N)]),
         ('car parked south of C1 touches the module at floor 0 C2 (obstruction)',)),
        (bad(tiles=((sp("A1"), OUT), (sp("C1"), LAB), (sp("B1"), TR))),
         ('treatment room at floor 0 B1 joined 2 separate buildings',
          'entrance south of B3 points at no module')),
        (bad(tiles=BASE.tiles + ((sp("D3"), HUB[Service.CARDIOLOGY]),)),
         ('service hubs at floor 0 B3 and floor 0 D3: one building, one floor',)),
        (bad(entrances=BASE.entrances + (border_of("C1", N),)),
         ('entrance north of C1 is not on an east, south or west entrance space',)),
        (bad(entrances=BASE.entrances * 2),
         ('two entrances south of B3',)),
        (bad(entrances=BASE.entrances + (border_of("D3", S),)),
         ('entrance south of D3 points at no module',)),
        (bad(entrances=(border_of("C3", S),)),
         ('first entrance south of C3 points at a treatment room, not a service hub',)),
        (bad(conveyor_stops=(sp("B3"),)),
         ('a conveyor with a single stop',)),
        (bad(conveyor_stops=(sp("B3"), sp("A3"))),
         ('conveyor stop at floor 0 A3 is not on a module',)),
        (bad(conveyor_stops=(sp("B3"), sp("B3"))),
         ('two conveyor stops at floor 0 B3',
          'conveyor stop at floor 0 B3 is not aligned with an earlier stop')),
        (bad(conveyor_stops=(sp("B3"), sp("C2"))),
         ('conveyor stop at floor 0 C2 is not aligned with an earlier stop',)),
    ],
)
def test_each_broken_rule_is_reported(board, violations):
    assert board_violations(board) == violations
