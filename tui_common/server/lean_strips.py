"""Textual's strips without their empty caches, in a server process (issue 33: memory
per seated session).

Every ``textual.strip.Strip`` makes seven small caches when it is made (crops, divisions,
styles, filters, lengths, extensions, offsets: a ``FIFOCache`` and its dict each, about
0.9 kB a strip), and a seated session holds a thousand strips and more (its widgets'
line caches and the compositor's divisions of them), most of whose caches are never
used: about 1 MB of a session's 3. ``lean_strips()`` makes each cache when the strip
first uses it: the same caches with the same sizes, so what is drawn and what is kept
between frames are unchanged; only the empty ones are not made.

It changes the ``Strip`` class for the whole process, once, and only when the class is
the one it was written for (Textual's ``Strip.__slots__`` as in the pinned version);
otherwise it changes nothing.
"""

from __future__ import annotations

from textual.cache import FIFOCache
from textual.strip import Strip

#: The caches a Strip makes in ``__init__`` and their sizes (Textual 8.2).
CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
          "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}
#: Strip's slots in the version these caches were read from.
SLOTS = ["_segments", "_cell_length", *list(CACHES)[:4], "_render_cache", *list(CACHES)[4:],
         "_link_ids", "_cell_count"]


class LazyCache:
    """Stands in for one of Strip's cache slots: the strip's cache, made (a
    ``FIFOCache`` of ``size``) the first time the strip asks for it."""

    __slots__ = ("slot", "size")

    def __init__(self, slot, size: int) -> None:
        self.slot, self.size = slot, size

    def __get__(self, strip, owner=None):
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache = FIFOCache(self.size)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip, cache) -> None:
        self.slot.__set__(strip, cache)

    def __delete__(self, strip) -> None:
        self.slot.__delete__(strip)


def _lean_init(self, segments, cell_length=None) -> None:
    """``Strip.__init__`` without the caches (each made on first use)."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def lean_strips() -> bool:
    """Make Strip's caches on first use, for the whole process; True if Strip is now
    lean (False: a Textual whose Strip is not the one this was written for)."""
    if isinstance(Strip.__dict__.get("_crop_cache"), LazyCache):
        return True
    if list(getattr(Strip, "__slots__", ())) != SLOTS:
        return False
    for name, size in CACHES.items():
        setattr(Strip, name, LazyCache(Strip.__dict__[name], size))
    Strip.__init__ = _lean_init
    return True
