"""The menus and placements are built from ``legal_actions`` only (``clinic_tui.choices``)."""

from __future__ import annotations

from clinic_tui.choices import Placement, build_groups, hire_groups
from core.clinic.construction import BuildConveyor, BuildEntrance
from core.clinic.game import ActionTile, Phase, SelectTile, apply_action, legal_actions, new_game
from core.clinic.game.bots import make_bot


def _build_turn(seed: int = 3):
    state = new_game(["Ann"], seed)
    bot = make_bot("basic", 1)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, bot.choose(state))
    return apply_action(state, SelectTile(ActionTile.BUILD))


def test_groups_hold_every_legal_build_once():
    state = _build_turn()
    legal = legal_actions(state)
    groups = build_groups(legal)
    grouped = [a for acts in groups.values() for a in acts]
    assert sorted(map(str, grouped)) == sorted(str(a) for a in legal if hasattr(a, "build"))


def test_conveyor_pair_is_placed_with_two_picks_in_either_order():
    state = _build_turn()
    board = state.players[0].clinic.board
    groups = build_groups(legal_actions(state))
    acts = groups["conveyor (2 stops)"]
    first = acts[0].build.stops
    for a, b in (first, first[::-1]):
        placement = Placement.of("conveyor (2 stops)", acts, board)
        assert a in placement.targets() and b in placement.targets()
        assert placement.pick(a) is None
        partners = placement.targets()
        assert b in partners and a not in partners
        assert placement.pick(b) == [acts[0]]
    assert isinstance(acts[0].build, BuildConveyor)


def test_entrance_targets_are_the_spaces_they_point_at():
    state = _build_turn()
    board = state.players[0].clinic.board
    acts = build_groups(legal_actions(state))["entrance"]
    placement = Placement.of("entrance", acts, board)
    assert set(placement.targets()) == {board.entrance_target(a.build.border) for a in acts}
    assert all(isinstance(a.build, BuildEntrance) for a in acts)


def test_hire_groups_price_each_choice():
    state = new_game(["Ann"], 3)
    bot = make_bot("basic", 1)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, bot.choose(state))
    state = apply_action(state, SelectTile(ActionTile.HIRE))
    labels = [label for label, _ in hire_groups(state, legal_actions(state))]
    assert any(label.startswith("nurse: $") for label in labels)
    assert any("doctor, university space 1: $4" in label for label in labels)


def test_build_menu_shows_what_the_shared_supply_has_left():
    """Rulings 0.6: "Show what is left beside each build option": gardens from the 12,
    supply rooms from 4 per player; treatment rooms never run out (house rule)."""
    from clinic_tui.choices import group_label
    from core.clinic.game import constants as K
    from core.clinic.game.supplies import left_for

    state = _build_turn()
    groups = build_groups(legal_actions(state))
    garden = groups["garden"]
    gardens_built = sum(type(t).__name__ == "Garden" for _, t in state.players[0].clinic.board.tiles)
    label = group_label("garden", garden, left_for(state, garden[0].build))
    assert label.endswith(f", {K.SUPPLY_GARDENS - gardens_built} left")
    room = groups["treatment room"]
    assert left_for(state, room[0].build) is None
    assert "left" not in group_label("treatment room", room, left_for(state, room[0].build))


def test_the_end_move_key_names_the_room_over_capacity():
    """Base L750 "Everyone must be on a valid destination before you start the next
    phase": pressing e in the swap position half done does not end the move and says
    which room is over capacity, with the rule (``Plays.end_move``)."""
    from clinic_tui.screens.moves import Plays
    from core.clinic import parse_space
    from core.clinic.game import MovePerson
    from tests.core.clinic.game.test_clinic_move_phase import swap_position

    state, ids = swap_position()
    state = apply_action(state, MovePerson(ids["white"], parse_space("C3")))

    class Screen:
        def __init__(self):
            self.state, self.said, self.played = state, [], []

        def legal(self):
            return legal_actions(self.state)

        def _human_may_act(self):
            return True

        def _own(self):
            return True

        def play(self, action):
            self.played.append(action)

        def notify(self, message, **kw):
            self.said.append(message)

        @property
        def clinic(self):
            return self.state.players[self.state.current].clinic

    screen = Screen()
    Plays(screen).end_move()
    assert screen.played == []
    (message,) = screen.said
    assert "the operating room at floor 0 C3 holds 2 doctors (capacity 1: 'a module's capacity" in message
