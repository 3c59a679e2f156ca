"""The cycle collector in a server process that holds many apps at once.

Python's cycle collector now and then walks *every* object the process holds (a full,
"generation 2" collection). With 20 rooms of 2 players in one process that is about
240 MB of Textual apps, and the walk stopped every connection for 0.5–0.8 s at a time
(measured: 19 full collections while 40 players sat down and moved, the last four
during play, 590–810 ms each; key-to-screen p95 550–700 ms on a quiet machine;
see docs/server.md, "The cycle collector").

So a server process keeps the apps that are running out of the walk:

- **An app is frozen once it is up** (``app_started``, then ``gc.freeze`` after
  ``SETTLE_SECONDS``): its objects move to the collector's permanent generation, which
  no automatic collection walks. What is not frozen yet is collected just before (the
  garbage of the app's start: screens and styles built and dropped; it walks only the
  apps of the last seconds), so that no garbage is frozen with it. Objects made later
  (a frame, a log line) are collected as usual, and those collections walk only them.
- **The garbage of closed apps is collected in one sweep** (``gc.unfreeze`` then a full
  ``gc.collect``, then ``gc.freeze`` again): at once when the last app closes (no one is
  waiting then), or, while players are connected, once the apps closed since the last
  sweep are as many as those running (at least ``SWEEP_AFTER_CLOSED``). Memory then
  stays within about twice what the running apps hold, and a pause comes once per that
  many closed apps instead of every few seconds.

- **An app a player passes through is freed when it closes** (the lobby: ``passing``
  apps, issue 33): while one runs, the freeze waits (every ``PASSING_RETRY`` seconds, at
  most ``PASSING_WAIT`` seconds in all), so the lobby stays out of the permanent
  generation; when it closes (the player sits down), a collection of what is not frozen
  frees it at once (about 1 MB a player) instead of at the next sweep, and the freeze
  that waited comes right after (players arrive one after another: between two lobbies). That collection
  walks only the lobby and the apps started in the last seconds, not the frozen ones.

Nothing changes until ``activate`` is called: ``serve`` calls
it; apps run by tests in the test process, or by the games' own console scripts, keep
Python's collector as it is.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("hospital_games.server")

#: Seconds after an app starts before it is frozen: its first screen is built by then.
SETTLE_SECONDS = 2.0
#: Apps closed since the last sweep that bring a sweep on while others still run,
#: at the least (more when more apps are running: as many as are running).
SWEEP_AFTER_CLOSED = 8
#: Seconds to wait, once the last app closed, before sweeping (another may be opening).
IDLE_SWEEP_SECONDS = 1.0
#: While an app a player passes through (the lobby) runs, the freeze is tried again
#: every ``PASSING_RETRY`` seconds, for ``PASSING_WAIT`` seconds at most (then it freezes
#: the lobby too: it is swept with the closed apps).
PASSING_RETRY, PASSING_WAIT = 0.5, 10.0
#: Seconds after a passing app closed before it is collected (its last messages and
#: tasks are let go in the loop's next turns).
PASSING_FREE = 1.0


class Collector:
    """When to freeze and when to sweep, for one server process (see the module's text).

    ``freeze``, ``unfreeze`` and ``collect`` are the ``gc`` functions; tests give stand-ins.
    ``call_later(seconds, callback)`` schedules a callback (the running loop's by default).
    """

    def __init__(self, *, freeze: Callable[[], None] = gc.freeze, unfreeze: Callable[[], None] = gc.unfreeze,
                 collect: Callable[[], int] = gc.collect,
                 call_later: Callable[[float, Callable[[], None]], object] | None = None) -> None:
        self.active = False
        self.running = 0
        self.closed = 0
        self.sweeps = 0
        #: apps a player passes through (lobbies) running now; collections after one closed
        self.passing = 0
        self.freed = 0
        self._freeing = False
        self._postponed = False
        self._freeze, self._unfreeze, self._collect = freeze, unfreeze, collect
        self._call_later = call_later

    def activate(self) -> None:
        """From now on, manage the collector for the apps this process runs."""
        self.active = True

    def app_started(self, *, passing: bool = False) -> None:
        """An app began to run: freeze it once its first screen is up (``passing``: an
        app the player passes through, kept out of the freeze; see the module's text)."""
        if not self.active:
            return
        self.running += 1
        self.passing += passing
        self._later(SETTLE_SECONDS, self._settle)

    def app_closed(self, *, passing: bool = False) -> None:
        """An app stopped: its objects are garbage, swept now or later (``passing``:
        collected at once, with what else is not frozen)."""
        if not self.active:
            return
        self.running = max(0, self.running - 1)
        if passing:  # (and, should a freeze have caught it, swept as any closed app)
            self.passing = max(0, self.passing - 1)
            self._freeing = True  # (no freeze before it: the lobby would be frozen)
            self._later(PASSING_FREE, self._free_passing)
        self.closed += 1
        if self.running == 0:
            self._later(IDLE_SWEEP_SECONDS, self._sweep_if_idle)
        elif self.closed >= max(SWEEP_AFTER_CLOSED, self.running):
            self.sweep()

    def sweep(self) -> None:
        """Collect the garbage of every closed app (a full collection), then freeze
        what is left: the running apps."""
        start = time.perf_counter()
        self._unfreeze()
        freed = self._collect()
        self._freeze()
        self.closed = 0
        self.sweeps += 1
        log.debug("cycle collector: swept %s objects in %.0f ms (%d apps running)",
                  freed, (time.perf_counter() - start) * 1000, self.running)

    def _settle(self, waited: float = 0.0) -> None:
        if (self.passing or self._freeing) and waited < PASSING_WAIT:
            self._postponed = True
            self._later(PASSING_RETRY, lambda: self._settle(waited + PASSING_RETRY))
        elif self.running:
            self._postponed = False
            self._collect()  # what is not frozen yet: the new apps' start-up garbage goes first
            self._freeze()

    def _free_passing(self) -> None:
        """Collect what is not frozen: the passing app that closed (unless a freeze
        caught it: then the next sweep), and the apps that started meanwhile."""
        start = time.perf_counter()
        self._freeing = False
        freed = self._collect()
        self.freed += 1
        if self._postponed and not self.passing and self.running:  # the freeze that waited for it
            self._postponed = False
            self._freeze()
        log.debug("cycle collector: freed a passing app, %s objects in %.0f ms", freed,
                  (time.perf_counter() - start) * 1000)

    def _sweep_if_idle(self) -> None:
        if self.running == 0 and self.closed:
            self.sweep()

    def _later(self, seconds: float, callback: Callable[[], None]):
        if self._call_later is not None:
            return self._call_later(seconds, callback)
        try:
            return asyncio.get_running_loop().call_later(seconds, callback)
        except RuntimeError:  # no loop: do it now
            callback()
            return None


#: The one collector of this process.
COLLECTOR = Collector()
