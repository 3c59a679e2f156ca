"""Random playouts of the Emergency Department engine alone: six rounds of Emergency
actions, new emergency patients, movement, Business and Admin with random legal
choices; every step legal and the pieces conserved.  (The whole game with the
``emergency`` option is played once the lead wires the hooks, docs/rules/clinic-911.md.)"""

from __future__ import annotations

import random

from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clinic.expansions.emergency import actions as A
from core.clinic.expansions.emergency import constants as K
from core.clinic.expansions.emergency.admin import admin_area, admin_ed
from core.clinic.expansions.emergency.business import (
    apply_treatment,
    buy_popularity,
    off_duty_choices,
    pay_expenses,
    popularity_for_sale,
    remove_ed_car,
    treat,
)
from core.clinic.expansions.emergency.components import EDKind, EDRole, EDSide
from core.clinic.expansions.emergency.movement import EDEndMove, ed_move, finish_ed_move, move_options
from core.clinic.expansions.emergency.queues import new_emergency_patients
from core.clinic.expansions.emergency.setup import initial_options, new_area, new_emergency, place_initial
from core.clinic.parking import parked_spots


def _patients_in_play(area, eds) -> int:
    queued = sum(c is not None for q in area.queues for c in q)
    held = sum(len(ed.of_role(EDRole.PATIENT)) + sum(ed.treated) + ed.dead for ed in eds)
    return sum(area.bag_patients) + queued + held


def _check_board(board) -> None:
    """The construction rules hold on the board as built by random legal actions."""
    for s, m in board.modules:
        for n in board.neighbours(s):
            other = board.module_at(n)
            assert other is None or other.tile_colour != m.tile_colour, (s, n)
    assert len(board.of_kind(EDKind.BREAK_ROOM)) <= 1
    for b in board.border_cars:
        assert not board.module_touches_border(b), b
    assert len(board.building_index) == len(board.modules)


def _remove_cars(ed, rng):
    while ed.cars_owed:
        ed = remove_ed_car(ed, rng.choice(parked_spots(ed.board)))
    return ed


def playout(players: int, seed: int, expert: bool) -> list:
    rng = random.Random(seed)
    area = new_area(players, rng)
    eds = []
    for _ in range(players):
        side = rng.choice(list(EDSide)) if expert else EDSide.BEGINNER
        ed = new_emergency(side, rng, expert=expert)
        while initial_options(ed):
            ed = place_initial(ed, rng.choice(initial_options(ed)))
        eds.append(ed)
    total = _patients_in_play(area, eds)
    savings = [8] * players
    popularity = [0] * players
    cars_lot = 100
    cars = cars_lot + sum(ed.board.parked_cars for ed in eds)  # starting cars came from the supply
    for rnd in range(1, K.ROUNDS + 1):
        for step in range(3):
            for seat in range(players):
                if rng.random() < 0.5:
                    continue
                em = A.start(area, eds[seat], savings[seat], cars_lot, rnd)
                while not em.turn.over:
                    em = A.apply(em, rng.choice(A.options(em)))
                    assert em.ed.funds >= 0 and em.savings >= 0
                _check_board(em.ed.board)
                assert sum(len(ed.board.hubs) for ed in (*eds[:seat], em.ed, *eds[seat + 1 :])) + em.area.stock.hubs == 8
                area, eds[seat], savings[seat], cars_lot = em.area, em.ed, em.savings, em.cars_lot
            area = new_emergency_patients(area, rng)
            assert _patients_in_play(area, eds) == total
        for seat, ed in enumerate(eds):
            while True:  # finite: at most MOVES_PER_PERSON moves a person
                opts = move_options(ed)
                moves = [m for m in opts if not isinstance(m, EDEndMove)]
                if EDEndMove() in opts and (not moves or rng.random() < 0.2):
                    break
                assert moves, "stuck: the Move phase can no longer be ended legally"
                move = rng.choice(moves)
                ed = ed_move(ed, move.pid, move.to)
            ed, _time = finish_ed_move(ed)
            choice = frozenset(c for c in off_duty_choices(ed) if rng.random() < 0.5)
            t = treat(ed, choice)
            ed = _remove_cars(apply_treatment(ed, t), rng)
            cars_lot += len(t.lines)
            popularity[seat] = max(0, popularity[seat] + t.popularity)
            ed, savings[seat], pop = pay_expenses(ed, savings[seat])
            ed, bought = buy_popularity(ed, rng.randint(0, popularity_for_sale(ed)))
            popularity[seat] = max(0, popularity[seat] + pop + bought)
            ed, report = admin_ed(ed)
            ed = _remove_cars(ed, rng)
            cars_lot += len(report.died)
            eds[seat] = evolve(ed, move_time=0, moved=())
            assert ed.funds >= 0 and savings[seat] >= 0
        area = admin_area(area, rng, rnd)
        assert _patients_in_play(area, eds) == total
        assert all(ed.board.parked_cars == len(ed.people) for ed in eds)
        assert cars_lot + sum(ed.board.parked_cars for ed in eds) == cars
    return eds


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.integers(0, 10**6), st.booleans())
def test_random_playouts_stay_legal_and_conserve(players, seed, expert):
    playout(players, seed, expert)


def test_fixed_playouts_treat_patients():
    """The random players do reach treatments (the playouts test something)."""
    eds = [ed for seed in range(3) for ed in playout(2, seed, False)]
    assert sum(sum(ed.treated) for ed in eds) > 0
    assert any(ed.of_role(EDRole.NURSE) for ed in eds)
