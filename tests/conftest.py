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
# same check in 5 ms slices (the same twentieth) sees the same idle app four times sooner.
IDLE_SLICE_SECONDS = 0.005


def pytest_configure(config):
    """Pilot looks for an idle app in short slices; saves are not fsynced in this
    process (``core.save_files.DURABLE``: a test's files need not survive a power cut)."""
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = IDLE_SLICE_SECONDS
    textual._wait.SLEEP_IDLE = IDLE_SLICE_SECONDS / 20

    import core.save_files

    core.save_files.DURABLE = False
