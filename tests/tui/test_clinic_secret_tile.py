"""Hot seat: the action tile Bob places face down cannot be read off Ann's screen.

Rulebook, Simultaneously Select Actions: "Select one of your available Action tiles,
and place it face down in the middle of the play area … Once everyone has selected,
everyone reveals their selected Action tile."
"""

from __future__ import annotations

from test_clinic_driver import do_action, game_screen, make_app, pick, settle

from clinic_tui.dialogs.report import ReportDialog
from clinic_tui.widgets.main_board import MainBoard
from core.clinic.game import ActionTile, BonusTile, Phase, SelectTile, legal_actions

SEED = 1  # Ann and Bob: Bob selects first


async def ann_after_bob_chose(tile: ActionTile) -> tuple[str, str]:
    """Ann's whole screen (SVG) and her main board's text, once Bob has chosen ``tile``
    and the keyboard has been passed to her (160x50: the whole board is on screen)."""
    app = make_app("Ann,Bob", seed=SEED)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = game_screen(app)
        for _ in range(20):  # the bonus tiles: the first one not placed on the board
            await settle(pilot, app)
            if screen.state.phase is Phase.SELECT:
                break
            await do_action(pilot, app, next(a for a in legal_actions(screen.state)
                                             if getattr(a, "tile", None) not in (BonusTile.PARKING, BonusTile.GARDEN)))
        await pilot.pause()
        assert screen.state.current == 1 and app.screen.kind == "select-dialog"
        await pick(pilot, app, lambda value: value == SelectTile(tile))
        await pilot.pause()
        assert isinstance(app.screen, ReportDialog) and "Pass the keyboard to Ann" in app.screen.title_text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.state.current == 0 and app.screen.kind == "select-dialog"
        return app.export_screenshot(), str(screen.query_one(MainBoard).content)


async def test_two_choices_by_bob_give_ann_the_same_screen():
    """"place it face down": Ann's screen after the hand-over is byte for byte the same
    whether Bob chose Build or Admit Patients; her board shows Bob's six tiles and ?."""
    build_svg, build_board = await ann_after_bob_chose(ActionTile.BUILD)
    admit_svg, admit_board = await ann_after_bob_chose(ActionTile.ADMIT)
    assert build_board == admit_board
    bob = next(line for line in build_board.splitlines() if line[1:].startswith("Bob"))
    assert bob.rstrip().endswith("BBHHAA?"), bob
    assert build_svg == admit_svg
