"""Extinguishers (rulebook, base L1065-1097; rulings §2 X1-X9): each test quotes the
sentence it checks."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Colour, Module, ModuleKind, Role, Service, cheapest_path, move_person
from core.clinic.business import treat
from core.clinic.construction import BuildConveyor, build
from core.clinic.game import apply_action, constants as K, legal_actions
from core.clinic.expansions import constants as XK
from core.clinic.game.actions import Done
from core.clinic.game.rules import reject_reason
from core.clinic.game.state import Phase
from core.clinic.expansions.extinguishers import BuildExtinguisher, adjacent, cost, left
from core.clinic.people import PreAdmissions
from core.errors import IllegalActionError

from clinic_helpers import LAB, OR, PSY, SR, TR, TRIAGE, sp
from .helpers import board_of, in_phase, patient, staff, started

HUB_SPACE = sp("B3")


def clinic_with(*placements):
    from core.clinic import Clinic

    return Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), *placements))


def building(clinic, money=30, options=("extinguishers",)):
    state = started(options)
    state = in_phase(state, Phase.BUILD, clinic)
    return evolve(state, players=(evolve(state.players[0], money=money),))


def extinguisher_builds(state):
    return [a for a in legal_actions(state) if isinstance(a, BuildExtinguisher)]


# --- Build --------------------------------------------------------------------------
def test_built_only_on_modules_that_do_not_treat_patients():
    """L1081 "It must be built on a module that does not directly treat patients (i.e.
    not in a treatment room, operating room, or outpatient services)" (X3: service hub,
    supply room, lab or triage)."""
    clinic = clinic_with((LAB, "A3"), (OR, "B2"), (TRIAGE, "D3"))
    sites = {a.space for a in extinguisher_builds(building(clinic))}
    assert sites == {sp("B3"), sp("C2"), sp("A3"), sp("D3")}
    assert sp("C3") not in sites and sp("B2") not in sites
    with pytest.raises(IllegalActionError, match="floor 0 C3 holds a treatment room .an extinguisher 'must be built"):
        apply_action(building(clinic), BuildExtinguisher(sp("C3")))
    with pytest.raises(IllegalActionError, match="floor 0 A1 holds no module"):
        apply_action(building(clinic), BuildExtinguisher(sp("A1")))


def test_one_extinguisher_per_module():
    """L1081 "... and does not already have an extinguisher"."""
    state = apply_action(building(clinic_with()), BuildExtinguisher(HUB_SPACE))
    assert HUB_SPACE in state.players[0].clinic.board.extinguishers
    assert HUB_SPACE not in {a.space for a in extinguisher_builds(state)}
    with pytest.raises(IllegalActionError, match="already has an extinguisher"):
        apply_action(state, BuildExtinguisher(HUB_SPACE))


def test_cost_by_floor():
    """L1081 "It costs $2 to build on the ground floor; $3 on Floor 1; $4 on Floor 2;
    $5 on Floor 3"."""
    assert [cost(sp("A1", f)) for f in range(4)] == [2, 3, 4, 5]
    clinic = clinic_with((SR, "C3", 1))
    state = apply_action(building(clinic, money=10), BuildExtinguisher(sp("C3", 1)))
    assert state.players[0].money == 7
    state = apply_action(state, BuildExtinguisher(HUB_SPACE))
    assert state.players[0].money == 5


def test_not_offered_without_the_money():
    """L1081 costs: $2 on the ground floor, so $1 of savings builds none."""
    assert extinguisher_builds(building(clinic_with(), money=1)) == []
    assert extinguisher_builds(building(clinic_with(), money=2)) != []


def test_an_extinguisher_is_one_of_the_two_components_of_a_build():
    """base L417 "build up to 2 components" with an extinguisher as a component
    (L1079 "Construction Rules for Specific Components: Extinguisher")."""
    state = building(clinic_with())
    state = apply_action(state, BuildExtinguisher(HUB_SPACE))
    assert state.phase is Phase.BUILD and state.step.builds == 1
    state = apply_action(state, BuildExtinguisher(sp("C2")))
    assert state.phase is Phase.SELECT and state.action == 2  # the Build action is over


