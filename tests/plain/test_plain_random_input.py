"""Whatever is typed, the plain text mode answers in words and never stops with a
traceback: seeded games fed a mix of numbers, commands, half-words and junk (escape
sequences, tabs, very long lines) end cleanly with exit status 0. A short run of the
plain-mode fuzz (``tests/plain/fuzz.py``); its long run is in docs/testing.md."""

from __future__ import annotations

import pytest

from .fuzz import SETUPS, fuzz_plain


@pytest.mark.parametrize(("game", "players", "extra"), SETUPS, ids=[f"{g}-{p}" for g, p, _ in SETUPS])
def test_random_lines_are_always_answered_in_words(tmp_path, game, players, extra):
    run = fuzz_plain(game, players, seed=7, lines=150, data_dir=str(tmp_path), extra=extra)
    assert run.lines > 50  # the game may end before all 150 are typed
    assert run.problems == []


def test_the_fuzz_sees_a_game_that_never_offers_an_action(tmp_path, monkeypatch):
    """The fuzz's own check fires: a plain mode that prints no numbered action is caught."""
    import tests.plain.fuzz as fuzz

    monkeypatch.setattr(fuzz, "_ACTION_LINE", fuzz.re.compile("^never matches$"))
    run = fuzz.fuzz_plain("clear-ward", "Ann", seed=1, lines=80, data_dir=str(tmp_path))
    assert any("no action list" in p for p in run.problems)


@pytest.mark.parametrize(("players", "seed"), [("Ann,Bob", 1005), ("Ann,cpu:basic", 1006)])
def test_what_the_long_run_found(tmp_path, players, seed):
    """Found by the long run: ``board`` typed at a hot seat's "pass to" line (nobody's
    decision is open), and ``board`` once patients wait in two services'
    pre-admissions (the places could not be sorted); both stopped Clinic's plain mode."""
    run = fuzz_plain("clinic", players, seed=seed, lines=400, data_dir=str(tmp_path))
    assert run.problems == []
