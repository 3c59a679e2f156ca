"""Clinic actions that reveal hidden information cannot be undone."""

from core.clinic.game import Phase, SelectTile, apply_action, legal_actions, new_game
from core.clinic.game.undo import reveals_hidden


def _first_select(state):
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_choosing_a_tile_is_hidden_until_the_last_choice_reveals_all():
    state = _first_select(new_game(["Ann", "Bob"], seed=4))
    first = legal_actions(state)[0]
    assert isinstance(first, SelectTile)
    middle = apply_action(state, first)
    assert middle.phase is Phase.SELECT
    assert not reveals_hidden(state, first, middle)
    last = legal_actions(middle)[0]
    after = apply_action(middle, last)
    assert after.phase is not Phase.SELECT
    assert reveals_hidden(middle, last, after)


def test_a_bag_draw_reveals():
    state = new_game(["Ann", "Bob"], seed=4)
    while True:
        action = legal_actions(state)[0]
        after = apply_action(state, action)
        if after.draws != state.draws:
            assert reveals_hidden(state, action, after)
            return
        state = after
