"""The rules screen (r) is for players (issue 12): each game's own rules text (the
``rules.md`` in its app package), in the rulebook's order and words of play, house
rules marked, with no file paths, module names, code or formulas."""

from __future__ import annotations

import re

import pytest
from test_kit_ascii import MAKERS, screen_text

#: Each game's section headings, in the order of its rulebook: Clear the Ward's
#: Components, Setup, Turn Structure (Movement, Action, Using Staff Cards), Speciality
#: Victory Cards, Ending the Game, Scoring, Solo Mode, Two-Player Mode; Clinic's key
#: concepts, Setup, the three phases (Build, Hire, Admit Patients, Move), End of the
#: Game, Solitaire, the special modules, Expansions. The app's undo comes last.
HEADINGS = {
    "clear-ward": [
        "Clear the Ward", "The cards", "Setting up", "Your turn", "1. Move the Doctor", "2. Act",
        "3. Staff cards", "Speciality Victory Cards", "End of the game", "Scoring and the winner",
        "The Night Shift (solo)", "Two players", "Taking back a move (house rule)",
    ],
    "clinic": [
        "Clinic: Deluxe Edition", "Key ideas", "Setup", "Playing the game", "Phase 1: Actions", "Build",
        "Hire", "Admit Patients", "Move", "Phase 2: Business", "Phase 3: Admin", "End of the game",
        "Solitaire", "Special modules", "Expansions", "Blood Transfusion", "Extinguishers",
        "Workaholic Doctors", "Zombies in a Clinic", "The 911th Extension", "Taking back an action (house rule)",
    ],
}

#: What a developer's document has and a player's never: paths, modules, code, formulas.
DEVELOPER = re.compile(r"core/|docs/|\.py\b|\.md\b|`|[A-Za-z_]+\([^)]*\)\s*[%=]|\bmod\b|_[a-z]+_|rules-decisions")


async def open_rules(app, pilot):
    for _ in range(10):
        await pilot.pause()
    await pilot.press("escape")  # Clinic opens its first menu at once
    await pilot.pause()
    await pilot.press("r")
    from tui_common.markdown_text import MarkdownText
    from tui_common.rules import RulesScreen

    for _ in range(500):
        await pilot.pause()
        if isinstance(app.screen, RulesScreen) and app.screen.query_one(MarkdownText).ready:
            break
    assert isinstance(app.screen, RulesScreen)
    return app.screen  # its ``source`` and ``table_of_contents`` (level, heading, line)


@pytest.mark.parametrize("game", MAKERS)
async def test_the_rules_screen_shows_the_players_rules_in_the_rulebooks_order(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        document = await open_rules(app, pilot)
        source = document.source
        shown = screen_text(app)
        headings = [label for _level, label, _id in document.table_of_contents]
    assert headings == HEADINGS[game]
    assert not DEVELOPER.search(source), DEVELOPER.search(source)
    for word in ("core/", ".py", "docs/", "`"):
        assert word not in source and word not in shown, word
    assert "(house rule" in source  # what the rulebook does not say is marked
    assert "house value" not in source and "rulebook L" not in source


@pytest.mark.parametrize("game", MAKERS)
async def test_the_rules_say_the_rulebooks_words_of_play(game, tmp_path):
    """Spot checks against the rulebook's own sentences, so a wrong text fails."""
    app = MAKERS[game](tmp_path, ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        source = (await open_rules(app, pilot)).source
    words = {
        "clear-ward": ["6 by 6", "draw 2\nstaff cards and keep 1", "at most 2 staff cards", "3 stars",
                       "strictly more", "Clear the ward to win"],
        "clinic": ["6 rounds", "1 + your entrances and helipads", "one nurse for each colour step",
                   "-5 popularity", "$3 each", "The most popular player wins"],
    }[game]
    flat = " ".join(source.split())
    for phrase in words:
        assert " ".join(phrase.split()) in flat, phrase


def test_the_plain_text_mode_reads_the_same_rules():
    """`rules` in the plain text mode lists the sections of the same players' text."""
    from clear_ward_tui.plain import ClearWardPlain
    from clinic_tui.plain import ClinicPlain
    from tui_common.plain.text import sections
    from tui_common.rules_file import package_of, rules_text

    for game, cls in (("clear-ward", ClearWardPlain), ("clinic", ClinicPlain)):
        heads = [head for head, _ in sections(rules_text(package_of(cls), cls.title))]
        shown = [re.sub(r"^\d+\. ", "", h) for h in HEADINGS[game]]  # "1. Move the Doctor" is said unnumbered
        assert len(heads) >= 8 and heads == [h for h in shown if h in heads], (game, heads)
