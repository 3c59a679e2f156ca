"""``--ascii``: nothing but ASCII reaches the terminal.

The games draw their own marks from ASCII glyph tables, the kit's borders turn to
Textual's ``ascii`` style (the app has the ``-ascii`` class), and whatever is left —
Textual's own arrows, scrollbars, ellipses, a name typed with an accent — passes
through ``AsciiFilter``, a line filter on every line drawn: each character becomes an
ASCII one of the same width (box lines to ``- | +``, arrows to ``^ v < >``, others to
``?``)."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

#: Readable ASCII for the characters the two games and Textual draw.
ASCII_FOR = {
    **dict.fromkeys("─━═▔▁╌╍┄┅┈┉⎯", "-"),
    **dict.fromkeys("│┃║▏▕╎╏┆┇┊┋▎▍▌▋▊▉", "|"),  # the eighth blocks: Textual's "tall" and "outer" edges
    **dict.fromkeys("┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬┍┑┕┙┎┒┖┚", "+"),
    **dict.fromkeys("█▀▄▐▛▜▙▟▖▗▘▝▚▞▇▆▅▃▂", "#"),
    **dict.fromkeys("░▒▓", "#"),
    "★": "*", "☆": "*", "✚": "+", "◆": "o", "◇": "?", "●": "o", "○": "o", "▪": "#", "■": "#", "□": "#",
    "✔": "v", "✓": "v", "✗": "x", "✘": "x", "×": "x",
    "▶": ">", "▸": ">", "►": ">", "◀": "<", "◂": "<", "▼": "v", "▾": "v", "▲": "^", "▴": "^",
    "→": ">", "←": "<", "↑": "^", "↓": "v", "›": ">", "‹": "<", "»": ">", "«": "<", "⇥": ">",
    "·": ".", "•": "*", "…": ".", "—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
    "≡": "=", "≥": ">", "≤": "<", "⏎": "~", "⏱": "@", "±": "+", "°": "o", "é": "e", "è": "e", "ü": "u",
}

#: Words for the non-ASCII key names Textual shows in the footer.
KEY_WORDS = {"↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter", "⇥": "tab", "⌫": "bksp"}


@lru_cache(4096)
def to_ascii(text: str) -> str:
    """``text`` with every character ASCII, each taking as many columns as before."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
        else:
            width = cell_len(char)
            out.append(ASCII_FOR.get(char, "?") * width if width == 1 else "?" * width)
    return "".join(out)


def glyph_pairs(unicode: object, ascii_: object) -> dict[str, str]:
    """{Unicode mark: its ASCII} for the one-character marks of a game's glyph tables
    (``tui_common.glyphs``): a mark written in a text (a key's description "Next◆",
    the help) becomes the ASCII its board uses ("Next*"), not the filter's guess."""
    from dataclasses import fields

    pairs = {}
    for f in fields(unicode):
        wide, narrow = getattr(unicode, f.name), getattr(ascii_, f.name)
        if isinstance(wide, str) and isinstance(narrow, str) and len(wide) == 1 and len(narrow) == 1:
            pairs[wide] = narrow
    return pairs


class AsciiFilter(LineFilter):
    """Makes every character of a line ASCII (see ``to_ascii``); ``marks``: the game's
    own ASCII for its marks (``glyph_pairs``), which come first."""

    def __init__(self, marks: dict[str, str] | None = None, enabled: bool = True) -> None:
        super().__init__(enabled)
        self.marks = str.maketrans(marks or {})

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(to_ascii(text.translate(self.marks)), style, control) for text, style, control in segments]


def key_in_ascii(display: str) -> str:
    """A footer key (``"⏎"``, ``"↑/k/w"``) in ASCII words (``"enter"``, ``"up/k/w"``)."""
    for char, word in KEY_WORDS.items():
        display = display.replace(char, word)
    return to_ascii(display)
