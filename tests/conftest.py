"""Shared test configuration: hypothesis profiles, and the cycle collector's pace.

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
