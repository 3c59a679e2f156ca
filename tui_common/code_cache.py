"""The methods written as text for each class at every start, compiled once and kept
between starts (issue 33: a game's start to its board).

attrs (every class of the rules engines) and dataclasses (Textual's own, Rich's and the
apps' options) write each class's methods (``__init__``, ``__eq__``, ``__hash__``...) as
Python text and compile it, every start: about a tenth of a game's start; ``NamedTuple``
(Textual's geometry) and ``core.fast_evolve`` do the same on a smaller scale. While the
console script starts (``tui_common.startup``), ``install`` puts three stand-ins in
``builtins``: ``compile`` of an attrs text (its file name starts ``<attrs generated``),
of a ``core.fast_evolve`` text (``<fast_evolve``) or of a type hint in quotes (asked by
``typing``), ``exec`` of a dataclasses text (it starts ``def __create_fn__(``) and
``eval`` of a named tuple's ``__new__`` (asked by ``collections``) take the code from a
file kept in the user's cache folder (``cache_file``), keyed by the whole text, file
name, mode and ``from __future__`` features, so the code is the one Python would
compile. Every other ``compile``, ``exec`` and ``eval`` is Python's own, with the
caller's features and namespace, as without the stand-ins. ``uninstall`` puts Python's
back and writes what was new.

One number in an attrs text changes from one process to the next: a hashable class's
``__hash__`` starts from ``hash`` of the class's name, which Python salts per process.
It is kept as a mark of the same width (each digit a 9, so even the columns of a
traceback are the same) and put back into the code read.

The file names the Python (``importlib.util.MAGIC_NUMBER``, as ``.pyc`` files do) and
the attrs it was made for; one that cannot be read is ignored. Like Python's own
bytecode, the code is the user's, in their own folder. ``HOSPITAL_GAMES_CODE_CACHE``:
another file, or ``off``.
"""

import __future__
import builtins
import os
import re
import sys
from pathlib import Path

