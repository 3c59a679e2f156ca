"""``--ascii``: every character either game draws is ASCII (codes below 128), borders
and Textual's own marks included; without it the same screens use Unicode (so the
check would see a stray character)."""

from __future__ import annotations

import pytest

SIZE = (80, 24)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def not_ascii(text: str) -> set[str]:
    return {char for char in text if ord(char) >= 128}


def clear_ward(tmp_path, ascii: bool, players: str | None = "Ann,cpu:greedy"):
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options, parse_players

    seats = parse_players(players) if players else ()
    return ClearWardApp(Options(seats=seats, seed=7, cpu_delay=0, ascii=ascii, data_dir=tmp_path, show_clock=False))


def clinic(tmp_path, ascii: bool, players: str | None = "Ann,cpu:basic"):
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options, parse_players

    seats = parse_players(players) if players else ()
    return ClinicApp(Options(seats=seats, seed=3, cpu_delay=0, ascii=ascii, data_dir=str(tmp_path)))


MAKERS = {"clear-ward": clear_ward, "clinic": clinic}


async def screens(app, pilot) -> list[str]:
    """The text of the game screen, its help, its rules and the first dialog."""
    seen = []
    for _ in range(10):
        await pilot.pause()
    seen.append(screen_text(app))
    for key in ("question_mark", "r"):
        await pilot.press(key)
        await pilot.pause()
        seen.append(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
    await pilot.press("q")  # the quit question: a dialog with buttons
    await pilot.pause()
    seen.append(screen_text(app))
    return seen


@pytest.mark.parametrize("game", MAKERS)
async def test_ascii_draws_nothing_but_ascii(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        for text in await screens(app, pilot):
            assert not not_ascii(text), (not_ascii(text), text)


@pytest.mark.parametrize("game", MAKERS)
async def test_without_ascii_the_same_screens_use_unicode(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=False)
    async with app.run_test(size=SIZE) as pilot:
        texts = await screens(app, pilot)
    assert all(not_ascii(text) for text in texts)


@pytest.mark.parametrize("game", MAKERS)
async def test_ascii_setup_and_the_too_small_gate(game, tmp_path):
    app = MAKERS[game](tmp_path, ascii=True, players=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")
        assert not not_ascii(screen_text(app)), screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert "too small" in screen_text(app).lower() or "80" in screen_text(app)
        assert not not_ascii(screen_text(app))
