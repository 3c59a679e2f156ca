"""A short fixed-seed run of the server's key fuzz (``tests/server/fuzz.py``): bursts
of keys, garbage, resizes and hang-ups from two players in a room of each game crash
no app, leave no screen dead, and the server still serves a new client. The long run
is in docs/testing.md."""

from __future__ import annotations

import pytest

from tests.server import fuzz

pytestmark = pytest.mark.timeout(240)


@pytest.mark.parametrize("room", [0, 3], ids=["clear-the-ward", "clinic-with-a-computer"])
async def test_key_bursts_through_ssh_break_nothing(room, tmp_path):
    report = await fuzz.fuzz_server(room, seed=11, keys=150, data_dir=tmp_path)
    assert report.keys >= 150
    assert report.failures == []


async def test_a_screen_that_ignores_every_key_is_reported(tmp_path, monkeypatch):
    """The fuzz's own check: keys nothing answers leave the screen as it was: dead."""
    monkeypatch.setattr(fuzz, "KEY_BYTES", [b"\x1b[34~"])  # F20: bound to nothing
    for chance in ("QUIT_CHANCE", "RESIZE_CHANCE", "GARBAGE_CHANCE", "HANGUP_CHANCE"):
        monkeypatch.setattr(fuzz, chance, 0)
    report = await fuzz.fuzz_server(0, seed=1, keys=fuzz.DEAD_AFTER * 3, data_dir=tmp_path)
    assert len(report.failures) == 1 and report.failures[0].startswith("dead")
