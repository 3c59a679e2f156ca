"""The shared fast ``evolve`` (``core.fast_evolve``), under the name Clinic's modules import."""

from core.fast_evolve import evolve  # noqa: F401
