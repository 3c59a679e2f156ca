"""``core.model.frozen`` and ``core.converters``: the games' model classes print, compare
and convert exactly as plain attrs classes do (they are built cheaper at start)."""

from __future__ import annotations

import attrs
import pytest

from core.clinic.board import Space
from core.converters import to_frozenset, to_tuple
from core.model import frozen


def _pair(**options):
    """The same class built by attrs (its own ``__repr__``) and by ``core.model``."""

    def body():
        class Sample:
            name: str
            items: tuple = attrs.field(default=(), converter=to_tuple)
            secret: int = attrs.field(default=7, repr=False)
            shown: int = attrs.field(default=5, repr=lambda value: f"<{value}>")

        return Sample

    return attrs.frozen(body(), **options), frozen(body(), **options)


def test_the_shared_repr_prints_what_attrs_prints():
    plain, ours = _pair()
    for args in (("Ann",), ("Bob", [1, "two"], 3, 4)):
        assert repr(ours(*args)) == repr(plain(*args))
    assert repr(ours("Ann", [1])) == "Sample(name='Ann', items=(1,), shown=<5>)"


def test_options_still_reach_attrs():
    _, ours = _pair(order=True)
    assert ours("Ann") < ours("Bob")
    assert ours("Ann", [1]) == ours("Ann", (1,)) and hash(ours("Ann")) == hash(ours("Ann"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ours("Ann").name = "Bob"


def test_options_given_to_the_decorator_itself():
    @frozen(order=True)
    class Ranked:
        rank: int

    assert Ranked(1) < Ranked(2) and repr(Ranked(1)) == "Ranked(rank=1)"


def test_a_class_with_its_own_repr_keeps_it():
    @frozen
    class Own:
        value: int

        def __repr__(self) -> str:
            return f"own {self.value}"

    assert repr(Own(3)) == "own 3"


def test_the_converters_return_immutable_copies():
    items = [1, 2, 2]
    assert to_tuple(items) == (1, 2, 2) and type(to_tuple(items)) is tuple
    assert to_frozenset(items) == frozenset({1, 2}) and type(to_frozenset(items)) is frozenset


def test_a_game_class_prints_its_fields():
    assert repr(Space(floor=0, col=2, row=1)) == "Space(floor=0, col=2, row=1)"
