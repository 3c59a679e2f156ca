"""The strong player's last-round lab (issue 30): where a spare doctor scores most.

Rulebook, Phase 3: Admin: "Each doctor in a lab levels up twice, giving you 1
popularity" (step 7), "Each other doctor ... levels down" (step 8); round 6 has its
Admin (rulings 0.1), and at the end each doctor scores by colour (decisions: white 1,
yellow 2, orange 3, red 4). So a doctor with no room place in the last round is worth
``lab_points`` more in a lab than anywhere else (a white one 3: 1 and orange's 3 instead
of white's 1), for a lab's $4 and $1 upkeep. The strong player's last round
(``bot_strong.last_round_build_value``, ``last_round_hire_value``) values a lab by the
doctor who would stand in it, a spare one or one its Hire action still to come brings
in; the plan's Move phase sends idle doctors to a free lab (``bot_plan``).

Reads the state only; chooses nothing.
"""

from __future__ import annotations

from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.construction import build

from . import constants as K
from .bot_plan import care_rooms
from .bot_values import cost_of, probe_arrival
from .memo import free_parking_spots, per_object, reach_from
from .state import ActionTile, GameState


def lab_points(colour) -> int:
    """Popularity a doctor of ``colour`` brings by standing in a lab in the last Admin
    rather than anywhere else: the lab's 1 (rulebook, Admin step 7) and the end-game
    points of two levels up instead of one down (steps 7-8; white 1 … red 4)."""
    c = int(colour)
    up = min(c + 2, int(Colour.RED))
    return K.LAB_POPULARITY + K.END_DOCTOR[up] - K.END_DOCTOR[max(0, c - 1)]


def free_places(clinic) -> int:
    """Doctor places of the care rooms (each room's doctor places and patient places,
    the smaller) beyond the doctors not in a lab: below 0 when doctors stand idle."""
    board = clinic.board
    places = sum(min(r.doctors, r.patients) for r in care_rooms(board))
    labs = set(board.modules_of_kind(ModuleKind.LAB))
    return places - sum(1 for d in clinic.of_role(Role.DOCTOR) if d.where not in labs)


def spare_doctors(clinic) -> list:
    """The doctors no care room has a place for this round (``free_places`` below 0)
    and no lab holds yet, lowest colour first: who would stand idle."""
    labs = set(clinic.board.modules_of_kind(ModuleKind.LAB))
    free = sorted((d for d in clinic.of_role(Role.DOCTOR) if d.where not in labs), key=lambda d: (int(d.colour), d.id))
    return free[: max(0, -free_places(clinic))]


def free_labs(clinic) -> int:
    """Labs of ``clinic`` with no doctor in them."""
    held = {d.where for d in clinic.of_role(Role.DOCTOR)}
    return sum(1 for s in clinic.board.modules_of_kind(ModuleKind.LAB) if s not in held)


def last_round_lab_value(state: GameState, p, action) -> float:
    """End-game popularity a lab built in the last round brings: ``lab_points`` of the
    lowest spare doctor the labs do not hold yet (one who can walk there), or else, with
    no room place free, of the doctor the Hire action still to come could bring in (the
    cheapest, then highest, at the university), net of the money it leaves unpaid (the
    lab, its $1 upkeep, and that hire and wage)."""
    clinic = p.clinic
    b = action.build
    cost = cost_of(b)
    spare = spare_doctors(clinic)
    labs = free_labs(clinic)
    hire_first = ActionTile.HIRE in p.tiles and free_places(clinic) <= 0
    if len(spare) <= labs and not hire_first:
        return 0.0  # no doctor to stand in it (the cheap test first: playouts ask often)
    spare = [d for d in spare if _lab_reaches(clinic.board, b, d.where)]
    if len(spare) > labs:
        colour, hire, wage = spare[labs].colour, 0, 0
    elif (hire_first and state.cars_lot > 0 and free_parking_spots(clinic.board)
          and _lab_reaches(clinic.board, b, probe_arrival(clinic))):
        hires = [(K.UNIVERSITY_COSTS[i], c) for i, c in enumerate(state.university) if c is not None]
        hires = [(k, c) for k, c in hires if cost + k <= p.money]
        if not hires:
            return 0.0
        hire, colour = min(hires, key=lambda t: (t[0], -int(t[1])))
        wage = 2
    else:
        return 0.0
    from .bot_strong import shortfall  # the last round's money sums, kept there

    lost = shortfall(p, cost + hire, 1 + wage) - shortfall(p)
    return lab_points(colour) - lost


@per_object
def _lab_boards(board) -> dict:
    """``{build: the board after it}`` of the lab builds asked so far for ``board``."""
    return {}


def _lab_reaches(board, b, where) -> bool:
    """Can a doctor at ``where`` walk to the lab ``b`` builds on ``board`` (the Move
    phase walks through modules only)? False when it cannot be built. The boards after
    are kept per board (round 6 asks at each selection of every playout)."""
    boards = _lab_boards(board)
    if b not in boards:
        try:
            boards[b] = build(board, b)
        except ValueError:
            boards[b] = None
    after = boards[b]
    return after is not None and where is not None and b.space in reach_from(after, where, Role.DOCTOR)
