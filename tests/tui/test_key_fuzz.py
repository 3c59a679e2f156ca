"""A short fixed-seed run of the fast-typing key fuzz (``tests/keyfuzz.py``) through
both apps and every setup: no crash, no dead screen, no hang. The long run (100,000 keys
per app) is ``python -m tests.keyfuzz``; see docs/testing.md."""

from __future__ import annotations

import time

import pytest

from tests.keyfuzz import SETUPS, fuzz_app, suite_keys

#: Keys per (app, setup): more than ``DEAD_AFTER`` (so a dead screen can be seen), over
#: a thousand per app in all (``FUZZ_SCALE=1.9``: 400 each, as before the suite was
#: made to fit in 6 minutes; the long run of 100,000 keys per app is in docs/testing.md).
KEYS_PER_SETUP = suite_keys(210)


@pytest.mark.parametrize(("app", "setup"), [(a, i) for a in SETUPS for i in range(len(SETUPS[a]))])
async def test_fast_keys_never_break_the_app(app, setup, tmp_path):
    report = await fuzz_app(app, setup, seed=11, keys=KEYS_PER_SETUP, data_dir=tmp_path)
    assert report.keys == KEYS_PER_SETUP
    assert report.failures == [], "\n".join(str(f) for f in report.failures)


@pytest.mark.parametrize("app", list(SETUPS))
async def test_a_dead_screen_is_reported(app, tmp_path, monkeypatch):
    """The fuzz's own check: a screen that ignores every key is a dead state."""
    import tests.keyfuzz as fuzz

    monkeypatch.setattr(fuzz, "COMMON_KEYS", ["f20"])  # a key nothing answers
    monkeypatch.setattr(fuzz, "QUIT_CHANCE", 0)
    monkeypatch.setattr(fuzz, "RESIZE_CHANCE", 0)
    report = await fuzz_app(app, 1, seed=1, keys=fuzz.DEAD_AFTER + 50, data_dir=tmp_path)
    assert [f.kind for f in report.failures] == ["dead"]


@pytest.mark.parametrize("app_name", ["clear-ward", "clinic"])
async def test_game_keys_before_the_game_is_on_the_screen_are_dropped(app_name, tmp_path):
    """Found by the key fuzz (Clear the Ward, seed 3, four computer seats: ``n`` reached
    a new game screen before its game was set, ``AttributeError``). Until ``on_mount``
    puts the game on the screen every game key is disabled (dropped quietly); once it is
    there, they work."""
    from tests.keyfuzz import make_app

    app = make_app(app_name, "Ann", 1, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        on_screen = None
        deadline = time.monotonic() + 30  # a condition with a deadline, no fixed pause
        while time.monotonic() < deadline:
            await pilot.pause()
            on_screen = next((s for s in app.screen_stack if type(s).__name__ == "GameScreen"), None)
            if on_screen is not None and on_screen.state is not None:
                break
        assert on_screen is not None and on_screen.state is not None
        fresh = type(on_screen)(on_screen.options)  # a game screen not yet mounted
        assert fresh.state is None
        for binding in type(on_screen).BINDINGS:
            assert fresh.check_action(binding.action, ()) is False, binding.action
        assert on_screen.check_action("help", ()) is True
        for _ in range(3):  # let the game's first screens finish opening before the app stops
            await pilot.pause()


@pytest.mark.parametrize("app_name", ["clear-ward", "clinic"])
async def test_a_quit_key_while_a_screen_is_opening_is_dropped(app_name, tmp_path):
    """Found by the key fuzz (Clinic, seed 2, four computer seats: Enter on the game
    over's "New setup" button, then Esc, the setup screen's Quit, before the setup
    screen was built: its ``on_mount`` found no fields, ``NoMatches``). A quit that
    arrives while the screen on top is still opening is dropped; the next one quits."""
    from tests.keyfuzz import make_app

    app = make_app(app_name, None, 1, tmp_path)  # the setup screen
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        app.switch_screen(type(setup)(setup.options))  # a new setup screen, not yet built...
        await app.action_quit()  # ...and Esc in that instant
        assert app.is_running
        await pilot.pause()
        assert app.screen.is_mounted and app._exception is None
        await app.action_quit()
        await pilot.pause()
        assert not app.is_running


async def test_the_long_run_types_every_key_asked_for(monkeypatch):
    """``--keys 100000 --seeds 5`` types 100,000 keys per app, not 99,990: the setups that
    come first take one key more when the keys do not divide evenly."""
    import tests.keyfuzz as fuzz

    asked = []

    async def typed(app_name, index, seed, keys, **_):
        asked.append(keys)
        return fuzz.Report(keys=keys)

    monkeypatch.setattr(fuzz, "fuzz_app", typed)
    report = await fuzz.run(["clear-ward"], 100_000, [1, 2, 3, 4, 5], log=lambda _: None)
    assert report.keys == 100_000
    assert len(asked) == 5 * len(fuzz.SETUPS["clear-ward"]) and max(asked) - min(asked) <= 1
