"""Clinic at the table (issue 12): ending an action with builds or queue points unused,
or the Move with patients who could still move, asks first."""

from __future__ import annotations

from test_clinic_driver import game_screen, make_app, settle
from test_clinic_saves import to_build

from core.clinic.game import Phase
from tui_common.dialogs import ConfirmDialog


async def test_ending_build_with_builds_left_asks_first():
    app = make_app("Ann,cpu:basic", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_build(pilot, app)
        screen = game_screen(app)
        while isinstance(app.screen, type(screen)) is False and not isinstance(app.screen, ConfirmDialog):
            await pilot.press("escape")
            await pilot.pause()
        assert screen.plays.unused() and "0 of 2 built" in screen.plays.unused()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "You can still build" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("n")  # go back: still building
        await pilot.pause()
        assert screen.state.phase is Phase.BUILD and screen.state.current == 0
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot, app)
        assert not (screen.state.phase is Phase.BUILD and screen.state.current == 0)


def test_free_builds_show_0_dollars():
    """The expert side's initial clinic and a bonus tile cost nothing: $0, not the
    component's price."""
    from clinic_tui import choices
    from core.clinic.game import Construct, legal_actions
    from test_clinic_snapshots import SCENES, state_at

    seed, pred, _ = SCENES["build"]
    state = state_at(seed, pred)
    acts = [a for a in legal_actions(state) if isinstance(a, Construct)]
    name, group = next(iter(choices.build_groups(acts).items()))
    assert "$0" not in choices.group_label(name, group) or all(
        choices.build_cost(a.build) == 0 for a in group)
    assert choices.group_label(name, group, free=True).startswith(f"{name}: $0,")
    placement = choices.Placement.of(name, group, state.players[state.current].clinic.board)
    placement.free = True
    assert set(placement.targets().values()) == {"$0"}


def test_an_orange_patient():
    from clinic_tui.screens.status import article

    assert f"{article('orange')} orange patient" == "an orange patient"
    assert f"{article('red')} red patient" == "a red patient"
