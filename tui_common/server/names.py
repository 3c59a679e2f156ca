"""How the server tells two player names apart: the one place names are compared.

A name typed at login ("Ann"), kept for a seat ("ann") or invited to a private room
("ＡＮＮ") is the same player when ``name_key`` gives the same text: Unicode NFKC, then
casefold. When accounts give players an identity (``tui_common/server/accounts.py``),
point ``name_key`` at the accounts' own normalization so both agree.
"""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """The form two player names are compared in: Unicode NFKC (full-width and
    compatibility letters become plain ones), then casefolded ("Straße" -> "strasse")."""
    return unicodedata.normalize("NFKC", name).casefold()


def same_name(a: str | None, b: str | None) -> bool:
    """Whether two player names are the same player (``name_key``); ``None`` (an open
    seat) is nobody."""
    return a is not None and b is not None and name_key(a) == name_key(b)
