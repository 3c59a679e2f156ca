"""Clinic rules a mutation sample (``python -m tests.mutation``) showed no test held:
income banking and popularity buying, upkeep of every module kind, every build kind
offered when affordable and in supply, bonus tiles, and the Admin steps (not round 6).

Each test quotes its rule (rulebooks/clinic-deluxe-base.txt, rules-decisions.md) and uses
a fixed position, so a wrong implementation fails.
"""

from __future__ import annotations

import pytest
from attrs import evolve
from clinic_helpers import LAB, OR, OUT, PSY, SR, TR, TRIAGE, S, entrance, modules, sp

from core.clinic import (
    BuildGarden,
    Clinic,
    Colour,
    ModuleKind,
    Role,
    Service,
    admit_patient,
    build,
    clinic_upkeep,
    free_parking_spots,
    hire,
    treat,
)
from core.clinic.construction import (
    BuildConveyor,
    BuildEntrance,
    BuildHelipad,
    BuildModule,
    BuildParking,
    UpgradeParking,
)
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game import constants as K
from core.clinic.game.actions import BuyPopularity, ChooseBonus, Construct
from core.clinic.game.admin import (
    advance_round,
    flip_tiles,
    level_down,
    level_up,
    remove_unhired_nurses,
    reset_action_marker,
    reset_turn_order,
    return_appointments,
    university_level_up,
)
from core.clinic.game.build_phase import build_options
from core.clinic.game.business_phase import business_for, buy_popularity, max_popularity
from core.clinic.game.flow import start_business
from core.clinic.game.state import BonusTile, Phase, Turn

W, Y, O, R = Colour.WHITE, Colour.YELLOW, Colour.ORANGE, Colour.RED
PSYCH = Service.PSYCHIATRY


# --- helpers ------------------------------------------------------------------------------
def _place(clinic: Clinic, role: Role, where, colour=None) -> Clinic:
    """Someone of ``role`` standing on ``where`` (their car parked), set down by hand."""
    spot = free_parking_spots(clinic.board)[0]
    if role is Role.PATIENT:
        clinic = admit_patient(clinic, colour, PSYCH, spot)
    else:
        clinic = hire(clinic, role, clinic.board.entrances[0], spot, colour)
    return evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=where),))


def room_clinic(extra=()) -> Clinic:
    """Psychiatry hub B3 (entrance south), treatment room C3, supply room C2, + extra."""
    return Clinic(entrance(modules((PSY, "B3"), (TR, "C3"), (SR, "C2"), *extra), "B3", S))


def earning(pairs) -> Clinic:
    """``room_clinic`` with (doctor colour, patient colour) pairs in treatment room C3."""
    c = room_clinic()
    for doctor, patient in pairs:
        c = _place(c, Role.DOCTOR, sp("C3"), doctor)
        c = _place(c, Role.PATIENT, sp("C3"), patient)
    return c


def in_game(players: int, clinics: dict, money: int = 10, seed: int = 3):
    """A game at the start of round 1 with hand-made clinics for some seats."""
    state = new_game(players, seed, turn_order=tuple(range(players)))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    ps = list(state.players)
    for seat in range(players):
        ps[seat] = evolve(ps[seat], money=money, popularity=0, income=0)
        if seat in clinics:
            ps[seat] = evolve(ps[seat], clinic=clinics[seat])
    cars = sum(c.board.parked_cars for c in clinics.values())
    return evolve(state, players=tuple(ps), cars_lot=state.cars_lot - cars)


def business_and_cars(state):
    """``start_business``, then each owner removes the cars of the cured patients (the
    first car offered: which one does not matter to money)."""
    state = start_business(state)
    while state.phase is Phase.REMOVE_CAR:
        state = apply_action(state, legal_actions(state)[0])
    return state


# --- Business: this round's income, banking, popularity ------------------------------------
def test_business_income_less_expenses_is_this_rounds_income():
    """Rulebook "Expenses": "You must pay your expenses from this round's income."
    Two yellow patients with yellow doctors earn 2 x $6 = $12; wages 2 x $2, upkeep
    3 modules x $1: $7 are paid, $5 of this round's income is left; savings untouched."""
    state = in_game(1, {0: earning([(Y, Y), (Y, Y)])}, money=10)
    state = business_for(state, 0)
    p = state.players[0]
    assert (p.income, p.money, p.cured) == (5, 10, 2)


