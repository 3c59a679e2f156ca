"""The daily deal's seed (core.daily) and the share texts (core.*.share)."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest

from core.daily import DAILY_TAG, DailyDateError, daily_seed, deal_day, is_daily_seed, today_utc

DAY = dt.date(2026, 11, 27)


def test_same_date_same_seed_next_day_another():
    assert daily_seed("clear-ward", DAY) == daily_seed("clear-ward", dt.date(2026, 11, 27))
    assert daily_seed("clear-ward", DAY) != daily_seed("clear-ward", DAY + dt.timedelta(days=1))
    assert daily_seed("clear-ward", DAY) != daily_seed("clinic", DAY), "each game its own deal"


def test_seed_is_the_documented_hash():
    digest = hashlib.sha256(b"clinic daily deal 2026-11-27").digest()
    hashed = int.from_bytes(digest[:8], "big") >> 1
    assert daily_seed("clinic", DAY) == (hashed & ~0xFFFF) | DAILY_TAG
    assert 0 <= daily_seed("clinic", DAY) < 2**63
    with pytest.raises(ValueError):
        daily_seed("", DAY)


def test_today_is_the_utc_date():
    late = dt.datetime(2026, 11, 27, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert today_utc(late) == dt.date(2026, 11, 28)


def test_deal_day_refuses_future_bad_and_too_early_dates():
    assert deal_day(None, DAY) == DAY
    assert deal_day("2026-11-20", DAY) == dt.date(2026, 11, 20)
    with pytest.raises(DailyDateError, match="not out yet"):
        deal_day("2026-11-28", DAY)
    for bad in ("tomorrow", "2026-13-01", "20261120", ""):
        with pytest.raises(DailyDateError, match="YYYY-MM-DD"):
            deal_day(bad, DAY)
    with pytest.raises(DailyDateError, match="first daily deal"):
        deal_day("2025-12-31", DAY)


def test_is_daily_seed():
    assert is_daily_seed(daily_seed("clinic", DAY))
    assert is_daily_seed(daily_seed("clear-ward", DAY + dt.timedelta(days=400)))
    assert not is_daily_seed(7)
    assert not is_daily_seed(daily_seed("clinic", DAY) + 1)


def test_a_drawn_seed_never_looks_like_a_daily_deals(monkeypatch):
    """``new_seed`` draws again when the operating system's bits end in the daily tag."""
    from tui_common import secrecy
    from tui_common.secrecy import new_seed

    draws = iter([DAILY_TAG, (5 << 16) | DAILY_TAG, 12345])

    class Drawn:  # the operating system's source, giving these bits in turn
        def getrandbits(self, bits):
            assert bits == secrecy.SEED_BITS
            return next(draws)

    monkeypatch.setattr(secrecy, "SystemRandom", Drawn)
    assert new_seed() == 12345