#: The environment variable naming the code cache file (``off``: none).
CODE_ENV = "HOSPITAL_GAMES_CODE_CACHE"
#: The file name of every text attrs generates (attrs 23 and later).
ATTRS_SCRIPT = "<attrs generated"
#: The file name of every text ``core.fast_evolve`` generates.
FAST_EVOLVE_SCRIPT = "<fast_evolve"
#: How every text dataclasses executes starts (Python 3.8 to 3.12).
DATACLASS_SCRIPT = "def __create_fn__("
#: How every named tuple's ``__new__`` that ``collections.namedtuple`` evaluates starts.
NAMEDTUPLE_NEW = "lambda _cls, "
#: The ``from __future__`` features a ``compile`` or ``exec`` takes from its caller.
_FUTURE_FLAGS = sum(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
#: Where attrs writes a class's hash seed: the first item of the tuple ``__hash__`` hashes.
_HASH_SEED = re.compile(r"(hash\(\(\n\s+)(-?\d+)(,)")

_state = {"compile": None, "exec": None, "eval": None, "changed": False}
#: (text, file name, future flags[, mode]) -> marshalled code, read or compiled this start
_code = {}


def cache_folder():
    """The user's cache folder of both games (``platformdirs``; on Linux
    ``~/.cache/hospital-games``): what a start keeps for the next one, nothing else."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("hospital-games"))


def cache_file():
    """The file the code is kept in between starts (a ``Path``), or ``None`` (off)."""
    named = os.environ.get(CODE_ENV)
    if named:
        return None if named == "off" else Path(named)
    return cache_folder() / "class-code.marshal"


def installed():
    """Whether the stand-ins are in ``builtins``."""
    return _state["compile"] is not None


def install():
    """Read the cache file and put the stand-ins in ``builtins`` (nothing when the cache
    is off or they are there already)."""
    if installed() or cache_file() is None:
        return
    _read()
    _state["compile"], _state["exec"], _state["eval"] = builtins.compile, builtins.exec, builtins.eval
    builtins.compile, builtins.exec, builtins.eval = _compile, _exec, _eval


def uninstall():
    """Put Python's ``compile`` and ``exec`` back and write the code compiled this start
    if any was new."""
    if not installed():
        return
    builtins.compile, builtins.exec, builtins.eval = _state["compile"], _state["exec"], _state["eval"]
    _state["compile"] = _state["exec"] = _state["eval"] = None
    _write()
    _code.clear()


def _made_by():
    """What kept code depends on: this Python's bytecode and the attrs that wrote the
    texts (its ``__init__.py``'s size and time: an upgrade replaces it)."""
    from importlib.util import MAGIC_NUMBER, find_spec

    attrs = find_spec("attr")
    made = os.stat(attrs.origin) if attrs and attrs.origin else None
    return (MAGIC_NUMBER, made and (made.st_size, made.st_mtime_ns))


def _read():
    import marshal

    try:
        made_by, code = marshal.loads(cache_file().read_bytes())
    except Exception:  # missing, cut short, another Python's: compiled as usual
        return
    if made_by == _made_by() and isinstance(code, dict):
        _code.update(code)


def _write():
    """Write the kept code to the cache file if any was new (atomically; a folder that
    cannot be written is left alone: a game never fails for its cache)."""
    path = cache_file()
    if path is None or not _state["changed"]:
        return
    _state["changed"] = False
    import marshal

    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(marshal.dumps((_made_by(), dict(_code))))
        os.replace(part, path)
    except (OSError, ValueError):
        part.unlink(missing_ok=True)


def _kept(text, filename, flags, mode="exec"):
    """The code of ``text``, from the cache or compiled and kept."""
    import marshal

    key = (text, filename, flags) if mode == "exec" else (text, filename, flags, mode)
    blob = _code.get(key)
    if blob is not None:
        try:
            return marshal.loads(blob)
        except Exception:
            pass
    code = _state["compile"](text, filename, mode, flags, True)
    _code[key] = marshal.dumps(code)
    _state["changed"] = True
    return code


def _compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **kwargs):
    """``compile``, from the cache for the text of an attrs class's methods, of a
    ``core.fast_evolve`` copier or of a type hint in quotes (asked by ``typing``)."""
    caller = sys._getframe(1).f_code
    if not dont_inherit:  # as Python's: the caller's ``from __future__`` features
        flags |= caller.co_flags & _FUTURE_FLAGS
    plain = not (isinstance(source, str) and isinstance(filename, str) and optimize == -1 and not kwargs)
    if not plain and mode == "eval" and filename == "<string>" and caller.co_filename.endswith("typing.py"):
        return _kept(source, filename, flags, mode)  # a type hint in quotes (``typing.ForwardRef``)
    if not plain and mode == "exec" and filename.startswith(FAST_EVOLVE_SCRIPT):
        return _kept(source, filename, flags)
    if plain or mode != "exec" or not filename.startswith(ATTRS_SCRIPT):
        return _state["compile"](source, filename, mode, flags, True, optimize, **kwargs)
    seeds = {found[1] for found in _HASH_SEED.findall(source)}
    if len(seeds) > 1:  # not as attrs writes it: not kept
        return _state["compile"](source, filename, mode, flags, True)
    seed = seeds.pop() if seeds else None
    mark = re.sub(r"\d", "9", seed) if seed else None
    text = _HASH_SEED.sub(rf"\g<1>{mark}\3", source) if seed else source
    code = _kept(text, filename, flags)
    return _with_constant(code, int(mark), int(seed)) if seed else code


def _exec(source, globals=None, locals=None, **kwargs):
    """``exec``, from the cache for the text of a dataclass's method."""
    if globals is None:  # as Python's: the caller's namespace
        caller = sys._getframe(1)
        globals, locals = caller.f_globals, caller.f_locals if locals is None else locals
    if isinstance(source, str) and source.startswith(DATACLASS_SCRIPT) and not kwargs:
        flags = sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
        source = _kept(source, "<string>", flags)
    return _state["exec"](source, globals, locals, **kwargs)


def _eval(source, globals=None, locals=None):
    """``eval``, from the cache for a named tuple's ``__new__``."""
    caller = sys._getframe(1)
    if globals is None:  # as Python's: the caller's namespace
        globals, locals = caller.f_globals, caller.f_locals if locals is None else locals
    if (isinstance(source, str) and source.startswith(NAMEDTUPLE_NEW)
            and caller.f_code.co_filename.endswith(("collections/__init__.py", "collections\\__init__.py"))):
        source = _kept(source, "<string>", caller.f_code.co_flags & _FUTURE_FLAGS, "eval")
    return _state["eval"](source, globals, locals)


def _with_constant(code, mark, value):
    """``code`` with the constant ``mark`` replaced by ``value``: in the functions it
    defines too, and in a constant tuple (``hash((seed,))`` of a class with no field)."""

    def put_back(const):
        if type(const) is int and const == mark:
            return value
        if type(const) is tuple:
            return tuple(map(put_back, const))
        return _with_constant(const, mark, value) if hasattr(const, "co_consts") else const

    return code.replace(co_consts=tuple(map(put_back, code.co_consts)))
