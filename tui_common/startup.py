"""What makes a game's first screen show sooner: ``begin`` is called by the console
script (``tui_common.cli.run_main``) before the app is imported, ``end`` by the app
once its first screen is drawn (``TableApp.end_startup``), and for good by
``run_main`` when the app returns.

**The cycle collector waits.** Starting makes only long-lived objects (modules,
classes, style rules, the game), so the collections it would trigger free nothing; they
run again after the first screen.

**The code generated for classes is compiled once.** attrs and dataclasses write each
class's methods as text and compile it at every start; while starting, that code comes
from a cache (``tui_common.code_cache``), written back by ``end``.

Nothing here changes what the games do. Apps started by tests (``run_test``) never
call ``begin``; a test that calls a game's ``main`` finds everything undone when
``main`` returns.
"""

from __future__ import annotations

import gc

from tui_common import code_cache

_state: dict = {"begun": False, "gc_paused": False}


def begin() -> None:
    """Before the app is imported: pause the cycle collector; compile the classes'
    methods from the code cache (``tui_common.code_cache``)."""
    _state["begun"] = True
    if gc.isenabled():
        gc.disable()
        _state["gc_paused"] = True
    code_cache.install()


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
    code_cache.uninstall()
