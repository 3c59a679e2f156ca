"""``core.fast_evolve.evolve``: the same copy ``attrs.evolve`` makes, for classes it meets
for the first time too (it keeps a table per class, so each test uses a class of its own)."""

from __future__ import annotations

import attrs
import pytest

from core.fast_evolve import evolve


def test_a_copy_with_changes_like_attrs_evolve_for_a_class_seen_the_first_time():
    @attrs.frozen
    class Seat:
        name: str
        money: int = attrs.field(converter=int)
        staff: tuple = ()

    ann = Seat("Ann", 5, ("nurse",))
    assert evolve(ann, money="7") == attrs.evolve(ann, money="7") == Seat("Ann", 7, ("nurse",))
    assert evolve(ann) == ann and evolve(ann, name="Bob", staff=()) == Seat("Bob", 5, ())


def test_a_class_of_one_field_and_an_unknown_name():
    @attrs.frozen
    class Clock:
        minutes: int

    assert evolve(Clock(3), minutes=4) == Clock(4)
    with pytest.raises(KeyError):
        evolve(Clock(3), hours=1)
