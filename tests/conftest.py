"""Shared test configuration: hypothesis profiles, the cycle collector's pace, Pilot's
idle check, and saves without fsync.

``ci`` is thorough but bounded (CI sets HYPOTHESIS_PROFILE=ci); ``dev`` is the quick
default for a developer's edit-test loop.
"""

import gc
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=40, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# The cycle collector's pace (docs/testing.md, "Suite time"). Each Pilot test builds and
# drops thousands of Textual objects (widgets, styles, messages); at Python's default
# (a young collection every 700 new objects, a full one every 100 young ones) a quarter
# of a Pilot test's CPU went on collections that walk every object alive, the modules
# imported for collection included. Those are frozen once collection is over (never
# walked again), and young collections come every 30,000 objects: the garbage is the
# same and still collected (about 30 MB more at the peak per worker), only walked less
# often. A test that turns the collector off or on sets it back itself.
GC_YOUNG_THRESHOLD = 30_000


def pytest_collection_finish(session):
    """Freeze what collection imported and space out the young collections."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


# Pilot's "is the app idle yet?" (docs/testing.md, "Suite time"). Every ``pilot.press``
# waits twice per key, and every ``pilot.pause()`` once, for the process to be idle:
# Textual sleeps ``SLEEP_GRANULARITY`` (20 ms) and looks whether the process used under a
# twentieth of it in CPU, again until it did. So every key cost at least 40 ms of sleep,
# most of a Pilot test's wall time that was not CPU (about a third of the suite's). The
# same check runs here in 5 ms slices, and a slice only counts as idle when, besides the
# CPU, no message waits in any queue of the app under test: on a loaded machine a process
# the kernel did not run for a whole slice used no CPU either, and CPU alone called it idle
# with a key still on its way to the widget (stop 39's CI: two such tests failed).
IDLE_SLICE_SECONDS = 0.005
IDLE_CPU_SECONDS = IDLE_SLICE_SECONDS / 20


def _messages_waiting(app) -> bool:
    """True when the app or any widget on any of its screen stacks has a message queued."""
    if app is None:
        return False
    if app.message_queue_size:
        return True
    for stack in list(app._screen_stacks.values()):
        for screen in list(stack):
            for node in screen.walk_children(with_self=True):
                if node.message_queue_size:
                    return True
    return False


async def wait_for_idle(min_sleep: float = IDLE_SLICE_SECONDS, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle`` (same arguments, seconds) in short slices that also ask
    the active app whether a message is still queued."""
    from asyncio import sleep
    from time import monotonic, process_time

    from textual._context import active_app

    app = active_app.get(None)
    start = monotonic()
    while True:
        cpu = process_time()
        await sleep(IDLE_SLICE_SECONDS)
        cpu_elapsed = process_time() - cpu
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            break
        if elapsed > min_sleep and cpu_elapsed < IDLE_CPU_SECONDS and not _messages_waiting(app):
            break


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker a core, and one more (docs/testing.md, "Suite time"). About a
    tenth of the suite's wall time is waiting on other processes (an SSH server, Chromium,
    nginx, PostgreSQL, an app killed and started again): a third worker on this 2-core
    machine fills it, 429 s -> 378 s in the same clone. ``PYTEST_XDIST_AUTO_NUM_WORKERS``
    still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_configure(config):
    """Pilot looks for an idle app in short slices, asking the app's queues too; saves are
    not fsynced in this process (``core.save_files.DURABLE``: a test's files need not
    survive a power cut); no start cache is read or written in the user's folder."""
    import textual._wait
    import textual.app
    import textual.pilot

    textual._wait.SLEEP_GRANULARITY = IDLE_SLICE_SECONDS
    textual._wait.SLEEP_IDLE = IDLE_CPU_SECONDS
    textual.app.wait_for_idle = wait_for_idle
    textual.pilot.wait_for_idle = wait_for_idle

    import core.save_files

    core.save_files.DURABLE = False
    # The caches a start keeps in the user's cache folder (tui_common.css_cache,
    # tui_common.startup) are left out of the suite, apps it starts in a terminal too;
    # tests/tui/test_startup_caches.py tests them with files of its own.
    os.environ.setdefault("HOSPITAL_GAMES_CSS_CACHE", "off")
    os.environ.setdefault("HOSPITAL_GAMES_CODE_CACHE", "off")
