"""JSON round trip of states and actions through cattrs (never hand-rolled).

``state_to_json(state)`` / ``state_from_json(text)`` give back an equal state;
``action_to_data`` / ``action_from_data`` tag each action with its class name so a list
of actions (a save's action log) can be read back.
"""

from __future__ import annotations

import json

from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from core.clear_ward.actions import Action
from core.clear_ward.state import GameState

converter = make_converter()
configure_tagged_union(Action, converter, tag_name="action")


def state_to_json(state: GameState) -> str:
    """The whole state as a JSON text."""
    return converter.dumps(state)


def state_from_json(text: str) -> GameState:
    """Read a state written by ``state_to_json``; raises ``cattrs`` / ``ValueError``
    errors on malformed input."""
    return converter.loads(text, GameState)


def action_to_data(action: Action) -> dict:
    """A JSON-ready dict for one action, tagged ``{"action": "Move", ...}``."""
    return converter.unstructure(action, Action)


def action_from_data(data: dict) -> Action:
    """Inverse of ``action_to_data``."""
    return converter.structure(data, Action)


def actions_to_json(actions: list[Action]) -> str:
    """A JSON list of tagged actions."""
    return json.dumps([action_to_data(a) for a in actions])