def test_the_shared_supply_runs_out():
    """X1 (house): 12 extinguishers in one shared supply; none left, none built."""
    state = building(clinic_with())
    assert left(state) == XK.EXTINGUISHERS_IN_GAME == 12
    full = frozenset(sp(n, f) for f in range(3) for n in ("A1", "B1", "C1", "D1"))
    other = evolve(state.players[0].clinic.board, extinguishers=full)
    state = evolve(state, players=(evolve(state.players[0], clinic=evolve(state.players[0].clinic, board=other)),))
    assert left(state) == 0
    assert extinguisher_builds(state) == []
    assert "no extinguishers left" in reject_reason(state, BuildExtinguisher(HUB_SPACE))


def test_the_base_game_offers_no_extinguisher():
    """The expansion is an option: without it no extinguisher is offered or accepted."""
    state = building(clinic_with(), options=())
    assert extinguisher_builds(state) == []
    with pytest.raises(IllegalActionError):
        apply_action(state, BuildExtinguisher(HUB_SPACE))


def test_done_stays_the_last_build_option():
    options = legal_actions(building(clinic_with()))
    assert isinstance(options[-1], Done)


# --- Move ---------------------------------------------------------------------------
def _board_with(*extinguishers, board=None):
    board = board or board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "B2"))
    return evolve(board, extinguishers=frozenset(extinguishers))


def test_moving_into_a_module_with_an_extinguisher_costs_one_more():
    """L1087 "Moving or conveying into a module with an extinguisher costs 1 additional
    time." (C2 from B3: B3 -> C3 -> C2 or B3 -> B2 -> C2, 2 steps.)"""
    plain = _board_with()
    assert cheapest_path(plain, sp("B3"), sp("B2"))[0] == 1
    assert cheapest_path(_board_with(sp("B2")), sp("B3"), sp("B2"))[0] == 2


def test_gazers_take_the_cheaper_way_round():
    """L1087: the extinguisher costs only who enters its module; a walk around it costs
    what it did."""
    board = _board_with(sp("B2"))
    time, path = cheapest_path(board, sp("B3"), sp("C2"))
    assert time == 2 and sp("B2") not in path


def test_who_starts_in_the_module_pays_nothing():
    """L1089 "A person who started the round in a module with an extinguisher will not
    spend time looking at it."."""
    board = _board_with(sp("B3"))
    assert cheapest_path(board, sp("B3"), sp("C3"))[0] == 1


def test_even_passing_through_costs_the_gaze():
    """L1089 "Only people who move into the module with the extinguisher take time to
    gaze at it (even if they immediately move out of the module)."."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "B2"), (LAB, "B1"))
    assert cheapest_path(board, sp("B3"), sp("B1"))[0] == 2
    assert cheapest_path(_board_with(sp("B2"), board=board), sp("B3"), sp("B1"))[0] == 3


def test_coming_in_from_an_entrance_pays_too():
    """X4 (house): "Entering such a module from an entrance or helipad also pays +1"."""
    board = _board_with(sp("B3"))
    gate = board.entrances[0]
    assert cheapest_path(board, gate, sp("B3"))[0] == 2
    assert cheapest_path(_board_with(), gate, sp("B3"))[0] == 1


def _conveyor_board(*extinguishers):
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "B2"), (SR, "B1"), (LAB, "A1"))
    board = build(board, BuildConveyor((sp("B3"), sp("B2"))))
    board = build(board, BuildConveyor((sp("B1"),)))
    return evolve(board, extinguishers=frozenset(extinguishers))


def test_a_conveyor_stop_in_the_module_pays():
    """L1085 "Even if someone takes a conveyor to that module, with intentions of
    continuing on the conveyor, they can't help but take a moment to study this thing
    before continuing" (X4: +1 at every stop with one)."""
    assert cheapest_path(_conveyor_board(), sp("B3"), sp("B1"))[0] == 0
    assert cheapest_path(_conveyor_board(sp("B2")), sp("B3"), sp("B1"))[0] == 1
    assert cheapest_path(_conveyor_board(sp("B2"), sp("B1")), sp("B3"), sp("B1"))[0] == 2


