"""The footer fits 80 columns (issue 12): every key it lists is whole, "q Quit" last,
in both games, with Unicode marks and with ``--ascii`` (where ⏎ becomes "enter")."""

from __future__ import annotations

import pytest
from test_kit_ascii import MAKERS, screen_text


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
@pytest.mark.parametrize("game", MAKERS)
async def test_the_footer_shows_quit_whole_at_80_columns(game, ascii, tmp_path):
    app = MAKERS[game](tmp_path, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        await pilot.press("escape")  # Clinic opens its first menu at once
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith("q Quit"), footer
        assert "? Help" in footer and "u Undo" in footer, footer
