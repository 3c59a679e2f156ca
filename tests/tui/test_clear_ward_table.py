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
