"""End of the game for the Emergency Department and its solitaire goals (911 rulebook
"End of the Game", "Solitaire Mode"; E29-E36).

"After the usual positive scoring and negative scoring at the end of the game, gain and
lose popularity in turn order for your emergency departments": emergency staff (doctor
+2, nurse +1), functional emergency rooms (light +1, medium +2, dark +3), emergency
patients still on the board, pre-admissions included (light -1, medium -2, dark -3)
(RD, E29).  ED money scores nothing (E27).
"""

from __future__ import annotations

from core.model import frozen

from core.clinic.game.end import hall_of_fame

from . import constants as K
from .components import EDGoal, EDKind, EDRole, Level
from .state import EmergencyState


@frozen
class EDEndScore:
    """The ED's end-game popularity, line by line."""

    staff: int
    rooms: int
    patients: int

    @property
    def total(self) -> int:
        return self.staff + self.rooms + self.patients


def end_score(ed: EmergencyState) -> EDEndScore:
    """The three lines of the ED's end scoring (the caller adds the total once to the
    base scoring and floors the result at 0, E30)."""
    staff = K.END_ED_DOCTOR * len(ed.of_role(EDRole.DOCTOR)) + K.END_ED_NURSE * len(
        ed.of_role(EDRole.NURSE)
    )
    rooms = sum(K.END_ED_ROOM[ed.board.room_level(s)] for s in ed.board.functional_rooms)
    patients = sum(K.END_ED_PATIENT[p.level] for p in ed.of_role(EDRole.PATIENT))
    return EDEndScore(staff, rooms, patients)


@frozen
class EDGoalStatus:
    goal: EDGoal
    met: bool
    progress: str

    def __str__(self) -> str:
        return f"{self.goal}: {self.progress} ({'met' if self.met else 'not met'})"


def goal_status(ed: EmergencyState, goal: EDGoal) -> EDGoalStatus:
    """How far ``ed`` is towards ``goal`` (checked after round 6's Admin, E33):

    (a) every ED space holds a module, parking tile or garden (house: gardens count);
    (b) at least 2 dark emergency rooms on the board, functional or not (house);
    (c) 6 patients treated while light; (d) **4** dark (house: the icon's number);
    (e) at least 1 ED patient treated and every ED treatment medium (house)."""
    board = ed.board
    light, medium, dark = ed.treated
    if goal is EDGoal.FULL_BOARD:
        built = sum(1 for s in board.spaces() if board.tile_at(s) is not None)
        return EDGoalStatus(goal, board.is_full, f"{built}/{len(board.spaces())} spaces built")
    if goal is EDGoal.DARK_ROOMS:
        n = sum(
            1 for _, m in board.modules if m.kind is EDKind.ROOM and m.level is Level.DARK
        )
        return EDGoalStatus(goal, n >= K.SOLO_DARK_ROOMS, f"{n}/{K.SOLO_DARK_ROOMS} dark rooms")
    if goal is EDGoal.LIGHT_TREATED:
        return EDGoalStatus(goal, light >= K.SOLO_LIGHT_TREATED, f"{light}/{K.SOLO_LIGHT_TREATED} light treated")
    if goal is EDGoal.DARK_TREATED:
        return EDGoalStatus(goal, dark >= K.SOLO_DARK_TREATED, f"{dark}/{K.SOLO_DARK_TREATED} dark treated")
    met = medium > 0 and light == 0 and dark == 0
    return EDGoalStatus(goal, met, f"{medium} medium, {light + dark} other treated")


def solo_rank(ed: EmergencyState, goal: EDGoal, popularity: int) -> str | None:
    """The Hall of Fame rank for the final ``popularity`` if the goal is met, else None
    ("If you achieved your goal, check your score against the Hall of Fame", E35)."""
    return hall_of_fame(popularity) if goal_status(ed, goal).met else None


__all__ = ["EDEndScore", "EDGoal", "EDGoalStatus", "end_score", "goal_status", "solo_rank"]
