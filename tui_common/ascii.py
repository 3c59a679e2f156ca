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
    **dict.fromkeys("│┃║▏▕╎╏┆┇┊┋▎▍", "|"),
    **dict.fromkeys("┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬┍┑┕┙┎┒┖┚", "+"),
    **dict.fromkeys("█▀▄▌▐▛▜▙▟▖▗▘▝▚▞▇▆▅▃▂", "#"),
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


class AsciiFilter(LineFilter):
    """Makes every character of a line ASCII (see ``to_ascii``)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(to_ascii(text), style, control) for text, style, control in segments]


def key_in_ascii(display: str) -> str:
    """A footer key (``"⏎"``, ``"↑/k/w"``) in ASCII words (``"enter"``, ``"up/k/w"``)."""
    for char, word in KEY_WORDS.items():
        display = display.replace(char, word)
    return to_ascii(display)
