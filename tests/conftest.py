"""Shared test configuration: hypothesis profiles.

``ci`` is thorough but bounded (CI sets HYPOTHESIS_PROFILE=ci); ``dev`` is the quick
default for a developer's edit-test loop.
"""

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
