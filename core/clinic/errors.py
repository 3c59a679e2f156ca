"""Errors raised by the Clinic rules core: the project's one hierarchy (``core.errors``).

``GameError`` is the root; ``IllegalActionError`` (also a ``ValueError``) is raised when
a player asks for something the rules forbid (a build, a move, a hire, a car). Messages
name the rule broken and the input, e.g. ``"Construction: a treatment room at floor 1
B2 needs a module below it (support rule)"``.
"""

from core.errors import GameError, IllegalActionError, SetupError

__all__ = ["GameError", "IllegalActionError", "SetupError"]
