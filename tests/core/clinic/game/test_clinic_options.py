"""Setup options are checked: an expansion the engine does not know is refused by name,
with the list of the ones it knows (``constants.EXPANSIONS``)."""

from __future__ import annotations

import pytest

from core.clinic.game import constants as K
from core.clinic.game import new_game
from core.errors import SetupError


def test_the_base_game_needs_no_option():
    assert new_game(2, 0).config.options == frozenset()


def test_an_unknown_expansion_is_refused_with_the_known_ones():
    known = ", ".join(K.EXPANSIONS)
    with pytest.raises(SetupError, match=rf"unknown expansion 'dragons'; the known ones are {known}"):
        new_game(2, 0, options=["dragons"])


def test_no_expansion_known_says_so(monkeypatch):
    monkeypatch.setattr(K, "EXPANSIONS", ())
    with pytest.raises(SetupError, match=r"unknown expansion 'zombies'; no expansions are available yet"):
        new_game(2, 0, options=["zombies"])


def test_the_refusal_lists_the_known_expansions(monkeypatch):
    monkeypatch.setattr(K, "EXPANSIONS", ("blood-transfusion", "extinguishers"))
    with pytest.raises(SetupError, match=r"unknown expansion 'zombie'; the known ones are "
                                         r"blood-transfusion, extinguishers"):
        new_game(2, 0, options=["extinguishers", "zombie"])
    assert new_game(2, 0, options=["extinguishers"]).config.options == {"extinguishers"}


def test_one_name_given_as_a_string_is_one_name_not_its_letters():
    with pytest.raises(SetupError, match=r"unknown expansion 'dragons';"):
        new_game(2, 0, options="dragons")
