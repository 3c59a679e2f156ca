"""The kit at the table, round three (issue 30), in both games: the event log loses
nothing at its line ends, help lists L and opens the rules with r, one hint at a time."""

from __future__ import annotations

import pytest
from test_kit_ascii import MAKERS, screen_text
from test_kit_table import past_the_first_choice, started

from tui_common.event_log import EventLog, LogScreen

SIZE = (80, 24)

#: Sentences whose every word is numbered, long enough to wrap at 80 columns and less.
SENTENCES = [" ".join(f"w{n:02d}x{k:02d}" for k in range(25)) for n in range(6)]


def words_shown(text: str) -> set[str]:
    return {word.strip("│┃║|█▌▐ ") for line in text.splitlines() for word in line.split()}


@pytest.mark.parametrize("game", MAKERS)
@pytest.mark.parametrize("size", [SIZE, (97, 30)])
async def test_the_whole_log_wraps_at_words_and_loses_nothing(game, size, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=size) as pilot:
        await past_the_first_choice(app, pilot)
        app.push_screen(LogScreen(SENTENCES))
        for _ in range(3):
            await pilot.pause()
        shown = words_shown(screen_text(app))
        missing = [w for s in SENTENCES for w in s.split() if w not in shown]
        assert not missing, f"cut at the line ends: {missing[:5]}"


@pytest.mark.parametrize("game", MAKERS)
async def test_the_game_log_wraps_again_when_its_width_changes(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_first_choice(app, pilot)
        log = app.screen.query_one(EventLog)
        log.clear()
        log.sentences = []
        log.add(SENTENCES[0])
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        for _ in range(4):
            await pilot.pause()
        width = log.scrollable_content_region.width
        lines = [strip.text.rstrip() for strip in log.lines]
        assert max(len(line) for line in lines) <= width, "a line runs past the log's right edge"
        assert " ".join(lines).split() == SENTENCES[0].split()


@pytest.mark.parametrize("game", MAKERS)
async def test_help_lists_L_and_r_in_help_opens_the_rules(game, tmp_path):
    from textual.widgets import Markdown

    from tui_common.help import HelpDialog
    from tui_common.rules import RulesScreen

    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        await pilot.press("question_mark")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, HelpDialog) and app.screen.query(Markdown):
                break
        assert isinstance(app.screen, HelpDialog)
        assert "| L " in app.screen.text, "the keys table lists L (the whole event log)"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen), "r inside help opens the rules, as help says"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, (RulesScreen, HelpDialog)), "closing the rules goes back to the game"


@pytest.mark.parametrize("game", MAKERS)
async def test_rules_and_help_show_at_once_and_are_drawn_only_once(game, tmp_path):
    """The rules screen shows a loading line at once (its text is rendered in a
    thread); closed and opened again it is the same screen, already drawn (the time
    it takes is measured in tests/benchmarks/help_rules_open.py)."""
    from tui_common.help import HelpDialog
    from tui_common.markdown_text import MarkdownText
    from tui_common.rules import LOADING, RulesScreen

    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        game_screen = app.screen
        seen = []
        for key, kind in (("r", RulesScreen), ("question_mark", HelpDialog)):
            await pilot.press(key)
            first = app.screen
            assert isinstance(first, kind)
            if kind is RulesScreen:
                text = first.query_one(MarkdownText)
                assert text.ready or LOADING in screen_text(app)
                for _ in range(500):
                    await pilot.pause()
                    if text.ready:
                        break
                assert text.ready and LOADING not in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is game_screen
            await pilot.press(key)
            assert app.screen is first, "opened again: the screen drawn before"
            seen.append(screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
        assert "Opening" not in seen[0] and "Opening" not in seen[1]


def hint_notices(app) -> list[str]:
    return [n.message for n in app._notifications if n.title == "Hint"]


async def test_one_hint_at_a_time_gone_when_the_position_changes(tmp_path):
    """H pressed again shows the new hint in place of the last one; once the position
    changes (here a move is played) no hint is left on the screen."""
    from test_clear_ward_driver import game_screen, make_app, settle
    from test_clear_ward_hint import wait_for_hint

    from core.clear_ward import legal_actions

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        for _ in range(3):
            await pilot.press("H")
            await wait_for_hint(pilot, app)
        assert len(hint_notices(app)) == 1, hint_notices(app)
        assert screen.shown_hint is not None
        screen.play(legal_actions(screen.state)[0])
        await pilot.pause()
        assert hint_notices(app) == [] and screen.shown_hint is None


@pytest.mark.parametrize("game", MAKERS)
async def test_the_game_log_keeps_its_newest_line_in_view_through_a_resize(game, tmp_path):
    app = await started(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await past_the_first_choice(app, pilot)
        log = app.screen.query_one(EventLog)
        for n in range(8):
            log.add(f"Sentence {n} " * 5)
        for size in ((100, 30), SIZE):
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "the newest line is in view"
