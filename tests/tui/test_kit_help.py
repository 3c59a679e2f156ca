"""Help (?) in both games, at 80×24: its frame says how to close it, and no key in any
keys table is wrapped or cut (issue 12), in every help text each game shows."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from test_kit_ascii import MAKERS, screen_text
from test_kit_table import past_the_first_choice
from textual.widgets._markdown import MarkdownTableContent

from tui_common.help import CLOSE_HINT, HelpDialog

SIZE = (80, 24)


def help_texts(game: str) -> dict[str, HelpDialog]:
    """Every help dialog ``game`` can open, by name."""
    if game == "clinic":
        from clinic_tui.screens.help import PHASE_RULES, HelpScreen

        return {"keys": HelpScreen(), "replay": HelpScreen("replay"),
                **{phase: HelpScreen(phase) for phase in PHASE_RULES}}
    from clear_ward_tui.screens.help import REPLAY_HELP, HelpScreen

    return {"keys": HelpScreen(), "replay": HelpScreen(REPLAY_HELP)}


def key_cells(dialog: HelpDialog) -> list:
    """The cells of the first column of each keys table (its header included)."""
    cells = []
    for table in dialog.query(MarkdownTableContent):
        columns = len(table.headers)
        cells.extend(list(table.children)[::columns])
    return cells


@pytest.mark.parametrize("game", MAKERS)
async def test_help_says_how_to_close_it_and_q_closes_it(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        below = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpDialog)
        assert CLOSE_HINT in screen_text(app)
        await pilot.press("q")  # closes the help, not the game
        await pilot.pause()
        await pilot.pause()
        assert app.screen is below


@pytest.mark.parametrize("game", MAKERS)
async def test_no_key_in_a_help_table_wraps_at_80x24(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False, players=None)  # the setup screen under it
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for name, dialog in help_texts(game).items():
            await app.push_screen(dialog)
            for _ in range(3):
                await pilot.pause()
            cells = key_cells(dialog)
            assert len(cells) > 5, name  # the keys table was found
            for cell in cells:  # as wide as its key: on one line, whole (its row may be taller)
                key = str(cell.visual)
                assert cell_len(key) <= cell.content_size.width, (name, key, cell.content_size)
            dialog.close()
            await pilot.pause()
