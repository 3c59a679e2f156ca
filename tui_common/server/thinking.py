"""Computer players think away from the event loop.

Every connection's app shares the server's one event loop, so a computer player that
thinks for a long time there stalls every screen on the server (the strong Clear the
Ward player: up to about 0.3 s a decision on the development machine). ``Thinker``
runs such choices in a worker process (the machine's other core), one at a time, and
hands the answer back to the loop. The bot travels there and back with its state, so
a game plays exactly as it would have with the choice made in place.

Which seats think elsewhere: levels known to be slow (each game's ``slow_levels``), and any seat
whose last choice in place took longer than ``SLOW_SECONDS``; the others (microseconds
to a few milliseconds) choose in place, where a worker's round trip would cost more.
"""

from __future__ import annotations

import logging
import multiprocessing
import sys
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

log = logging.getLogger("hospital_games.server")

#: A choice made in place that took longer than this (seconds) sends that seat's next
#: choices to the worker process.
SLOW_SECONDS = 0.03


def slow_level(game: str, level: str | None) -> bool:
    """Whether ``level``'s choices in ``game`` always go to the worker process (the
    game's ``slow_levels``, ``core.registry``)."""
    from core import registry

    return level in registry.get(game).slow_levels


def choose(bot: Any, state: Any) -> tuple[Any, Any]:
    """In the worker: the bot's action for ``state``, and the bot as it is after choosing
    (its random generator moved on)."""
    action = bot.choose(state)
    return action, bot


@contextmanager
def real_stderr():
    """The process's own stderr for a moment. While an app runs, Textual captures
    ``sys.stderr`` with an object whose ``fileno()`` is -1; multiprocessing's resource
    tracker hands that number to the child it starts and fails ("bad value(s) in
    fds_to_keep"), so a served computer player never moved."""
    captured = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = captured


class Thinker:
    """A worker process for the computer players' slow choices, started on first use."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        #: choices made in the worker so far (the benchmark and the tests read it)
        self.thought = 0

    def submit(self, bot: Any, state: Any) -> Future:
        """Start choosing; the future's result is ``(action, bot after choosing)``.
        Raises ``RuntimeError`` when no worker can be started or it has broken."""
        with real_stderr():  # the pool's processes and the resource tracker start here
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            return self._pool.submit(choose, bot, state)

    def broken(self) -> None:
        """The worker failed: drop it (the next slow choice starts a new one)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
