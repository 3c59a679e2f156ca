"""Round three of the plain text mode (issue #30): a long decision is asked in steps
(no list passes 12 lines; ``back``, ``moves``, ``filter WORD``), no line passes 80
characters, ``help`` at the first prompt is not a player, the rules are read without
Markdown and find the staff cards, the short words people try work, and each game's
help lists its own commands."""

from __future__ import annotations

import io
import re

from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import main as clear_ward_main
from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main
from tui_common.plain.menu import LIMIT

from .helpers import always, play, script

_ITEM = re.compile(r"^\d+\. ")


def _lists(out: str) -> list[list[str]]:
    """Every numbered list said: its lines."""
    found: list[list[str]] = []
    run: list[str] = []
    for line in out.splitlines():
        if _ITEM.match(line):
            run.append(line)
        elif run:
            found.append(run)
            run = []
    return found + ([run] if run else [])


def _cw(tmp_path, answer, players="Ann", seed="3"):  # seed 3: a Consultant Opinion comes
    options = clear_ward_options(["--plain", "--players", players, "--seed", seed, "--data-dir", str(tmp_path)])
    return play(clear_ward_main, options, answer)


def _until(marker: str, then: list[str]):
    """Answer 1 (Enter when passed) until ``marker`` has been said, then ``then``'s
    lines in turn, then end the input."""
    queue: list[str] | None = None

    def answer(prompt: str, said: str) -> str | None:
        nonlocal queue
        if queue is None and marker in said:
            queue = list(then)
        if queue is not None:
            return queue.pop(0) if queue else None
        return "" if prompt.startswith("Press Enter") else "1"

    return answer


def test_a_whole_night_shift_never_lists_more_than_12_and_groups_the_consultant_opinion(tmp_path):
    status, out, stdin = _cw(tmp_path, always("1"))
    assert status == 0
    assert "The game is over" in out
    lengths = [len(lines) for lines in _lists(out)]
    assert max(lengths) <= LIMIT, max(lengths)
    assert re.search(r"^\d+\. use the Consultant Opinion: \d+ choices$", out, re.M)
    assert re.search(r"^use the Consultant Opinion: \d+ choices in \d+ groups;", out, re.M)


def test_a_whole_clinic_solitaire_asks_the_hire_in_steps(tmp_path):
    options = clinic_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    status, out, stdin = play(clinic_main, options, always("1"))
    assert status == 0
    assert "The game is over." in out
    lengths = [len(lines) for lines in _lists(out)]
    assert max(lengths) <= LIMIT, max(lengths)
    hires = re.findall(r"^\d+\. (hire [^:\n]+): (\d+) choices$", out, re.M)
    assert hires, "who is hired comes first, then where"
    opened = re.search(r"^(hire [^\n]*):\n1\. (.*)$", out, re.M)
    assert opened, "a hire group was opened"
    assert opened[2].startswith(("arriving at", "car parked")), "its lines say what follows the group's words"


def test_moves_back_and_filter_at_a_grouped_decision(tmp_path):
    marker = "use the Consultant Opinion: "
    status, out, stdin = _cw(tmp_path, _until(marker, ["moves", "back", "filter row 1", "filter zzz", "back", "back"]))
    said = [s.split("\n", 1)[1] for _, s in stdin.asked[-6:]]
    every = _lists(said[0])[0]
    assert len(every) > LIMIT and said[0].startswith(f"All {len(every)} actions:")
    assert any("use the Consultant Opinion on A1" in line for line in every)
    assert re.search(r"choices in \d+ groups", said[1].splitlines()[0]), "back: the grouped list again"
    assert said[2].startswith("The actions with 'row 1':") or "use the Consultant Opinion, row 1" in said[2]
    assert said[3].startswith("No action has 'zzz' in its words")
    assert said[5].startswith("This is the first list of the decision already")


def test_filter_lists_only_the_actions_with_that_word(tmp_path):
    marker = "use the Consultant Opinion: "
    status, out, stdin = _cw(tmp_path, _until(marker, ["filter end"]))
    said = stdin.asked[-1][1].split("\n", 1)[1]
    assert said.startswith("The actions with 'end': 1 action.\n1. end the turn\n")


def test_no_line_passes_80_characters_on_the_board(tmp_path):
    options = clear_ward_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    out = io.StringIO()
    from tui_common.plain.start import run
    from clear_ward_tui.plain import ClearWardPlain
    from .helpers import Answering

    run(ClearWardPlain, options, Answering(out, script("board", "rules 2")), out)
    long = [line for line in out.getvalue().splitlines() if len(line) > 80]
    assert not long, long[0]
    assert re.search(r"^Row 2: .*\n  \S", out.getvalue(), re.M), "a long row goes on, indented"


