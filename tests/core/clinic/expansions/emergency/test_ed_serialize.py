"""The ED's values round-trip through the game's kind of cattrs converter (saves)."""

from __future__ import annotations

import json
from collections.abc import Set

from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from core.clinic.board import Border, Space
from core.clinic.construction import BuildConveyor, BuildGarden, BuildParking
from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency.business import EDBuyPopularity, EDOffDuty, EDRemoveCar
from core.clinic.expansions.emergency.construction import EDBuildModule, ed_build
from core.clinic.expansions.emergency.movement import EDEndMove, EDMove
from core.clinic.expansions.emergency.queues import EDAdmit, EDShift
from core.clinic.expansions.emergency.serialize import ACTION_TYPES, configure
from core.clinic.expansions.emergency.state import EmergencyState, WaitingArea
from core.clinic.game.actions import Shift
from core.clinic.parking import park_car
from core.clinic.serial import sorted_list

from .ed_helpers import BREAK, DOC, HUB, NURSE, OUTSIDE, PAT, PRE_ADMISSIONS, ROOM, D, L, M, area, ed_board, ed_with, sp


def converter():
    conv = make_converter(unstruct_collection_overrides={Set: sorted_list, frozenset: sorted_list})
    configure_tagged_union(Border | Space, conv, tag_name="place")
    configure(conv)
    return conv


def test_emergency_state_round_trip():
    board = ed_board((HUB, "A1"), (ROOM[L], "B1"), (BREAK, "C1"), (ROOM[D], "B2"))
    board = ed_build(board, BuildGarden(sp("D1")))
    board = ed_build(board, BuildParking(sp("D2")))
    board = ed_build(board, BuildConveyor((sp("A1"), sp("B1"))))
    board = park_car(park_car(board, Border(True, 0, 1)), sp("D2"))
    ed = ed_with(board, (DOC, OUTSIDE, M), (NURSE, "A1"), (PAT, PRE_ADMISSIONS, L), (PAT, "B1", D), funds=7)
    conv = converter()
    text = conv.dumps(ed)
    back = conv.loads(text, EmergencyState)
    assert back == ed
    assert type(back.board).__name__ == "EDBoard"
    assert conv.dumps(back) == text
    a = area(3)
    assert conv.loads(conv.dumps(a), WaitingArea) == a


def test_actions_round_trip():
    conv = converter()
    union = ACTION_TYPES[0]
    for t in ACTION_TYPES[1:]:
        union = union | t
    actions = [
        A.ChooseEmergency(A.Sub.ADMIT),
        A.EDConstruct(EDBuildModule(ROOM[M], sp("C2"))),
        A.EDConstruct(BuildParking(sp("D2"), (Border(True, 4, 0),))),
        A.EDHireDoctor(1, Border(False, 0, 0)),
        A.EDHireNurse(sp("D2")),
        EDShift(1, 2, Shift.UP),
        EDAdmit(0, Border(True, 0, 1)),
        A.EDDone(),
        EDMove(3, sp("B1")),
        EDEndMove(),
        EDOffDuty(frozenset({sp("B1"), sp("A2")})),
        EDBuyPopularity(2),
        EDRemoveCar(Border(False, 1, 2)),
    ]
    data = [conv.unstructure(a, union) for a in actions]
    json.dumps(data)
    assert [conv.structure(d, union) for d in data] == actions


def test_random_states_round_trip():
    from .test_ed_playouts import playout

    conv = converter()
    for ed in playout(2, 5, True):
        assert conv.loads(conv.dumps(ed), EmergencyState) == ed


def test_state_values_import_no_game_module():
    """The ED's values are plain data beside the game: importing them imports no game
    module (the game state holds them in the slots of ``core.clinic.slots``, which
    import nothing of the game either; docs/architecture.md)."""
    import subprocess
    import sys

    code = (
        "import sys, core.clinic.expansions.emergency.state as s; "
        "s.WaitingArea, s.EmergencyState, s.EmergencyTurn; "
        "print(sorted(m for m in sys.modules if m.startswith('core.clinic.game')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_games_slots_load_back_as_the_eds_own_values():
    """A game saved with the ED loads back equal (the save format): the game state's
    expansion slots (``core.clinic.slots``) hold the player's Emergency Department, the
    Emergency action in progress, the Emergency Waiting Area and the solitaire goal
    (E34), and each is read back as that value, not as a bare slot."""
    from core.clinic.expansions.emergency.components import EDGoal
    from core.clinic.expansions.emergency.state import EmergencyTurn, Sub
    from core.clinic.slots import GoalSlot, PlayerSlot, TableSlot, TurnSlot

    conv = converter()
    ed = ed_with(ed_board((HUB, "A1"), (ROOM[L], "B1")), (DOC, OUTSIDE, M), (PAT, PRE_ADMISSIONS, D), funds=3)
    values = [
        (PlayerSlot, ed),
        (TurnSlot, EmergencyTurn(done=(Sub.BUILD,), current=Sub.ADMIT, eqp=1)),
        (TableSlot, area(3)),
        (GoalSlot, EDGoal.DARK_TREATED),
    ]
    for slot, value in values:
        data = json.loads(json.dumps(conv.unstructure(value, slot)))
        assert conv.structure(data, slot) == value
        assert conv.structure(data, slot | None) == value


def test_actions_saved_by_an_earlier_version_load():
    """Saves written before keep loading: an ED action is written as a JSON object
    tagged ``"action"`` with the action's class name (as the game's own actions)."""
    conv = converter()
    union = ACTION_TYPES[0]
    for t in ACTION_TYPES[1:]:
        union = union | t
    assert conv.unstructure(A.EDDone(), union) == {"action": "EDDone"}
    saved = {"action": "EDBuyPopularity", "points": 2}
    assert conv.structure(saved, union) == EDBuyPopularity(2)
    build = {"action": "EDConstruct", "build": {"build": "EDBuildModule", "space": {"floor": 0, "col": 2, "row": 1},
                                                "module": {"kind": "emergency room", "level": 1}}}
    assert conv.structure(build, union) == A.EDConstruct(EDBuildModule(ROOM[M], sp("C2")))
    garden = {"action": "EDConstruct", "build": {"build": "BuildGarden", "space": {"floor": 0, "col": 2, "row": 1}}}
    assert conv.structure(garden, union) == A.EDConstruct(BuildGarden(sp("C2")))


def test_an_ed_board_saved_by_an_earlier_version_loads():
    """Saves written before keep loading: the ED board's tiles are tagged ``"tile"`` (an
    emergency module, a garden, a parking tile), as the main board's."""
    from core.clinic.expansions.emergency.board import EDBoard

    saved = {
        "side": "beginner",
        "tiles": [[{"floor": 0, "col": 0, "row": 0}, {"tile": "EDModule", "kind": "emergency service hub", "level": None}],
                  [{"floor": 0, "col": 1, "row": 0}, {"tile": "Garden"}]],
        "conveyor_stops": [],
        "border_cars": [],
    }
    board = ed_build(ed_board((HUB, "A1")), BuildGarden(sp("B1")))
    assert converter().structure(saved, EDBoard) == board
    assert converter().unstructure(board, EDBoard) == saved
