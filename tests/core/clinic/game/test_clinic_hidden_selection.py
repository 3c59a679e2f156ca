"""The action tile is chosen in secret: ``player_view`` during the selection tells a
player nothing about the tiles the others have chosen, and computer players choose
without looking at them.

Rulebook, Simultaneously Select Actions: "Everyone simultaneously selects an action to
perform: Select one of your available Action tiles, and place it face down in the
middle of the play area … Once everyone has selected, everyone reveals their selected
Action tile."
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic.game import ActionTile, SelectTile, apply_action, legal_actions, new_game
from core.clinic.game.bots import make_bot
from core.clinic.game.state import GameState, Phase
from core.clinic.game.view import player_view

B, H, A = ActionTile.BUILD, ActionTile.HIRE, ActionTile.ADMIT
ALL = (B, B, H, H, A, A)


def first_selection(players: int = 3, seed: int = 0) -> GameState:
    """A game at its first selection, turn order 0, 1, 2…"""
    state = new_game(players, seed, turn_order=tuple(range(players)))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_a_chosen_tile_is_face_down_the_hand_looks_untouched():
    """"place it face down": after Ann chooses Hire, Bob sees Ann's six tiles (her hand
    when this selection began) and that she has chosen, not which tile; Ann sees her
    own five tiles and her Hire."""
    state = apply_action(first_selection(), SelectTile(H))
    bob = player_view(state, 1)
    assert bob.players[0].tiles == ALL and bob.selected[0] is None
    assert bob.has_selected == (True, False, False)
    ann = player_view(state, 0)
    assert ann.players[0].tiles == (B, B, H, A, A) and ann.selected[0] is H
    assert ann.has_selected == (True, False, False)


def test_bob_sees_the_same_whichever_tile_ann_chose():
    """"face down": nothing in Bob's view tells Ann's Build from her Admit."""
    start = first_selection()
    views = {player_view(apply_action(start, SelectTile(t)), 1) for t in (B, H, A)}
    assert len(views) == 1


def test_later_in_the_round_the_hand_before_this_selection_is_shown():
    """In action 2 a player's hand is what was left after action 1's reveal (public),
    whatever tile they now put face down."""
    state = first_selection()
    for tile in (H, B, A):  # Ann Hire, Bob Build, Cat Admit: revealed
        state = apply_action(state, SelectTile(tile))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[-1])  # Done / end
    assert state.action == 2
    after = apply_action(state, SelectTile(A))  # Ann's second tile
    assert player_view(after, 2).players[0].tiles == (B, B, H, A, A)
    assert player_view(after, 0).players[0].tiles == (B, B, H, A)


def test_everyone_reveals_once_everyone_has_selected():
    """"Once everyone has selected, everyone reveals": the last choice shows every tile
    and every hand as it is."""
    state = first_selection()
    for tile in (H, B, A):
        state = apply_action(state, SelectTile(tile))
    assert state.phase is not Phase.SELECT
    view = player_view(state, 1)
    assert view.selected == (H, B, A)
    assert view.players[0].tiles == (B, B, H, A, A)
    assert view.players[2].tiles == (B, B, H, H, A)


def test_a_spectator_sees_no_face_down_tile():
    state = apply_action(first_selection(), SelectTile(H))
    view = player_view(state, None)
    assert view.selected == (None, None, None) and view.players[0].tiles == ALL


def _selection_state(seed: int, players: int, selections: int) -> GameState:
    """Random play from ``new_game(players, seed)`` to its ``selections``-th state in
    the SELECT phase (or the last one before the game ends)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    found, seen = None, 0
    while state.phase is not Phase.OVER and seen <= selections:
        if state.phase is Phase.SELECT:
            found, seen = state, seen + 1
        state = apply_action(state, rng.choice(legal_actions(state)))
    return found


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), selections=st.integers(0, 40))
def test_no_view_depends_on_a_tile_chosen_by_someone_else(seed, players, selections):
    """For every viewer other than the chooser, and every tile the chooser could place
    face down, the viewer's view after the choice is the same (until the reveal)."""
    state = _selection_state(seed, players, selections)
    chooser = state.current
    afters = [apply_action(state, a) for a in legal_actions(state)]
    hidden = [s for s in afters if s.phase is Phase.SELECT]
    for viewer in range(players):
        if viewer == chooser:
            continue
        views = {player_view(s, viewer) for s in hidden}
        assert len(views) <= 1, f"seat {viewer} can tell seat {chooser}'s tile"
        # and the choice changed nothing the viewer sees but "has chosen"
        for view in views:
            before = player_view(state, viewer)
            assert view.players == before.players and view.selected == before.selected
            assert view.has_selected[chooser] and not before.has_selected[chooser]
    if len(hidden) > 1:  # the chooser's own view shows the tile chosen
        assert len({player_view(s, chooser).selected[chooser] for s in hidden}) == len(hidden)


def test_computer_players_choose_without_looking_at_face_down_tiles():
    """A computer player's tile is the same whichever tiles the players before it
    placed face down (the bots read only their own hand and the public board)."""
    for seed in range(4):
        start = first_selection(3, seed)
        for level in ("basic", "random"):
            picks = set()
            for t in (B, H, A):
                for u in (B, H, A):
                    state = apply_action(apply_action(start, SelectTile(t)), SelectTile(u))
                    picks.add(make_bot(level, 7).choose(state))
            assert len(picks) == 1, (seed, level, picks)
