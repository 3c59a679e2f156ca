"""What makes a game's first screen show sooner: ``begin`` is called by the console
script (``tui_common.cli.run_main``) before the app is imported, ``end`` by the app
once its first screen is drawn (``TableApp.end_startup``), and for good by
``run_main`` when the app returns.

**The cycle collector waits.** Starting makes only long-lived objects (modules,
classes, style rules, the game), so the collections it would trigger free nothing; they
run again after the first screen.

**The code attrs writes is compiled once.** For each class, attrs writes its methods
(``__init__``, ``__eq__``, ``__hash__``...) as Python text and compiles it, every start:
about a third of a game's own import time. While starting, ``compile`` of such a text
(its file name starts ``<attrs generated``) is looked up in a file of code kept in the
user's cache folder (``code_cache_file``), keyed by the whole text and file name, so the
code is the one ``compile`` would make; any other ``compile`` is Python's own, untouched.
One number in the text changes from one process to the next: a hashable class's
``__hash__`` starts from ``hash`` of the class's name, which Python salts per process.
It is kept as a mark of the same width (each digit a 9, so even the columns of a
traceback are the same) and put back into the code read.
What was compiled is written back by ``end`` when something new was. The file names the
Python (its ``importlib.util.MAGIC_NUMBER``, as ``.pyc`` files do) and the attrs it was
made for; one that cannot be read is ignored. Like Python's own bytecode, the code is
the user's, in their own folder. ``HOSPITAL_GAMES_CODE_CACHE``: another file, or ``off``.

Nothing here changes what the games do. Apps started by tests (``run_test``) never
call ``begin``; a test that calls a game's ``main`` finds everything undone when
``main`` returns.
"""

from __future__ import annotations

import __future__
import builtins
import gc
import os
import sys
from pathlib import Path

_state: dict = {"begun": False, "gc_paused": False, "compile": None, "changed": False}
#: (text, file name, future flags) -> code of attrs' methods compiled or read this start
_code: dict[tuple[str, str, int], object] = {}
#: The file name every script attrs generates starts with (attrs 23 and later).
ATTRS_SCRIPT = "<attrs generated"
#: The environment variable naming the code cache file (``off``: none).
CODE_ENV = "HOSPITAL_GAMES_CODE_CACHE"
#: The ``from __future__`` features a ``compile`` inherits from its caller.
_FUTURE_FLAGS = sum(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
#: Where attrs writes a class's hash seed: the first item of the tuple ``__hash__`` hashes.
_HASH_SEED = r"(hash\(\(\n\s+)(-?\d+)(,)"


def begin() -> None:
    """Before the app is imported: pause the cycle collector; compile attrs' methods
    from the code cache."""
    _state["begun"] = True
    if gc.isenabled():
        gc.disable()
        _state["gc_paused"] = True
    if _state["compile"] is None and code_cache_file() is not None:
        _read_code()
        _state["compile"] = builtins.compile
        builtins.compile = _compile


def code_cache_file() -> Path | None:
    """The file the code attrs generates is kept in between starts, or ``None`` (off)."""
    named = os.environ.get(CODE_ENV)
    if named:
        return None if named == "off" else Path(named)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("hospital-games")) / "attrs-code.marshal"


def _made_by() -> tuple:
    """What kept code depends on: this Python's bytecode and the attrs that wrote the
    texts (its ``__init__.py``'s size and time: an upgrade replaces it)."""
    from importlib.util import MAGIC_NUMBER, find_spec

    attrs = find_spec("attr")
    made = os.stat(attrs.origin) if attrs and attrs.origin else None
    return (MAGIC_NUMBER, made and (made.st_size, made.st_mtime_ns))


def _read_code() -> None:
    import marshal

    try:
        made_by, code = marshal.loads(code_cache_file().read_bytes())
    except Exception:  # missing, cut short, another Python's: compile as usual
        return
    if made_by == _made_by() and isinstance(code, dict):
        _code.update(code)


def _compile(source, filename, mode, *args, **kwargs):
    """``compile``, from the cache for the text of an attrs class's methods."""
    real = _state["compile"] or builtins.compile
    if not (isinstance(source, str) and isinstance(filename, str) and filename.startswith(ATTRS_SCRIPT)
            and mode == "exec" and not args and not kwargs):
        return real(source, filename, mode, *args, **kwargs)
    import re

    seeds = set(re.findall(_HASH_SEED, source))
    if len(seeds) > 1:  # not as attrs writes it: not kept
        return real(source, filename, mode)
    seed = seeds.pop()[1] if seeds else None
    mark = re.sub(r"\d", "9", seed) if seed else None
    text = re.sub(_HASH_SEED, rf"\g<1>{mark}\3", source) if seed else source
    # ``compile`` takes the ``from __future__`` features of the code calling it
    flags = sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    key = (text, filename, flags)
    code = _code.get(key)
    if code is None:
        code = _code[key] = real(text, filename, mode, flags, True)
        _state["changed"] = True
    return _with_constant(code, int(mark), int(seed)) if seed else code


def _with_constant(code, mark: int, value: int):
    """``code`` with the constant ``mark`` replaced by ``value``: in the functions it
    defines too, and in a constant tuple (``hash((seed,))`` of a class with no field)."""

    def put_back(const):
        if type(const) is int and const == mark:
            return value
        if type(const) is tuple:
            return tuple(map(put_back, const))
        return _with_constant(const, mark, value) if hasattr(const, "co_consts") else const

    return code.replace(co_consts=tuple(map(put_back, code.co_consts)))


def _write_code() -> None:
    """Write the code compiled this start to the cache file if any was new
    (atomically; a folder that cannot be written is left alone)."""
    if not _state["changed"]:
        return
    _state["changed"] = False
    path = code_cache_file()
    if path is None:
        return
    import marshal

    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(marshal.dumps((_made_by(), dict(_code))))
        os.replace(part, path)
    except (OSError, ValueError):
        part.unlink(missing_ok=True)


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
    if _state["compile"] is not None:
        builtins.compile, _state["compile"] = _state["compile"], None
        _write_code()
        _code.clear()
