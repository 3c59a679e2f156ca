"""The daily deal: one seed a day per game, the same for everyone (docs/daily.md).

Pure: a date in, a seed out. The seed of a game's deal on a UTC day is the first 8
bytes of the SHA-256 of the text ``"<game> daily deal <YYYY-MM-DD>"`` (``<game>``: the
game's console script, e.g. ``"clear-ward daily deal 2026-11-27"``), read big-endian,
shifted right by one bit (63 bits, the size of a drawn seed,
``tui_common.secrecy.SEED_BITS``), its low 16 bits then replaced by ``DAILY_TAG``. Two
installs on the same UTC day deal the same game; the next day deals another.

``is_daily_seed`` (the tag) lets the screens keep a daily deal's seed hidden while it is
played (``tui_common.secrecy``): anyone could deal the game again from it. A drawn seed
never carries the tag (``tui_common.secrecy.new_seed`` draws again).
"""

from __future__ import annotations

import datetime as _dt

#: The low 16 bits of every daily seed, and of no drawn one (``is_daily_seed``).
DAILY_TAG = 0xDA11
TAG_MASK = 0xFFFF
#: The first day with a daily deal (a date before it is refused).
FIRST_DAY = _dt.date(2026, 1, 1)
#: The text hashed for a game's deal on a day.
SEED_TEXT = "{game} daily deal {day}"
#: Bits of a daily seed (as ``tui_common.secrecy.SEED_BITS``).
SEED_BITS = 63


class DailyDateError(ValueError):
    """A ``--date`` that is not a day with a deal; the message is one sentence for the player."""


def daily_seed(game: str, day: _dt.date) -> int:
    """The seed of ``game``'s daily deal on ``day`` (a UTC date): 0 <= seed < 2**63,
    ending in ``DAILY_TAG``. ``game``: the game's console script (``core.registry``'s
    ``command``); raises ``ValueError`` for an empty one."""
    if not game:
        raise ValueError("a daily deal needs the game's name")
    import hashlib  # here: OpenSSL's load is not a game's start (issue 33)

    text = SEED_TEXT.format(game=game, day=day.isoformat())
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return (int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)) & ~TAG_MASK | DAILY_TAG


def today_utc(now: _dt.datetime | None = None) -> _dt.date:
    """Today's date in UTC (``now``: an aware datetime, for tests; default the clock)."""
    now = now or _dt.datetime.now(_dt.timezone.utc)
    return now.astimezone(_dt.timezone.utc).date()


def deal_day(text: str | None, today: _dt.date) -> _dt.date:
    """The day whose deal to play: ``text`` as ``YYYY-MM-DD`` (``None``: ``today``).
    Raises ``DailyDateError`` with a sentence for a date that cannot be read, one
    after ``today`` (a future deal is never dealt) or one before ``FIRST_DAY``."""
    if text is None:
        return today
    try:
        day = _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DailyDateError(f"{text!r} is not a date: write it as YYYY-MM-DD, e.g. {today.isoformat()}.") from None
    if len(text.strip()) != 10:
        raise DailyDateError(f"{text!r} is not a date: write it as YYYY-MM-DD, e.g. {today.isoformat()}.")
    if day > today:
        raise DailyDateError(f"The deal of {day.isoformat()} is not out yet: today (UTC) is {today.isoformat()}.")
    if day < FIRST_DAY:
        raise DailyDateError(f"The first daily deal was on {FIRST_DAY.isoformat()}; choose a day from then on.")
    return day


def is_daily_seed(seed: int) -> bool:
    """Whether ``seed`` is a daily deal's: it ends in ``DAILY_TAG`` (a drawn seed never
    does). Needs no list of games, so it costs nothing at startup."""
    return seed >= 0 and seed & TAG_MASK == DAILY_TAG
