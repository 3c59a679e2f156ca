"""``u undo`` is offered only where undo can work (issue #30, round three): not in the
draw dialog (a patient was just turned face up), not on the hand-over screen (the last
action was the other player's), never at a shared table; and the keep dialog lists
its choices in the order its prompt lists the cards."""

from __future__ import annotations

import random

from test_clear_ward_driver import do_action, game_screen, make_app, settle

from core.clear_ward import KeepStaff, Phase, apply_action, legal_actions, new_game
from tui_common.dialogs import ChoiceDialog


def _hint(dialog) -> str:
    return str(dialog.query_one(".dialog-hint").render())


async def test_the_draw_dialog_does_not_offer_undo(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    rng = random.Random(3)
    seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(200):
            for _ in range(3):  # the pass screen opens a moment after the turn ends
                await pilot.pause()
            top = app.screen
            if isinstance(top, ChoiceDialog) and top.kind == "draw-dialog" and "draw" not in seen:
                seen.add("draw")
                assert "u undo" not in _hint(top)
                assert not top.check_action("game_key", ("undo",)) and top.check_action("game_key", ("save_as",))
            if seen == {"draw"}:
                return
            screen = game_screen(app)
            if screen is None or screen.state.phase is Phase.OVER:
                break
            await do_action(pilot, screen, rng.choice(legal_actions(screen.state)))
            await settle(pilot, app)
    raise AssertionError(f"only saw {seen}")


def test_the_keep_dialog_follows_the_order_of_its_prompt():
    from clear_ward_tui.dialogs.staff import keep_dialog

    rng = random.Random(1)
    for seed in range(30):
        state = new_game(["Ann", "Bob"], seed)
        while state.phase is not Phase.OVER:
            legal = legal_actions(state)
            if state.phase is Phase.KEEP_STAFF:
                dialog = keep_dialog(state, [a for a in legal if isinstance(a, KeepStaff)])
                listed = [c.value for c in (*state.drawn, *state.players[state.current].staff)]
                firsts = [listed.index(label.split(". ", 1)[-1].removeprefix("Keep ").split(" + ")[0])
                          for label, _ in dialog.choices]
                assert firsts == sorted(firsts), (listed, dialog.choices)
                if len({c.value for c in state.drawn}) == 2 and [c.value for c in state.drawn] != sorted(
                        c.value for c in state.drawn):
                    return  # a draw whose order is not the alphabet's: the old sorted list failed here
            state = apply_action(state, rng.choice(legal))
    raise AssertionError("no draw out of alphabetical order was found")


def test_the_hand_over_screen_offers_undo_only_when_it_can_work():
    from tui_common.dialogs import pass_dialog

    refused = pass_dialog("Bob", "your staff cards are shown next.", undo=False)
    assert "undo" not in refused.hint and not refused.check_action("undo", ())
    allowed = pass_dialog("Bob", "your staff cards are shown next.")
    assert "u: undo" in allowed.hint and allowed.check_action("undo", ())


def test_shared_tables_never_offer_undo():
    from clear_ward_tui.screens.game import GameScreen as WardScreen
    from clinic_tui.screens.game import GameScreen as ClinicScreen
    from tui_common.seating import LOCAL
    from tui_common.server.table import SharedTable

    assert LOCAL.undo and not SharedTable.undo
    from types import SimpleNamespace

    for screen_cls in (WardScreen, ClinicScreen):
        shared = SimpleNamespace(seating=SharedTable(None, 0, "Ann"), state=SimpleNamespace(phase=None))
        assert screen_cls.check_action(shared, "undo", ()) is False, "u is not in the key bar"
        local = SimpleNamespace(seating=LOCAL, state=SimpleNamespace(phase=None))
        assert screen_cls.check_action(local, "undo", ()) is True
