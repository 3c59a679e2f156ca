"""The Business report (``business_report``), word for word, at two Business phases: the
lines the TUI's Business dialog, the plain text mode and the log show.  Rulebook,
Business: each cured patient earns its room's income; then wages and upkeep are paid
from income and savings; income left over (at least $3) may buy popularity.

Checked by hand when pasted: each player's savings line is savings + income - wages -
upkeep (Bob in round 3: $9 + $18 - $6 - $2 = $19, $10 of the round's income left; Ann:
$11 + $10 - $7 - $1 = $13, $2 left, too little for a popularity at $3, so no remark);
nobody can pay below $0 (round 1: Bob $5 - $9 -> $0); each cure is the colour's income
(white $4, yellow $6, orange $8) + $2 per garden beside the treatment room (B2 has two,
B3 one)."""

from __future__ import annotations

import random

from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.bots import BasicBot
from core.clinic.game.business_report import business_report, business_sentences
from core.clinic.game.narration import in_move


def _first_business(state, choose, limit):
    """(before, after) of the first action that ends a Move phase."""
    for _ in range(limit):
        after = apply_action(state, choose(state))
        if in_move(state) and not in_move(after):
            return state, after
        state = after
    raise AssertionError("no Business phase reached")


def test_the_report_of_a_round_where_nobody_is_treated():
    rng = random.Random(2)
    before, after = _first_business(new_game(["Ann", "Bob", "Cat"], 2), lambda s: rng.choice(legal_actions(s)), 80)
    assert business_report(before, after) == (
        "Business, round 1",
        "Cat\n"
        "  nobody treated\n"
        "  income $0 · wages -$2 · upkeep -$4\n"
        "  popularity 0 -> 0\n"
        "  savings $9 -> $3\n"
        "Bob\n"
        "  nobody treated\n"
        "  income $0 · wages -$2 · upkeep -$7\n"
        "  popularity 0 -> 0\n"
        "  savings $5 -> $0\n"
        "Ann\n"
        "  nobody treated\n"
        "  income $0 · wages -$10 · upkeep -$0\n"
        "  popularity 0 -> 0\n"
        "  savings $6 -> $0",
    )


def test_the_report_names_each_cure_its_doctor_and_nurses_and_what_may_buy_popularity():
    state = new_game(["Ann", "Bob"], 1)
    bot = BasicBot()
    for _ in range(2):  # the third Business phase of two basic players
        state = _first_business(state, bot.choose, 60)[1]
    before, after = _first_business(state, bot.choose, 60)
    assert business_report(before, after) == (
        "Business, round 3",
        "Bob\n"
        "  cured white psychiatry patient in the treatment room at floor 0 B2 (doctor 1): +$8,"
        " of which $4 garden bonus (2 gardens beside the room)\n"
        "  cured yellow psychiatry patient in the treatment room at floor 0 B2 (doctor 2 + 1 nurse): +$10,"
        " of which $4 garden bonus (2 gardens beside the room)\n"
        "  income $18 · wages -$6 · upkeep -$2\n"
        "  popularity 2 -> 2\n"
        "  $10 of this round's income may buy popularity ($3 each) · savings $9 -> $19 less what it buys\n"
        "Ann\n"
        "  cured orange psychiatry patient in the treatment room at floor 0 B3 (doctor 1 + 2 nurses): +$10,"
        " of which $2 garden bonus (1 garden beside the room)\n"
        "  income $10 · wages -$7 · upkeep -$1\n"
        "  popularity 3 -> 3\n"
        "  savings $11 -> $13",
    )
    assert business_sentences(before, after) == [
        "Business: Bob treats 2 patients, popularity 2->2, savings $9->$19",
        "Business: Ann treats 1 patient, popularity 3->3, savings $11->$13",
    ]