def test_a_player_who_cannot_afford_popularity_banks_this_rounds_income():
    """Rulebook "Gain Popularity": "After buying popularity, add the rest of this round's
    income to your savings". With $1 left (less than the $3 one popularity costs) the
    player is not asked, and the $1 goes to savings (never lost)."""
    state = in_game(1, {0: earning([(W, W), (W, W)])}, money=10)  # $8 - $4 wages - $3
    state = business_and_cars(state)
    p = state.players[0]
    assert p.income == 0 and p.money == 11
    assert state.phase is Phase.SELECT and state.round == 2  # no popularity to buy: on


def test_popularity_is_bought_in_reverse_turn_order_by_who_can_afford_it():
    """Rulebook: "you may buy popularity ... in **reverse** turn order"; "Each 1
    popularity costs $3"; only this round's income buys it."""
    rich = earning([(Y, Y), (Y, Y)])  # $5 left
    poor = earning([(W, W), (W, W)])  # $1 left
    state = in_game(3, {0: rich, 1: poor, 2: rich}, money=10)
    state = business_and_cars(state)
    assert state.phase is Phase.BUY_POPULARITY
    assert state.queue == (2, 0)  # seat 1 cannot afford one popularity
    assert state.players[1].money == 11 and state.players[1].income == 0  # banked
    assert [p.income for p in state.players] == [5, 0, 5]
    assert [a.amount for a in legal_actions(state)] == [0, 1]
    state = apply_action(state, BuyPopularity(1))
    assert state.players[2].popularity == 1 and state.players[2].money == 12  # $2 banked
    assert state.queue == (0,)
    state = apply_action(state, BuyPopularity(0))
    assert state.players[0].money == 15 and state.players[0].popularity == 0


@pytest.mark.parametrize("income, most", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (11, 3)])
def test_most_popularity_is_this_rounds_income_over_three(income, most):
    state = in_game(1, {})
    state = evolve(state, players=(evolve(state.players[0], income=income, money=50),))
    assert max_popularity(state, 0) == most


def test_buying_popularity_spends_three_dollars_each_and_banks_the_rest():
    state = in_game(1, {})
    state = evolve(state, players=(evolve(state.players[0], income=8, money=2),))
    state = buy_popularity(state, 0, 2)
    assert (state.players[0].popularity, state.players[0].money, state.players[0].income) == (2, 4, 0)


# --- Upkeep of every module kind ------------------------------------------------------------
@pytest.mark.parametrize(
    "module, where",
    [(TR, "B2"), (SR, "A3"), (OR, "A3"), (LAB, "D3"), (OUT, "D3"), (TRIAGE, "D3")],
    ids=["treatment room", "supply room", "operating room", "lab", "outpatient", "triage"],
)
def test_every_module_costs_one_dollar_upkeep(module, where):
    """Rulebook "Facility Upkeep": "Each module and garden in your clinic costs $1."
    The three starting modules cost $3; one more module of any kind, $4."""
    assert clinic_upkeep(room_clinic()) == 3
    assert clinic_upkeep(room_clinic(extra=((module, where),))) == 4


def test_a_garden_costs_one_dollar_upkeep():
    c = room_clinic()
    c = Clinic(build(c.board, BuildGarden(sp("A3"))), c.people, c.next_id)
    assert clinic_upkeep(c) == 4


def test_an_operating_room_that_treated_a_patient_costs_three():
    """Rulebook: "Each operating room that successfully treated a patient costs you an
    additional $2 ... $1 in module upkeep + $2 = $3." Operating room A3 next to the hub."""
    c = room_clinic(extra=((OR, "A3"),))
    assert treat(c).used_operating_rooms == 0
    assert clinic_upkeep(c, treat(c).used_operating_rooms) == 4
    c = _place(c, Role.DOCTOR, sp("A3"), R)
    c = _place(c, Role.PATIENT, sp("A3"), R)
    t = treat(c)
    assert t.used_operating_rooms == 1 and t.income == 10  # red patient: $10
    assert clinic_upkeep(c, t.used_operating_rooms) == 6