def test_a_conveyor_without_a_stop_there_passes_by():
    """L1085 "however, if the conveyor does not have a "stop" in that module, the
    extinguisher has no effect on the conveyee"."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "B2"), (SR, "B1"), (LAB, "A1"))
    board = build(board, BuildConveyor((sp("B3"), sp("B1"))))  # no stop at B2
    board = evolve(board, extinguishers=frozenset({sp("B2")}))
    assert cheapest_path(board, sp("B3"), sp("B1"))[0] == 0


def test_the_time_is_recorded_in_the_move_phase():
    """L1087 in play: a doctor walking into a lab with an extinguisher spends 2 time."""
    from core.clinic import Clinic

    clinic = Clinic(_board_with(sp("B2")))
    clinic = staff(clinic, Role.DOCTOR, sp("B3"), Colour.WHITE)
    moved = move_person(clinic, clinic.last.id, sp("B2"))
    assert moved.move_time == 2


# --- Business -------------------------------------------------------------------------
def _treated_in(board, where=sp("C3")):
    from core.clinic import Clinic

    clinic = Clinic(board)
    clinic = staff(clinic, Role.DOCTOR, where, Colour.WHITE)
    clinic = patient(clinic, Colour.WHITE, where)
    return clinic


def _income(state_options, clinic):
    from core.clinic.business import best_in_room
    from core.clinic.expansions import room_treatment

    state = started(state_options)
    return treat(clinic, room_treatment(state, clinic, best_in_room)).income


def test_three_dollars_a_patient_for_each_adjacent_extinguisher():
    """L1097 "each successfully treated patient in a treatment room generates an
    additional $3 for each extinguisher adjacent to the room"."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "D3"))
    clinic = _treated_in(board)
    assert _income(("extinguishers",), clinic) == 4
    one = evolve(clinic, board=evolve(board, extinguishers=frozenset({sp("C2")})))
    assert _income(("extinguishers",), one) == 7
    two = evolve(clinic, board=evolve(board, extinguishers=frozenset({sp("C2"), sp("D3"), sp("B3")})))
    assert _income(("extinguishers",), two) == 4 + 3 * 3


def test_adjacent_includes_up_and_down():
    """X6 / base L150-151 "Adjacency considers not only north, south, east, and west,
    but also up and down."."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (SR, "C3", 1))
    board = evolve(board, extinguishers=frozenset({sp("C3", 1)}))
    assert adjacent(board, sp("C3")) == 1
    assert _income(("extinguishers",), _treated_in(board)) == 7


def test_no_bonus_in_an_operating_room():
    """L1097 "in a treatment room" (X6: not operating rooms or outpatient)."""
    board = board_of((PSY, "B3"), (OR, "C3"), (SR, "C2"))
    board = evolve(board, extinguishers=frozenset({sp("C2")}))
    from core.clinic import Clinic

    clinic = Clinic(board)
    clinic = staff(clinic, Role.DOCTOR, sp("C3"), Colour.WHITE)
    clinic = patient(clinic, Colour.WHITE, sp("C3"))
    assert _income(("extinguishers",), clinic) == K_INCOME_WHITE


K_INCOME_WHITE = 4


def test_without_the_expansion_a_token_earns_nothing():
    """The bonus is the expansion's: the base Business ignores the tokens."""
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"))
    board = evolve(board, extinguishers=frozenset({sp("C2")}))
    assert _income((), _treated_in(board)) == 4


def test_the_business_phase_pays_the_bonus():
    """L1097 in play: the round's income includes it."""
    from core.clinic.game.business_phase import business_for

    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"))
    board = evolve(board, extinguishers=frozenset({sp("C2")}))
    state = in_phase(started(("extinguishers",)), Phase.MOVE, _treated_in(board))
    after = business_for(state, 0)
    assert after.players[0].cured == 1
    assert after.players[0].income + (after.players[0].money - state.players[0].money) == 7 - (2 + 3)


