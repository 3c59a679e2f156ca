"""The plain text mode's words: glyphs said in words, typed words matched against the
actions offered, the rules' Markdown as plain lines."""

from __future__ import annotations

from tui_common.plain.text import counted, match, plain_markdown, sections, spoken


def test_glyphs_are_said_in_words():
    assert spoken("Cardiology 3★ · Neurology 1★") == "Cardiology 3 stars; Neurology 1 star"
    assert spoken("popularity 2->4, savings $5->$3") == "popularity 2 to 4, savings $5 to $3"
    assert spoken("University: ·") == "University: empty"
    assert spoken("goal — met") == "goal - met"


def test_nothing_a_terminal_acts_on_gets_through_but_names_do():
    assert spoken("\x1b[31mred\x1b[0m\x07") == " [31mred [0m"
    assert spoken("Zoë and Łukasz ┌──┐ ▶") == "Zoë and Łukasz"


def test_a_number_or_exact_words_pick_one_action():
    offers = [["move right 1 to C4, a face-down patient"], ["move right 2 to D4, treats 3 Cardiology"],
              ["move left 1 to A4, treats 3 Orthopaedics"]]
    assert match("move right 2", offers) == [1]
    assert match("right 2", offers) == [1]
    assert match("mo ri", offers) == [0, 1]
    assert match("move right", offers) == [0, 1]
    assert match("move 1", offers) == [0, 2]
    assert match("treats orthopaedics", offers) == [2]
    assert match("move up", offers) == []
    assert match("the", offers) == []


def test_the_words_of_a_clinic_hire_with_filler_words_left_out():
    offers = [["hire the white doctor on university space 1 for $4, arriving at the entrance west of A2"],
              ["hire the yellow doctor on university space 2 for $3, arriving at the entrance west of A2"],
              ["hire a nurse for $1, arriving at the entrance west of A2"]]
    assert match("hire yellow doctor", offers) == [1]
    assert match("hire a nurse", offers) == [2]
    assert match("hire doctor", offers) == [0, 1]


def test_words_in_another_order_are_tried_last():
    offers = [["build a treatment room at floor 1 B2 ($2)"], ["build a treatment room at floor 0 B2 ($2)"],
              ["build a garden at floor 1 B2 ($1)"]]
    assert match("build treatment room at B2 floor 1", offers) == [0]
    assert match("treatment room floor 0", offers) == [1]
    assert match("garden b2", offers) == [2]


def test_an_exact_name_wins_over_longer_ones():
    offers = [["done building"], ["done building twice"]]
    assert match("done building", offers) == [0]


def test_rules_markdown_reads_as_sentences():
    text = "# Title\n\nIntro **bold** `code`.\n\n## Setup\n1. Deal the cards\n   row by row.\n2. Shuffle.\n\n" \
           "| a | b |\n|---|---|\n| 1 | 2 |\n"
    assert plain_markdown(text) == "Title\nIntro bold code.\nSetup\n1. Deal the cards row by row.\n2. Shuffle.\na; b\n1; 2"
    assert sections(text) == [("Title", "Intro bold code."),
                              ("Setup", "1. Deal the cards row by row.\n2. Shuffle.\na; b\n1; 2")]


def test_counted_words_agree_with_their_number():
    assert [counted(n, "patient") for n in (0, 1, 2)] == ["0 patients", "1 patient", "2 patients"]
    assert counted(2, "orderly", "orderlies") == "2 orderlies"