def test_business_charges_the_used_operating_room_and_wages():
    """Red doctor + red patient in the operating room: income $10; wages $2; upkeep
    4 modules + $2 for the used operating room = $6: $2 of this round's income left."""
    c = room_clinic(extra=((OR, "A3"),))
    c = _place(c, Role.DOCTOR, sp("A3"), R)
    c = _place(c, Role.PATIENT, sp("A3"), R)
    state = business_for(in_game(1, {0: c}, money=10), 0)
    assert (state.players[0].income, state.players[0].money, state.players[0].cured_red) == (2, 10, 1)


# --- Build options: every kind offered when affordable and in supply ----------------------
def _kinds(options) -> set:
    out = set()
    for o in options:
        b = o.build
        out.add(b.module.kind if isinstance(b, BuildModule) else type(b))
    return out


def _building(state, seat: int = 0):
    return evolve(state, phase=Phase.BUILD, queue=(seat,), step=Turn())


def test_every_build_kind_is_offered_when_affordable_and_in_supply():
    """Rulebook "Action: Build": build components from the supply: modules (service
    hubs and special modules from face-up stacks, supply rooms while they last),
    gardens, helipads, parking, entrances, conveyors."""
    c = room_clinic()
    state = _building(in_game(1, {0: c}, money=50))
    kinds = _kinds(build_options(state))
    specials = {st.module.kind for st in state.special_stacks if st.available}
    assert specials  # solo: 2 kinds of special module
    assert {ModuleKind.SERVICE_HUB, ModuleKind.TREATMENT_ROOM, ModuleKind.SUPPLY_ROOM} <= kinds
    assert specials <= kinds
    assert {BuildGarden, BuildHelipad, BuildParking, BuildEntrance, BuildConveyor} <= kinds
    missing = set(K.SPECIAL_KINDS) - specials
    assert not (missing & kinds)  # a special kind with no stack is never offered


def test_supply_rooms_are_offered_only_while_the_supply_lasts():
    """Rulebook setup: "Stack 4 supply rooms per player"; once they are gone, none."""
    state = _building(in_game(1, {0: room_clinic()}, money=50))
    assert state.supply_rooms > 0
    assert ModuleKind.SUPPLY_ROOM in _kinds(build_options(state))
    assert ModuleKind.SUPPLY_ROOM not in _kinds(build_options(evolve(state, supply_rooms=0)))


def test_a_build_costing_exactly_your_money_is_offered_and_one_more_is_not():
    """Costs by floor (decisions): supply room $1 on floor 0; treatment room $2."""
    state = _building(in_game(1, {0: room_clinic()}, money=1))
    kinds = _kinds(build_options(state))
    assert ModuleKind.SUPPLY_ROOM in kinds and ModuleKind.TREATMENT_ROOM not in kinds
    assert BuildGarden in kinds and UpgradeParking not in kinds
    state = evolve(state, players=(evolve(state.players[0], money=0),))
    assert build_options(state) == []


def test_a_face_down_or_empty_stack_is_not_offered():
    state = _building(in_game(1, {0: room_clinic()}, money=50))
    hubs = {o.build.module.service for o in build_options(state)
            if isinstance(o.build, BuildModule) and o.build.module.kind is ModuleKind.SERVICE_HUB}
    assert hubs == {st.module.service for st in state.hub_stacks}
    first = state.hub_stacks[0]
    for stack in (evolve(first, face_up=False), evolve(first, left=0)):
        s2 = evolve(state, hub_stacks=(stack,) + state.hub_stacks[1:])
        offered = {o.build.module.service for o in build_options(s2)
                   if isinstance(o.build, BuildModule) and o.build.module.kind is ModuleKind.SERVICE_HUB}
        assert first.module.service not in offered


