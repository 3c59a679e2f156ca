"""Issue 30: a player who follows every hint of a Clinic solitaire plays as the hard
(``strong``) player would. The hint is "the hard player's choice for you": taken each
time through the very function the game screen calls (``GameScreen.hint_function``),
its actions make the hard player's own game on that seed, action for action, and so
its final popularity. (Whether Enter plays the hinted action in the menus is the UI's
part: ``tests/tui/test_clinic_hint.py``.)

The look-ahead's budget is cut to one reshuffle a candidate (``bot_search``): the hint
and the hard player read the same constants, so the identity is the same as at full
budget, in a fraction of the time."""

from __future__ import annotations

import pytest

from clinic_tui import saving
from clinic_tui.config import Options, parse_players
from clinic_tui.screens.game import GameScreen
from core.clinic.game import bot_search, is_over
from core.clinic.game.bots import make_bot


@pytest.fixture
def quick_search(monkeypatch):
    monkeypatch.setattr(bot_search, "ROLLOUT_BUDGET", 1)
    monkeypatch.setattr(bot_search, "MIN_SAMPLES", 1)


def _solitaire(seed: int):
    return saving.new_record(Options(seats=parse_players("Nia"), seed=seed, goal="red-patients"), seed)


@pytest.mark.parametrize("seed", [3])
def test_following_every_hint_plays_the_hard_players_game(quick_search, seed):
    by_hint = _solitaire(seed)
    while not is_over(by_hint.state):
        found = GameScreen.hint_function(None, by_hint.state, len(by_hint.actions))
        by_hint = by_hint.play(found.action)
    hard, bot = _solitaire(seed), make_bot("strong", seed)
    while not is_over(hard.state):
        hard = hard.play(bot.choose(hard.state))
    assert by_hint.actions == hard.actions
    assert by_hint.state.players[0].final == hard.state.players[0].final
