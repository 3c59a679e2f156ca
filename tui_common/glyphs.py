"""Each game's table of marks, in Unicode and in ASCII (``--ascii``), side by side.

No Textual here: the apps' ``config`` modules build their tables at import time and are
kept quick to import (``--help``)."""

from __future__ import annotations

import sys
from dataclasses import field, make_dataclass


def glyph_sets(name: str, **marks: tuple[object, object]) -> tuple[type, object, object]:
    """A frozen dataclass ``name`` with one field per mark, and its two values: the
    marks in Unicode and in ASCII. Each mark is given as ``(unicode, ascii)``, e.g.
    ``target=("◆", "*")``; a mark may be a table of its own (a dict of arrows)."""
    cls = make_dataclass(name, [(key, object, field(default=None)) for key in marks], frozen=True)
    cls.__module__ = sys._getframe(1).f_globals.get("__name__", __name__)
    cls.__doc__ = f"The marks {', '.join(marks)}: ``UNICODE`` or ``ASCII`` (``tui_common.glyphs``)."
    unicode = cls(**{key: pair[0] for key, pair in marks.items()})
    ascii_ = cls(**{key: pair[1] for key, pair in marks.items()})
    return cls, unicode, ascii_