def test_building_takes_the_tile_from_its_stack_or_the_supply_and_pays():
    """A built module leaves its stack (the next tile waits face down until Admin) or
    the supply-room supply; the player pays its cost."""
    state = _building(in_game(1, {0: room_clinic()}, money=50))
    supply = next(o for o in build_options(state)
                  if isinstance(o.build, BuildModule) and o.build.module.kind is ModuleKind.SUPPLY_ROOM
                  and o.build.space.floor == 0)
    after = apply_action(state, supply)
    assert after.supply_rooms == state.supply_rooms - 1
    assert after.players[0].money == 49
    special = next(o for o in build_options(after)
                   if isinstance(o.build, BuildModule) and o.build.module.kind.is_special)
    i = next(i for i, st in enumerate(after.special_stacks) if st.module == special.build.module)
    done = apply_action(after, special)
    assert done.special_stacks[i].left == after.special_stacks[i].left - 1
    assert not done.special_stacks[i].face_up
    assert done.phase is Phase.SELECT and done.action == 2  # two builds end the action


# --- Bonus tiles ---------------------------------------------------------------------------
def _bonus_state(players: int = 2, seed: int = 1):
    state = new_game(players, seed, turn_order=tuple(range(players)))
    while state.phase is Phase.START_CAR:  # each player parks the starting car first
        state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.BONUS
    return state


def test_bonus_tiles_are_one_more_than_the_players_and_taken_in_reverse_turn_order():
    """Rulebook setup: "lay out 1 more than the number of players, face up. In reverse
    turn order, take 1 bonus tile each."  The chosen tile leaves; the rest stay."""
    state = _bonus_state(3)
    assert len(state.bonus_tiles) == 4 and state.current == 2
    tiles = state.bonus_tiles
    choice = next(t for t in tiles if t is not BonusTile.PARKING and t is not BonusTile.GARDEN)
    after = apply_action(state, ChooseBonus(choice))
    assert after.bonus_tiles == tuple(t for t in tiles if t is not choice)
    assert after.current == 1


def _choose(state, tile):
    state = evolve(state, bonus_tiles=(tile, BonusTile.MONEY if tile is not BonusTile.MONEY else BonusTile.NURSE))
    seat = state.current
    return seat, state, apply_action(state, ChooseBonus(tile))


def test_money_bonus_gives_five_dollars():
    seat, before, after = _choose(_bonus_state(), BonusTile.MONEY)
    assert after.players[seat].money == before.players[seat].money + K.BONUS_MONEY == before.players[seat].money + 5


@pytest.mark.parametrize(
    "tile, role, colour",
    [(BonusTile.NURSE, Role.NURSE, None), (BonusTile.ORDERLY, Role.ORDERLY, None),
     (BonusTile.YELLOW_DOCTOR, Role.DOCTOR, Y)],
)
def test_person_bonus_brings_that_person_from_the_supply(tile, role, colour):
    """Rulebook: "If your bonus tile gives you a person, you must also take a car ...
    The person comes from the supply, not from the pools/displays."""
    seat, before, after = _choose(_bonus_state(), tile)
    p0, p1 = before.players[seat], after.players[seat]
    assert p1.count(role) == p0.count(role) + 1
    assert after.cars_lot == before.cars_lot - 1
    if colour is not None:
        assert p1.clinic.last.colour is colour
    for name, r in (("supply_doctors", Role.DOCTOR), ("supply_nurses", Role.NURSE),
                    ("supply_orderlies", Role.ORDERLY)):
        assert getattr(after, name) == getattr(before, name) + (r is role)
    assert after.university == before.university and after.nurses == before.nurses
    assert after.orderlies == before.orderlies


def test_trained_doctor_bonus_turns_the_white_doctor_yellow():
    seat, before, after = _choose(_bonus_state(), BonusTile.TRAINED_DOCTOR)
    docs0 = [d.colour for d in before.players[seat].clinic.of_role(Role.DOCTOR)]
    docs1 = [d.colour for d in after.players[seat].clinic.of_role(Role.DOCTOR)]
    assert docs0 == [W] and docs1 == [Y]


@pytest.mark.parametrize("tile, kind", [(BonusTile.GARDEN, BuildGarden), (BonusTile.PARKING, BuildParking)])
def test_garden_and_parking_bonus_are_built_free_on_the_ground_floor(tile, kind):
    """Decision "Bonus tiles": a free parking tile / a free garden: the player places it,
    on the ground floor, and pays nothing."""
    seat, before, state = _choose(_bonus_state(), tile)
    assert state.phase is Phase.BONUS_PLACE and state.current == seat
    options = legal_actions(state)
    assert options and all(type(o.build) is kind and o.build.space.floor == 0 for o in options)
    after = apply_action(state, options[0])
    board0, board1 = before.players[seat].clinic.board, after.players[seat].clinic.board
    assert board1.tile_at(options[0].build.space) is not None
    assert board0.tile_at(options[0].build.space) is None
    assert after.players[seat].money == before.players[seat].money
    assert after.current != seat or after.phase is not Phase.BONUS_PLACE


