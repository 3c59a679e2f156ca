"""Per-object memo for pure functions of part 1's frozen values (boards, clinics).

Frozen values never change, so a result can be kept as long as the value lives.  The
cache is keyed by identity and checked through a weak reference (no hashing of whole
boards, no keeping dead ones alive).
"""

from __future__ import annotations

import weakref
from functools import wraps

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


@per_object
def _reach_table(board) -> dict:
    return {}


def reach_from(board, where, role) -> dict:
    """Every place a person of ``role`` standing at ``where`` can reach on ``board``,
    with the cheapest time (part 1's ``reachable``, memoized per board)."""
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