def test_help_at_the_players_prompt_explains_and_starts_no_game(tmp_path):
    options = clear_ward_options(["--plain", "--data-dir", str(tmp_path), "--seed", "7"])
    status, out, stdin = play(clear_ward_main, options, script("help", "Ann"))
    assert status == 0
    assert "help" not in out.split("New game of Clear the Ward")[1].split("\n", 1)[0]
    answer = stdin.asked[1][1]
    assert "cpu:medium" in answer and "quit stops without starting a game" in answer
    assert "New game of Clear the Ward, seed 7: Ann." in out


def test_quit_at_the_players_prompt_starts_no_game(tmp_path):
    options = clear_ward_options(["--plain", "--data-dir", str(tmp_path), "--seed", "7"])
    status, out, stdin = play(clear_ward_main, options, script("quit"))
    assert status == 0
    assert "New game" not in out and "No game was started." in out


def test_rules_are_read_without_markdown_and_staff_finds_the_staff_cards(tmp_path):
    status, out, stdin = _cw(tmp_path, script("rules staff", "rules 1"))
    staff = stdin.asked[1][1].split("\n", 1)[1]
    assert staff.startswith("Staff cards.\n"), staff[:80]
    intro = stdin.asked[2][1]
    assert "(house rule)" in intro
    assert "*" not in intro


def test_the_short_words_people_try_work(tmp_path):
    status, out, stdin = _cw(tmp_path, script("status", "score", "where", "moves", "hand", "time"))
    answers = [s.split("\n", 1)[1].rsplit("\n", 1)[0] for _, s in stdin.asked[1:]]
    assert answers[1] == answers[0], "score says the status"
    assert answers[2].startswith("The Doctor is on ")
    assert answers[3].startswith("All ") and "1. move " in answers[3]
    assert answers[4].startswith("Your staff cards") or answers[4].startswith("You hold no staff cards")
    assert answers[5].startswith("Night Shift clock")


def test_clinic_help_lists_clinic_commands_only(tmp_path):
    options = clinic_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    status, out, stdin = play(clinic_main, options, script("help", "where", "score"))
    text = stdin.asked[1][1]
    assert "hand: your action tiles, your money and your staff." in text
    assert "Night Shift" not in text and not re.search(r"^time:", text, re.M)
    assert stdin.asked[2][1].split("\n", 1)[1].startswith("Round 1 of 6, action 1 of 3")
    assert stdin.asked[3][1].split("\n", 1)[1].startswith("Round 1 of 6, action 1 of 3")


def test_a_night_shift_typed_through_a_pipe_sets_no_best_time(tmp_path):
    """Seed 0 answering 1 clears the ward; a script is not a person playing, so the
    time is told but never kept as a best time."""
    status, out, stdin = _cw(tmp_path, always("1"), seed="0")
    assert "The ward is clear: you win the Night Shift!" in out
    assert "(typed from a pipe or a script: not a best time)" in out
    assert not (tmp_path / "night-shift-times.json").exists() and "new best" not in out


def test_a_computer_night_shift_sets_no_best_time(tmp_path):
    status, out, stdin = _cw(tmp_path, always("1"), players="cpu:hard", seed="0")
    assert "The game is over" in out
    assert not (tmp_path / "night-shift-times.json").exists() and "new best" not in out and "new record" not in out


def test_the_breakdown_counts_one_victory_card(tmp_path):
    """Three people answering 1 (Enter when passed): the end breakdown says "1
    victory card", never "1 victory cards"."""
    status, out, stdin = _cw(tmp_path, always("1"), players="Ann,Bob,Cy", seed="11")
    assert "Ann wins" in out or "wins (" in out or "Shared victory" in out
    assert "1 victory cards" not in out
    assert re.search(r": \d+ stars: \d+ from patients and \d+ victory cards? of 3 stars each \(", out)


def test_clinic_groups_read_as_english():
    from clinic_tui.plain import text_steps

    steps = text_steps("hire a nurse for $1, arriving at the entrance south of B3, car parked on the border east of A1")
    assert steps[0] == "hire a nurse for $1"
    assert steps[-1] == "hire a nurse for $1, car parked on an east border"
    assert text_steps("park the starting car on the border north of A1") == (
        "park the starting car on a north border",)
