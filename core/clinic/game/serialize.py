"""JSON round trip of Clinic states and actions through cattrs (never hand-rolled).

Unions are tagged with the class name: actions (``"action"``), part 1's builds
(``"build"``), tiles on a board (``"tile"``), and places (``"place"``: a ``Space``,
entrance ``Border`` or ``PreAdmissions``; a car spot is a ``Border`` or ``Space``).

The expansions' values in the state (``expansions`` of a player, the step, the table)
are written as the keys each expansion's ``SavedPart``s name, after the base keys: the
layout the state had when those values were base fields, so a save's snapshot of
earlier code still equals its replay (docs/architecture.md, "Saves").

Sets (the cars on borders) are written sorted: attrs objects hash differently in every
process, so their iteration order does too, and a save's snapshot written by one
process must equal the replay made by another.
"""

from __future__ import annotations

import json
from collections.abc import Set
from typing import Union, get_args

import attrs
from attrs import evolve
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from core.clinic.board import Border, Space
from core.clinic.components import Garden, Helipad, Module, ParkingTile
from core.clinic.construction import Build
from core.clinic.people import PreAdmissions
from core.clinic.serial import sorted_list

from core.clinic.game.hooks import action_types as expansion_actions
from core.clinic.game.hooks import configure as configure_expansions
from core.clinic.game.hooks import member, saved_parts
from core.clinic.slots import NONE, BonusSlot, Level, PhaseSlot, TileSlot

from .actions import Action
from .state import ActionTile, BonusTile, GameState, Phase, PlayerState, Turn


converter = make_converter(unstruct_collection_overrides={Set: sorted_list, frozenset: sorted_list})
# The base's open enums: a value that is not a base member is an expansion's own.
for _base, _marker in ((Phase, PhaseSlot), (ActionTile, TileSlot), (BonusTile, BonusSlot)):
    converter.register_structure_hook(_base, lambda v, _, b=_base, m=_marker: member(b, m, v))
configure_tagged_union(Module | Garden | Helipad | ParkingTile, converter, tag_name="tile")
configure_tagged_union(Space | Border | PreAdmissions, converter, tag_name="place")
configure_tagged_union(Border | Space, converter, tag_name="place")
configure_tagged_union(Build, converter, tag_name="build")
configure_expansions(converter)  # their boards, builds and places (not their actions)
# Base actions and every expansion's own (``core.clinic.expansions``).
AnyAction = Union[(*get_args(Action), *expansion_actions())]  # noqa: UP007
configure_tagged_union(AnyAction, converter, tag_name="action")


def _with_expansion_keys(cls: type, level: Level) -> None:
    """Write ``cls``'s ``expansions`` as the keys of each expansion's ``SavedPart``,
    after the base keys (the layout saves had when they were base fields), and read
    them back (an expansion's values equal to its default are not kept)."""
    base_out = make_dict_unstructure_fn(cls, converter, expansions=override(omit=True))
    base_in = make_dict_structure_fn(cls, converter, expansions=override(omit=True))

    def unstructure(obj) -> dict:
        data = base_out(obj)
        for name, part in saved_parts(level):
            value = obj.expansions.get(name)
            if part.key is None:
                data.update(converter.unstructure(part.kind() if value is None else value, part.kind))
            else:
                data[part.key] = None if value is None else converter.unstructure(value, part.kind)
        return data

    def structure(data: dict, _):
        obj = base_in(data, cls)
        kept = NONE
        for name, part in saved_parts(level):
            if part.key is None:
                keys = [a.name for a in attrs.fields(part.kind) if a.name in data]
                value = converter.structure({k: data[k] for k in keys}, part.kind) if keys else None
                value = None if value == part.kind() else value
            else:
                raw = data.get(part.key)
                value = None if raw is None else converter.structure(raw, part.kind)
            kept = kept.put(name, value)
        return evolve(obj, expansions=kept) if kept else obj

    converter.register_unstructure_hook(cls, unstructure)
    converter.register_structure_hook(cls, structure)


for _cls, _level in ((PlayerState, Level.PLAYER), (Turn, Level.TURN), (GameState, Level.TABLE)):
    _with_expansion_keys(_cls, _level)


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
