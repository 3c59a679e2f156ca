"""JSON round trip of Clinic states and actions through cattrs (never hand-rolled).

Unions are tagged with the class name: actions (``"action"``), part 1's builds
(``"build"``), tiles on a board (``"tile"``), and places (``"place"``: a ``Space``,
entrance ``Border`` or ``PreAdmissions``; a car spot is a ``Border`` or ``Space``).

Sets (the cars on borders) are written sorted: attrs objects hash differently in every
process, so their iteration order does too, and a save's snapshot written by one
process must equal the replay made by another.
"""

from __future__ import annotations

import json
from typing import Union, get_args
from collections.abc import Set

from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from core.clinic.board import Border, Space
from core.clinic.components import Garden, Helipad, Module, ParkingTile
from core.clinic.construction import Build
from core.clinic.people import PreAdmissions
from core.clinic.serial import sorted_list

from core.clinic.game.hooks import action_types as expansion_actions
from core.clinic.game.hooks import configure as configure_expansions

from .actions import Action
from .state import GameState



converter = make_converter(unstruct_collection_overrides={Set: sorted_list, frozenset: sorted_list})
configure_tagged_union(Module | Garden | Helipad | ParkingTile, converter, tag_name="tile")
configure_tagged_union(Space | Border | PreAdmissions, converter, tag_name="place")
configure_tagged_union(Border | Space, converter, tag_name="place")
configure_tagged_union(Build, converter, tag_name="build")
configure_expansions(converter)  # their boards, builds and places (not their actions)
# Base actions and every expansion's own (``core.clinic.expansions``).
AnyAction = Union[(*get_args(Action), *expansion_actions())]  # noqa: UP007
configure_tagged_union(AnyAction, converter, tag_name="action")


def state_to_json(state: GameState) -> str:
    """The whole state as a JSON text."""
    return converter.dumps(state)


def state_from_json(text: str) -> GameState:
    """Read a state written by ``state_to_json``."""
    return converter.loads(text, GameState)


def action_to_data(action: Action) -> dict:
    """A JSON-ready dict for one action, tagged ``{"action": "MovePerson", ...}``."""
    return converter.unstructure(action, AnyAction)


def action_from_data(data: dict) -> Action:
    """Inverse of ``action_to_data``."""
    return converter.structure(data, AnyAction)


def actions_to_json(actions: list[Action]) -> str:
    """A JSON list of tagged actions (a save's action log)."""
    return json.dumps([action_to_data(a) for a in actions])


def actions_from_json(text: str) -> list[Action]:
    return [action_from_data(d) for d in json.loads(text)]
