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


def test_a_draft_is_filled_by_plain_assignment_and_done_freezes_it_into_the_class():
    """``drafting``: ``draft`` copies every field and the inherited caches (worked out
    through their property when not yet), never another cache; ``done`` gives an
    instance of the class itself, equal to what ``attrs.evolve`` makes, and frozen."""
    from core.fast_evolve import drafting, fields_in_base_slots

    worked_out = []

    @attrs.frozen
    @fields_in_base_slots("_own", inherited=("_beds_total",))
    class Ward:
        beds: int
        names: tuple = ()

        @property
        def beds_total(self) -> int:
            worked_out.append(self)
            object.__setattr__(self, "_beds_total", self.beds * 10)
            return self._beds_total

    draft, done = drafting(Ward)
    ann = Ward(3, ("Ann",))
    object.__setattr__(ann, "_own", "worked out")
    copy = draft(ann)
    assert type(copy) is not Ward and copy.beds == 3 and copy.names == ("Ann",)
    assert worked_out == [ann] and copy._beds_total == 30  # worked out once, on ``ann``
    copy.names = ("Ann", "Bob")
    new = done(copy)
    assert type(new) is Ward and new == attrs.evolve(ann, names=("Ann", "Bob"))
    assert repr(new) == "Ward(beds=3, names=('Ann', 'Bob'))" and hash(new) == hash(Ward(3, ("Ann", "Bob")))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        new.beds = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        new._own  # noqa: B018 - not an inherited cache: a copy starts without it
    assert done(draft(new))._beds_total == 30 and worked_out == [ann]  # handed on as it was


def test_drafting_refuses_a_class_without_an_unfrozen_twin():
    from core.fast_evolve import drafting

    @attrs.frozen
    class Clock:
        minutes: int

    with pytest.raises(TypeError) as refused:
        drafting(Clock)
    assert str(refused.value) == f"{Clock.__qualname__} is not copied through an unfrozen twin"
