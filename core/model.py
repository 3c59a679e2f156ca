"""``frozen``: the decorator of the games' model classes, ``attrs.frozen`` with one
shared ``__repr__``.

attrs writes and compiles a ``__repr__`` for every class it builds; for Clinic's ~90
model classes that was about a tenth of the engine's import, paid at every start
(docs/performance.md). Here the classes get ``repr=False`` and then one function that
prints the same text: ``Space(floor=0, row=1, col=2)``, the fields attrs would show
(a field with ``repr=False`` left out, a field's own ``repr`` callable used). A class
that writes its own ``__repr__`` keeps it.
"""

from __future__ import annotations

from typing import Any

import attrs


def attrs_repr(self: Any) -> str:
    """What attrs' generated ``__repr__`` returns: ``Name(field=value, ...)``."""
    cls = type(self)
    parts = []
    for attribute in cls.__attrs_attrs__:
        shown = attribute.repr
        if shown is False:
            continue
        value = getattr(self, attribute.name)
        parts.append(f"{attribute.name}={shown(value) if callable(shown) else repr(value)}")
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"


def frozen(maybe_cls: type | None = None, **options: Any) -> Any:
    """``attrs.frozen(maybe_cls, **options)`` with the shared ``attrs_repr``; used bare
    (``@frozen``) or with options (``@frozen(order=True)``), like attrs' own."""

    def build(cls: type) -> type:
        built = attrs.frozen(cls, repr=False, **options)
        if "__repr__" not in cls.__dict__:
            built.__repr__ = attrs_repr
        return built

    return build if maybe_cls is None else build(maybe_cls)
