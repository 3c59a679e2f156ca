"""The daily deal's seed (core.daily) and the share texts (core.*.share)."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest

from core.daily import DailyDateError, daily_seed, deal_day, is_daily_seed, today_utc

DAY = dt.date(2026, 11, 27)


def test_same_date_same_seed_next_day_another():
    assert daily_seed("clear-ward", DAY) == daily_seed("clear-ward", dt.date(2026, 11, 27))
    assert daily_seed("clear-ward", DAY) != daily_seed("clear-ward", DAY + dt.timedelta(days=1))
    assert daily_seed("clear-ward", DAY) != daily_seed("clinic", DAY), "each game its own deal"


def test_seed_is_the_documented_hash():
    digest = hashlib.sha256(b"clinic daily deal 2026-11-27").digest()
    assert daily_seed("clinic", DAY) == int.from_bytes(digest[:8], "big") >> 1
    assert 0 <= daily_seed("clinic", DAY) < 2**63
    with pytest.raises(ValueError):
        daily_seed("chess", DAY)


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
    assert is_daily_seed(daily_seed("clinic", DAY), DAY)
    assert is_daily_seed(daily_seed("clear-ward", DAY + dt.timedelta(days=1)), DAY), "tomorrow's, from before midnight"
    assert not is_daily_seed(daily_seed("clear-ward", DAY + dt.timedelta(days=2)), DAY)
    assert not is_daily_seed(7, DAY)


def _night_shift(seed: int):
    from core.clear_ward import apply_action, is_over, new_game
    from core.clear_ward.bots import make_bot

    state = new_game(1, seed, starting_player=0)
    bot = make_bot("strong", 1)
    while not is_over(state):
        state = apply_action(state, bot.choose(state))
    return state


def _solitaire(seed: int):
    from core.clinic.game import apply_action, is_over, new_game
    from core.clinic.game.bots import make_bot
    from core.clinic.game.state import SoloGoal

    state = new_game(1, seed, solo_goal=SoloGoal.RED_PATIENTS, turn_order=[0])
    bot = make_bot("basic", 1)
    while not is_over(state):
        state = apply_action(state, bot.choose(state))
    return state


def _digits_of(seed: int) -> list[str]:
    text = str(seed)
    return [text[i:i + 6] for i in range(len(text) - 5)]  # any 6 digits in a row of the seed


def test_clear_ward_share_text_spoils_nothing():
    from core.clear_ward.share import LETTERS, clear_order, share_text

    seed = daily_seed("clear-ward", DAY)
    state = _night_shift(seed)
    text = share_text(state, DAY.isoformat(), 252.4)
    lines = text.splitlines()
    assert lines[0] == "Clear the Ward · daily 2026-11-27" and "04:12" in lines[1]
    assert f"{state.players[0].stars}★" in lines[1]
    assert not any(part in text for part in _digits_of(seed)), "no seed"
    # the grid: the cleared specialities' letters in order, then a dot per speciality not cleared
    order = clear_order(state)
    letters = [mark[-1] for mark in lines[2].split()]
    assert letters == [LETTERS[s] for s in order] + ["."] * (7 - len(order))
    # nothing still face down is named: no patient's name or speciality left in the ward
    for card in state.ward:
        if card is not None and not card.face_up:
            assert str(card.patient) not in text
    ascii_text = share_text(state, DAY.isoformat(), 252.4, ascii=True, practice=True)
    assert ascii_text.isascii() and "(practice)" in ascii_text


def test_clear_ward_share_order_follows_the_log_book():
    from core.clear_ward.share import clear_order

    state = _night_shift(daily_seed("clear-ward", DAY))
    order = clear_order(state)
    last = {p.speciality: i for i, p in enumerate(state.players[0].log_book)}
    assert [last.get(s, -1) for s in order] == sorted(last.get(s, -1) for s in order)
    left = {c.patient.speciality for c in state.ward if c is not None}
    assert not set(order) & left


def test_clinic_share_text_spoils_nothing():
    from core.clinic.game.end import result
    from core.clinic.share import share_text

    seed = daily_seed("clinic", DAY)
    state = _solitaire(seed)
    text = share_text(state, DAY.isoformat())
    res = result(state)
    assert text.splitlines()[0] == "Clinic · daily 2026-11-27"
    assert f"Popularity {res.scores[0]}" in text
    assert f"{state.players[0].cured} patients cured" in text
    assert ("goal met" in text) == bool(res.goal_met)
    assert (f"Hall of Fame: {res.rank}" in text) if res.rank else ("no Hall of Fame rank" in text)
    assert not any(part in text for part in _digits_of(seed)), "no seed"
    assert "bag" not in text.lower()
    assert share_text(state, DAY.isoformat(), ascii=True).isascii()