def test_after_the_last_bonus_the_rest_go_back_to_the_box_and_round_one_starts():
    state = _bonus_state(1)
    state = apply_action(state, ChooseBonus(BonusTile.MONEY)) if BonusTile.MONEY in state.bonus_tiles else state
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    assert state.bonus_tiles == () and state.round == 1 and state.action == 1


# --- Admin steps (rounds 1-5) --------------------------------------------------------------
def test_admin_advances_the_round_and_resets_the_action_marker():
    """Rulebook "Phase 3: Admin": "1. Advance the Round marker. 2. Reset the Action
    marker to Action 1." """
    state = evolve(in_game(2, {}), round=3, action=3)
    assert advance_round(state).round == 4
    assert reset_action_marker(state).action == 1


def test_admin_returns_the_red_x_patient_of_every_service():
    """"3. Appointments: Return the patient in the rightmost space (marked with a red X)
    of each service to the patient pool." Other patients stay, moved right."""
    state = in_game(2, {})
    n = len(state.services)
    notepad = ((None, W, None, Y, R),) + ((None, None, None, None, O),) * (n - 1)
    state = evolve(state, notepad=notepad)
    after = return_appointments(state)
    assert after.notepad[0] == (None, None, None, W, Y)
    assert all(row == (None,) * 5 for row in after.notepad[1:])
    pool = list(state.patient_pool)
    pool[int(R)] += 1
    pool[int(O)] += n - 1
    assert after.patient_pool == tuple(pool)


def test_university_doctors_level_up_red_stays_red():
    """"4. University: Each doctor at the university levels up: red stays red, orange
    becomes red, yellow becomes orange, white becomes yellow." """
    state = evolve(in_game(4, {}), university=(R, O, Y, W))
    assert university_level_up(state).university == (R, R, O, Y)
    state = evolve(state, university=(Y, None, W, None))
    assert university_level_up(state).university == (O, None, Y, None)


def test_level_up_and_down_stop_at_red_and_white():
    assert [level_up(c) for c in (W, Y, O, R)] == [Y, O, R, R]
    assert [level_up(c, 2) for c in (W, Y, O, R)] == [O, R, R, R]
    assert [level_down(c) for c in (W, Y, O, R)] == [W, W, Y, O]


def test_admin_removes_the_finished_rounds_unhired_nurses():
    """"6. University: Remove the round's unhired nurses. Example: if you just moved the
    Round marker to Round IV, any nurses still in column III are removed." """
    state = evolve(in_game(2, {}), round=4, nurses=(0, 1, 2, 2, 2, 2), nurses_gone=5)
    after = remove_unhired_nurses(state)
    assert after.nurses == (0, 1, 0, 2, 2, 2)
    assert after.nurses_gone == 7


def test_admin_flips_the_top_tile_of_every_stack():
    """"Special Modules and Service Hubs: Where necessary, flip the top tile of each type
    of special module and service hub stack face up." """
    state = in_game(2, {})
    down = lambda stacks: tuple(evolve(s, face_up=False) for s in stacks)  # noqa: E731
    state = evolve(state, hub_stacks=down(state.hub_stacks), special_stacks=down(state.special_stacks))
    after = flip_tiles(state)
    assert all(s.face_up for s in after.hub_stacks + after.special_stacks)
    assert [s.left for s in after.hub_stacks] == [s.left for s in state.hub_stacks]


def test_admin_resets_the_turn_order_from_popularity():
    """"Reset turn order: The player with the lowest popularity goes first, then
    second-lowest, etc." """
    state = in_game(3, {})
    ps = tuple(evolve(p, popularity=pop, stamp=i) for i, (p, pop) in enumerate(zip(state.players, (7, 2, 4))))
    state = evolve(state, players=ps, turn_order=(0, 1, 2))
    assert reset_turn_order(state).turn_order == (1, 2, 0)


