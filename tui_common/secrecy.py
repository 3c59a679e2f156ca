"""The seed is hidden information: the one rule that says when a screen may show it,
and the one place a seed is drawn when none is given.

The seed fixes every shuffle and draw (Clear the Ward's face-down patients and staff
deck, Clinic's bags): whoever knows it can deal the game again with ``new_game`` and
see every hidden card. So while a game of two or more seats is on (hot seat or at a
shared table, computer seats counted), no screen, log, plain-text line or replay names
it; at game over it is shown (for "same seed"). A solo game may show it throughout:
there is no one to hide it from, except a daily deal's (``core.daily``): the player
could pass it on to someone who has not played that day's deal yet, so it is not
shown before the game is over either.

A seed drawn here is 63 random bits from the operating system's secure source (below
``core.saves.MAX_SEED``, so every save and the server's SQLite ``INTEGER`` column hold
it): too many to try every one against the cards a player has seen.
"""

from __future__ import annotations

from random import SystemRandom

#: Bits of a drawn seed: 2**63 seeds cannot be tried one by one against the visible cards.
SEED_BITS = 63


def seed_visible(seats: int, over: bool) -> bool:
    """May a player see the seed now? ``seats``: the number of seats at the table
    (people and computers); ``over``: the game has ended. True for a solo game or a
    finished one; False while two or more seats play."""
    return seats <= 1 or over


def seed_words(seed: int, seats: int, over: bool, template: str = " · seed {seed}") -> str:
    """``template`` filled with ``seed`` when ``seed_visible(seats, over)``, else ``""``:
    the part of a header or a sentence that names the seed. A daily deal's seed
    (``core.daily.is_daily_seed``) is shown only once the game is over."""
    if not seed_visible(seats, over) or (not over and _is_daily(seed)):
        return ""
    return template.format(seed=seed)


def _is_daily(seed: int) -> bool:
    from core.daily import is_daily_seed

    return is_daily_seed(seed)


def new_seed() -> int:
    """A fresh seed for a game started without one: ``SEED_BITS`` bits from the
    operating system's secure random source (``random.SystemRandom``, which
    ``secrets.randbits`` is, without the import of ``hmac`` and OpenSSL that
    ``secrets`` makes), never negative, never one that looks like a daily deal's
    (``core.daily.is_daily_seed``)."""
    from core.daily import is_daily_seed

    while True:
        seed = SystemRandom().getrandbits(SEED_BITS)
        if not is_daily_seed(seed):  # one in 65,536: looks like a daily deal's, so drawn again
            return seed
