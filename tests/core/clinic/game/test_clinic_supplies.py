"""Shared supplies run out (rulings 0.6).

Rulebook components list (base L20-100): "12 garden tiles", "24 parking tiles", "20
conveyors"; L265 "Stack 4 supply rooms per player". Shared by all players; an empty
supply is not offered.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Garden, ModuleKind, ParkingTile, Space
from core.clinic.construction import BuildConveyor, BuildGarden, BuildModule, BuildParking
from core.clinic.game import Construct, apply_action, legal_actions, new_game
from core.clinic.game import constants as K
from core.clinic.game.state import Phase, Turn
from core.clinic.game.supplies import empty_supplies, supplies_left
from core.errors import IllegalActionError

from .game_helpers import with_player


def building(players=2, seed=0, seat=0):
    """A game at seat ``seat``'s Build action (round 1)."""
    state = new_game(players, seed)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return evolve(state, phase=Phase.BUILD, queue=(seat,), step=Turn())


def with_tiles(state, seat, tile, count):
    """``count`` copies of ``tile`` put on empty spaces of ``seat``'s board, upper floors
    too (only the count matters to the supply)."""
    board = state.players[seat].clinic.board
    free = [s for f in range(4) for s in board.spaces(f) if board.tile_at(s) is None]
    free = [s for s in free if s.floor > 0] + [s for s in free if s.floor == 0]
    assert len(free) >= count
    board = evolve(board, tiles=board.tiles + tuple((s, tile) for s in free[:count]))
    return with_player(state, seat, clinic=evolve(state.players[seat].clinic, board=board))


def offered(state, kind) -> list:
    return [a for a in legal_actions(state) if isinstance(a, Construct) and isinstance(a.build, kind)]


def test_the_last_garden_is_offered_then_none():
    """"12 garden tiles", shared: with 11 on the boards the 12th is offered; with 12,
    no garden is offered and building one is refused naming the supply."""
    state = building()
    state = with_tiles(with_tiles(state, 1, Garden(), 6), 0, Garden(), K.SUPPLY_GARDENS - 1 - 6)
    assert supplies_left(state).gardens == 1 and offered(state, BuildGarden)
    full = with_tiles(state, 1, Garden(), 1)
    assert supplies_left(full).gardens == 0 and not offered(full, BuildGarden)
    assert "no gardens left" in empty_supplies(full)
    garden = offered(state, BuildGarden)[0]
    with pytest.raises(IllegalActionError, match="no gardens left in the shared supply"):
        apply_action(full, garden)


def test_parking_tiles_run_out_at_24():
    """"24 parking tiles", shared by every player."""
    state = building(players=4)
    for seat in (1, 2, 3):
        state = with_tiles(state, seat, ParkingTile(2), 8)
    assert supplies_left(state).parking_tiles == 0 and not offered(state, BuildParking)
    fewer = building(players=4)
    for seat in (1, 2, 3):
        fewer = with_tiles(fewer, seat, ParkingTile(2), 8 - (seat == 3))
    assert supplies_left(fewer).parking_tiles == 1 and offered(fewer, BuildParking)


def _stops(state, seat, n):
    board = state.players[seat].clinic.board
    stops = tuple(Space(f, c, r) for f in range(4) for c in range(4) for r in range(3))[:n]
    return with_player(state, seat, clinic=evolve(state.players[seat].clinic, board=evolve(board, conveyor_stops=stops)))


def test_conveyor_stops_run_out_at_20():
    """"20 conveyors": a first purchase takes 2 stops, so with one stop left no conveyor
    can start; with 2 left it can."""
    state = _stops(building(), 1, K.SUPPLY_CONVEYOR_STOPS - 2)
    assert offered(state, BuildConveyor)
    state = _stops(building(), 1, K.SUPPLY_CONVEYOR_STOPS - 1)
    assert supplies_left(state).conveyor_stops == 1 and not offered(state, BuildConveyor)


def test_supply_rooms_are_4_per_player_and_run_out():
    """L265 "Stack 4 supply rooms per player": shared, none offered once gone."""
    state = building()
    assert supplies_left(state).supply_rooms == 4 * 2
    supply = [a for a in offered(state, BuildModule) if a.build.module.kind is ModuleKind.SUPPLY_ROOM]
    assert supply
    empty = evolve(state, supply_rooms=0)
    assert not [a for a in offered(empty, BuildModule) if a.build.module.kind is ModuleKind.SUPPLY_ROOM]
    assert "no supply rooms left" in empty_supplies(empty)


def test_nothing_is_empty_at_setup():
    assert empty_supplies(building(players=4)) == ()
