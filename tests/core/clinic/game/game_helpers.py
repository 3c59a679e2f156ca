"""Helpers for the Clinic game tests: scenario states built by hand, invariants."""

from __future__ import annotations

from attrs import evolve

from core.clinic import clinic_violations, end_of_move_violations
from core.clinic.components import Role
from core.clinic.game import constants as K
from core.clinic.game.setup import (
    initial_doctors,
    initial_nurses,
    initial_orderlies,
    initial_patients,
)
from core.clinic.game.state import GameState, Phase, set_player
from core.clinic.expansions import zombies
from core.clinic.expansions.emergency.access import ed_state, waiting_area


def with_player(state: GameState, seat: int = 0, **changes) -> GameState:
    """``state`` with seat ``seat``'s PlayerState changed."""
    return evolve(state, players=set_player(state, seat, evolve(state.players[seat], **changes)))


def with_clinic(state: GameState, seat: int, clinic) -> GameState:
    return with_player(state, seat, clinic=clinic)


def conservation(state: GameState) -> dict[str, tuple[int, int]]:
    """(counted, expected) for patients, doctors, nurses, orderlies and cars: display
    or bag + clinics + gone (cured, dead, dismissed, removed unhired)."""
    clinics = [p.clinic for p in state.players]
    patients = (
        sum(state.patient_pool)
        + sum(c is not None for row in state.notepad for c in row)
        + sum(len(c.of_role(Role.PATIENT)) for c in clinics)
        + sum(p.cured + p.dead + zombies.player_state(p).mutated for p in state.players)
    )
    doctors = (
        sum(state.doctor_pool)
        + sum(c is not None for c in state.university)
        + sum(len(c.of_role(Role.DOCTOR)) for c in clinics)
        + sum(p.dismissed_doctors for p in state.players)
    )
    nurses = (
        sum(state.nurses)
        + state.nurses_gone
        + sum(len(c.of_role(Role.NURSE)) for c in clinics)
        + sum(p.dismissed_nurses for p in state.players)
    )
    orderlies = (
        state.orderlies
        + sum(len(c.of_role(Role.ORDERLY)) for c in clinics)
        + sum(p.dismissed_orderlies for p in state.players)
    )
    cars = state.cars_lot + sum(c.board.parked_cars for c in clinics)
    cars_expected = K.CARS_IN_GAME
    out = {}
    if waiting_area(state) is not None:  # The 911th Extension: its own pieces, 40 more cars
        from core.clinic.expansions.emergency.constants import EXTRA_CARS

        out = ed_conservation(state)
        cars += sum(ed_state(p).board.parked_cars for p in state.players)
        cars_expected += EXTRA_CARS
    return out | {
        "patients": (patients, initial_patients(state)),
        "doctors": (doctors, initial_doctors(state)),
        "nurses": (nurses, initial_nurses(state)),
        "orderlies": (orderlies, initial_orderlies(state)),
        "cars": (cars, cars_expected),
    }


def ed_conservation(state: GameState) -> dict[str, tuple[int, int]]:
    """(counted, expected) for the Emergency Department's patients and doctors: bag,
    queues, residency, the EDs, treated and dead; the starting doctors come from the
    supply, one per ED once its first hub and room stand."""
    from core.clinic.expansions.emergency import constants as EK
    from core.clinic.expansions.emergency.components import EDRole

    area = waiting_area(state)
    eds = [ed_state(p) for p in state.players]
    patients = (
        sum(area.bag_patients)
        + sum(c is not None for q in area.queues for c in q)
        + sum(len(ed.of_role(EDRole.PATIENT)) + sum(ed.treated) + ed.dead for ed in eds)
    )
    doctors = sum(area.bag_doctors) + sum(c is not None for c in area.residency)
    doctors += sum(len(ed.of_role(EDRole.DOCTOR)) for ed in eds)
    started = sum(1 for ed in eds if ed.board.hubs and ed.board.rooms)
    n = state.player_count
    return {
        "emergency patients": (patients, sum(EK.BAG_PATIENTS[n])),
        "emergency doctors": (doctors, sum(EK.BAG_DOCTORS[n]) + started),
    }


def settled(state: GameState) -> bool:
    """After a Move phase and before the next action resolves: nobody may stand on an
    entrance or helipad, every module within capacity."""
    if state.phase in (Phase.BUY_POPULARITY, Phase.OVER):
        return True
    return state.phase is Phase.SELECT and state.round > 1 and state.action == 1 and state.queue == state.turn_order


def invariant_violations(state: GameState) -> list[str]:
    out = [f"{k}: {a} != {b}" for k, (a, b) in conservation(state).items() if a != b]
    for seat, p in enumerate(state.players):
        if p.money < 0:
            out.append(f"seat {seat} money {p.money}")
        if ed_state(p) is not None and ed_state(p).funds < 0:
            out.append(f"seat {seat} emergency funds {ed_state(p).funds}")
        if p.popularity < 0:
            out.append(f"seat {seat} popularity {p.popularity}")
        out += [f"seat {seat}: {v}" for v in clinic_violations(p.clinic, p.cars_owed)]
        if settled(state):
            out += [f"seat {seat}: {v}" for v in end_of_move_violations(p.clinic)]
            if ed_state(p) is not None:  # The 911th Extension: everyone in the ED stands legally
                from core.clinic.expansions.emergency.movement import ed_move_violations

                out += [f"seat {seat} ED: {v}" for v in ed_move_violations(ed_state(p))]
    return out


def place(clinic, role, where, colour=None):
    """``clinic`` with one more person of ``role`` (a patient: psychiatry, of
    ``colour``) standing on ``where``, their car parked on the first free spot."""
    from core.clinic import Service, admit_patient, free_parking_spots, hire

    spot = free_parking_spots(clinic.board)[0]
    if role is Role.PATIENT:
        clinic = admit_patient(clinic, colour, Service.PSYCHIATRY, spot)
    else:
        clinic = hire(clinic, role, clinic.board.entrances[0], spot, colour)
    return evolve(clinic, people=clinic.people[:-1] + (evolve(clinic.last, where=where),))
