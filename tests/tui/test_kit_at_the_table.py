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
