"""``evolve``: a copy of a frozen attrs value with some fields changed, like
``attrs.evolve`` but several times faster (the engine copies the game state, the players
and their clinics at every action, and the computer players play whole games forward
to decide). Both games' state modules use it.
"""

from __future__ import annotations

from operator import attrgetter

from attrs import fields

_FIELDS: dict[type, tuple[attrgetter, dict[str, int]]] = {}


def evolve(inst, **changes):
    """A copy of the attrs instance ``inst`` with ``changes`` (field name: new value);
    converters and validators run as in ``attrs.evolve``.

    Raises ``KeyError`` for a name that is not a field. Only for classes whose fields
    all take their own name, in order, in ``__init__`` (every class of both games' cores).
    """
    cls = inst.__class__
    known = _FIELDS.get(cls)
    if known is None:
        names = [a.name for a in fields(cls)]
        known = _FIELDS[cls] = (attrgetter(*names, names[0]), {n: i for i, n in enumerate(names)})
    get, index = known
    values = list(get(inst))
    values.pop()
    for name, value in changes.items():
        values[index[name]] = value
    return cls(*values)
