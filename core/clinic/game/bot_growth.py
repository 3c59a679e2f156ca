"""What the strong computer player values beyond the basic player's plan (rounds 1-5).

What helped, alone (solitaire seeds 0-49 with the last-round look-ahead: median final
popularity 11 → 13, mean 10.6 → 13.0; ``docs/bots.md``):

- **time is popularity** (−1 per 3 time): a **triage** cuts the time spent each round
  by 3, one popularity a round for $1 upkeep; a **conveyor** whose rides shorten the
  walk from the entrances to the treatment rooms saves that time for every patient
  (``walk_in``), with no upkeep;
- **gardens** at what they bring: $2 for each patient treated beside them;
- **a lab for an idle doctor** (alone, ``GrowthContext._lab``, 2026-11-28): when a
  doctor has no care-room place and no lab, a lab is worth the Admin's 1 popularity
  ($3) a round less its $1 upkeep (the planner's playouts then decide); with rivals
  labs stay at 0;
- **admissions as late as the places allow** (``admits_wanted``, alone only): the
  strong player selects Admit Patients only when the actions left this round are just
  enough to fill the places its doctors can work; before that it builds or hires, and
  the notepad fills meanwhile, so it can choose among more patients. With rivals it
  admits as the basic player does (they would take the patients first).

Tried and dropped (``docs/bots.md``): more treatment rooms and doctors ahead of the
places, a second service, a nurse for each doctor, buying less popularity early to save
for growth. Each did as well or worse: doctors ($4 and $2 a round) and rooms ($1 upkeep,
their supply room another) barely pay for themselves with white patients at $4, the
savings they need are those that would buy popularity, and the solitaire bag has only
23 patients.

Reads the state only; chooses nothing.
"""

from __future__ import annotations

from core.clinic.components import Helipad, ModuleKind, Role
from core.clinic.construction import BuildConveyor, BuildGarden, BuildModule, build

from . import constants as K
from .bot_plan import care_rooms
from .bot_values import BuildContext
from .memo import layout_tables, reach_from
from .state import ActionTile

#: Time a triage saves each round (rulebook: "reduced by 3") and the time one
#: popularity costs at the end (−1 per 3 time).
TRIAGE_TIME = 3
#: Patients a treatment room treats in a round (its 2 places) and what a garden beside
#: it adds to each (rulebook: +$2 per adjacent garden).
ROOM_PATIENTS = 2
GARDEN_DOLLARS = 2
#: Rounds 1-5 value a lab for an idle doctor (``GrowthContext._lab``).
EARLY_LAB = True
#: Dollars one unit of time is worth (−1 popularity per 3 time, $3 a popularity).
TIME_DOLLARS = K.POPULARITY_PRICE / K.TIME_PER_PENALTY


class GrowthContext(BuildContext):
    """``BuildContext`` with what triage, conveyors and gardens bring (module
    docstring)."""

    def value(self, b, left: int) -> float:
        if left > 1 and isinstance(b, BuildModule) and b.module.kind is ModuleKind.TRIAGE:
            popularity = left * TRIAGE_TIME // K.TIME_PER_PENALTY
            return popularity * K.POPULARITY_PRICE - left  # less $1 upkeep a round
        if left > 1 and isinstance(b, BuildConveyor):
            return self._conveyor(b, left)
        if EARLY_LAB and left > 1 and isinstance(b, BuildModule) and b.module.kind is ModuleKind.LAB:
            return self._lab(left)
        if left > 1 and isinstance(b, BuildGarden):
            rooms = self.board.working_treatment_rooms
            n = sum(1 for x in self.board.neighbours(b.space) if x in rooms)
            # Each patient treated in a room beside it earns $2 more, from this round.
            return n * ROOM_PATIENTS * GARDEN_DOLLARS * (left - 0.5) - left
        return super().value(b, left)

    def _lab(self, left: int) -> float:
        """Alone, a lab for a doctor who stands idle now (no care room place, no free lab):
        in each Admin it gains 1 popularity ($3) and two levels instead of tiring
        (rulebook, Admin steps 7-8), less $1 upkeep a round; counted for the rounds
        left but one (a room may want the doctor back)."""
        from .bot_lab import free_labs, spare_doctors

        clinic = self.p.clinic
        if self.state.player_count > 1 or len(spare_doctors(clinic)) <= free_labs(clinic):
            return 0  # with rivals the plan stays as measured against them
        return (left - 1) * K.LAB_POPULARITY * K.POPULARITY_PRICE - left

    def _conveyor(self, b, left: int) -> float:
        """Time saved walking patients in: conveyor rides take no time."""
        saved = conveyor_saving(self.board, b)
        if saved is None:
            return 0
        return saved * ROOM_PATIENTS * (left - 0.5) * TIME_DOLLARS


def conveyor_saving(board, b) -> int | None:
    """Time ``walk_in`` saves on ``board`` once the conveyor ``b`` is built (None: it
    cannot be built there). Kept per board layout (``memo.layout_tables``: the walks,
    the rooms and a conveyor's legality do not depend on parked cars), so the playouts
    that reach the same layout work it out once."""
    table = layout_tables(board).setdefault("bot_conveyor_saving", {})
    if b in table:
        return table[b]
    try:
        after = build(board, b)
    except ValueError:
        saved = None
    else:
        saved = walk_in(board) - walk_in(after)
    table[b] = saved
    return saved


def walk_in(board) -> int:
    """Time from the nearest entrance or helipad to each working treatment room, summed
    (what each round's patients walk). Kept per board layout (``memo.layout_tables``)."""
    tables = layout_tables(board)
    total = tables.get("bot_walk_in")
    if total is None:
        total = tables["bot_walk_in"] = _walk_in(board)
    return total


def _walk_in(board) -> int:
    points = tuple(board.entrances) + board.spaces_with(Helipad)
    total = 0
    for room in board.working_treatment_rooms:
        times = [t for a in points if (t := reach_from(board, a, Role.PATIENT).get(room)) is not None]
        total += min(times, default=0)
    return total


def admits_wanted(state, p) -> int:
    """Admit Patients actions ``p`` still wants this round: enough to fill the places
    its doctors can work (each action admits up to 1 + its arrival points), at most
    the Admit tiles it has left."""
    clinic = p.clinic
    board = clinic.board
    doctors = len(clinic.of_role(Role.DOCTOR))
    places = min(doctors, sum(r.patients for r in care_rooms(board)))
    gap = places - len(clinic.of_role(Role.PATIENT))
    if gap <= 0:
        return 0
    per_action = 1 + board.arrival_points
    return min(p.tiles.count(ActionTile.ADMIT), -(-gap // per_action))
