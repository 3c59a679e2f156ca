"""The Easter eggs the Clear the Ward rulebook promises ("hidden Easter Eggs sprinkled
throughout the game"), for both games: a few harmless lines for players who poke around.

Spoilers, with how each is found: docs/easter-eggs.md. None changes a rule, a score, a
save or what a seat may see: each function below only returns a sentence (or ``None``)
that a screen or the plain text mode shows next to what it shows anyway.

- ``name_egg(names)``: a seat named after a famous fictional doctor;
- ``day_egg(day)``: a date of the year;
- ``score_egg(scores)``: a final score of exactly 42 (stars or popularity);
- ``word_egg(word)``: an old adventure game's magic word typed in the plain text mode.

No egg names a game: the kit serves every registered game alike.
"""

from __future__ import annotations

import datetime
import unicodedata

#: A seat's name (folded: lower case, no accents, no "Dr"/"Doctor", spaces squeezed)
#: and the line said when a game with that seat starts.
NAMES: dict[str, str] = {
    "house": "It's never lupus.",
    "gregory house": "It's never lupus.",
    "mccoy": "\"I'm a doctor, not a board game.\"",
    "leonard mccoy": "\"I'm a doctor, not a board game.\"",
    "who": "The Doctor will see you now. (Any time now. Or earlier.)",
    "the doctor": "The Doctor will see you now. (Any time now. Or earlier.)",
}

#: (month, day) and the line shown on the setup screen and at the plain prompt that day.
DAYS: dict[tuple[int, int], str] = {
    (4, 1): "April Fools' Day: every patient insists they feel fine.",
    (5, 12): "International Nurses Day: thank a nurse (they did the real work).",
}

#: The final score that earns a line at game over, and the line.
SCORE, SCORE_LINE = 42, "42: the answer to life, the universe and the ward."

#: A word typed in the plain text mode (not a command, not an action) and its answer.
WORDS: dict[str, str] = {
    "xyzzy": "A hollow voice says \"Nurse!\". Nothing else happens.",
    "plugh": "A hollow voice says \"Nurse!\". Nothing else happens.",
}


def folded(name: str) -> str:
    """``name`` compared as the eggs compare it: ``"Dr. Gregory  HOUSE"`` → ``"gregory house"``."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = text.replace(".", " ").split()
    while words and words[0] in ("dr", "doctor"):
        words = words[1:]
    return " ".join(words)


def name_egg(names: list[str] | tuple[str, ...]) -> str | None:
    """The line for the first seat of ``names`` that has one (``None``: no egg)."""
    for name in names:
        line = NAMES.get(folded(name))
        if line:
            return line
    return None


def day_egg(day: datetime.date) -> str | None:
    """The line for ``day`` (``None`` on most days)."""
    return DAYS.get((day.month, day.day))


def score_egg(scores: tuple[int, ...] | list[int]) -> str | None:
    """The line when a seat's final score is exactly ``SCORE`` (``None`` otherwise)."""
    return SCORE_LINE if SCORE in scores else None


def word_egg(word: str) -> str | None:
    """The answer to ``word`` typed in the plain text mode (``None``: not an egg)."""
    return WORDS.get(word.strip().lower())


def today() -> datetime.date:
    """Today's date, local time (a day egg follows the player's calendar)."""
    return datetime.date.today()
