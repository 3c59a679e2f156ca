"""Issue 31's mutation sample (seed 9): the round's named points hand each expansion the
round's own state.  An expansion plugs in at ``action_tiles`` to give every player its
action tiles for the round (The 911th Extension adds its Emergency tile, E8); a rule
may depend on the round, the players or the options, so the hook must see the state
the round starts from, not a blank."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic.game import apply_action, flow, hooks, legal_actions, new_game
from core.clinic.game.hooks import Expansion, register
from core.clinic.game.state import ActionTile, Phase

#: Every player's six action tiles (rulebook, Actions phase: two each of Build, Hire, Admit).
SIX_TILES = (ActionTile.BUILD,) * 2 + (ActionTile.HIRE,) * 2 + (ActionTile.ADMIT,) * 2


@pytest.fixture
def late_tile():
    """A test expansion whose tile joins the round's tiles from round 2 on (the
    registry is restored after the test)."""
    hooks.all_expansions()  # the shipped ones first
    saved = dict(hooks._REGISTERED)

    def action_tiles(state, tiles):
        return (*tiles, ActionTile.BUILD) if state.round >= 2 else tiles  # a 7th tile from round 2

    register(Expansion(name="late-tile", title="Late tile", description="a test expansion",
                       action_tiles=action_tiles))
    yield "late-tile"
    hooks._REGISTERED.clear()
    hooks._REGISTERED.update(saved)
    hooks._active.cache_clear()
    hooks._hooks.cache_clear()


def _selecting(options: frozenset[str]):
    state = new_game(["Ann", "Bob"], 5)
    state = evolve(state, config=evolve(state.config, options=options))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_an_expansions_action_tiles_depend_on_the_round_it_is_given(late_tile):
    """Each round starts with every player holding all the base tiles plus what each
    expansion in play adds for that round (here: an extra tile from round 2 on)."""
    state = _selecting(frozenset({late_tile}))
    first = flow.start_round(evolve(state, round=1))
    assert [p.tiles for p in first.players] == [SIX_TILES] * 2
    second = flow.start_round(evolve(state, round=2))
    assert [p.tiles for p in second.players] == [(*SIX_TILES, ActionTile.BUILD)] * 2
    assert second.phase is Phase.SELECT and second.action == 1
