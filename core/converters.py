"""Field converters shared by the games' attrs classes.

Plain Python functions rather than the builtins ``tuple`` and ``frozenset``: attrs reads
a converter's signature when it builds a class, and a builtin's signature has to be
parsed from its text (``inspect`` tokenizes it), which cost about 8 ms of Clinic's
start for its ~50 such fields (docs/performance.md). What they return is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def to_tuple(items: Iterable[Any]) -> tuple:
    """``tuple(items)``: a field's value as an immutable tuple."""
    return tuple(items)


def to_frozenset(items: Iterable[Any]) -> frozenset:
    """``frozenset(items)``: a field's value as an immutable set."""
    return frozenset(items)
