"""The share text of a finished daily Clinic solitaire (docs/daily.md): the day, the
final popularity, the Hall of Fame rank, whether the goal was met and the patients
cured. It names nothing from the bags (no draw order, no tile or person still to
come) and no seed.
"""

from __future__ import annotations

from core.clinic.game.end import result
from core.clinic.game.state import GameState


def share_text(state: GameState, day: str, *, practice: bool = False, ascii: bool = False) -> str:
    """The share text of a finished solitaire dealt on ``day`` (``YYYY-MM-DD``);
    ``practice``: not the day's counted try; ``ascii``: no marks outside ASCII. Three
    lines. Raises ``ValueError`` for a game not over (``result``) or not solitaire."""
    res = result(state)
    if len(state.players) != 1:
        raise ValueError("share_text: a finished solitaire only")
    player = state.players[0]
    dot = "-" if ascii else "·"
    head = f"Clinic {dot} daily {day}{' (practice)' if practice else ''}"
    met = ("goal met" if ascii else "goal met ✓") if res.goal_met else ("goal missed" if ascii else "goal missed ✗")
    rank = f"Hall of Fame: {res.rank}" if res.rank else "no Hall of Fame rank"
    return "\n".join((head, f"Popularity {res.scores[0]} {dot} {rank} {dot} {met}",
                      f"{player.cured} patients cured"))
