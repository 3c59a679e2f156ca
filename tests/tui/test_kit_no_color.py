"""NO_COLOR: both games stay readable without colour: the focused setup field, the
highlighted choice and the board's cursor are marked by a text style or a character,
not by colour alone."""

from __future__ import annotations

import pytest
from test_kit_ascii import MAKERS, screen_text


@pytest.fixture(autouse=True)
def no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.parametrize("game", MAKERS)
async def test_the_focused_setup_field_is_reversed(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False, players=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color
        current = app.screen.query_one("#kind-0 SelectCurrent")
        assert not current.styles.text_style.reverse
        app.screen.query_one("#kind-0").focus()
        await pilot.pause()
        assert current.styles.text_style.reverse
        name = app.screen.query_one("#name-0")
        name.focus()
        await pilot.pause()
        assert name.styles.text_style.reverse


async def test_the_ward_cursor_is_drawn_in_characters(tmp_path):
    app = MAKERS["clear-ward"](tmp_path, ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert "[" in screen_text(app) and "◆" in screen_text(app)


async def test_the_clinic_cursor_is_drawn_in_characters(tmp_path):
    app = MAKERS["clinic"](tmp_path, ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        text = screen_text(app)
        assert "▶" in text or "◆" in text
