"""No base module of Clinic's round names an expansion (issue 31): each expansion's
values live in its own attrs class behind one ``expansions`` field (a player's, the
step's, the table's), its phases, tiles and bonus tiles are members of its own enums,
and saves keep the layout they had when those values were base fields."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import attrs

import core.clinic.game as game
from core.clinic.expansions import blood, zombies
from core.clinic.expansions.emergency.access import ed_state, emergency_turn, waiting_area
from core.clinic.expansions.emergency.round import EDBonus, EDPhase, EDTile
from core.clinic.game import new_game
from core.clinic.game.serialize import state_from_json, state_to_json
from core.clinic.game.state import ActionTile, BonusTile, GameState, Phase, PlayerState, Turn
from core.clinic.game.view import PlayerView, player_view
from core.clinic.slots import Expansions

EXPANSION_WORDS = re.compile(r"zombie|blood|carrying|emergency|extinguisher|workaholic", re.IGNORECASE)
BASE = Path(game.__file__).parent


def test_no_base_module_names_an_expansion():
    """``grep -rni 'zombie|blood|carrying|emergency|extinguisher|workaholic'
    core/clinic/game`` finds nothing: not in code, not in comments."""
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(BASE.glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if EXPANSION_WORDS.search(line)
    ]
    assert found == []


def test_no_base_module_imports_an_expansion_even_inside_a_function():
    found = []
    for path in sorted(BASE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found += [f"{path.name}: {n}" for n in names if "expansions" in n]
    assert found == []


def test_the_base_state_and_enums_hold_no_expansion_of_their_own():
    for cls in (PlayerState, Turn, GameState, PlayerView):
        names = [f.name for f in attrs.fields(cls)]
        assert "expansions" in names, cls
        assert not [n for n in names if EXPANSION_WORDS.search(n)], cls
    for kind in (Phase, ActionTile, BonusTile):
        assert not [m for m in kind if EXPANSION_WORDS.search(f"{m.name} {m.value}")], kind


def test_a_base_game_keeps_no_expansion_values_and_saves_the_old_keys():
    """Nothing kept for a base game, yet the save writes every expansion's keys with
    their defaults, after the base keys, in the order they had as base fields."""
    state = new_game(2, 1)
    assert not state.expansions and not state.step.expansions
    assert all(not p.expansions for p in state.players)
    data = json.loads(state_to_json(state))
    assert list(data["players"][0])[-4:] == ["cars_owed", "emergency", "zombies_cured", "mutated"]
    assert list(data["step"])[-4:] == ["placing", "emergency", "zombie_moves", "carrying"]
    assert list(data)[-2:] == ["cars_then", "emergency"]
    assert data["emergency"] is None and data["step"]["zombie_moves"] == [] and data["players"][1]["mutated"] == 0
    assert state_from_json(state_to_json(state)) == state


def test_an_expansions_values_are_read_and_written_through_its_own_module():
    state = new_game(2, 1, options=("zombies", "blood"))
    p = state.players[0]
    counts = zombies.ZombiesPlayer(zombies_cured=1, mutated=2)
    changed = zombies.with_player_state(p, counts)
    assert zombies.player_state(changed) == counts and zombies.player_state(p) == zombies.ZombiesPlayer()
    assert zombies.with_player_state(changed, zombies.ZombiesPlayer()) == p  # the default is not kept
    hub = state.players[0].clinic.board.tiles[0][0]
    step = blood.with_carrying(zombies.with_zombie_moves(state.step, (hub,)), (7,))
    moved = attrs.evolve(state, players=(changed, state.players[1]), step=step)
    assert zombies.zombie_moves(moved) == (hub,) and blood.carrying(moved) == (7,)
    assert [name for name, _ in moved.step.expansions.entries] == ["blood", "zombies"]
    data = json.loads(state_to_json(moved))
    assert data["players"][0]["zombies_cured"] == 1 and data["players"][0]["mutated"] == 2
    assert data["step"]["zombie_moves"] == [{"floor": hub.floor, "col": hub.col, "row": hub.row}]
    assert data["step"]["carrying"] == [7]
    assert state_from_json(state_to_json(moved)) == moved


def test_the_911th_values_phases_and_tiles_round_trip_and_stay_public():
    state = new_game(2, 3, options=("emergency",))
    assert ed_state(state.players[0]) is not None and waiting_area(state) is not None
    assert emergency_turn(state) is None
    assert EDBonus.EMERGENCY_NURSE in state.bonus_tiles  # seed 3 draws it (E15)
    assert "an emergency nurse" in json.loads(state_to_json(state))["bonus_tiles"]
    at_emergency = attrs.evolve(state, phase=EDPhase.EMERGENCY, selected=(EDTile.EMERGENCY, None))
    data = json.loads(state_to_json(at_emergency))
    assert data["phase"] == "emergency" and data["selected"] == [3, None]
    back = state_from_json(state_to_json(at_emergency))
    assert back == at_emergency and back.phase is EDPhase.EMERGENCY and back.selected[0] is EDTile.EMERGENCY
    view = player_view(state, 1)
    assert waiting_area(view) == waiting_area(state) and ed_state(view.players[0]) == ed_state(state.players[0])


def test_expansions_keep_their_entries_sorted_and_drop_none():
    kept = Expansions().put("zombies", 1).put("blood", 2)
    assert kept.entries == (("blood", 2), ("zombies", 1)) and kept.get("zombies") == 1
    assert kept.put("zombies", None) == Expansions().put("blood", 2)
    assert kept.get("emergency") is None and not Expansions()
