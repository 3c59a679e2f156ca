"""Clinic at the table (issue 12): this round's Business forecast is always on screen
at 80×24, on the line above the event log (no menu covers it), with the numbers core
computes (``business_phase.forecast``), following the clinic being shown."""

from __future__ import annotations

import pytest
from attrs import evolve
from test_clinic_driver import game_screen
from test_kit_ascii import screen_text

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, parse_players
from core.clinic import Clinic, Colour, ModuleKind, Role
from core.clinic.construction import beginner_initial_board
from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.business_phase import forecast
from core.clinic.game.state import Phase, set_player
from tests.core.clinic.game.game_helpers import place as _place

W = Colour.WHITE


def _two_players_with_a_patient_treated():
    """Ann's clinic: a white doctor and a white patient in the working treatment room,
    an orderly in the supply room (rulebook: $4 for a white patient; wages $2 + $1;
    upkeep 3 modules - $3 for the orderly = $0). Bob's: only his starting doctor."""
    state = new_game(["Ann", "Bob"], 3)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    board = beginner_initial_board(W)
    room = board.modules_of_kind(ModuleKind.TREATMENT_ROOM)[0]
    clinic = _place(Clinic(board), Role.DOCTOR, room, W)
    clinic = _place(clinic, Role.PATIENT, room, W)
    clinic = _place(clinic, Role.ORDERLY, board.modules_of_kind(ModuleKind.SUPPLY_ROOM)[0])
    ann = evolve(state.players[0], clinic=clinic, money=0)
    return evolve(state, players=set_player(state, 0, ann))


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_forecast_line_shows_cores_numbers_at_80x24_with_a_menu_open(ascii):
    state = _two_players_with_a_patient_treated()
    assert state.current == 0  # Ann chooses first: her clinic is shown
    app = ClinicApp(Options(seats=parse_players("Ann,Bob"), seed=3, cpu_delay=0, ascii=ascii), state=state)
    arrow = ">" if ascii else "→"
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        game = game_screen(app)
        assert app.screen is not game  # the action-tile menu is open
        f = forecast(state, game.view_seat)
        text = screen_text(app)
        assert f"Business: ${f.income} in, wages ${f.wages}, upkeep ${f.upkeep} {arrow} " in text, text
        assert game.view_seat == 0
        assert "Business: $4 in, wages $3, upkeep $0 " + arrow + " +$1" in text
        await pilot.press("escape")
        await pilot.press("v")  # the other clinic: its own forecast
        await pilot.pause()
        other = forecast(state, game.view_seat)
        assert other != f
        assert (f"Business: ${other.income} in, wages ${other.wages}, upkeep ${other.upkeep} {arrow} "
                in screen_text(app))


async def test_a_large_screen_shows_the_other_clinics_as_small_boards():
    """160×50 uses the space (issue 12): beside the event log, every other player's
    clinic as a small board (its service hub, treatment room and supply room where the
    board has them) with popularity, savings and people; v shows the others of the
    clinic then in full. At 80×24 there is no room: they are not drawn."""
    state = _two_players_with_a_patient_treated()
    app = ClinicApp(Options(seats=parse_players("Ann,Bob"), seed=3, cpu_delay=0), state=state)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(10):
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        game = game_screen(app)
        assert game.view_seat == 0
        text = screen_text(app)
        bob = state.players[1]
        doctors, nurses = len(bob.clinic.of_role(Role.DOCTOR)), len(bob.clinic.of_role(Role.NURSE))
        assert f"Bob · pop 0 · ${bob.money} · time 0 · d{doctors} n{nurses} o0 p0" in text, text
        assert "Ann · pop" not in text
        board_lines = [line for line in text.splitlines() if "HPs" in line or "T✓" in line]
        assert board_lines, text
        await pilot.press("v")
        await pilot.pause()
        text = screen_text(app)
        assert "Ann · pop 0 · $0 · time 0 · d1 n0 o1 p1" in text and "Bob · pop" not in text
        assert "T✓1" in text  # Ann's treatment room with its one patient
        await pilot.resize_terminal(80, 24)
        for _ in range(5):
            await pilot.pause()
        assert "Ann · pop" not in screen_text(app)
