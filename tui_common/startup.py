"""What makes a game's first screen show sooner: ``begin`` is called by the console
script (``tui_common.cli.run_main``) before the app is imported, ``end`` by the app
once its first screen is drawn (``TableApp.end_startup``), and for good by
``run_main`` when the app returns.

**The cycle collector waits.** Starting makes only long-lived objects (modules,
classes, style rules, the game), so the collections it would trigger free nothing; they
run again after the first screen.

(A cache of the code attrs compiles for each class was tried and left out: it had to
stand in for ``compile`` inside attrs' private module, for about 25 ms; see
docs/performance.md.)

Nothing here changes what the games do. Apps started by tests (``run_test``) never
call ``begin``; a test that calls a game's ``main`` finds everything undone when
``main`` returns.
"""

from __future__ import annotations

import gc

_state: dict = {"begun": False, "gc_paused": False}


def begin() -> None:
    """Before the app is imported: pause the cycle collector."""
    _state["begun"] = True
    if gc.isenabled():
        gc.disable()
        _state["gc_paused"] = True


def begun() -> bool:
    """Whether ``begin`` was called and ``end`` not yet (the app then ends it)."""
    return _state["begun"]


def end() -> None:
    """After the first screen, or once the app has stopped: the collector runs again.
    Does nothing when ``begin`` was not called; safe to call twice."""
    _state["begun"] = False
    if _state["gc_paused"]:
        _state["gc_paused"] = False
        gc.enable()
