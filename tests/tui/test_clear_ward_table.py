"""Clear the Ward at the table (issue 12): the header keeps the last-move line and the
Night Shift clock at 80x24, the selected move is previewed, Tab leaves the arrows to
the ward, arrows are drawn only in the Night Shift, each speciality has its own look."""

from __future__ import annotations

import pytest
from test_clear_ward_driver import game_screen, make_app, move_cursor, settle
from test_kit_ascii import screen_text

from core.clear_ward import SPECIALITIES, Move, preview
from core.clear_ward.movement import destination

SIZE = (80, 24)


async def test_the_header_keeps_the_last_move_and_the_clock_with_a_long_name(tmp_path):
    app = make_app("Bartholomew Fi", seed=7, tmp_path=tmp_path, show_clock=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        await pilot.press("n")
        await pilot.pause()
        status = str(game.query_one("#status").render()).splitlines()
        text = screen_text(app)
        assert "First move" in text and "Night Shift" in text and "00:00" in text, status


async def test_the_selected_stop_shows_what_the_move_would_do(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        state = game.state
        moves = [a for a in game.legal() if isinstance(a, Move)]
        move = next(m for m in moves if state.ward[destination(state, m)[0]] is not None
                    and state.ward[destination(state, m)[0]].face_up)
        await move_cursor(pilot, game, destination(state, move)[0])
        await pilot.pause()
        said = preview(state, move)
        assert said and said in screen_text(app)


async def test_tab_leaves_the_arrows_to_the_ward(tmp_path):
    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        grid = game_screen(app).query_one("#ward")
        await pilot.press("tab", "tab", "tab")
        assert app.focused is grid
        before = grid.cursor
        await pilot.press("right")
        assert grid.cursor != before or before % 6 == 5


@pytest.mark.parametrize("players,drawn", [("Ann", True), ("Ann,Bob", False)])
async def test_patient_arrows_are_drawn_only_in_the_night_shift(tmp_path, players, drawn):
    app = make_app(players, seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        ward = "\n".join(screen_text(app).splitlines()[4:17])
        assert any(arrow in ward for arrow in "↑→↓←") == drawn


async def test_every_speciality_has_its_own_colour(tmp_path):
    from clear_ward_tui.widgets.ward_grid import SPECIALITY_CLASSES

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        grid = game_screen(app).query_one("#ward")
        looks = {(str(style.color), style.bold, style.italic)
                 for style in (grid.get_component_rich_style(name, partial=True) for name in SPECIALITY_CLASSES)}
        assert len(looks) == len(SPECIALITIES)
        assert len({s.short for s in SPECIALITIES}) == len(SPECIALITIES)


async def test_a_resumed_night_shift_keeps_its_clock(tmp_path):
    import time

    from core.clear_ward import legal_actions
    from core.saves import SaveFolder, read_save

    app = make_app("Ann", seed=7, tmp_path=tmp_path, show_clock=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        game.play(next(a for a in legal_actions(game.state) if isinstance(a, Move)))
        await settle(pilot, app)
        game.clock.started = time.monotonic() - 125  # two minutes in
        game.play(legal_actions(game.state)[0])
        await pilot.pause()
    clock = read_save(SaveFolder(tmp_path).autosave).clock
    assert 124 <= clock <= 140
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options

    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert game_screen(app).clock.elapsed() >= clock
        assert "02:0" in screen_text(app)


def test_a_computers_night_shift_never_sets_a_best_time(tmp_path):
    from attrs import evolve

    from clear_ward_tui import records
    from core.clear_ward import EndReason, new_game

    app = make_app("cpu:greedy", seed=7, tmp_path=tmp_path)
    won = evolve(new_game(["Greedy bot"], seed=7), end_reason=EndReason.WARD_CLEAR)
    outcome = app.night_shift_outcome(won, 7, 42.0, computer=True)
    assert not outcome.new_overall_best and not (tmp_path / records.FILE_NAME).exists()
    outcome = app.night_shift_outcome(won, 7, 42.0)  # a person's win is kept
    assert outcome.new_overall_best and (tmp_path / records.FILE_NAME).exists()


async def test_hot_seat_passes_the_keyboard_before_showing_a_hand(tmp_path):
    """Two people: when Bob's turn comes, a pass screen hides Ann's and Bob's staff
    cards until Bob presses Enter; then only Bob's hand is shown."""
    from core.clear_ward import EndTurn, Phase, legal_actions

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        first = game.state.current
        assert "STAFF CARDS (c)" in screen_text(app)  # the first player's own hand
        while game.state.current == first:
            legal = legal_actions(game.state)
            game.play(next((a for a in legal if isinstance(a, EndTurn)), legal[0]))
            for _ in range(3):
                await pilot.pause()
            if game.state.phase is not Phase.MOVE and game.state.current == first and app.screen is not game:
                app.screen.dismiss(None)
                await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "PassDialog"
        assert game.seats.private_seat() is None
        assert "(hidden)" in str(game.query_one("#panel-text").render())
        await pilot.press("enter")
        await pilot.pause()
        assert game.seats.private_seat() == game.state.current
        assert f"{game.names[game.state.current].upper()}'S STAFF CARDS" in str(game.query_one("#panel-text").render())


async def test_junior_doctor_peeks_stay_shown_to_the_looker(tmp_path):
    from core.clear_ward import StaffCard

    app = make_app("Ann,cpu:greedy", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        state = game.state
        hidden = [c for c, card in enumerate(state.ward) if card is not None and not card.face_up][:2]
        game.peeks[state.current] = {c: state.ward[c].patient for c in hidden}
        game.refresh_view()
        await pilot.pause()
        view = game.query_one("#ward").view
        assert set(view.peeked) == set(hidden)
        patient = state.ward[hidden[0]].patient
        assert f"{patient.speciality.short}{patient.stars}★?" in screen_text(app)
        assert StaffCard.JUNIOR_DOCTOR  # the card whose looks these are
