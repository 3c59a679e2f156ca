"""``evolve``: a copy of a frozen attrs value with some fields changed, like
``attrs.evolve`` but several times faster (the engine copies the game state, the players
and their clinics at every action, and the computer players play whole games forward
to decide). Both games' state modules use it.

For each class, the first copy writes (and keeps) a small function that passes every
field to the class positionally, taking a changed value from the changes or else the
old one: no loop over the fields at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import fields

#: The copier of each class met so far: ``copier(inst, changes) -> new instance``.
_COPIERS: dict[type, Callable[[Any, dict], Any]] = {}


def _copier(cls: type) -> Callable[[Any, dict], Any]:
    """Write the copy function of ``cls`` (see the module doc)."""
    names = [a.name for a in fields(cls)]
    arguments = ", ".join(f"changes[{n!r}] if {n!r} in changes else inst.{n}" for n in names)
    source = (
        "def copy(inst, changes):\n"
        "    if not changes.keys() <= known:\n"
        "        raise KeyError(next(iter(changes.keys() - known)))\n"
        f"    return cls({arguments})\n"
    )
    namespace: dict[str, Any] = {"cls": cls, "known": frozenset(names)}
    exec(compile(source, f"<fast_evolve copier of {cls.__qualname__}>", "exec"), namespace)
    copier = _COPIERS[cls] = namespace["copy"]
    return copier


def replace(inst, changes: dict):
    """``evolve(inst, **changes)`` with the changes given as a dict (no keyword
    arguments to unpack: for the hottest paths)."""
    copier = _COPIERS.get(inst.__class__)
    if copier is None:
        copier = _copier(inst.__class__)
    return copier(inst, changes)


def evolve(inst, **changes):
    """A copy of the attrs instance ``inst`` with ``changes`` (field name: new value);
    converters and validators run as in ``attrs.evolve``.

    Raises ``KeyError`` for a name that is not a field. Only for classes whose fields
    all take their own name, in order, in ``__init__`` (every class of both games' cores).
    """
    copier = _COPIERS.get(inst.__class__)
    if copier is None:
        copier = _copier(inst.__class__)
    return copier(inst, changes)
