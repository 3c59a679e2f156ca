"""Core's words for actions not yet taken (``option_text``) and for the decision
(``decision_text``), which the plain text mode reads out: each legal action has words
of its own, they agree with what the action then does (``describe``), and they never
tell hidden information (rulebook, Clear the Ward: 4- and 5-star patients are dealt
"face down"; Clinic, Select Action: each player "places it face down")."""

from __future__ import annotations

import random
import re

import pytest
from attrs import evolve

from core.clear_ward import Move, UseStaff, apply_action, is_over, legal_actions, new_game
from core.clear_ward.narration import decision_text, describe, option_text
from core.clear_ward.state import Phase, WardCard
from core.clinic.game import apply_action as clinic_apply
from core.clinic.game import is_over as clinic_over
from core.clinic.game import legal_actions as clinic_legal
from core.clinic.game import Phase as ClinicPhase
from core.clinic.game import new_game as clinic_new
from core.clinic.game.narration import decision_text as clinic_decision
from core.clinic.game.narration import describe as clinic_describe
from core.clinic.game.narration import option_text as clinic_option


def _clear_ward_states(seeds=range(12)):
    for seed in seeds:
        state = new_game(["Ann", "Bob", "Cy", "Di"][: 1 + seed % 4], seed)
        rng = random.Random(seed)
        while not is_over(state):
            yield state
            state = apply_action(state, rng.choice(legal_actions(state)))


def _clinic_states(seeds=range(6)):
    for seed in seeds:
        state = clinic_new(["Ann", "Bob", "Cy"][: 1 + seed % 3], seed, expert=seed % 2 == 1)
        rng = random.Random(seed)
        while not clinic_over(state):
            yield state
            state = clinic_apply(state, rng.choice(clinic_legal(state)))


def test_every_legal_action_has_words_of_its_own():
    """A number or typed words must pick one action: no two offers may read alike."""
    for state in _clear_ward_states():
        texts = [option_text(state, a) for a in legal_actions(state)]
        assert len(set(texts)) == len(texts), texts
    for state in _clinic_states():
        texts = [clinic_option(state, a) for a in clinic_legal(state)]
        assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1]


def test_a_move_says_the_stars_it_will_treat_as_the_move_then_does():
    checked = 0
    for state in _clear_ward_states(range(6)):
        for action in legal_actions(state):
            if not isinstance(action, (Move, UseStaff)):
                continue
            offered = re.search(r"\+(\d+) stars?", option_text(state, action))
            done = re.search(r"\+(\d+) stars?", describe(state, action, apply_action(state, action)))
            if isinstance(action, Move) or offered:
                assert (offered and offered[1]) == (done and done[1]), (option_text(state, action), action)
                checked += 1
    assert checked > 100


def test_clear_ward_words_never_name_a_face_down_patient():
    """Two deals that differ only in which patients lie face down read the same."""
    state = new_game(["Ann", "Bob"], 5)
    down = [c for c, card in enumerate(state.ward) if card is not None and not card.face_up]
    ward = list(state.ward)
    first, second = ward[down[0]], ward[down[1]]
    ward[down[0]], ward[down[1]] = WardCard(second.patient, False), WardCard(first.patient, False)
    other = evolve(state, ward=tuple(ward))
    assert [option_text(state, a) for a in legal_actions(state)] == [option_text(other, a) for a in legal_actions(other)]
    assert decision_text(state) == decision_text(other)
    assert str(first.patient) not in " ".join(option_text(state, a) for a in legal_actions(state))


def test_the_junior_doctor_shows_its_looker_what_they_looked_at():
    state = next(s for s in _clear_ward_states(range(40)) if s.phase is Phase.JUNIOR_DOCTOR)
    texts = [option_text(state, a) for a in legal_actions(state)]
    for cell, text in zip(state.looked_at, texts):
        assert str(state.ward[cell].patient) in text
    assert texts[-1] == "turn no patient face up"


@pytest.mark.parametrize("seat_count", [2, 3])
def test_clinic_words_never_tell_a_draw_or_another_players_face_down_tile(seat_count):
    """Another seed (other future draws) and another tile chosen face down by the
    players before: the same words."""
    state = clinic_new(["Ann", "Bob", "Cy"][:seat_count], 3)
    while state.phase is not ClinicPhase.SELECT:
        state = clinic_apply(state, clinic_legal(state)[0])
    first = clinic_apply(state, clinic_legal(state)[0])
    other = clinic_apply(state, clinic_legal(state)[-1])
    assert first.current == other.current
    texts = [clinic_option(first, a) for a in clinic_legal(first)]
    assert texts == [clinic_option(other, a) for a in clinic_legal(other)]
    assert clinic_decision(first) == clinic_decision(other)
    reseeded = evolve(first, seed=first.seed + 1)
    assert [clinic_option(reseeded, a) for a in clinic_legal(reseeded)] == texts


def test_clinic_end_of_move_says_the_time_the_move_then_records():
    checked = 0
    for state in _clinic_states(range(4)):
        for action in clinic_legal(state):
            if type(action).__name__ == "EndMove":
                offered = re.search(r"time spent \+(\d+)", clinic_option(state, action))[1]
                done = re.search(r"time spent \+(\d+)", clinic_describe(state, action, clinic_apply(state, action)))[1]
                assert offered == done
                checked += 1
    assert checked >= 10


def test_decisions_name_what_is_decided():
    assert decision_text(new_game(["Ann"], 1)) == "move the Doctor"
    state = clinic_new(["Ann"], 1)
    assert clinic_decision(state) == "park your starting car"


def test_buying_no_popularity_is_said_in_words():
    state = clinic_new(["Ann"], 1)
    ann = evolve(state.players[0], income=6, money=6)
    state = evolve(state, players=(ann,), phase=ClinicPhase.BUY_POPULARITY, queue=(0,))
    assert [clinic_option(state, a) for a in clinic_legal(state)][1:] == ["buy 1 popularity for $3",
                                                                         "buy 2 popularity for $6"]
    none = next(a for a in clinic_legal(state) if a.amount == 0)
    assert clinic_option(state, none) == "buy no popularity"
    who = state.players[state.current].name
    assert clinic_describe(state, none, clinic_apply(state, none)).startswith(f"{who} buys no popularity")
