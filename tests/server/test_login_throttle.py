"""Failed logins (``accounts.LoginThrottle``): slowed per address (1 s, 2 s, 4 s... up
to 16 s), banned for 15 minutes after 10 failures in 10 minutes, one log line each that
the fail2ban filter of docs/server.md matches. The policy runs on a stand-in clock; one
test drives the real SSH server."""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path

import asyncssh
import pytest

from tests.server.client import Player
from tests.server.test_ssh import running
from tui_common.server.accounts import LoginThrottle, ThrottlePolicy

pytestmark = pytest.mark.timeout(60)

ADDRESS = "203.0.113.9"


class Clock:
    """A stand-in for time.monotonic whose sleep only moves it on."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def wrong():
    return False, "wrong password"


def failure_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("login failed for ")]


async def test_thirty_wrong_passwords_take_at_least_thirty_seconds_and_leave_thirty_log_lines(caplog):
    caplog.set_level(logging.WARNING, "hospital_games.server")
    clock = Clock()
    throttle = LoginThrottle(clock=clock)
    began = clock.now
    for _ in range(30):
        assert not await throttle.attempt(ADDRESS, "Ann", wrong, sleep=clock.sleep)
    assert clock.now - began >= 30
    lines = failure_lines(caplog)
    assert len(lines) == 30 and all(f"from {ADDRESS} (" in line for line in lines)


async def test_the_wait_doubles_up_to_a_cap_then_the_address_is_banned_for_a_while(caplog):
    caplog.set_level(logging.WARNING, "hospital_games.server")
    clock = Clock()
    throttle = LoginThrottle(clock=clock)
    for _ in range(10):
        await throttle.attempt(ADDRESS, "Ann", wrong, sleep=clock.sleep)
    assert clock.slept == [1, 2, 4, 8, 16, 16, 16, 16, 16]
    assert throttle.banned(ADDRESS) and not throttle.banned("198.51.100.1")
    checked = []

    async def right():
        checked.append(True)
        return True, ""

    assert not await throttle.attempt(ADDRESS, "Ann", right, sleep=clock.sleep)  # even the right password
    assert not checked and failure_lines(caplog)[-1] == f"login failed for 'Ann' from {ADDRESS} (banned)"
    assert any(f"{ADDRESS} is banned for 15 minutes" in r.getMessage() for r in caplog.records)
    clock.now += 15 * 60
    assert not throttle.banned(ADDRESS)
    assert await throttle.attempt(ADDRESS, "Ann", right, sleep=clock.sleep)


async def test_old_failures_are_forgotten_and_other_addresses_are_not_slowed():
    clock = Clock()
    throttle = LoginThrottle(clock=clock)
    for _ in range(9):
        await throttle.attempt(ADDRESS, "Ann", wrong, sleep=clock.sleep)
    assert throttle.wait("198.51.100.1") == 0
    clock.now += 11 * 60  # past the 10-minute window
    await throttle.attempt(ADDRESS, "Ann", wrong, sleep=clock.sleep)
    assert not throttle.banned(ADDRESS) and throttle.wait(ADDRESS) == 1


async def test_an_exempt_address_is_slowed_but_never_banned():
    clock = Clock()
    throttle = LoginThrottle(clock=clock, exempt={"127.0.0.1"})
    for _ in range(20):
        await throttle.attempt("127.0.0.1", "Ann", wrong, sleep=clock.sleep)
    assert not throttle.banned("127.0.0.1") and throttle.wait("127.0.0.1") == 16


def fail2ban_regex() -> re.Pattern:
    """The failregex of docs/server.md's fail2ban filter, <HOST> as fail2ban's address."""
    doc = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
    (line,) = re.findall(r"^failregex = (.+)$", doc, re.M)
    return re.compile(line.replace("<HOST>", r"(?P<host>[0-9A-Fa-f.:]+)"))


def test_the_fail2ban_filter_finds_the_address_even_in_a_forged_name(caplog):
    caplog.set_level(logging.WARNING, "hospital_games.server")
    throttle = LoginThrottle(clock=Clock())
    throttle.failed("198.51.100.7", "Ann", "wrong password")
    throttle.failed("198.51.100.8", "x from 10.0.0.1 (wrong password)\n", "wrong password")
    throttle.failed("2001:db8::5", "Бo", "name refused")
    regex = fail2ban_regex()
    hosts = []
    for line in failure_lines(caplog):
        stamped = "2026-11-27 18:00:00,123 " + line  # as `serve` logs it
        assert "\n" not in line
        hosts.append(regex.search(stamped).group("host"))
    assert hosts == ["198.51.100.7", "198.51.100.8", "2001:db8::5"]
    assert regex.search("2026-11-27 18:00:00,123 10.0.0.1 is banned for 15 minutes after 10 failed logins") is None


async def test_over_ssh_two_wrong_passwords_in_a_row_are_slowed_and_logged(tmp_path, caplog):
    caplog.set_level(logging.WARNING, "hospital_games.server")
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port, password="tulip")  # Ann's password is tulip
        await ann.close()
        began = time.monotonic()
        for _ in range(2):
            with pytest.raises(asyncssh.PermissionDenied):
                await Player("Ann").connect(server.port, password="rose")
        assert time.monotonic() - began >= 1.0  # the second waited for the first's second
        assert failure_lines(caplog) == ["login failed for 'Ann' from 127.0.0.1 (wrong password)"] * 2


async def test_over_ssh_a_banned_address_is_closed_at_once(tmp_path):
    async with running(tmp_path) as server:
        server.throttle.policy = ThrottlePolicy(first_delay=0.01, max_delay=0.02, ban_after=2)
        for _ in range(2):
            with pytest.raises(asyncssh.PermissionDenied):
                await Player("Ann").connect(server.port, password="")
        assert server.throttle.banned("127.0.0.1")
        with pytest.raises((asyncssh.Error, OSError)):
            await Player("Bob").connect(server.port, password="tulip")
        assert server.doorkeeper.accounts.get("Bob") is None
