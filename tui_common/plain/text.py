"""Words for the plain text mode: glyphs said in words, typed words matched against the
actions offered, the rules' Markdown read as plain sentences.

Nothing here knows a game: it works on strings only.
"""

from __future__ import annotations

import re
import unicodedata

#: Glyphs the games' texts use, and what a screen reader should hear instead.
_GLYPHS = {
    "\u2605": " stars",  # ★ (numbers before it are handled first: "3★" -> "3 stars")
    " \u00b7 ": "; ",  # " · " between parts of a line
    "\u00b7": "empty",  # · alone: an empty place
    "->": " to ",
    "\u2192": " to ",  # →
    "\u2014": "-",  # —
    "\u2013": "-",  # –
    "\u00d7": " by ",  # ×
    "\u2026": "...",  # …
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2265": " at least ",  # ≥
    "\u2264": " at most ",  # ≤
}
_STARS = re.compile("(\\d+)\u2605")
_SPACES = re.compile(r"[ \t]+")


def spoken(text: str) -> str:
    """``text`` with every glyph said in words and nothing a terminal would act on:
    ``"Cardiology 3★ · popularity 2->4"`` -> ``"Cardiology 3 stars; popularity 2 to 4"``.
    Letters of any script stay (players' names); other symbols and every control
    character but the newline become a space."""
    text = _STARS.sub(lambda m: f"{m[1]} star" + ("" if m[1] == "1" else "s"), text)
    for glyph, words in _GLYPHS.items():
        if glyph in text:
            text = text.replace(glyph, words)
    if not text.isascii() or any(ch < " " and ch != "\n" for ch in text):
        text = "".join(_keep(ch) for ch in text)
    return "\n".join(_SPACES.sub(" ", line).rstrip() for line in text.split("\n"))


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``"1 patient"``, ``"3 patients"``, ``"2 orderlies"`` (``plural`` when not word + s)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


#: The longest line said: a braille display of 80 cells shows it whole.
WIDTH = 80
#: What starts the rest of a line too long for ``WIDTH`` (so a listener knows it goes on).
GOES_ON = "  "


def within(line: str, width: int = WIDTH) -> list[str]:
    """``line`` cut at spaces into lines of at most ``width`` characters, each after the
    first starting with ``GOES_ON`` (a word longer than a line, a path, has a line of its own)."""
    if len(line) <= width:
        return [line]
    import textwrap

    return textwrap.wrap(line, width, subsequent_indent=GOES_ON, break_on_hyphens=False,
                         break_long_words=False) or [line]


def write_lines(stream, *lines: str) -> None:
    """Each line, ``spoken`` and kept ``within`` 80 characters, on its own line of
    ``stream``, flushed at once (a reader on a pipe hears it before the game waits for
    the next line)."""
    for line in lines:
        for part in spoken(line).split("\n"):
            stream.write("\n".join(within(part)) + "\n")
    stream.flush()


def _keep(ch: str) -> str:
    if ch == "\n":
        return ch
    if ch.isascii():
        return ch if ch >= " " and ch != "\x7f" else " "
    return ch if unicodedata.category(ch)[0] in "LNM" else " "


# -- typed words against the actions offered ---------------------------------------------

#: Words a player may leave out or add when naming an action.
_FILLER = frozenset({"the", "a", "an", "to", "at", "on", "of", "and", "for", "please"})
_WORD = re.compile(r"[a-z0-9$]+")


def words(text: str) -> list[str]:
    """Lower-case words and numbers of ``text`` (punctuation dropped)."""
    return _WORD.findall(spoken(text).lower())


def _starts(word: str, offered: str) -> bool:
    """``word`` names ``offered``: the same, or its beginning (a number must be whole)."""
    return offered == word or (not word.isdigit() and offered.startswith(word))


def _fits(typed: list[str], offered: list[str]) -> bool:
    """Every typed word, in order, starts a word of ``offered``."""
    i = 0
    for word in typed:
        while i < len(offered) and not _starts(word, offered[i]):
            i += 1
        if i == len(offered):
            return False
        i += 1
    return True


def _fits_anyhow(typed: list[str], offered: list[str]) -> bool:
    """Every typed word starts a word of ``offered`` of its own, in any order
    ("treatment room b2 floor 1" for "a treatment room at floor 1 B2")."""
    left = list(offered)
    for word in typed:
        found = next((w for w in left if _starts(word, w)), None)
        if found is None:
            return False
        left.remove(found)
    return True


def match(typed: str, offered: list[list[str]]) -> list[int]:
    """Indexes of the offers that ``typed`` names. Each offer is a list of texts for
    one action (its words in the menu, its short name); an offer whose text is exactly
    what was typed wins alone; otherwise every offer whose words hold the typed words
    in order (each a word's beginning, filler words optional); failing that, in any
    order."""
    said = [w for w in words(typed) if w not in _FILLER]
    if not said:
        return []
    exact = [i for i, texts in enumerate(offered) if any(words(t) == words(typed) for t in texts)]
    if len(exact) == 1:
        return exact
    offers = [[[w for w in words(t) if w not in _FILLER] for t in texts] for texts in offered]
    for fits in (_fits, _fits_anyhow):
        found = [i for i, texts in enumerate(offers) if any(fits(said, t) for t in texts)]
        if found:
            return found
    return []


# -- the rules ----------------------------------------------------------------------------

_EMPHASIS = re.compile(r"\*\*|__|`")
#: ``*words*`` and ``_words_``: the marks go, the words stay.
_SINGLE = re.compile(r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_RULE_LINE = re.compile(r"^\s*\|?\s*:?-{3,}")
_ITEM = re.compile(r"^(?:[-*+]|\d+[.)])\s")


def plain_markdown(text: str) -> str:
    """Markdown as plain lines, one a paragraph or list item (a line broken in the
    source is joined again, so a screen reader reads a sentence at once): no emphasis
    marks, links as their words, headings as their words, table rows as "cell; cell"
    and their ruler lines dropped."""
    out: list[str] = []
    joinable = False  # the last line may go on with the next
    for line in text.splitlines():
        if _RULE_LINE.match(line):
            continue
        line = _LINK.sub(r"\1", _SINGLE.sub(r"\2", _EMPHASIS.sub("", line)))
        stripped = line.strip()
        if not stripped:
            joinable = False
            continue
        if stripped.startswith("|"):
            out.append("; ".join(c.strip() for c in stripped.strip("|").split("|") if c.strip()))
            joinable = False
        elif stripped.startswith("#"):
            out.append(stripped.lstrip("#").strip())
            joinable = False
        elif joinable and not _ITEM.match(stripped):
            out[-1] += " " + stripped
        else:
            out.append(stripped)
            joinable = True
    return spoken("\n".join(out))


_NUMBERED = re.compile(r"^\d+\.\s+")


def sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, body) of each ``##`` and ``###`` section of the rules (the text before
    the first one under the document's own title; a ``###`` heading without its
    number: "### 3. Staff cards" is "Staff cards")."""
    found: list[tuple[str, list[str]]] = []
    title = "Introduction"
    for line in markdown.splitlines():
        if line.startswith("# ") and not found:
            title = line[2:].strip()
            continue
        if line.startswith(("## ", "### ")):
            found.append((_NUMBERED.sub("", line.lstrip("#").strip()), []))
        elif found:
            found[-1][1].append(line)
        else:
            if not found and not line.strip():
                continue
            found.append((title, [line]))
    return [(plain_markdown(head), plain_markdown("\n".join(body)).strip()) for head, body in found]
