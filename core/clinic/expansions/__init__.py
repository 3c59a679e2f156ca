"""Clinic's mini-expansions as plug-ins (rulebook, "Expansions", base L1014).

An expansion is one module here (``extinguishers.py``, ``workaholics.py``, ...; the
911th Extension is the ``emergency`` package) that builds an ``Expansion`` value: its
name, title, one-line description and its implementations of the base round's hook
points.  The points, their typed specifications and the registry are the base game's
(``core.clinic.game.hooks``; docs/architecture.md, "Clinic's engine"); importing this
package's ``register_all`` registers every expansion below, in ``MODULES`` order (the
order their hooks run in); the registry calls it by name on its first use, so no base
module imports an expansion.

The names of ``core.clinic.game.hooks`` are handed on here (on first use), so ``from
core.clinic.expansions import all_expansions`` (the apps, the server) keeps working.
"""

from __future__ import annotations

import importlib

#: Option name -> module of ``core.clinic.expansions`` defining ``EXPANSION``, in the
#: order of ``core.clinic.game.constants.EXPANSIONS``.
MODULES = {
    "blood": "blood",
    "extinguishers": "extinguishers",
    "workaholics": "workaholics",
    "zombies": "zombies",
    "emergency": "emergency.hooks",
}


def register_all() -> None:
    """Register every expansion of ``MODULES`` (``core.clinic.game.hooks.PLUGINS``
    names this function; the registry calls it on its first use)."""
    from core.clinic.game.hooks import register

    for module in MODULES.values():
        register(importlib.import_module(f"{__name__}.{module}").EXPANSION)


def __getattr__(name: str):
    """The names of ``core.clinic.game.hooks`` (``Expansion``, ``all_expansions``,
    ``get``...), imported on first use so that importing one expansion's plain values
    (``emergency.state``) imports no game module (PEP 562)."""
    from core.clinic.game import hooks

    if name.startswith("_") or not hasattr(hooks, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(hooks, name)
