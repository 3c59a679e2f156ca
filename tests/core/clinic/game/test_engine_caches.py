"""The engine's speed-ups (issue 13) give what the plain rules give, along random games.

``build_options`` decides affordability and the shared supply once per kind of build
and keeps its ``Construct``s per board and per run of builds (``build_phase._offers``);
the path searches of the Move phase are kept per board (``movement._searched``), and
the places each kind of person may go per board layout, shared by boards that differ
only by the cars on their borders (``move_phase._candidates``, ``memo.layout_tables``);
the hires and admissions per tuple of free car spots (``hire._hires``,
``admit._admits``).  A
wrong cache key (a kind that leaves out the floor, a search kept for the wrong start)
(or a layout that leaves out the zombies) would give another menu, time or place than
working each out afresh, which these
tests do at every step of random games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic.build_options import legal_builds
from core.clinic.components import ModuleKind, Role
from core.clinic.construction import BuildModule, build_cost
from core.clinic.fast_evolve import evolve
from core.clinic.game import Construct, apply_action, is_over, legal_actions, new_game
from core.clinic.game import AdmitPatient, HireDoctor, HireNurse, HireOrderly
from core.clinic.game.admit import admit_options
from core.clinic.game.build_phase import build_options
from core.clinic.game.hire import arrival_points, doctor_cost, hire_options, nurse_cost
from core.clinic.game import constants as GK
from core.clinic.constants import PRE_ADMISSIONS_PER_SERVICE
from core.clinic.parking import free_parking_spots
from core.clinic.game.state import GameState, Phase, set_player
from core.clinic.game.supplies import shortage, supplies_left
from core.clinic.game.move_phase import _candidates, capacity, may_end_at
from core.clinic.movement import _search, _searched, reachable
from core.clinic.expansions.emergency.access import ed_state

MINIS = ("blood", "extinguishers", "workaholics", "zombies")


def plain_build_options(state: GameState) -> list[Construct]:
    """The Build menu worked out build by build, with no cache (test-side): legal,
    its tile available, the shared supply enough, affordable."""
    p = state.players[state.current]
    services = tuple(st.module.service for st in state.hub_stacks if st.available)
    specials = {st.module.kind for st in state.special_stacks if st.available}
    out = []
    for b in legal_builds(p.clinic.board, services):
        if isinstance(b, BuildModule):
            kind = b.module.kind
            if kind.is_special and kind not in specials:
                continue
            if kind is ModuleKind.SUPPLY_ROOM and state.supply_rooms <= 0:
                continue
        if shortage(state, b, supplies_left(state)):
            continue
        if build_cost(b) <= p.money:
            out.append(Construct(b))
    return out


def random_states(seed: int, options: tuple[str, ...]):
    """Every state of one random 2-4 player game."""
    rng = random.Random(seed)
    state = new_game(rng.choice((2, 3, 4)), seed, options=options)
    while not is_over(state):
        yield state
        state = apply_action(state, rng.choice(legal_actions(state)))


def with_money(state: GameState, money: int) -> GameState:
    p = state.players[state.current]
    return evolve(state, players=set_player(state, state.current, evolve(p, money=money)))


@settings(max_examples=8)
@given(st.integers(0, 10**6), st.sampled_from([(), MINIS]))
def test_the_build_menu_is_the_plain_rules_menu(seed, options):
    """At every Build step, and with the current player's savings set to amounts on
    either side of the costs by floor, and with no supply rooms left."""
    for state in random_states(seed, options):
        if state.phase is not Phase.BUILD:
            continue
        probes = [state, with_money(state, 0), evolve(state, supply_rooms=0)]
        probes += [with_money(state, m) for m in (3, 5, 7, 9, 12, 16, 25, 60)]
        for probe in probes:
            assert build_options(probe) == plain_build_options(probe)


@settings(max_examples=8)
@given(st.integers(0, 10**6), st.sampled_from([(), MINIS]))
def test_kept_path_searches_are_the_fresh_ones(seed, options):
    """At every Move step: the search kept for each person's board, place and kind
    equals a search made afresh (times and the step before each place)."""
    for state in random_states(seed, options):
        if state.phase is not Phase.MOVE:
            continue
        clinic = state.players[state.current].clinic
        for person in clinic.people:
            patient = person.role is Role.PATIENT
            kept = _searched(clinic.board, person.where, patient)
            assert kept == _search(clinic.board, person.where, patient)


def fresh_candidates(clinic, person) -> tuple:
    """``(place, capacity)`` for every place ``person``'s kind may end and can reach,
    by time then place, worked out afresh for this clinic (test-side)."""
    probe = evolve(person, stays=False)
    alone = evolve(clinic, people=(probe,))
    reach = reachable(alone, probe.id)
    return tuple(
        (w, capacity(clinic, person.role, w))
        for w, _ in sorted(reach.items(), key=lambda kv: (kv[1], str(kv[0])))
        if w != person.where and may_end_at(clinic, person, w)
    )


@settings(max_examples=10)
@given(st.integers(0, 10**6))
def test_kept_move_candidates_are_the_fresh_ones(seed):
    """At every Move step, for everyone of the current player's clinic: the places
    kept for that board layout equal the places worked out for this very clinic (a
    zombie moved, a module built, an extinguisher placed: another layout).  With the
    mini-expansions, whose zombies and extinguishers change the ways."""
    for state in random_states(seed, MINIS):
        if state.phase is not Phase.MOVE:
            continue
        clinic = state.players[state.current].clinic
        for person in clinic.people:
            assert _candidates(clinic, person) == fresh_candidates(clinic, person)


@settings(max_examples=6)
@given(st.integers(0, 10**6), st.sampled_from([(), MINIS + ("emergency",)]))
def test_kept_buildings_are_the_fresh_ones(seed, options):
    """Every board of random games (and the 911th's boards): the building numbers kept
    for boards with the same modules (``Board.building_index``) equal those worked out
    for this board."""
    for state in random_states(seed, options):
        for p in state.players:
            boards = [p.clinic.board] + ([ed_state(p).board] if ed_state(p) is not None else [])
            for board in boards:
                assert board.building_index == board._building_index()


def plain_hire_options(state: GameState) -> list:
    """The Hire menu listed afresh (test-side): each doctor of the university one can
    pay, a nurse, an orderly, from each arrival point with each free car spot."""
    p = state.players[state.current]
    spots = free_parking_spots(p.clinic.board)
    out: list = []
    if spots and state.cars_lot > 0:
        arrivals = arrival_points(p.clinic)
        if not state.step.hired_doctor:
            for slot, colour in enumerate(state.university):
                if colour is not None and doctor_cost(state, slot) <= p.money:
                    out += [HireDoctor(slot, a, c) for a in arrivals for c in spots]
        if not state.step.hired_other:
            cost = nurse_cost(state)
            if cost is not None and cost <= p.money:
                out += [HireNurse(a, c) for a in arrivals for c in spots]
            if state.orderlies > 0 and GK.ORDERLY_COST <= p.money:
                out += [HireOrderly(a, c) for a in arrivals for c in spots]
    return out


def plain_admit_options(state: GameState) -> list:
    """The admissions listed afresh (test-side): the rightmost patient of each service
    offered whose pre-admissions have room, with each free car spot."""
    clinic = state.players[state.current].clinic
    if state.cars_lot <= 0:
        return []
    out = []
    for r, row in enumerate(state.notepad):
        service = state.services[r]
        if row[-1] is None or service not in clinic.board.offered_services:
            continue
        if len(clinic.pre_admitted(service)) >= PRE_ADMISSIONS_PER_SERVICE:
            continue
        out += [AdmitPatient(service, c) for c in free_parking_spots(clinic.board)]
    return out


@settings(max_examples=8)
@given(st.integers(0, 10**6), st.sampled_from([(), MINIS]))
def test_the_hire_and_admit_menus_are_the_plain_ones(seed, options):
    """At every Hire step (also with savings of $0, $2 and $30) and every Admit step."""
    for state in random_states(seed, options):
        if state.phase is Phase.HIRE:
            for probe in (state, with_money(state, 0), with_money(state, 2), with_money(state, 30)):
                assert hire_options(probe)[:-1] == plain_hire_options(probe)
        elif state.phase is Phase.ADMIT:
            assert admit_options(state) == plain_admit_options(state)
