"""Round three (issue #30): ``--ascii`` draws the menus' tall edges as ``|`` (not
``?``) and a key's description in the game's own ASCII mark ("Next*", not "Nexto");
``NO_COLOR`` sends no colour code at all (not Textual's 256-colour greys) and marks
the highlighted choice by a text style, not a shade of grey."""

from __future__ import annotations

import pytest
from test_kit_ascii import MAKERS, SIZE


def _filtered_text(app) -> str:
    """The screen as it reaches the terminal: every line through the app's filters."""
    from textual.color import Color

    lines = []
    for strip in app.screen._compositor.render_strips():
        segments = list(strip)
        for line_filter in app._filters:
            segments = line_filter.apply(segments, Color(0, 0, 0))
        lines.append("".join(s.text for s in segments))
    return "\n".join(lines)


async def _settled(app, pilot, n: int = 10) -> None:
    for _ in range(n):
        await pilot.pause()


@pytest.mark.parametrize("game", MAKERS)
async def test_ascii_menus_have_no_question_marks_for_edges(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=True, players="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app, pilot)
        text = _filtered_text(app)
    assert "?" not in text.replace("?:", "").replace("? ", ""), text
    assert text.isascii()


async def test_ascii_key_bar_says_the_boards_mark(tmp_path):
    app = MAKERS["clinic"](tmp_path, ascii=True, players="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app, pilot)
        await pilot.press("escape")  # the board's own key bar, not the first menu's
        await _settled(app, pilot)
        footer = _filtered_text(app).splitlines()[-1]
    assert "Next*" in footer and "Nexto" not in footer, footer


@pytest.mark.parametrize("game", MAKERS)
async def test_no_color_sends_no_colour_and_marks_the_highlight_by_style(game, tmp_path, monkeypatch):
    from textual.filter import Monochrome, NoColor
    from textual.widgets import OptionList

    monkeypatch.setenv("NO_COLOR", "1")
    app = MAKERS[game](tmp_path, ascii=False, players="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await _settled(app, pilot)
        assert not any(isinstance(f, Monochrome) for f in app._filters), "no 256-colour greys"
        assert any(isinstance(f, NoColor) for f in app._filters)
        if game == "clear-ward":
            return  # its board has no list of choices open at the start
        menu = app.screen.query(OptionList).first()
        style = menu.get_component_rich_style("option-list--option-highlighted")
        plain = menu.get_component_rich_style("option-list--option")
        assert style.underline and not plain.underline, "the highlighted choice is underlined, not only grey"
