"""Whole games in the plain text mode, played by a test that reads each prompt and
answers it: a Night Shift and a game against a computer of Clear the Ward, a Clinic
solitaire. What is said must be words only, every decision must say whose turn it is
and what is decided and list the actions, and every action, the computers' included,
must be announced in order with core's sentence."""

from __future__ import annotations

import re

from clear_ward_tui import autosave
from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import main as clear_ward_main
from clinic_tui import saving
from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main
from tui_common.plain.text import spoken

from .helpers import always, only_words, play, said_in_order

DECISION = re.compile(r"^(?P<head>.+)\n(?P<items>(?:\d+\. .+\n)+)(?:Type a number.*\n)?(?:back goes up.*\n)?"
                      r"(?P<who>[^\n,]+), (?:choose 1 to (?P<n>\d+)|type (?P<one>1)): $")

#: The heading of a group's list: its label and a colon (a decision's ends with a full stop).
_GROUP = re.compile(r"^.*:(?: \d+ choices in \d+ groups; a group's number lists it\.)?$")


def _narrations(record, describe, human: bool | None = None) -> list[str]:
    """Core's sentence for each action of ``record`` (only a person's or only a
    computer's when ``human`` is given), as the plain mode says it."""
    return [
        spoken(describe(before, action, after))
        for before, action, after, step in zip(record.states, record.actions, record.states[1:], record.steps)
        if human is None or step.human is human
    ]


def _decisions(stdin) -> list[re.Match]:
    """Each decision the player was asked (what was said since the last answer)."""
    found = []
    for prompt, said in stdin.asked:
        if prompt.startswith("Press Enter"):
            continue
        block = said[said.rfind("\n", 0, said.rfind("\n1. ")) + 1:] if "\n1. " in said else said
        match = DECISION.search(block)
        assert match is not None, f"not a decision: {said[-400:]!r}"
        if not _GROUP.match(match["head"]):  # a group opened within the decision
            found.append(match)
    return found


GAMES = {"clear-ward": (clear_ward_options, clear_ward_main, autosave.load),
         "clinic": (clinic_options, clinic_main, saving.load_record)}


def _finished(game: str, tmp_path, players: str, seed: str):
    """A whole game answering 1 to everything: (what was said, the stdin, the record)."""
    options, main, load = GAMES[game]
    status, out, stdin = play(main, options(["--plain", "--players", players, "--seed", seed,
                                             "--data-dir", str(tmp_path)]), always("1"))
    assert status == 0
    only_words(out)
    record = load(tmp_path / "last-game.json")
    assert record.over
    return out, stdin, record


def test_a_whole_night_shift_answering_1_ends_the_game(tmp_path):
    from core.clear_ward.narration import describe

    out, stdin, record = _finished("clear-ward", tmp_path, "Ann", "7")
    assert "The game is over: all patients have been treated or removed." in out
    assert out.count("The game is over: ") == 1, "said once (the last action's sentence), not again"
    assert "The ward is clear: you win the Night Shift!" in out or "The Night Shift is lost" in out
    decisions = _decisions(stdin)
    assert len(decisions) == len(record.actions), "one prompt a decision, one decision an action"
    for match, state in zip(decisions, record.states):
        assert match["who"] == "Ann"
        assert match["head"].startswith(f"Turn {state.turn + 1}. Ann: ")
        assert int(match["n"] or match["one"]) == len(match["items"].splitlines())
    assert said_in_order(out, _narrations(record, describe)) == len(record.actions)


def test_two_players_against_a_computer_every_computer_action_is_announced(tmp_path):
    from core.clear_ward.narration import describe

    out, stdin, record = _finished("clear-ward", tmp_path, "Ann,cpu:greedy", "3")
    computer = _narrations(record, describe, human=False)
    assert len(computer) > 10
    assert said_in_order(out, computer) == len(computer)
    assert said_in_order(out, _narrations(record, describe)) == len(record.actions)
    assert all(m["who"] == "Ann" for m in _decisions(stdin)), "the computer is never asked"
    assert re.search(r"^Top Doc: (Ann|CPU \(medium\)) wins \(|^Shared victory: .* are both Top Doc\.$", out, re.M)
    assert re.search(r"^CPU \(medium\): \d+ stars: \d+ from patients", out, re.M)


def test_a_whole_clinic_solitaire_answering_1(tmp_path):
    from core.clinic.game.narration import describe

    out, stdin, record = _finished("clinic", tmp_path, "Ann", "7")
    assert len(_decisions(stdin)) == len(record.actions)
    assert said_in_order(out, _narrations(record, describe)) == len(record.actions)
    assert "Business, round 6:" in out
    assert "Solitaire goal: treat 4 red patients" in out
    assert re.search(r"^Ann: \d+ popularity$", out, re.M)


def test_clinic_against_a_computer_announces_its_actions_and_passes_the_keyboard_between_people(tmp_path):
    from core.clinic.game.narration import describe

    options = clinic_options(["--plain", "--players", "Ann,Bob,cpu:basic", "--seed", "5",
                              "--data-dir", str(tmp_path)])
    status, out, stdin = play(clinic_main, options, always("1", limit=120))
    assert status == 0
    only_words(out)
    record = saving.load_record(tmp_path / "autosave.json")
    computer = _narrations(record, describe, human=False)
    assert computer and said_in_order(out, computer) == len(computer)
    # Each secret selection by a second person starts with the keyboard passed.
    passes = [said for prompt, said in stdin.asked if prompt.startswith("Press Enter")]
    assert passes and all(re.search(r"Pass to (Ann|Bob), and press Enter", said) for said in passes)
    after_pass = [stdin.asked[i + 1][1] for i, (prompt, _) in enumerate(stdin.asked) if prompt.startswith("Press Enter")]
    assert all("select an action tile, face down" in said for said in after_pass)
