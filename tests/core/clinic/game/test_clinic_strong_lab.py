"""The strong player's last round (issue 30): a lab for a spare doctor, and alone,
admissions before the builds that would take their action.

Rulebook, Phase 3: Admin: "Each doctor in a lab levels up twice, giving you 1
popularity"; "Each other doctor ... levels down"; End of the Game: each doctor scores
by colour (decisions: white 1, yellow 2, orange 3, red 4). Round 6 has its Admin
(rulings 0.1), so a doctor who stands idle in the last round is worth more in a lab.
"""

from __future__ import annotations

import pytest
from attrs import evolve

import core.clinic.game.bot_strong as bot_strong
from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.game import apply_action, is_over, new_game
from core.clinic.game import constants as K
from core.clinic.game.actions import AdmitPatient, BuyPopularity, Construct
from core.clinic.game.bot_lab import care_rooms, lab_points, spare_doctors
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.state import Phase, set_player


def _plan_game(seed: int, until=None):
    """A solitaire game of ``seed`` played by the strong plan (no trying out, which
    keeps the test quick); the states, and the actions of round 6."""
    state = new_game(["Solo"], seed)
    plan = StrongBot(seed, look_ahead=False)
    last = []
    while not is_over(state):
        if until is not None and until(state):
            return state, last
        action = plan.choose(state)
        if state.round == K.ROUNDS:
            last.append(action)
        state = apply_action(state, action)
    return state, last


def _is_lab_build(action) -> bool:
    return isinstance(action, Construct) and getattr(action.build, "module", None) is not None \
        and action.build.module.kind is ModuleKind.LAB


#: Solitaire seeds with a lab on offer where the plan has a spare doctor (or a hire
#: for one) in the last round, found by playing the plan.
LAB_SEEDS = (17, 24, 30)


@pytest.mark.parametrize("colour", list(Colour))
def test_lab_points_are_what_the_last_admin_and_the_end_give(colour):
    """``lab_points`` equals what the engine gives for a doctor of ``colour`` in the
    lab rather than in a service hub through the last Admin and the end-game count."""
    seed = LAB_SEEDS[-1]
    before_end, _ = _plan_game(seed, until=lambda s: s.round == K.ROUNDS and s.phase is Phase.BUY_POPULARITY)
    p = before_end.players[0]
    board = p.clinic.board
    (lab,) = board.modules_of_kind(ModuleKind.LAB)
    hub = board.modules_of_kind(ModuleKind.SERVICE_HUB)[0]
    doctor = next(d for d in p.clinic.of_role(Role.DOCTOR) if d.where == lab)

    def final(where) -> int:
        people = tuple(evolve(q, colour=colour, where=where) if q.id == doctor.id else q for q in p.clinic.people)
        q = evolve(p, clinic=evolve(p.clinic, people=people))
        state = evolve(before_end, players=set_player(before_end, 0, q))
        state = apply_action(state, BuyPopularity(0))
        while not is_over(state):  # cars owed: any choice
            state = apply_action(state, state.legal[0])
        return state.players[0].final

    assert final(lab) - final(hub) == lab_points(colour)


@pytest.mark.parametrize("seed", LAB_SEEDS)
def test_last_round_builds_a_lab_for_a_spare_doctor(seed, monkeypatch):
    """With a lab on offer and a doctor with no place to treat (or one to hire), the
    plan builds the lab in round 6, a doctor ends the game trained in it, and the final
    popularity is higher than the same plan's without the lab's value."""
    end, last = _plan_game(seed)
    assert any(_is_lab_build(a) for a in last), seed
    board = end.players[0].clinic.board
    (lab,) = board.modules_of_kind(ModuleKind.LAB)
    assert any(d.where == lab for d in end.players[0].clinic.of_role(Role.DOCTOR))
    monkeypatch.setattr(bot_strong, "last_round_lab_value", lambda *a: 0.0)
    without, last_without = _plan_game(seed)
    assert not any(_is_lab_build(a) for a in last_without)
    assert end.players[0].final > without.players[0].final, seed


def test_no_lab_value_without_a_doctor_to_stand_in_it():
    """A lab scores nothing by itself: with every doctor needed in the rooms and no
    Hire action left this round, the lab is worth nothing to the last round."""
    seed = LAB_SEEDS[0]
    state, _ = _plan_game(seed, until=lambda s: s.round == K.ROUNDS and s.phase is Phase.BUILD)
    p = state.players[0]
    labs = [a for a in state.legal if _is_lab_build(a)]
    assert any(bot_strong.last_round_lab_value(state, p, a) > 0 for a in labs)
    q = evolve(p, tiles=tuple(t for t in p.tiles if t.name != "HIRE"))
    clinic = q.clinic
    doctors = clinic.of_role(Role.DOCTOR)
    places = sum(min(r.doctors, r.patients) for r in care_rooms(clinic.board))
    keep = {d.id for d in doctors[:places]}
    q = evolve(q, clinic=evolve(clinic, people=tuple(x for x in clinic.people
                                                      if x.role is not Role.DOCTOR or x.id in keep)))
    assert not spare_doctors(q.clinic)
    assert all(bot_strong.last_round_lab_value(state, q, a) == 0 for a in labs)


@pytest.mark.parametrize("seed", (26, 30))
def test_alone_the_last_round_admits_before_building(seed, monkeypatch):
    """Rulebook, Gain Popularity: "You can only use this round's income to buy
    popularity". Alone, in round 6 the plan selects Admit Patients while the places
    need it, rather than spending the round's actions on builds (which scored a
    treatment room and lost the round's income): it admits, and ends higher."""
    end, last = _plan_game(seed)
    assert any(isinstance(a, AdmitPatient) for a in last)
    monkeypatch.setattr(StrongBot, "last_round_admits_first", False)
    monkeypatch.setattr(bot_strong, "last_round_lab_value", lambda *a: 0.0)
    without, last_without = _plan_game(seed)
    assert not any(isinstance(a, AdmitPatient) for a in last_without)
    assert end.players[0].final > without.players[0].final


def test_last_round_same_state_same_choice():
    """Deterministic: the same round-6 state and seed give the same action (no clock,
    no hidden state), here at the selection where the lab is built."""
    seed = LAB_SEEDS[-1]
    state, _ = _plan_game(seed, until=lambda s: s.round == K.ROUNDS and s.phase is Phase.SELECT)
    choices = {StrongBot(seed).choose(state) for _ in range(2)}
    assert len(choices) == 1


def test_playouts_from_rounds_1_to_5_play_the_last_round_as_before(monkeypatch):
    """``bot_search.rollout``: a playout that starts in round 6 plays the lab and the
    admissions-first rule; one that starts earlier plays round 6 as the player before
    them (``StrongBot.last_round_plan`` false), so the measured rounds 1-5 keep their
    choices. Seed 30: the plan's lab game ends higher than the plan's game without."""
    from core.clinic.game.bot_search import rollout

    seed = LAB_SEEDS[-1]
    for round_, differs in ((5, False), (K.ROUNDS, True)):
        state, _ = _plan_game(seed, until=lambda s: s.round == round_ and s.phase is Phase.SELECT)
        action = StrongBot(seed, look_ahead=False, last_round_plan=round_ == K.ROUNDS).choose(state)
        finals = {}
        for flag in (True, False):
            monkeypatch.setattr(StrongBot, "last_round_plan", flag)
            finals[flag] = rollout(state, action, 0)
        assert (finals[True] > finals[False]) is differs, (round_, finals)
        assert finals[True] >= finals[False]
