"""The server's cycle collector policy (``tui_common.server.collector``): apps that run
are frozen out of the collector's full walks, the garbage of closed apps is swept in
one go, at once when the server is empty or once as many apps closed as run.

The policy is tested with stand-ins for ``gc.freeze`` / ``gc.unfreeze`` / ``gc.collect``
and a hand-driven clock; one test runs it with the real ``gc`` and a real server."""

from __future__ import annotations

import asyncio
import gc

import pytest

from tests.server.test_ssh import join, running
from tui_common.server import collector as collector_module
from tui_common.server.collector import (
    IDLE_SWEEP_SECONDS,
    SETTLE_SECONDS,
    SWEEP_AFTER_CLOSED,
    Collector,
)


class Clock:
    """``call_later`` stand-in: callbacks wait until ``run`` is called."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, object]] = []

    def call_later(self, seconds, callback):
        self.pending.append((seconds, callback))

    def run(self) -> list[float]:
        """Run every callback waiting; the delays they were scheduled with."""
        pending, self.pending = self.pending, []
        for _, callback in pending:
            callback()
        return [seconds for seconds, _ in pending]


def make(calls: list[str], clock: Clock, *, active: bool = True) -> Collector:
    found = Collector(freeze=lambda: calls.append("freeze"), unfreeze=lambda: calls.append("unfreeze"),
                      collect=lambda: calls.append("collect") or 0, call_later=clock.call_later)
    if active:
        found.activate()
    return found


def test_until_activated_nothing_changes_python_s_collector():
    calls, clock = [], Clock()
    idle = make(calls, clock, active=False)
    idle.app_started()
    idle.app_closed()
    assert clock.pending == [] and calls == []
    assert collector_module.COLLECTOR.active is False  # tests and the console scripts


def test_an_app_is_frozen_once_its_first_screen_is_up():
    calls, clock = [], Clock()
    c = make(calls, clock)
    c.app_started()
    assert calls == []  # not while it builds its first screen
    assert clock.run() == [SETTLE_SECONDS]
    assert calls == ["collect", "freeze"]  # its start-up garbage is not frozen with it


def test_the_garbage_of_an_app_s_start_is_collected_not_frozen():
    """With ``gc`` itself: cyclic garbage made before the freeze (a screen built and
    dropped while the app started) is freed; before, the freeze kept it until a sweep
    (the load benchmark: about 0.3 MB a seated session)."""
    import weakref

    class Node:
        pass

    clock = Clock()
    real = Collector(call_later=clock.call_later)
    real.activate()
    enabled, frozen_before = gc.isenabled(), gc.get_freeze_count()
    gc.disable()  # no automatic collection in between: only the policy's own
    try:
        garbage = Node()
        garbage.me = garbage  # a cycle: only the cycle collector frees it
        gone = weakref.ref(garbage)
        kept = Node()
        kept.me = kept
        del garbage
        real.app_started()
        clock.run()
        assert gone() is None
        assert not any(o is kept for o in gc.get_objects())  # the live one is frozen
    finally:
        gc.unfreeze()
        if frozen_before:  # (the suite's own freeze, tests/conftest.py)
            gc.freeze()
        if enabled:
            gc.enable()


def test_an_app_that_closed_before_settling_is_not_frozen():
    calls, clock = [], Clock()
    c = make(calls, clock)
    c.app_started()
    c.app_closed()
    clock.run()  # the settle (nothing runs), then the idle sweep
    assert calls == ["unfreeze", "collect", "freeze"]


def test_when_the_last_app_closes_its_garbage_is_swept_after_a_pause():
    calls, clock = [], Clock()
    c = make(calls, clock)
    c.app_started()
    clock.run()
    calls.clear()
    c.app_closed()
    assert calls == []
    assert clock.run() == [IDLE_SWEEP_SECONDS]
    assert calls == ["unfreeze", "collect", "freeze"]
    assert (c.closed, c.sweeps) == (0, 1)


def test_no_idle_sweep_when_another_app_opened_meanwhile():
    calls, clock = [], Clock()
    c = make(calls, clock)
    c.app_started()
    clock.run()
    c.app_closed()
    c.app_started()  # the lobby closes, the game opens
    calls.clear()
    clock.run()
    assert calls == ["collect", "freeze"]  # the new app settles; no sweep
    assert c.sweeps == 0


def test_while_apps_run_a_sweep_comes_once_as_many_closed_as_run():
    calls, clock = [], Clock()
    c = make(calls, clock)
    running_apps = SWEEP_AFTER_CLOSED + 4
    for _ in range(running_apps * 2):
        c.app_started()
    clock.run()
    calls.clear()
    for _ in range(running_apps - 1):  # 2n - (n - 1) = n + 1 still run
        c.app_closed()
    assert calls == []
    c.app_closed()  # n closed, n running
    assert calls == ["unfreeze", "collect", "freeze"]
    assert (c.running, c.closed, c.sweeps) == (running_apps, 0, 1)


def test_a_few_running_apps_wait_for_the_least_number_of_closed_ones():
    calls, clock = [], Clock()
    c = make(calls, clock)
    for _ in range(SWEEP_AFTER_CLOSED + 3):
        c.app_started()
    for _ in range(SWEEP_AFTER_CLOSED - 1):
        c.app_closed()
    assert "collect" not in calls
    c.app_closed()
    assert calls.count("collect") == 1


async def test_a_real_server_freezes_a_playing_app_and_sweeps_when_it_leaves(tmp_path, monkeypatch):
    """With ``gc`` itself: a seated player's app is in the permanent generation; once
    every player left, it is swept and nothing stays frozen but what was left running."""
    real = Collector()
    real.activate()
    monkeypatch.setattr("tui_common.server.driver.COLLECTOR", real)
    monkeypatch.setattr(collector_module, "SETTLE_SECONDS", 0.05)
    monkeypatch.setattr(collector_module, "IDLE_SWEEP_SECONDS", 0.05)
    monkeypatch.setattr(collector_module, "PASSING_FREE", 0.05)  # (the lobby Ann passed through)
    monkeypatch.setattr(collector_module, "PASSING_RETRY", 0.05)
    try:
        async with running(tmp_path) as server:
            server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=3)
            ann = await join(server, "Ann")
            await ann.wait_quiet()
            assert real.running == 1 and gc.get_freeze_count() > 0
            await ann.close()
            server.players.remove(ann)
            for _ in range(100):
                if real.sweeps:
                    break
                await asyncio.sleep(0.05)
            assert real.running == 0 and real.sweeps >= 1
    finally:
        gc.unfreeze()


@pytest.fixture(autouse=True)
def _never_leave_objects_frozen():
    yield
    gc.unfreeze()
