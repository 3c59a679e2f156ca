"""Clear the Ward's computer players, event log and replays, tested by what they must do:
a bot only ever chooses a legal action and the greedy one the best gain listed; every
kind of action has a log sentence naming who did what; a replay keeps every option.
"""

from __future__ import annotations

import random

import pytest

from core import saves
from core.clear_ward import (
    DeclineStaff,
    Direction,
    DrawStaff,
    EndTurn,
    JuniorDoctorFlip,
    Move,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    legal_actions,
    new_game,
)
from core.clear_ward.actions import KeepStaff
from core.clear_ward.bots import BOTS, GreedyBot, RandomBot, make_bot
from core.clear_ward.strong import StrongBot
from core.clear_ward.game_record import RULES, progress
from core.clear_ward.narration import describe
from core.clear_ward.state import Phase
from core.record import GameRecord
from core.saves import Seat
from tests.core.clear_ward.helpers import CAR, RES, P, c, ward

RIGHT = Direction.RIGHT
S = StaffCard
NAMES = ["Ann", "Bob", "Cy"]
NOBODY = [None] * 7


def said(state, action) -> str:
    return describe(state, action, apply_action(state, action))


# --- Computer players -------------------------------------------------------------------
@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_only_ever_choose_a_legal_action(level, players):
    """Every action a bot chooses is one of ``legal_actions``, whole games long, for
    every table size (so a bot can never break a rule).  The strong player looks at 2
    deals a decision instead of its 12: the same search, chosen from the same list, and
    a whole game in a second instead of seven (``test_bots.py`` plays it as shipped)."""
    for seed in range(2):
        state = new_game([f"P{i}" for i in range(players)], seed)
        bot = StrongBot(seed, samples=2) if level == "strong" else make_bot(level, seed)
        while state.phase is not Phase.OVER:
            action = bot.choose(state)
            assert action in legal_actions(state)
            state = apply_action(state, action)


def test_make_bot_names_the_levels_and_refuses_another():
    assert isinstance(make_bot("random"), RandomBot) and isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot("greedy").level == "greedy" and make_bot("random").level == "random"
    with pytest.raises(ValueError, match="unknown computer level 'expert'; choose from random, greedy"):
        make_bot("expert")


def test_random_bots_with_the_same_seed_choose_the_same():
    state = new_game(NAMES, 5)
    assert [RandomBot(3).choose(state) for _ in range(2)] == [RandomBot(3).choose(state)] * 2


def test_greedy_bot_takes_the_move_that_treats_the_most_stars():
    """Right 1 treats Car1 (+1); down 1 treats Res3 (+3): the greedy bot moves down."""
    state = from_layout(ward("@ Car1", "Res3"), 2)
    for seed in range(5):
        assert GreedyBot(seed).choose(state) == Move(Direction.DOWN, 1)


def test_greedy_bot_counts_what_its_rivals_lose():
    """Its gain is its own stars minus every rival's: taking Bob's Res2 with the Locum
    (+2 for it, -2 for Bob) beats treating a Car2 from the ward (+2)."""
    state = from_layout(
        ward("@ Car2"), NAMES, hands=[[S.LOCUM]], log_books=[[], [P(RES, 2)], []],
        victory=[None, 1, None, None, None, None, None],
    )
    for seed in range(5):
        assert GreedyBot(seed).choose(state) == UseStaff(S.LOCUM, patient=P(RES, 2))


# --- The event log: one sentence per action, naming who did what -------------------------
def test_log_sentences_for_moves():
    state = from_layout(ward("@ Car2 Res1 ?Neu4"), NAMES)
    assert said(state, Move(RIGHT, 2)) == (
        "Ann moves the Doctor right 2, treats 1 Respiratory patient: +1 star; "
        "Ann takes the Respiratory victory card."
    )
    state = from_layout(ward("Car1 @ . Res2 Car3"), NAMES, hands=[[S.PORTER]])
    state = apply_action(state, UseStaff(S.PORTER))
    assert said(state, Move(RIGHT, 1)) == "Ann moves the Doctor right 1 to C1, an empty space."
    state = from_layout(ward("@ ?Res5 Car1"), NAMES)
    assert said(state, Move(RIGHT, 1)) == (
        "Ann moves the Doctor right 1 and turns over Respiratory 5★ on B1 (under observation)."
    )


