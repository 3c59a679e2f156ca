"""JSON round trip of the Emergency Department's values through cattrs.

``configure(converter)`` teaches a cattrs converter (the game's, ``game/serialize.py``)
the ED's values: the ED board (its tiles are emergency modules, gardens and parking
tiles, tagged ``"tile"``), where emergency people stand (a ``Space`` or a ``Place``), the
ED builds (tagged ``"build"``) and the ED's actions (tagged ``"action"``).  Sets are
written sorted, as the game's converter does.
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from core.clinic.board import Border, Space
from core.clinic.components import Garden, ParkingTile
from core.clinic.slots import GoalSlot, PlayerSlot, TableSlot, TurnSlot

from .actions import ChooseEmergency, EDConstruct, EDDone, EDHireDoctor, EDHireNurse
from .board import EDBoard
from .business import EDBuyPopularity, EDOffDuty, EDRemoveCar
from .components import EDGoal, EDModule, EDSide, Place
from .construction import EDBuild
from .movement import EDEndMove, EDMove
from .queues import EDAdmit, EDShift
from .state import EmergencyState, EmergencyTurn, WaitingArea

ED_TILE = EDModule | Garden | ParkingTile
# Every action of the expansion (for the game's tagged ``Action`` union).
ACTION_TYPES = (
    ChooseEmergency, EDConstruct, EDHireDoctor, EDHireNurse, EDShift, EDAdmit, EDDone,
    EDMove, EDEndMove, EDOffDuty, EDBuyPopularity, EDRemoveCar,
)


def _is_location(t: Any) -> bool:
    args = set(getattr(t, "__args__", ()))
    return args == {Space, Place}


def configure(converter, actions: bool = True) -> None:
    """Register the ED's hooks on ``converter`` (which must already tag ``Border |
    Space`` car spots, as the game's does).  With ``actions``, also tag the union of the
    ED's actions (leave it off when the game's ``Action`` union includes them)."""
    configure_tagged_union(ED_TILE, converter, tag_name="tile")
    configure_tagged_union(EDBuild, converter, tag_name="build")
    if actions:
        union = ACTION_TYPES[0]
        for t in ACTION_TYPES[1:]:
            union = union | t
        configure_tagged_union(union, converter, tag_name="action")

    def unstructure_location(where):
        return where.value if isinstance(where, Place) else converter.unstructure(where, Space)

    def structure_location(data, _):
        return Place(data) if isinstance(data, str) else converter.structure(data, Space)

    converter.register_unstructure_hook_func(_is_location, unstructure_location)
    converter.register_structure_hook_func(_is_location, structure_location)

    def unstructure_board(board: EDBoard) -> dict:
        return {
            "side": board.side.value,
            "tiles": [[converter.unstructure(s, Space), converter.unstructure(t, ED_TILE)] for s, t in board.tiles],
            "conveyor_stops": [converter.unstructure(s, Space) for s in board.conveyor_stops],
            "border_cars": [converter.unstructure(b, Border) for b in sorted(board.border_cars)],
        }

    def structure_board(data: dict, _) -> EDBoard:
        return EDBoard(
            side=EDSide(data["side"]),
            tiles=tuple(
                (converter.structure(s, Space), converter.structure(t, ED_TILE)) for s, t in data["tiles"]
            ),
            conveyor_stops=tuple(converter.structure(s, Space) for s in data["conveyor_stops"]),
            border_cars=frozenset(converter.structure(b, Border) for b in data["border_cars"]),
        )

    converter.register_unstructure_hook(EDBoard, unstructure_board)
    converter.register_structure_hook(EDBoard, structure_board)

    # The slots this expansion's values fill (``core.clinic.slots``): read back as
    # the ED's own values (the state's entries are saved by its ``SavedPart``s).
    # (Exactly the slot type: a hook for a class would also catch its subclasses.)
    for slot, own in ((PlayerSlot, EmergencyState), (TurnSlot, EmergencyTurn), (TableSlot, WaitingArea),
                      (GoalSlot, EDGoal)):
        converter.register_unstructure_hook_func(
            lambda t, slot=slot: t is slot, lambda value, own=own: converter.unstructure(value, own))
        converter.register_structure_hook_func(
            lambda t, slot=slot: t is slot, lambda data, _, own=own: converter.structure(data, own))


__all__ = ["ACTION_TYPES", "ED_TILE", "configure"]
