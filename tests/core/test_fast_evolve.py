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


def test_a_class_with_its_slots_in_a_base_is_copied_through_its_twin_and_stays_frozen():
    """``fields_in_base_slots``: the copy is an instance of the class itself, equal to
    what ``attrs.evolve`` makes, still frozen, and without the original's cache slot."""
    from core.fast_evolve import _twin, fields_in_base_slots

    @attrs.frozen
    @fields_in_base_slots("_cache")
    class Ward:
        beds: int
        names: tuple = ()

    ann = Ward(3, ("Ann",))
    object.__setattr__(ann, "_cache", "worked out")
    copy = evolve(ann, beds=4)
    assert _twin(Ward) is not None  # the fast way is taken, not the fallback
    assert type(copy) is Ward and copy == attrs.evolve(ann, beds=4) == Ward(4, ("Ann",))
    assert hash(copy) == hash(Ward(4, ("Ann",))) and repr(copy) == "Ward(beds=4, names=('Ann',))"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.beds = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        copy._cache  # noqa: B018 - a copy's caches start empty
    with pytest.raises(KeyError):
        evolve(ann, rooms=1)
