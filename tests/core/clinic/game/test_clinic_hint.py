"""The Clinic hint (issue 13): the strong player's suggestion with a one-line reason,
from the player's view only."""

from __future__ import annotations

from tests.core.clinic.game.test_clinic_strong_bot import _states_with_same_view

from core.clinic.game import apply_action, legal_actions, new_game
from core.clinic.game.actions import AdmitPatient
from core.clinic.game.bot_hint import hint
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.bots import make_bot
from core.clinic.game.state import Phase


def test_same_view_same_hint():
    """Rulebook, Select Action: tiles are placed "face down": whichever tile the first
    player chose, the second gets the same hint, in the same words."""
    seat, states = _states_with_same_view(1)
    hints = {hint(s) for s in states}
    assert len(hints) == 1


def test_hint_is_the_strong_choice_and_explains_an_admission():
    state = new_game(2, 3)
    bots = [make_bot("basic", 1), make_bot("basic", 2)]
    seen = 0
    while state.round < 3:
        found = hint(state)
        assert found.action in legal_actions(state)
        assert found.action == StrongBot().choose(state)
        assert found.reason and "\n" not in found.reason and found.reason[0].isupper()
        # One phrase for the status line: the log's sentence without its full stop.
        assert not found.reason.endswith(".") and ".:" not in found.reason
        if isinstance(found.action, AdmitPatient) and state.phase is Phase.ADMIT:
            assert found.reason.startswith("Admits a")
            seen += "income $" in found.reason
        state = apply_action(state, bots[state.current].choose(state))
    assert seen, "an admission the plan can treat names the income it brings"
