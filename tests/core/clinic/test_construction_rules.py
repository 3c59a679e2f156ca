"""Each construction rule's refusal, word for word (rulebook "Action: Build",
"Construction rules"; decisions): the player reads which rule a build breaks and where.
A mutation sample showed the old partial matches let any garbled message through."""

from __future__ import annotations

import pytest
from clinic_helpers import HUB, OR, OUT, PSY, SR, TR, N, S, conveyor, entrance, modules, sp

from core.clinic import Service, border_of, build
from core.clinic.construction import (
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    UpgradeParking,
    build_cost,
)
from core.errors import IllegalActionError

NO_ENTRANCE = modules((PSY, "B3"), (TR, "C3"), (SR, "C2"))
#: The beginner clinic of the rulebook's construction examples: psychiatry hub B3 with its
#: entrance south, treatment room C3, supply room C2.
BASE = entrance(NO_ENTRANCE, "B3", S)
GARDEN_A3 = build(BASE, BuildGarden(sp("A3")))
SEPARATE_B1 = modules((OUT, "B1"), board=BASE)
CONVEYOR = conveyor(modules((OUT, "A1"), board=BASE), sp("B3"), sp("C3"))
UPGRADED_A1 = build(build(BASE, BuildParking(sp("A1"))), UpgradeParking(sp("A1")))
CARDIO = HUB[Service.CARDIOLOGY]


@pytest.mark.parametrize(
    "board, action, message",
    [
        (BASE, BuildModule(TR, sp("E3")), "a treatment room at floor 0 E3 is off the board"),
        (BASE, BuildModule(TR, sp("B3")),
         "a treatment room at floor 0 B3: the space already holds a psychiatry service hub "
         "(one component per space)"),
        (BASE, BuildModule(TR, sp("B3", 2)),
         "a treatment room at floor 2 B3 needs a module below it (support rule)"),
        (BASE, BuildModule(SR, sp("C1")),
         "a supply room at floor 0 C1 would be adjacent to the supply room at floor 0 C2 "
         "(no two pink modules adjacent)"),
        (BASE, BuildModule(CARDIO, sp("A3")),
         "a cardiology service hub at floor 0 A3 would be adjacent to the psychiatry service "
         "hub at floor 0 B3 (no two magenta modules adjacent)"),
        (BASE, BuildModule(CARDIO, sp("D3")),
         "a cardiology service hub at floor 0 D3: the building already has the psychiatry "
         "service hub at floor 0 B3 on floor 0 (one service hub per floor per building)"),
        (GARDEN_A3, BuildModule(OR, sp("A3")),
         "an operating room at floor 0 A3 is obstructed by the garden there (obstruction rule)"),
        (SEPARATE_B1, BuildModule(TR, sp("B2")),
         "a treatment room at floor 0 B2 would join two separate buildings (separate building rule)"),
        (BASE, BuildGarden(sp("B3", 1)),
         "a garden at floor 1 B3 must be on floor 0 or above a garden (garden rule)"),
        (BASE, BuildHelipad(sp("A1")), "a helipad at floor 0 A1 must be on top of a module (helipad rule)"),
        (BASE, BuildHelipad(sp("A1", 1)), "a helipad at floor 1 A1 must be on top of a module (helipad rule)"),
        (BASE, BuildParking(sp("B3", 1)), "parking at floor 1 B3 must be on the ground floor (parking rule)"),
        (BASE, BuildParking(sp("A1"), (1, 2, 3)), "parking at floor 0 A1 holds only 2 cars"),
        (BASE, UpgradeParking(sp("A1")), "no parking tile to upgrade at floor 0 A1 (parking rule)"),
        (UPGRADED_A1, UpgradeParking(sp("A1")),
         "the parking at floor 0 A1 is already upgraded (parking rule)"),
        (BASE, BuildEntrance(border_of("C1", N)),
         "an entrance north of C1 is not on an entrance space (east, south and west edges "
         "only, none on the north)"),
        (BASE, BuildEntrance(border_of("B3", S)), "an entrance south of B3: that entrance space is taken"),
        (BASE, BuildEntrance(border_of("D3", S)),
         "an entrance south of D3 must point at a ground-floor module (floor 0 D3 is empty)"),
        (NO_ENTRANCE, BuildEntrance(border_of("C3", S)),
         "the first entrance south of C3 must point at a ground-floor service hub, not a "
         "treatment room (entrance rule)"),
        (BASE, BuildConveyor((sp("B3"),)),
         "the first conveyor purchase is two aligned stops, not 1 (floor 0 B3)"),
        (BASE, BuildConveyor((sp("B3"), sp("A1"))),
         "a conveyor stop at floor 0 A1 must be on a module (conveyor rule)"),
        (BASE, BuildConveyor((sp("B3"), sp("C2"))),
         "conveyor stops at floor 0 B3 and floor 0 C2 are not orthogonally aligned (conveyor rule)"),
        (CONVEYOR, BuildConveyor((sp("C2"), sp("B3"))),
         "a later conveyor purchase is one stop, not 2 (floor 0 C2, floor 0 B3)"),
        (CONVEYOR, BuildConveyor((sp("C3"),)), "a conveyor stop at floor 0 C3: that module already has a stop"),
        (CONVEYOR, BuildConveyor((sp("A1"),)),
         "a conveyor stop at floor 0 A1 must align with an existing stop (one conveyor network)"),
    ],
)
def test_each_construction_refusal_names_its_rule_and_place(board, action, message):
    with pytest.raises(IllegalActionError) as refused:
        build(board, action)
    assert str(refused.value) == f"Construction: {message}"


