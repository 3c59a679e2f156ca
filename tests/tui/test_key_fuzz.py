"""A short fixed-seed run of the fast-typing key fuzz (``tests/keyfuzz.py``) through
both apps and every setup: no crash, no dead screen, no hang. The long run (100,000 keys
per app) is ``python -m tests.keyfuzz``; see docs/testing.md."""

from __future__ import annotations

import pytest

from tests.keyfuzz import SETUPS, fuzz_app

#: Keys per (app, setup): a few thousand per app in all.
KEYS_PER_SETUP = 400


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
