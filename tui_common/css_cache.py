"""The apps' stylesheets, parsed once and kept: in this process, and between starts.

Textual parses the CSS of an app (its ``.tcss`` files and each widget's
``DEFAULT_CSS``) every time the app starts, and again, source by source, for each new
stylesheet it builds (``Stylesheet.reparse`` starts from an empty one). Its own cache
of parsed rules belongs to one stylesheet, so it is lost at each reparse, for each new
app of a server, and at each start: a few per cent of a game's start to its board
(docs/performance.md, "The goals met").

``install`` wraps ``Stylesheet._parse_rules`` (Textual 8.2): the rules parsed from one
source (its text, where it was read from, default or not, tie breaker, scope) with the
stylesheet's variables (the colour theme) are kept pickled, and a stylesheet that asks
for the same source and variables again, and does not hold them in its own parse
cache, gets a copy of them (``pickle.loads``). ``save`` writes what was parsed to a
file in the user's cache folder (``cache_file``), read back once by the next start. The
file names the Textual it was parsed by (the size and time of its package's
``__init__.py``: ``textual.__version__`` would cost an ``importlib.metadata`` import),
Python's version and ``FORMAT``, so another Textual never reads it; a file that cannot
be read is ignored (and replaced at the next ``save``); rules with errors are never
kept, so a bad stylesheet is reported as it always was.
The file is the user's own, in their own cache folder, like Python's bytecode.

Environment: ``HOSPITAL_GAMES_CSS_CACHE`` names the file to use instead, or ``off``
for none (the in-process cache stays).
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

from textual.css.stylesheet import Stylesheet

#: Bump when what is kept changes shape.
FORMAT = 1
#: Most variable sets (colour themes) kept in the file; the least recent go first.
THEMES_KEPT = 8
#: The environment variable naming the cache file (``off``: none).
ENV = "HOSPITAL_GAMES_CSS_CACHE"

#: variables (sorted items) -> source key -> pickled ``list[RuleSet]``
_kept: dict[tuple, dict[tuple, bytes]] = {}
_state = {"loaded": False, "changed": False}
_parse_rules = Stylesheet._parse_rules


def cache_file() -> Path | None:
    """The file the parsed stylesheets are kept in between starts, or ``None`` (off)."""
    named = os.environ.get(ENV)
    if named:
        return None if named == "off" else Path(named)
    from tui_common.code_cache import cache_folder

    return cache_folder() / "textual-css.pickle"


def _made_by() -> tuple:
    """What the kept rules depend on: this Textual (its ``__init__.py``'s size and
    time: an upgrade replaces it), this Python, ``FORMAT``."""
    import textual

    made = os.stat(textual.__file__)
    return (made.st_size, made.st_mtime_ns, sys.version_info[:2], FORMAT)


def _load() -> None:
    """Read the cache file once; an unreadable one counts as empty."""
    _state["loaded"] = True
    path = cache_file()
    if path is None:
        return
    try:
        made_by, kept = pickle.loads(path.read_bytes())
    except Exception:  # missing, cut short, from elsewhere: parse as usual
        return
    if made_by == _made_by() and isinstance(kept, dict):
        for variables, sources in kept.items():
            if isinstance(variables, tuple) and isinstance(sources, dict):
                _kept.setdefault(variables, {}).update(sources)


def parse_rules(self: Stylesheet, css: str, read_from, is_default_rules: bool = False,
                tie_breaker: int = 0, scope: str = "") -> list:
    """``Stylesheet._parse_rules``: the rules of one CSS source (``list[RuleSet]``).
    From the stylesheet's own parse cache first, as Textual's (which a server's
    sessions share: ``tui_common.server.shared_styles``), else from the rules kept when
    the same source was parsed with the same variables before, else parsed. Raises
    what Textual's parse raises (a bad stylesheet is never kept)."""
    key = (css, read_from, is_default_rules, tie_breaker, scope)
    try:
        return self._parse_cache[key]
    except KeyError:
        pass
    if not _state["loaded"]:
        _load()
    variables = tuple(sorted(self._variables.items()))
    sources = _kept.get(variables)
    blob = sources.get(key) if sources is not None else None
    if blob is not None:
        try:
            rules = pickle.loads(blob)
        except Exception:
            del sources[key]
        else:
            self._parse_cache[key] = rules
            return rules
    rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    if not any(rule.errors for rule in rules):
        _kept.setdefault(variables, {})[key] = pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)
        _kept[variables] = _kept.pop(variables)  # most recent last
        _state["changed"] = True
    return rules


def save() -> None:
    """Write what was parsed to ``cache_file`` if anything new was (atomically: a
    reader sees the old file or the new one). A folder that cannot be written is left
    alone; the game never fails for its cache."""
    path = cache_file()
    if path is None or not _state["changed"]:
        return
    _state["changed"] = False
    kept = dict(list(_kept.items())[-THEMES_KEPT:])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(pickle.dumps((_made_by(), kept), protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(part, path)
    except OSError:
        try:
            part.unlink(missing_ok=True)
        except (OSError, UnboundLocalError):
            pass


def install() -> None:
    """Parse every stylesheet of this process through ``parse_rules``."""
    Stylesheet._parse_rules = parse_rules


def clear() -> None:
    """Forget what this process parsed (tests); the file is not touched."""
    _kept.clear()
    _state.update(loaded=False, changed=False)
