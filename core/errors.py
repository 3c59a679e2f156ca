"""The error types every rules core raises.

``GameError`` is the root; ``IllegalActionError`` (also a ``ValueError``) is raised by
``apply_action`` when an action breaks a rule, and its message names that rule and the
action, like python-chess's ``illegal uci: 'e2e5' in <fen>``.
"""


class GameError(Exception):
    """Any error raised by a rules core."""


class IllegalActionError(GameError, ValueError):
    """An action that the rules do not allow in this state; the message names the rule."""


class SetupError(GameError, ValueError):
    """Options for a new game (player count, layout, seat) that the rules do not allow."""
