"""The Easter eggs (``tui_common.eggs``, spoilers in docs/easter-eggs.md): each is found
where docs/easter-eggs.md says, in the apps and in the plain text mode, and none changes
the game (the same seed deals the same game with or without an egg's name)."""

from __future__ import annotations

import datetime

import pytest

from tui_common import eggs

SIZE = (80, 24)


class _Any:
    """A score equal to every score: the score egg shows whatever the game's result."""

    def __eq__(self, other) -> bool:
        return True

    __hash__ = None


def test_a_famous_doctor_s_name_is_found_however_it_is_written():
    for name in ("House", "dr. house", "Dr Gregory HOUSE", "Doctor  House"):
        assert eggs.name_egg(["Ann", name]) == "It's never lupus.", name
    assert eggs.name_egg(["Hóuse"]) == "It's never lupus."  # accents folded
    assert eggs.name_egg(["Ann", "Housekeeper", "Dr"]) is None
    assert eggs.name_egg(["McCoy", "House"]) == eggs.NAMES["mccoy"], "the first seat's egg"


def test_two_days_of_the_year_have_a_line_and_the_others_none():
    assert eggs.day_egg(datetime.date(2027, 4, 1)).startswith("April Fools' Day")
    assert eggs.day_egg(datetime.date(2026, 5, 12)).startswith("International Nurses Day")
    days = [datetime.date(2027, 1, 1) + datetime.timedelta(days=n) for n in range(365)]
    assert sum(eggs.day_egg(d) is not None for d in days) == 2


def test_a_final_score_of_42_and_only_42_has_a_line():
    assert eggs.score_egg((12, 42)) == eggs.SCORE_LINE
    assert eggs.score_egg((41, 43, 0)) is None
    assert eggs.score_egg(()) is None


def test_the_magic_word_is_answered_and_other_words_are_not():
    assert eggs.word_egg(" XYZZY ") == eggs.word_egg("plugh") != None  # noqa: E711
    assert eggs.word_egg("help") is None and eggs.word_egg("") is None


def _app(game: str, tmp_path):
    if game == "clear-ward":
        from clear_ward_tui.app import ClearWardApp
        from clear_ward_tui.config import Options

        return ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, show_clock=False))
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options

    return ClinicApp(Options(cpu_delay=0, data_dir=str(tmp_path)))


@pytest.mark.parametrize("game", ["clear-ward", "clinic"])
async def test_the_setup_screen_says_the_day_s_line_and_a_seat_named_house_hears_its_own(game, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.setattr(eggs, "today", lambda: datetime.date(2027, 4, 1))
    app = _app(game, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert eggs.DAYS[(4, 1)] in said
        assert "It's never lupus." not in said
        app.screen.query_one("#name-0").value = "Dr. House"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "It's never lupus." in [n.message for n in app._notifications]
        assert any(type(s).__name__ == "GameScreen" for s in app.screen_stack), "the game started as usual"


async def test_no_day_line_on_an_ordinary_day(tmp_path, monkeypatch):
    monkeypatch.setattr(eggs, "today", lambda: datetime.date(2027, 4, 2))
    app = _app("clear-ward", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not [n for n in app._notifications if n.message in eggs.DAYS.values()]


def _finished_ward():
    import random

    from core.clear_ward import apply_action, is_over, legal_actions, new_game, result

    rng, state = random.Random(3), new_game(["Ann", "Bob"], 7)
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state, result(state).scores


@pytest.mark.parametrize("lucky", [True, False])
async def test_the_game_over_screen_shows_the_42_line_only_for_a_score_of_42(lucky, tmp_path, monkeypatch):
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options
    from clear_ward_tui.screens.game_over import GameOverScreen

    state, scores = _finished_ward()
    monkeypatch.setattr(eggs, "SCORE", scores[1] if lucky else max(scores) + 1)
    app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, show_clock=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(GameOverScreen(app.options, state, ["Ann", "Bob"], 7))
        await pilot.pause()
        found = app.screen.query("#over-egg")
        assert bool(found) is lucky
        if lucky:
            assert str(found.first().render()) == eggs.SCORE_LINE


def _plain(tmp_path, answer, players="Ann"):
    from clear_ward_tui.__main__ import options_from_args
    from clear_ward_tui.plain import main

    from tests.plain.helpers import play

    options = options_from_args(["--plain", "--players", players, "--seed", "7", "--data-dir", str(tmp_path)])
    return play(main, options, answer)


def test_the_plain_mode_answers_the_magic_word_and_greets_house_and_plays_the_same_deal(tmp_path, monkeypatch):
    from tests.plain.helpers import script

    monkeypatch.setattr(eggs, "today", lambda: datetime.date(2027, 5, 12))
    status, out, stdin = _plain(tmp_path / "a", script("xyzzy", "board"), players="Dr House")
    assert status == 0
    assert eggs.DAYS[(5, 12)] in out and "It's never lupus." in out
    assert eggs.WORDS["xyzzy"] in out
    monkeypatch.setattr(eggs, "today", lambda: datetime.date(2027, 5, 13))
    _, plain_out, plain_stdin = _plain(tmp_path / "b", script("board"), players="Ann")
    assert eggs.DAYS[(5, 12)] not in plain_out and "lupus" not in plain_out
    board = [asked[-1][1].rsplit("\n", 1)[0] for asked in (stdin.asked, plain_stdin.asked)]
    assert board[0] == board[1], "the same seed deals the same ward, egg or not"


def test_the_plain_mode_says_the_42_line_at_the_end(tmp_path, monkeypatch):
    from tests.plain.helpers import always

    monkeypatch.setattr(eggs, "SCORE", _Any())
    status, out, _ = _plain(tmp_path, always("1"))
    assert status == 0
    end = out.index("The game is over")
    assert out.count(eggs.SCORE_LINE) == 1 and out.index(eggs.SCORE_LINE) > end