def test_log_sentence_for_landing_on_a_patient_under_observation():
    state = from_layout(ward("@ ?Res5 Car1", "Gas1"), NAMES, hands=[[S.JUNIOR_DOCTOR]])
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)))
    state = apply_action(state, JuniorDoctorFlip(c("B1")))
    assert said(state, Move(RIGHT, 1)) == (
        "Ann moves the Doctor right 1 to Respiratory 5★, under observation: nobody is treated."
    )


def test_log_sentences_for_staff_decisions():
    state = from_layout(ward("@ ?Res5 Car1"), NAMES, staff_deck=[S.LOCUM, S.NURSE])
    state = apply_action(state, Move(RIGHT, 1))
    assert said(state, DrawStaff()) == "Ann draws 2 staff cards."
    assert said(state, DeclineStaff()) == "Ann draws no staff cards."
    drawn = apply_action(state, DrawStaff())
    keep = legal_actions(drawn)[0]
    assert isinstance(keep, KeepStaff)
    # Which card was kept is hidden from the others: the sentence does not say.
    assert said(drawn, keep) == "Ann keeps a staff card and returns the rest to the deck."


def test_log_sentence_for_ending_the_turn():
    state = from_layout(ward("@ Car1 Res1"), NAMES, hands=[[S.PHARMACIST]])
    state = apply_action(state, Move(RIGHT, 1))
    assert said(state, EndTurn()) == "Ann ends the turn."


@pytest.mark.parametrize(
    "layout, hands, books, victory, action, sentence",
    [
        ("@ Car2 Res1 Gas1", [[S.PHARMACIST]], [], NOBODY,
         UseStaff(S.PHARMACIST, (c("C1"), c("D1"))),
         "Ann uses the Pharmacist and treats Respiratory 1★, Gastroenterology 1★: +2 stars; "
         "Ann takes the Respiratory victory card; Ann takes the Gastroenterology victory card."),
        ("@ Car2 Res1", [[S.CONSULTANT_OPINION]], [], NOBODY,
         UseStaff(S.CONSULTANT_OPINION, (c("C1"),)),
         "Ann uses the Consultant Opinion: Respiratory 1★ leaves the game."),
        ("@ Res2", [[S.WARD_ROUND]], [[], [P(CAR, 1)], [P(RES, 3)]], [1, 2, None, None, None, None, None],
         UseStaff(S.WARD_ROUND),
         "Ann uses the Ward Round and receives Cardiology 1★, Respiratory 3★; "
         "Ann takes the Cardiology victory card from Bob; Ann takes the Respiratory victory card from Cy."),
        ("@ Res2", [[S.LOCUM]], [[], [P(CAR, 1)], [P(RES, 3)]], [1, 2, None, None, None, None, None],
         UseStaff(S.LOCUM, patient=P(RES, 3)),
         "Ann uses the Locum and receives Respiratory 3★; Ann takes the Respiratory victory card from Cy."),
        ("@ Res2", [[S.PORTER]], [], NOBODY, UseStaff(S.PORTER),
         "Ann uses the Porter: this turn the Doctor may reverse and stop on empty spaces."),
        ("@ ?Car5 ?Res4 Gas1", [[S.JUNIOR_DOCTOR]], [], NOBODY,
         UseStaff(S.JUNIOR_DOCTOR, (c("B1"), c("C1"))),
         "Ann uses the Junior Doctor to look at B1 and C1."),
    ],
    ids=["pharmacist", "consultant", "ward round", "locum", "porter", "junior doctor"],
)
def test_log_sentence_for_each_staff_card(layout, hands, books, victory, action, sentence):
    state = from_layout(ward(layout), NAMES, hands=hands, log_books=books, victory=victory)
    assert said(state, action) == sentence


def test_log_sentences_for_the_nurse_and_the_registrar_after_the_move():
    state = from_layout(ward("@ Car2 Res1 Gas1"), NAMES, hands=[[S.NURSE]])
    state = apply_action(state, Move(RIGHT, 2))
    assert said(state, UseStaff(S.NURSE, (c("B1"),))) == (
        "Ann uses the Nurse and treats 1 Cardiology patient: +2 stars; "
        "Ann takes the Cardiology victory card."
    )
    state = from_layout(ward("@ Car1 . Res2 Gas1"), NAMES, hands=[[S.REGISTRAR]])
    state = apply_action(state, Move(RIGHT, 1))
    assert said(state, UseStaff(S.REGISTRAR)) == "Ann uses the Registrar: the Doctor moves again."


