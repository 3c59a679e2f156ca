"""What makes a game's first screen show sooner: ``begin`` is called by the console
script (``tui_common.cli.run_main``) before the app is imported, ``end`` by the app
once its first screen is drawn (``TableApp.end_startup``), and for good by
``run_main`` when the app returns (``end(final=True)``).

- **The cycle collector waits.** Starting makes only long-lived objects (modules,
  classes, style rules, the game), so the collections it would trigger free nothing;
  they run again after the first screen.
- **attrs' methods are compiled once.** attrs writes each class's ``__init__``,
  ``__eq__``, ``__hash__`` and ``__repr__`` as Python text and compiles it at every
  import: about a third of importing a rules engine. The compiled code is kept, keyed
  by that text and its file name (so another attrs that writes other text finds no
  stale code), in ``attrs-code-*.marshal`` in the user cache folder
  (``$XDG_CACHE_HOME/hospital-games`` on Linux), one file per Python bytecode version.
  A missing, unreadable or foreign file is ignored (the text is compiled as usual);
  ``HOSPITAL_GAMES_NO_CODE_CACHE=1`` turns the cache off.

Nothing here changes what the games do. Apps started by tests (``run_test``) never
call ``begin``; a test that calls a game's ``main`` finds everything undone when
``main`` returns.
"""

from __future__ import annotations

import gc
import marshal
import os
import re
import sys
from pathlib import Path
from types import CodeType

#: Set this environment variable (to anything) to compile attrs' methods every time.
NO_CACHE_ENV = "HOSPITAL_GAMES_NO_CODE_CACHE"
#: A cache file holding more than this many times the entries a run used is rewritten
#: with only those (old classes' code does not pile up).
STALE_FACTOR = 4

#: attrs writes a number that differs from run to run into each ``__hash__`` (the hash
#: of the class's name, and string hashes are salted per process): the text is kept with
#: this number in its place, and the code gets the run's own number back.
_TYPE_HASH = re.compile(r"(hash\(\(\n\s*)(-?\d+),")
_STAND_IN = -8765432109876543210

_state: dict = {"begun": False, "gc_paused": False, "cache": None}


def _with_number(code: CodeType, old: int, new: int) -> CodeType:
    """``code`` (and the functions in it) with the constant ``old`` made ``new``."""
    consts = tuple(
        _with_number(c, old, new) if isinstance(c, CodeType) else (new if type(c) is int and c == old else c)
        for c in code.co_consts
    )
    return code.replace(co_consts=consts)


class CodeCache:
    """Compiled code kept by source text and file name, read from and written to
    ``path`` (marshal). ``compile`` is a stand-in for the built-in ``compile`` for the
    calls attrs makes (``compile(text, filename, "exec")``, with ``flags``: the
    ``__future__`` features of the module that calls, which a plain ``compile`` call
    inherits); other calls go to the built-in unchanged."""

    def __init__(self, path: Path, flags: int = 0) -> None:
        self.path = path
        self.flags = flags
        self.known: dict[str, CodeType] = {}
        self.used: dict[str, CodeType] = {}
        self.added = False
        try:
            data = marshal.loads(path.read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return  # none yet, or unreadable: compile as usual
        if isinstance(data, dict):
            self.known = {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)}

    def compile(self, source, filename, mode, *args, **kwargs):
        if args or kwargs or mode != "exec" or not isinstance(source, str) or not isinstance(filename, str):
            return compile(source, filename, mode, *args, **kwargs)
        numbers = {m.group(2) for m in _TYPE_HASH.finditer(source)}
        if len(numbers) > 1 or str(_STAND_IN) in source:
            return compile(source, filename, mode, self.flags, True)
        number = int(numbers.pop()) if numbers else None
        if number is not None:
            source = _TYPE_HASH.sub(lambda m: f"{m.group(1)}{_STAND_IN},", source)
        key = filename + "\0" + source
        code = self.known.get(key)
        if code is None:
            code = self.known[key] = compile(source, filename, mode, self.flags, True)
            self.added = True
        self.used[key] = code
        return code if number is None else _with_number(code, _STAND_IN, number)

    def save(self) -> None:
        """Write the cache if this run compiled something new (atomically: a game
        started meanwhile reads the old file or the new one). A disk problem is
        ignored: the next start compiles again."""
        if not self.added:
            return
        keep = self.known if len(self.known) <= STALE_FACTOR * len(self.used) else self.used
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(marshal.dumps(dict(keep)))
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            return
        self.added = False


def cache_path() -> Path:
    """The cache file for this Python bytecode version."""
    from importlib.util import MAGIC_NUMBER

    from platformdirs import user_cache_dir

    magic = int.from_bytes(MAGIC_NUMBER[:2], "little")
    name = f"attrs-code-{sys.implementation.cache_tag}-{magic}.marshal"
    return Path(user_cache_dir("hospital-games", appauthor=False)) / name


def future_flags(module) -> int:
    """The compiler flags of the ``__future__`` imports of ``module`` (what a
    ``compile`` called from it inherits)."""
    import __future__

    flags = 0
    for name in __future__.all_feature_names:
        if getattr(module, name, None) is getattr(__future__, name):
            flags |= getattr(__future__, name).compiler_flag
    return flags


def install_code_cache(path: Path | None = None) -> CodeCache | None:
    """Make attrs compile through a ``CodeCache`` (``path``: default ``cache_path()``);
    None when turned off (``NO_CACHE_ENV``) or attrs has no ``compile`` to stand in for."""
    if os.environ.get(NO_CACHE_ENV):
        return None
    import attr._make as make

    if not hasattr(make, "_compile_and_eval"):  # another attrs: leave it alone
        return None
    cache = CodeCache(path or cache_path(), future_flags(make))
    make.compile = cache.compile  # attrs' own calls find this name before the built-in
    return cache


def uninstall_code_cache() -> None:
    """attrs compiles with the built-in again (tests)."""
    import attr._make as make

    make.__dict__.pop("compile", None)


def begin() -> None:
    """Before the app is imported: pause the collector, compile attrs' methods once."""
    _state["begun"] = True
    if gc.isenabled():
        gc.disable()
        _state["gc_paused"] = True
    if _state["cache"] is None:
        try:
            _state["cache"] = install_code_cache()
        except Exception:  # noqa: BLE001 - a faster start is never worth a failed one
            _state["cache"] = None


def begun() -> bool:
    """Whether ``begin`` was called and ``end`` not yet (the app then ends it)."""
    return _state["begun"]


def end(*, final: bool = False) -> None:
    """After the first screen: the collector runs again, new compiled code is kept for
    the next start. ``final`` (the app has stopped): attrs compiles with the built-in
    again. Does nothing when ``begin`` was not called; safe to call twice."""
    _state["begun"] = False
    if _state["gc_paused"]:
        _state["gc_paused"] = False
        gc.enable()
    cache = _state["cache"]
    if cache is not None:
        cache.save()  # classes imported later (a dialog, the ED) are kept at the end
        if final:
            _state["cache"] = None
            uninstall_code_cache()
