"""Saves written by the code before issue 31 (the round skeleton, the expansions' hook
points) still load: their actions replay to the very state saved in their snapshot, and
play goes on from there."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.clinic.game import legal_actions
from core.clinic.game.game_record import RULES
from core.record import GameRecord
from core.saves import loads

DATA = Path(__file__).parent.parent / "data"
SAVES = sorted(DATA.glob("save_*.json"))


def test_the_saves_are_there():
    assert len(SAVES) >= 6


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_of_earlier_code_loads_and_plays_on(path):
    save = loads(path.read_text(), str(path))
    record = GameRecord.from_save(save, RULES, str(path))  # raises on a snapshot mismatch
    state = record.state
    assert record.progress() == save.progress
    assert len(record.states) == len(save.actions) + 1
    for _ in range(30):  # the game goes on from the loaded state
        if record.over:
            break
        record = record.play(legal_actions(record.state)[0])
    assert record.state is not state
