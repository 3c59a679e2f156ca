"""Per-object memo for pure functions of part 1's frozen values (boards, clinics).

Frozen values never change, so a result can be kept as long as the value lives.  The
cache is keyed by identity and checked through a weak reference (no hashing of whole
boards, no keeping dead ones alive).
"""

from __future__ import annotations

import weakref
from functools import wraps

import attrs

from core.clinic.parking import free_parking_spots as _free_parking_spots

_MAX = 4096


def per_object(fn):
    """Memoize ``fn(obj)`` by the identity of ``obj`` (a frozen, weak-referenceable value)."""
    cache: dict[int, tuple[weakref.ref, object]] = {}  # pragma: no mutate (runs at import: out of reach)

    @wraps(fn)
    def wrapper(obj):
        key = id(obj)
        hit = cache.get(key)
        if hit is not None and hit[0]() is obj:
            return hit[1]
        value = fn(obj)
        if len(cache) >= _MAX:
            cache.clear()
        cache[key] = (weakref.ref(obj), value)
        return value

    return wrapper


free_parking_spots = per_object(_free_parking_spots)


_BY_SPOTS: dict = {}


def for_spots(key: tuple, spots: tuple, make) -> tuple:
    """``make()``, kept under ``key`` while ``spots`` is the same tuple of free car spots
    (``free_parking_spots`` keeps one per board): the admissions and hires listed for
    those spots, made once instead of at every listing."""
    hit = _BY_SPOTS.get((key, id(spots)))
    if hit is None or hit[0] is not spots:
        if len(_BY_SPOTS) >= _MAX:  # pragma: no mutate (a cache's size limit)
            _BY_SPOTS.clear()
        hit = _BY_SPOTS[(key, id(spots))] = (spots, make())
    return hit[1]


_BY_LAYOUT: dict = {}
_LAYOUT_FIELDS: dict = {}


def _layout_fields(cls: type) -> tuple[str, ...]:
    """The names of a board class's fields but its parked cars (``border_cars``): the
    layout, with whatever pieces an expansion keeps on the board."""
    names = _LAYOUT_FIELDS.get(cls)
    if names is None:
        names = _LAYOUT_FIELDS[cls] = tuple(f.name for f in attrs.fields(cls) if f.name != "border_cars")
    return names


@per_object
def layout_tables(board) -> dict:
    """Tables kept for ``board``'s layout: everything on it but the cars on borders
    (which neither walking nor where people may end depends on), so boards that differ
    only by parked cars share them: ``{table name: {key: value}}``."""
    key = (board.__class__, *(getattr(board, name) for name in _layout_fields(board.__class__)))
    hit = _BY_LAYOUT.get(key)
    if hit is None:
        if len(_BY_LAYOUT) >= 1024:  # pragma: no mutate (a cache's size limit)
            _BY_LAYOUT.clear()
        hit = _BY_LAYOUT[key] = {}
    return hit


def _reach_table(board) -> dict:
    return layout_tables(board).setdefault("reach", {})


def reach_from(board, where, role) -> dict:
    """Every place a person of ``role`` standing at ``where`` can reach on ``board``,
    with the cheapest time (part 1's ``reachable``, memoized per board layout)."""
    from core.clinic.components import Role
    from core.clinic.movement import reachable
    from core.clinic.people import Clinic, Person

    table = _reach_table(board)
    key = (where, role is Role.PATIENT)
    hit = table.get(key)  # pragma: no mutate (a cache: None works the places out again)
    if hit is None:
        probe = Person(0, role, where)  # the way and the time do not depend on the colour
        hit = table[key] = reachable(Clinic(board, (probe,)), 0)
    return hit
