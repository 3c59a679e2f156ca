"""Help (?) in both games, at 80×24: its frame says how to close it, and no key in any
keys table is wrapped or cut (issue 12), in every help text each game shows. It opens
with its text, the first time too, and keys typed while it opens are not lost
(issue 30: ? then r at once ends on the rules; ? then Esc at once leaves the game
working; a help opened again closes again). How fast: tests/benchmarks/help_rules_open.py.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from test_kit_ascii import MAKERS, screen_text
from test_kit_table import past_the_first_choice
from textual import events

from tui_common import markdown_text
from tui_common.help import CLOSE_HINT, LOADING, HelpDialog
from tui_common.markdown_text import MarkdownText
from tui_common.rules import RulesScreen

SIZE = (80, 24)


def help_texts(game: str) -> dict[str, HelpDialog]:
    """Every help dialog ``game`` can open, by name."""
    if game == "clinic":
        from clinic_tui.screens.help import PHASE_RULES, HelpScreen

        return {"keys": HelpScreen(), "replay": HelpScreen("replay"),
                **{phase: HelpScreen(phase) for phase in PHASE_RULES}}
    from clear_ward_tui.screens.help import REPLAY_HELP, HelpScreen

    return {"keys": HelpScreen(), "replay": HelpScreen(REPLAY_HELP)}


def table_keys(text: str) -> list[str]:
    """The first cell of each row of each Markdown table in ``text`` (headers included)."""
    rows = [line for line in text.splitlines() if line.startswith("|") and not line.startswith("| ---")]
    return [row.strip("|").split(" | ")[0].strip() for row in rows]


def first_cells(dialog: HelpDialog) -> list[str]:
    """What each line drawn in ``dialog`` starts with, up to two spaces (a table's
    cells are two spaces apart or more; the words of a key one space)."""
    return [re.split(r"\s{2,}", line.text.strip())[0] for line in dialog.query_one(MarkdownText).lines]


async def until(pilot, condition, rounds: int = 400) -> bool:
    """Let the app run until ``condition()`` holds (or give up after ``rounds`` pauses)."""
    for _ in range(rounds):
        if condition():
            return True
        await pilot.pause()
    return condition()


async def press_at_once(app, *keys: str) -> None:
    """The keys straight to the driver, no wait for the app in between (a burst)."""
    chars = {"question_mark": "?", "escape": "\x1b"}
    for key in keys:
        app._driver.send_message(events.Key(key, chars.get(key, key if len(key) == 1 else None)))
    await asyncio.sleep(0)


def first_heading(text: str) -> str:
    return next(line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#"))


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
            text = dialog.query_one(MarkdownText)
            assert await until(pilot, lambda: text.ready), name
            keys = table_keys(dialog.text)
            assert len(keys) > 5, name  # the keys table was found
            cells = first_cells(dialog)
            for key in keys:  # on one line, whole: a cell of its own
                assert key in cells, (name, key)
            dialog.close()
            await pilot.pause()


@pytest.mark.parametrize("game", MAKERS)
async def test_the_help_shows_its_text_the_first_time(game, tmp_path):
    markdown_text._CACHE.clear()  # nothing rendered before, as in a new process
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        await pilot.press("question_mark")
        dialog = app.screen
        assert isinstance(dialog, HelpDialog)
        heading = first_heading(dialog.text)
        assert await until(pilot, lambda: heading in screen_text(app))
        assert LOADING not in screen_text(app) and CLOSE_HINT in screen_text(app)


@pytest.mark.parametrize("game", MAKERS)
async def test_rendered_ahead_the_help_and_the_rules_open_with_their_text(game, tmp_path):
    """Once the app has rendered them ahead (``TableApp.prepare_texts``, at the widths
    they show at), help and the rules draw their text in their first frame: no loading
    line, no thread."""
    markdown_text._CACHE.clear()
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        await app.prepare_texts().wait()
        for key, kind in (("question_mark", HelpDialog), ("r", RulesScreen)):
            await pilot.press(key)
            screen = app.screen
            assert isinstance(screen, kind)
            text = screen.query_one(MarkdownText)
            assert text.ready, key  # from the lines rendered ahead, before its first frame
            assert not [w for w in screen.workers if w.group == "markdown"], key
            width = (HelpDialog if kind is HelpDialog else RulesScreen).text_width(app.size)
            assert text.scrollable_content_region.width == width, key
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize("game", MAKERS)
async def test_question_mark_then_r_at_once_ends_on_the_rules(game, tmp_path):
    markdown_text._CACHE.clear()
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        game_screen = app.screen
        await press_at_once(app, "question_mark", "r")
        assert await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert await until(pilot, lambda: rules.query_one(MarkdownText).ready)
        assert app.screen_stack[-2] is game_screen  # the help closed in its place
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen


@pytest.mark.parametrize("game", MAKERS)
async def test_question_mark_then_escape_at_once_leaves_the_game_working(game, tmp_path):
    markdown_text._CACHE.clear()
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        game_screen = app.screen
        for _ in range(3):  # the first time, and again with the help kept
            await press_at_once(app, "question_mark", "escape")
            assert await until(pilot, lambda: app.screen is game_screen)
            for _ in range(5):
                await pilot.pause()
            assert app.screen is game_screen
        await pilot.press("question_mark")  # the help still opens, with its text
        dialog = app.screen
        assert isinstance(dialog, HelpDialog)
        assert await until(pilot, lambda: first_heading(dialog.text) in screen_text(app))


@pytest.mark.parametrize("game", MAKERS)
async def test_a_help_opened_again_closes_again(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        game_screen = app.screen
        first = None
        for close in ("escape", "q", "question_mark", "escape"):
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpDialog)
            first = first or app.screen
            assert app.screen is first  # kept, drawn once
            await pilot.press(close)
            assert await until(pilot, lambda: app.screen is game_screen), close


@pytest.mark.parametrize("game", MAKERS)
async def test_scroll_keys_typed_before_the_text_is_ready_are_played_after(game, tmp_path):
    markdown_text._CACHE.clear()
    app = MAKERS[game](tmp_path, ascii=False, players="Ann,Bob")
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        await press_at_once(app, "r", "pagedown", "pagedown")
        assert await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        text = app.screen.query_one(MarkdownText)
        assert await until(pilot, lambda: text.ready and text.scroll_y > 0)
        for _ in range(5):
            await pilot.pause()
        assert text.scroll_y == 2 * text.scrollable_content_region.height  # both pages, none lost