def test_every_new_entry_pays_again():
    """X5 (house): "With several moves, every later entry pays" (L1089 "Only people who
    move into the module ... take time to gaze at it")."""
    from core.clinic import Clinic

    clinic = Clinic(_board_with(sp("B2")))
    clinic = staff(clinic, Role.DOCTOR, sp("B3"), Colour.WHITE)
    pid = clinic.last.id
    clinic = move_person(clinic, pid, sp("B2"))  # in: 1 + 1
    clinic = move_person(clinic, pid, sp("C2"))  # out: 1
    clinic = move_person(clinic, pid, sp("B2"))  # in again: 1 + 1
    assert clinic.move_time == 5


def test_the_base_builds_stay_offered():
    """The expansion adds its builds; every base build stays, ``Done`` last."""
    clinic = clinic_with()
    base = legal_actions(building(clinic, options=()))
    with_ext = legal_actions(building(clinic))
    assert [a for a in with_ext if not isinstance(a, BuildExtinguisher)] == base


# --- What the screen says (X9) ----------------------------------------------------------
def test_the_report_shows_three_dollars_times_the_extinguishers():
    """X9 '"+$3 × n" income line' for L1097 "an additional $3 for each extinguisher
    adjacent to the room": two beside the room, a white patient's $4 + $3 × 2."""
    from core.clinic.game import EndMove
    from core.clinic.game.business_report import business_report

    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "D3"))
    board = evolve(board, extinguishers=frozenset({sp("C2"), sp("D3")}))
    state = in_phase(started(("extinguishers",)), Phase.MOVE, _treated_in(board))
    report = business_report(state, apply_action(state, EndMove()))[1]
    assert ": +$10 (extinguishers +$3 × 2)" in report
    board = evolve(board, extinguishers=frozenset({sp("B1")}))  # not beside the room
    state = in_phase(started(("extinguishers",)), Phase.MOVE, _treated_in(board))
    report = business_report(state, apply_action(state, EndMove()))[1]
    assert ": +$4\n" in report and "extinguishers" not in report


def test_the_path_preview_says_plus_one_extinguisher():
    """X9 '"+1 extinguisher" in path previews' for L1087 "Moving or conveying into a
    module with an extinguisher costs 1 additional time": the menu's words and the log
    count the modules with one the way enters, not the one the person starts in
    (L1089)."""
    from core.clinic import Clinic
    from core.clinic.game.actions import MovePerson
    from core.clinic.game.narration import describe, option_text
    from core.clinic.expansions.extinguishers import path_note

    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "B2"), (LAB, "B1"))
    board = evolve(board, extinguishers=frozenset({sp("B2"), sp("B1"), sp("B3")}))
    clinic = staff(Clinic(board), Role.DOCTOR, sp("B3"), Colour.WHITE)
    doc = clinic.last.id
    state = in_phase(started(("extinguishers",)), Phase.MOVE, clinic)
    assert "(time 4, +2 extinguishers)" in option_text(state, MovePerson(doc, sp("B1")))
    assert "(time 2, +1 extinguisher)" in option_text(state, MovePerson(doc, sp("B2")))
    assert option_text(state, MovePerson(doc, sp("C3"))).endswith("(time 1)")
    after = apply_action(state, MovePerson(doc, sp("B1")))
    assert "(time 4, +2 extinguishers)" in describe(state, MovePerson(doc, sp("B1")), after)
    assert path_note(board, (sp("B3"), sp("C3"))) == ""


# --- Gaps decided in the rulings (§2) -----------------------------------------------------
def test_it_shares_a_conveyor_stop_and_blocks_nothing_above():
    """X3 (house): "It is a token on the module: it shares the space with a conveyor
    stop and blocks nothing above"."""
    from core.clinic.construction import BuildModule, build_cost

    clinic = clinic_with((LAB, "B2"))
    board = build(clinic.board, BuildConveyor((sp("B3"), sp("B2"))))
    clinic = evolve(clinic, board=board)
    state = apply_action(building(clinic), BuildExtinguisher(sp("B2")))
    board = state.players[0].clinic.board
    assert sp("B2") in board.extinguishers and sp("B2") in board.conveyor_stops
    above = BuildModule(SR, sp("B2", 1))
    assert build(board, above).module_at(sp("B2", 1)) == SR and build_cost(above) > 0