def test_admin_runs_the_rulebooks_steps_in_order():
    """Rulebook "Phase 3: Admin": 1 round marker, 2 action marker, 3 appointments, 4-6
    university (level up, refill, nurses), 7 labs, 8 tired doctors, 9 patients worsen,
    then the tiles and the turn order."""
    from core.clinic.game.admin import ADMIN_STEPS, admin

    assert [f.__name__ for f in ADMIN_STEPS] == [
        "advance_round", "reset_action_marker", "return_appointments", "university_level_up",
        "refill_university", "remove_unhired_nurses", "train_in_labs", "tire_doctors",
        "worsen_patients", "flip_tiles", "reset_turn_order",
    ]
    state = evolve(in_game(2, {}), round=2, action=3)
    seen = []
    after = admin(state, steps=(lambda s: seen.append(1) or evolve(s, round=s.round + 1),) * 2)
    assert after.round == 4 and len(seen) == 2
    assert admin(state).round == 3 and admin(state).action == 1


# --- Hire costs (not where the hire arrives) -------------------------------------------
def test_nurse_cost_is_the_cheapest_left_in_this_rounds_column():
    """Decisions: nurses "cost by row from the bottom $1, $2, $3, $4; a hire takes the
    cheapest nurse left in the current round's column"."""
    from core.clinic.game.hire import nurse_cost

    state = evolve(in_game(4, {}), round=3, nurses=(0, 0, 4, 4, 4, 4))
    assert nurse_cost(state) == 1
    assert [nurse_cost(evolve(state, nurses=(4, 4, n, 4, 4, 4))) for n in (4, 3, 2, 1, 0)] == [1, 2, 3, 4, None]
    two = evolve(in_game(2, {}), round=1)
    assert [nurse_cost(evolve(two, nurses=(n,) + two.nurses[1:])) for n in (2, 1, 0)] == [1, 2, None]


def test_doctors_are_offered_only_from_university_spaces_you_can_pay_for():
    """Decisions: university spaces from the left cost $4, $3, $2, $1."""
    from core.clinic.game.actions import HireDoctor

    state = evolve(in_game(4, {}), university=(R, O, Y, W))
    seat = state.turn_order[0]
    state = evolve(state, phase=Phase.HIRE, queue=(seat,), step=Turn())
    for money, slots in ((4, {0, 1, 2, 3}), (3, {1, 2, 3}), (2, {2, 3}), (1, {3}), (0, set())):
        state = evolve(state, players=tuple(evolve(p, money=money) for p in state.players))
        offered = {a.slot for a in legal_actions(state) if isinstance(a, HireDoctor)}
        assert offered == slots, money


def test_a_marker_that_comes_back_to_a_space_is_on_top_of_those_that_never_left():
    """Rulebook "Gain Popularity": "If you end up sharing a space with other players,
    place your marker on top, so the order in which you reached that level of popularity
    is clear"; turn order: "the player who reached that popularity first goes later".
    Seat 1 goes up to 1 and back down to 0: it reached 0 last of all, so it goes first."""
    from core.clinic.game.state import change_popularity

    state = new_game(3, 5, turn_order=(0, 1, 2))
    state = change_popularity(change_popularity(state, 1, 1), 1, -1)
    assert [p.popularity for p in state.players] == [0, 0, 0]
    assert reset_turn_order(state).turn_order == (1, 0, 2)
    assert change_popularity(state, 2, -1) == state  # no change at 0: the marker stays put


def test_each_operating_room_that_treated_a_patient_costs_two_dollars_more():
    """Rulebook: "Each operating room that successfully treated a patient costs you an
    additional $2": two used operating rooms (A3 and C3, beside the hub B3) cost $4 more,
    and each line of care names the room it happened in."""
    c = Clinic(entrance(modules((PSY, "B3"), (OR, "A3"), (OR, "C3")), "B3", S))
    for room in ("A3", "C3"):
        c = _place(c, Role.DOCTOR, sp(room), R)
        c = _place(c, Role.PATIENT, sp(room), R)
    t = treat(c)
    assert sorted(str(line.room) for line in t.lines) == ["floor 0 A3", "floor 0 C3"]
    assert t.used_operating_rooms == 2
    assert clinic_upkeep(c, t.used_operating_rooms) == 3 + 4