def test_legal_builds_next_to_the_refused_ones_are_accepted():
    """The same places with the rule satisfied: the refusals above are the rules, not
    refusals of everything."""
    build(BASE, BuildModule(TR, sp("B2")))  # beside the hub and the supply room
    build(BASE, BuildModule(CARDIO, sp("A1")))  # a hub in a separate building
    build(GARDEN_A3, BuildGarden(sp("A3", 1)))  # a garden above a garden
    build(modules((TR, "B3", 1), board=BASE), BuildHelipad(sp("B3", 2)))
    build(CONVEYOR, BuildConveyor((sp("C2"),)))  # aligned with C3
    build(BASE, BuildEntrance(border_of("C3", S)))  # later entrances: any module


@pytest.mark.parametrize(
    "action, text",
    [
        (BuildModule(TR, sp("B2", 1)), "build a treatment room at floor 1 B2"),
        (BuildGarden(sp("A3")), "build a garden at floor 0 A3"),
        (BuildHelipad(sp("C3", 1)), "build a helipad at floor 1 C3"),
        (BuildParking(sp("A1")), "build parking at floor 0 A1"),
        (UpgradeParking(sp("A1")), "upgrade the parking at floor 0 A1"),
        (BuildEntrance(border_of("C3", S)), "build an entrance south of C3"),
        (BuildConveyor((sp("B3"), sp("C3"))), "build conveyor stops at floor 0 B3, floor 0 C3"),
    ],
)
def test_builds_read_as_the_players_say_them(action, text):
    assert str(action) == text


def test_a_helipad_on_the_ground_floor_has_no_price():
    with pytest.raises(IllegalActionError) as refused:
        build_cost(BuildHelipad(sp("A1")))
    assert str(refused.value) == "Construction: build a helipad at floor 0 A1 is not possible on floor 0"


def test_no_build_has_a_price_above_the_top_floor():
    """Floors 0-3 (rulebook): a build on floor 4 is refused by name, not by a crash."""
    for action in (BuildModule(TR, sp("B2", 4)), BuildGarden(sp("B2", 4)), BuildHelipad(sp("B2", 4))):
        with pytest.raises(IllegalActionError) as refused:
            build_cost(action)
        assert str(refused.value) == f"Construction: {action} is not possible on floor 4"