@pytest.mark.parametrize("kind", [OR, Module(ModuleKind.OUTPATIENT_SERVICES)])
def test_no_bonus_outside_treatment_rooms(kind):
    """X6 (house, literal) with L1097 "each successfully treated patient in a treatment
    room": "Treatment rooms only, not operating rooms or outpatient"."""
    from core.clinic import Clinic

    board = board_of((PSY, "B3"), (kind, "C3"), (SR, "C2"))
    board = evolve(board, extinguishers=frozenset({sp("C2"), sp("B3")}))
    clinic = staff(Clinic(board), Role.DOCTOR, sp("C3"), Colour.WHITE)
    clinic = patient(clinic, Colour.WHITE, sp("C3"))
    with_none = evolve(clinic, board=evolve(board, extinguishers=frozenset()))
    assert _income(("extinguishers",), clinic) == _income(("extinguishers",), with_none) > 0


def test_no_upkeep_and_no_end_game_value():
    """X7 (house): "No upkeep (not a module or garden, base L868), no end-game value"."""
    from core.clinic.business import clinic_upkeep
    from core.clinic.game.end import end_game

    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"))
    plain = _treated_in(board)
    gawked = evolve(plain, board=evolve(board, extinguishers=frozenset({sp("C2"), sp("A3"), sp("B3")})))
    assert clinic_upkeep(gawked, 0) == clinic_upkeep(plain, 0) == 4
    state = in_phase(started(("extinguishers",)), Phase.MOVE, plain)
    other = in_phase(started(("extinguishers",)), Phase.MOVE, gawked)
    assert end_game(state).players[0].popularity == end_game(other).players[0].popularity


def test_zombies_never_gawk():
    """X8 (house): "Zombies (0-time moves) never gawk" (L1165 "This costs no time")."""
    from core.clinic import Clinic
    from core.clinic.expansions.zombies import MoveZombie

    board = evolve(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2")), extinguishers=frozenset({sp("C2")}),
                   zombies=(sp("C3"),))
    state = in_phase(started(("extinguishers", "zombies")), Phase.MOVE, Clinic(board))
    after = apply_action(state, MoveZombie(sp("C3"), sp("C2")))
    assert after.players[0].clinic.move_time == 0


def test_the_basic_player_keeps_its_own_build():
    """``bot_preference`` only replaces ending the Build action, never another build,
    and only beside a working treatment room with $10 kept (L1097: the bonus is for
    rooms beside it)."""
    from core.clinic.expansions.extinguishers import EXPANSION

    clinic = clinic_with((LAB, "A3"), (LAB, "A1"))
    state = building(clinic, money=30)
    options = legal_actions(state)
    other = next(a for a in options if not isinstance(a, (BuildExtinguisher, Done)))
    assert EXPANSION.bot_preference(state, options, None, other) is None
    choice = EXPANSION.bot_preference(state, options, None, Done())
    assert isinstance(choice, BuildExtinguisher) and choice.space in (sp("B3"), sp("C2"))
    poor = building(clinic, money=11)
    assert EXPANSION.bot_preference(poor, legal_actions(poor), None, Done()) is None


def test_the_menu_and_the_log_say_where_an_extinguisher_goes_and_its_cost():
    """L1081 "It costs $2 to build on the ground floor; $3 on Floor 1 ...": the menu
    line offers it with its place and cost, and the log says the player built it."""
    from core.clinic.game.narration import describe, option_text

    state = building(clinic_with())
    action = BuildExtinguisher(HUB_SPACE)
    where = "the psychiatry service hub at floor 0 B3"
    assert option_text(state, action) == f"build an extinguisher on {where} (${cost(HUB_SPACE)})"
    name = state.players[0].name
    said = describe(state, action, apply_action(state, action))
    assert said.startswith(f"{name} builds an extinguisher on {where} (${cost(HUB_SPACE)})")