def test_log_sentences_for_the_junior_doctors_choice():
    state = from_layout(ward("@ Car1 ?Res5 ?Gas4 Neu1"), NAMES, hands=[[S.JUNIOR_DOCTOR]])
    state = apply_action(state, UseStaff(S.JUNIOR_DOCTOR, (c("C1"), c("D1"))))
    assert said(state, JuniorDoctorFlip(c("D1"))) == (
        "Ann turns over Gastroenterology 4★ on D1 (under observation)."
    )
    assert said(state, JuniorDoctorFlip(None)) == "Ann turns no patient face up."


def test_log_sentence_when_a_holder_loses_a_victory_card_to_a_tie():
    """Decision "Speciality Victory Cards": on a tie the current holder keeps the card;
    if the holder falls behind a tie of others, nobody holds it (house rule)."""
    books = [[P(CAR, 1)], [P(CAR, 2), P(CAR, 3)], [P(CAR, 4), P(CAR, 5)]]
    state = from_layout(ward("@ Res2"), NAMES, hands=[[S.LOCUM]], log_books=books,
                        victory=[1, None, None, None, None, None, None])
    after = apply_action(state, UseStaff(S.LOCUM, patient=P(CAR, 2)))
    assert after.victory[0] is None
    assert describe(state, UseStaff(S.LOCUM, patient=P(CAR, 2)), after) == (
        "Ann uses the Locum and receives Cardiology 2★; Bob loses the Cardiology victory card."
    )


def test_log_sentence_names_the_player_whose_turn_it_is():
    state = from_layout(ward("@ Car1 Res1 Gas1"), NAMES, current=2)
    assert said(state, Move(RIGHT, 1)).startswith("Cy moves the Doctor right 1")


def test_log_sentence_for_the_end_of_the_game_by_a_clear_ward():
    state = from_layout(ward("@ Car1"), NAMES)
    assert said(state, Move(RIGHT, 1)) == (
        "Ann moves the Doctor right 1, treats 1 Cardiology patient: +1 star; "
        "Ann takes the Cardiology victory card. "
        "The game is over: all patients have been treated or removed."
    )


def test_every_action_of_random_games_gets_a_sentence_naming_the_actor():
    rng = random.Random(4)
    for players in (1, 2, 3, 4):
        names = [f"Doc{i}" for i in range(players)]
        state = new_game(names, players)
        while state.phase is not Phase.OVER:
            action = rng.choice(legal_actions(state))
            after = apply_action(state, action)
            text = describe(state, action, after)
            assert text.startswith(names[state.current]) or text.startswith("Night Shift forced move: ")
            assert text.endswith(".") and "XX" not in text
            state = after


# --- Replays keep every option -----------------------------------------------------------
@pytest.mark.parametrize("start", [0, 1, 2, None])
def test_a_saved_game_replays_with_its_starting_player_and_seats(start):
    """A save's options hold the starting player (decision "Starting player: chosen in
    the setup screen; default: by the seed"); loading it deals the same game with the
    same first player, seats and computer levels."""
    seats = [Seat("Ann"), Seat("Bot", "greedy"), Seat("Cy", "random")]
    record = GameRecord.new(RULES, 41, seats, {"starting_player": start})
    first = record.state
    if start is not None:
        assert first.current == start
    assert first == new_game(["Ann", "Bot", "Cy"], 41, start)
    rng = random.Random(2)
    for _ in range(12):
        record = record.play(rng.choice(legal_actions(record.state)))
    loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), RULES)
    assert loaded.options == {"starting_player": start}
    assert loaded.seats == tuple(seats) or list(loaded.seats) == seats
    assert loaded.states[0] == first and loaded.state == record.state


def test_progress_says_the_turn_and_the_patients_left():
    state = from_layout(ward("@ Car1 Res1"), NAMES)
    assert progress(state) == "turn 1, 2 patients left"
    state = apply_action(state, Move(RIGHT, 1))
    assert progress(state) == "turn 2, 1 patient left"
    assert progress(apply_action(state, Move(RIGHT, 1))) == "game over"
