"""Player names as account names: one identity per name however it is typed, one
alphabet per name, and no name that looks like another account's.

- ``identity(name)``: the name as the server tells accounts apart: Unicode NFKC (so a
  full-width "Ａｎｎ" is "Ann") then case-folded ("Ann", "ANN" and "ann" are one account).
  The account shows the name as first typed.
- ``scripts(name)``: the alphabets (scripts) its letters come from, by the first word of
  each letter's Unicode name (``unicodedata.name``: "LATIN", "CYRILLIC", "GREEK"...);
  digits, spaces and punctuation belong to none. A name uses one alphabet; Japanese may
  mix kanji, hiragana and katakana, Korean hangul and hanja (``JAPANESE``, ``KOREAN``).
- ``skeleton(name)``: what the name looks like: ``identity`` with the common look-alike
  letters of Cyrillic and Greek mapped to their Latin twins (``LOOK_ALIKES``: Cyrillic
  "а" → "a", Greek "ο" → "o"...), and "0" → "o", "1" → "l" (read: Unicode TS #39
  "confusables", cut down to the letters a name typed on a keyboard is likely to use).
  Two accounts never share a skeleton, so an all-Cyrillic "Аnn" lookalike of "Ann" is
  refused while a real Cyrillic name ("Анна") is welcome.

``refusal(name)`` is the sentence for a name that may not be an account (mixed
alphabets, a guest's name), else ``None``.
"""

from __future__ import annotations

import re
import unicodedata

#: Scripts that may share a name (one writing system written in several scripts).
JAPANESE = frozenset({"CJK", "HIRAGANA", "KATAKANA"})
KOREAN = frozenset({"CJK", "HANGUL"})

#: Names kept for guests (``--guests``): "guest", "guest-1", "guest-2"...
GUEST_NAME = re.compile(r"guest(-\d+)?")

#: Cyrillic and Greek letters (lower case, after case folding) that look like a Latin
#: letter, and that letter; plus digits read as letters. A cut-down table of Unicode's
#: confusables (TS #39), for what a keyboard types.
LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j",
    "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "г": "r", "ѕ": "s", "т": "t",
    "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "з": "3", "ь": "b", "п": "n",
    # Greek
    "α": "a", "β": "b", "ϲ": "c", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u",
    # digits and signs
    "0": "o", "1": "l", "|": "l",
})
#: Capitals that look like a Latin capital whose lower case differs from theirs
#: (Greek Η looks like H, its lower case η like n): mapped before case folding.
CAPITAL_LOOK_ALIKES = str.maketrans({
    "Η": "h", "Ν": "n", "Μ": "m", "Τ": "t", "Ρ": "p", "Χ": "x", "Β": "b", "Κ": "k", "Ζ": "z", "Υ": "y",
    "Ι": "l", "I": "l", "Н": "h", "М": "m", "Т": "t", "В": "b", "К": "k", "Р": "p", "Х": "x", "С": "c",
    "У": "y", "І": "l", "Ӏ": "l",
})


def identity(name: str) -> str:
    """The account a name belongs to: NFKC, then case-folded (``"ＡＮＮ"`` → ``"ann"``)."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """What ``name`` looks like, for telling look-alike names apart (module docstring):
    equal skeletons, confusable names. ``"Ann"``, ``"ΑΝΝ"`` (Greek) → ``"ann"``."""
    text = unicodedata.normalize("NFKC", name).translate(CAPITAL_LOOK_ALIKES)
    return text.casefold().translate(LOOK_ALIKES)


def scripts(name: str) -> set[str]:
    """The scripts of ``name``'s letters (``{"LATIN"}``, ``{"CYRILLIC", "LATIN"}``...);
    digits, punctuation and spaces have none, combining marks their letter's."""
    found = set()
    for ch in unicodedata.normalize("NFKC", name):
        if not unicodedata.category(ch).startswith("L"):
            continue
        word = unicodedata.name(ch, "UNKNOWN").split()[0]
        found.add("CJK" if word in ("CJK", "IDEOGRAPHIC") else word)
    return found


def refusal(name: str) -> str | None:
    """Why ``name`` cannot be an account's name (one sentence), or ``None``: letters of
    two alphabets (``"Аnn"`` with a Cyrillic А), or a guest's name."""
    found = scripts(name)
    if len(found) > 1 and not (found <= JAPANESE or found <= KOREAN):
        alphabets = " and ".join(s.title() for s in sorted(found))
        return f"The name {name!r} mixes letters of two alphabets ({alphabets}); please use one alphabet."
    if GUEST_NAME.fullmatch(identity(name)):
        return f"The name {name!r} is kept for guests; please choose another."
    return None


def name_key(name: str) -> str:
    """The form two player names are compared in (seats, invitations, quotas): the
    account's ``identity``, so a seat kept for "ann" is Ann's."""
    return identity(name)


def same_name(a: str | None, b: str | None) -> bool:
    """Whether two player names are the same player (``identity``); ``None`` (an open
    seat) is nobody."""
    return a is not None and b is not None and identity(a) == identity(b)
