"""Errors raised by the Clinic rules core.

``GameError`` is the root; ``IllegalActionError`` is raised when a player asks for
something the rules forbid (a build, a move, a hire, a car).  Messages name the rule
broken and the input, e.g. ``"Construction: a treatment room at floor 1 B2 needs a
module below it (support rule)"``.
"""


class GameError(Exception):
    """Base class of every error raised by the Clinic rules core."""


class IllegalActionError(GameError, ValueError):
    """The requested action breaks a rule; the message names the rule and the input."""
