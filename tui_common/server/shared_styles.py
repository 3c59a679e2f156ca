"""The parsed stylesheets, shared by every app of a server process (issue 33: memory
per seated session).

Textual parses each app's stylesheet (the app's ``.tcss`` files and every widget's
``DEFAULT_CSS``) into rule sets of its own, kept in the app's ``Stylesheet._parse_cache``:
about 0.45 MB and some milliseconds of CPU for each session, the same rules every time.
``share_parsed_styles(app)`` gives the app's stylesheet a cache that every app of the
process shares, keyed by the CSS and the stylesheet's variables (the theme), so the
sessions of a server hold one set of rule sets. The rule sets are only read once
parsed (Textual applies them to the widgets' own styles), as a single app already reads
one parse for every widget of a class.
"""

from __future__ import annotations

from typing import Any

#: (the stylesheet's variables, Textual's key: css, where from, ...) -> its rule sets;
#: the most recently used last.
_PARSED: dict[tuple, Any] = {}
#: Parses kept (an app has some 60 sources: its files and its widgets' DEFAULT_CSS).
KEPT = 1024


class SharedParses:
    """Stands in for a ``Stylesheet``'s own parse cache (the ``LRUCache`` methods
    Textual calls on it): lookups go to ``_PARSED`` under the stylesheet's variables.
    ``clear`` (Textual's, when the variables change) forgets nothing: the key holds the
    variables."""

    def __init__(self, stylesheet) -> None:
        self._stylesheet = stylesheet
        self._variables: Any = None
        self._frozen: tuple = ()

    def _key(self, key: tuple) -> tuple:
        variables = self._stylesheet._variables
        if variables is not self._variables:
            self._variables, self._frozen = variables, tuple(sorted(variables.items()))
        return (self._frozen, key)

    def __getitem__(self, key: tuple):
        full = self._key(key)
        rules = _PARSED.pop(full)  # KeyError, as Textual's cache raises
        _PARSED[full] = rules
        return rules

    def __setitem__(self, key: tuple, rules) -> None:
        while len(_PARSED) >= KEPT:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[self._key(key)] = rules

    def __contains__(self, key: tuple) -> bool:
        return self._key(key) in _PARSED

    def get(self, key: tuple, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def clear(self) -> None:
        pass


def share_parsed_styles(app) -> None:
    """Let ``app`` take its parsed stylesheet from (and give it to) the process's
    shared cache. Call before the app runs."""
    stylesheet = app.stylesheet
    if not isinstance(stylesheet._parse_cache, SharedParses):
        stylesheet._parse_cache = SharedParses(stylesheet)
