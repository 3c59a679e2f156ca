"""``clinic learn --plain``: round 1 of the guided first Clinic in plain text, played
by doing only what the lesson's lines say; each step is said before its decision, in
the lesson's order, and the game reaches round 2 (clinic_tui.lesson_plain)."""

from __future__ import annotations

import re

import pytest

from clinic_tui.__main__ import learn_options
from clinic_tui.lesson import MILESTONES, STEP_NAMED
from clinic_tui.plain import main
from tests.plain.helpers import only_words, play

_NUMBERED = re.compile(r"^(\d+)\. (.*)$")
_WANTED = re.compile(r"Type the number of (?:the |a |an )?(.+?)(?: tile)?[.;(]")
_HINT = re.compile(r"^Hint: Moves (.+?) from .+ to .+ at (floor \d \w\d)")


def follow_the_lesson(prompt: str, said: str) -> str | None:
    """The player: does what the last lesson line (or its hint) says, nothing else.
    Stops at round 2."""
    if "round 2, action 1" in said:
        return None
    lines = said.splitlines()
    lesson = [line for line in lines if line.startswith("Lesson, ")]
    options = [m.groups() for line in lines if (m := _NUMBERED.match(line))]
    hint = next((m for line in lines if (m := _HINT.match(line))), None)
    if prompt.startswith("Press Enter"):
        return ""
    if hint is not None:  # "move white doctor 1 ..." then its place
        who, where = hint.group(1), hint.group(2)
        for number, text in options:
            if who in text and (where in text or "choices" in text):
                return number
    if "Hint: Ends the move" in said:
        return "end the move"
    if lesson and "type done" in lesson[-1]:
        return "done"
    wanted = _WANTED.search(lesson[-1]) if lesson else None
    if wanted:
        word = {"patient to admit": "admit", "border": "park"}.get(wanted.group(1), wanted.group(1))
        under = re.search(r"under (.+?)\)", lesson[-1])
        for look in (word, under.group(1) if under else None):
            for number, text in options:
                if look and look.lower() in text.lower():
                    return number
    return "1"


@pytest.mark.timeout(300)
def test_round_1_said_step_by_step_reaches_round_2(tmp_path):
    options = learn_options("Ann", plain=True, data_dir=str(tmp_path))
    status, out, stdin = play(main, options, follow_the_lesson)
    assert status == 0
    only_words(out)
    assert "Ann: round 2, action 1" in out
    said = [line for line in out.splitlines() if line.startswith("Lesson, ")]
    titles = [STEP_NAMED[name].title for name in MILESTONES]
    at = [next(i for i, line in enumerate(said) if line.startswith(f"Lesson, {title}:")) for title in titles]
    assert at == sorted(at), said
    # each step is said before its decision: the line after a lesson line is the decision
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Lesson, Select tiles:"):
            assert "select an action tile" in lines[i + 1]
    assert len(stdin.asked) < 80  # the lesson's words were enough: no wandering


def test_the_hints_said_are_counted_in_the_record(tmp_path):
    from clinic_tui import saving
    from tui_common.hint import hints_used

    options = learn_options("Ann", plain=True, data_dir=str(tmp_path))
    status, out, _ = play(main, options, follow_the_lesson)
    said = out.count("\nHint: ")
    assert status == 0 and said >= 2
    record = saving.load_record(saving.folder(options).autosave)
    assert hints_used(record) == said
