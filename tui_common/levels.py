"""The computer levels and seat labels as every screen, log, prompt and command say
them (no Textual, no argparse): ``LEVEL_WORDS``, ``computer_name``, ``seat_label``,
``short_name``, ``computer_says``. ``tui_common.cli`` offers them too."""

from __future__ import annotations


#: The computer levels as every screen, log, prompt and command names them, weakest
#: first; each game maps them to its bots (``LEVEL_NAMES``: bot -> level word), whose
#: own names stay accepted (``cpu:greedy``) and stay in saves, so old saves load.
LEVEL_WORDS = ("easy", "medium", "hard")


def level_word(level: str | None, shown: dict[str, str]) -> str:
    """The word for a bot ``level`` (``"greedy"`` -> ``"medium"``); ``""`` for a person."""
    return "" if level is None else shown.get(level, level)


def computer_name(word: str) -> str:
    """The name a computer seat gets when none is typed: ``"CPU (hard)"``."""
    return f"CPU ({word})"


#: Shorter level words for narrow tables ("CPU med"): ``short_name``.
SHORT_LEVEL_WORDS = {"medium": "med"}


def short_name(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns for a narrow table: a computer seat's
    ``"CPU (medium)"`` as ``"CPU med"``, ``"CPU (hard)"`` as ``"CPU hard"``, never cut
    mid-bracket; any other name cut at ``width``."""
    if len(name) <= width:
        return name
    if name.startswith("CPU (") and name.endswith(")"):
        word = name[5:-1]
        name = f"CPU {SHORT_LEVEL_WORDS.get(word, word)}"
    return name[:width]


def seat_label(name: str, level: str | None, shown: dict[str, str]) -> str:
    """``"Ann"``, ``"CPU (hard)"``, ``"Zed (computer, hard)"``: a seat as the
    player list says it."""
    if level is None:
        return name
    word = level_word(level, shown)
    return name if name == computer_name(word) else f"{name} (computer, {word})"


def computer_says(name: str) -> str:
    """A computer seat's name as a status line says it: ``"Robo (computer)"``, but
    ``"CPU (hard)"`` (and ``"CPU (hard) 2"``) as it is: it says so already."""
    return name if name.startswith("CPU (") else f"{name} (computer)"
