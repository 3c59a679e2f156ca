"""The Business report's words (issue #30, round three): a treatment room's garden
bonus is said, and popularity comes before the savings, which are told as what is left
after popularity is bought."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Clinic, Colour, Role
from core.clinic.construction import BuildGarden, build
from core.clinic.game import EndMove, apply_action
from core.clinic.game.business_report import business_report
from core.clinic.game.state import Phase

from clinic_helpers import PSY, SR, TR, sp
from .helpers import board_of, in_phase, patient, staff, started

ROOM = sp("C3")


def _report(gardens: tuple[str, ...]) -> str:
    board = board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"))
    for space in gardens:
        board = build(board, BuildGarden(sp(space)))
    clinic = Clinic(board)
    clinic = staff(clinic, Role.DOCTOR, ROOM, Colour.RED)
    clinic = patient(clinic, Colour.RED, ROOM, stays=True)
    state = in_phase(started(()), Phase.MOVE, clinic)
    state = evolve(state, players=(evolve(state.players[0], money=10),) + state.players[1:])
    return business_report(state, apply_action(state, EndMove()))[1]


def test_the_garden_bonus_is_said():
    report = _report(("D3",))
    assert "of which $2 garden bonus (1 garden beside the room)" in report, report
    assert "garden bonus" not in _report(())


def test_popularity_comes_before_savings_and_savings_wait_for_it():
    lines = [line.strip() for line in _report(("D3",)).splitlines()]
    popularity = next(i for i, line in enumerate(lines) if line.startswith("popularity "))
    savings = next(i for i, line in enumerate(lines) if "savings $" in line)
    assert popularity < savings
    assert "may buy popularity ($3 each)" in lines[savings] and lines[savings].endswith("less what it buys")
