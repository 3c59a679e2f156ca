"""The one table of numbers for Clinic: Deluxe Edition (base), part 2: the game round.

Part 1's numbers (construction costs, capacities, income, wages...) stay in
``core/clinic/constants.py``.  Sources as there: *rulebook* is
``rulebooks/clinic-deluxe-base.txt``; *decisions* is ``rules-decisions.md`` ("Clinic:
Deluxe Edition (base)"), a **house value**; *house rule* is our own decision, explained
in ``docs/rules/clinic.md ("The game round")``.  Change a value here and in the docs together.
"""

from types import MappingProxyType

from core.clinic.components import ModuleKind, Service

# --- Game length and players (rulebook) ---------------------------------------------
MIN_PLAYERS = 1
MAX_PLAYERS = 4
ROUNDS = 6
ACTIONS_PER_ROUND = 3
TILES_PER_ACTION = 2  # 2 Build, 2 Hire, 2 Admit Patients per player
STARTING_MONEY = 15
BUILDS_PER_ACTION = 2  # "build up to 2 components"

# --- Services and notepad (decisions) -------------------------------------------------
SERVICES_BY_PLAYERS = MappingProxyType(
    {
        1: (Service.PSYCHIATRY, Service.CARDIOLOGY),
        2: (Service.PSYCHIATRY, Service.CARDIOLOGY, Service.OPHTHALMOLOGY),
        3: (Service.PSYCHIATRY, Service.CARDIOLOGY, Service.OPHTHALMOLOGY, Service.ORTHOPEDICS),
        4: tuple(Service),
    }
)
NOTEPAD_SPACES = 5  # spaces per notepad row; index 4 is the rightmost (red X) column

# --- Bags, by colour white/yellow/orange/red (decisions) ------------------------------
PATIENT_POOL = MappingProxyType(
    {1: (10, 7, 4, 2), 2: (19, 14, 8, 5), 3: (28, 21, 13, 7), 4: (38, 28, 17, 10)}
)
DOCTOR_POOL = MappingProxyType({1: (3, 2, 0, 0), 2: (5, 3, 0, 0), 3: (8, 4, 0, 0), 4: (10, 6, 0, 0)})

# --- Main board displays (decisions; rulebook where marked) ---------------------------
UNIVERSITY_COSTS = (4, 3, 2, 1)  # by university space from the left; one space per player
NURSE_COSTS = (1, 2, 3, 4)  # by row from the bottom; one row per player, one column per round
ORDERLY_COST = 1  # rulebook
ORDERLIES_PER_PLAYER = 2  # on the display, never refilled
SUPPLY_ROOMS_PER_PLAYER = 4  # rulebook, Setup: 4 supply rooms per player
SERVICE_HUBS_PER_STACK = 3  # house rule: 16 hubs - 4 starting psychiatry hubs = 12, ~3 a service
# Special module stacks by player count (rulebook, Setup): (types, tiles of each type).
# With 1 player: 1 each of 2 different random types.
SPECIAL_STACKS = MappingProxyType({1: (2, 1), 2: (4, 1), 3: (4, 2), 4: (4, 3)})
SPECIAL_KINDS = (
    ModuleKind.OPERATING_ROOM,
    ModuleKind.LAB,
    ModuleKind.OUTPATIENT_SERVICES,
    ModuleKind.TRIAGE,
)
# Shared supplies that run out (rulebook components list; rulings 0.6).  Treatment rooms,
# helipads and entrances never run out (house rule).
SUPPLY_GARDENS = 12  # "12 garden tiles"
SUPPLY_PARKING_TILES = 24  # "24 parking tiles"
SUPPLY_CONVEYOR_STOPS = 20  # "20 conveyors": one stop each
CARS_IN_GAME = 100  # house rule: the lot plus the cars set aside never run short

# --- Bonus tiles (decisions) ----------------------------------------------------------
BONUS_MONEY = 5
BONUS_TILES_EXTRA = 1  # lay out players + 1 tiles

# --- Popularity (rulebook; decisions) -------------------------------------------------
POPULARITY_PRICE = 3  # dollars per popularity, from this round's income only (rulebook)
DEATH_PENALTY = 5  # a red patient worsening dies: -5 popularity (rulebook)
LAB_POPULARITY = 1  # each doctor in a lab during Admin (rulebook)

# --- End of the game (decisions) ------------------------------------------------------
END_DOCTOR = (1, 2, 3, 4, 4)  # by doctor colour white, yellow, orange, red; purple 4 (W8, house)
END_NURSE = 1
END_ROOM_BASE = 1  # each working treatment room: 1 + its floor
END_PATIENT_WAITING = -2  # each patient still in the clinic or pre-admissions
TIME_PER_PENALTY = 3  # -1 popularity per full 3 time spent (rulebook)

# --- Solitaire goals (decisions; rulings 0.4) ---------------------------------------
SOLO_RED_PATIENTS = 4  # red patients treated (went home)
SOLO_SERVICE_HUBS = 3  # service hubs with a working treatment room on their floor (house)
SOLO_FLOOR = 3  # a tile on this floor
SOLO_PATIENTS_WAITING = 0  # at most this many patients in the clinic or pre-admissions
SOLO_RED_DOCTORS = 2  # distinct doctors turned red in a lab (house)
# Hall of Fame: (minimum final popularity, rank), best last; below 10 is "orderly".
# Recalibrated 2026-11-27 (rules-decisions "Hall of Fame"): an ideal game counts to
# about 38 under the house values, CEO at about 90% of that (house values).
HALL_OF_FAME = (
    (0, "orderly"),
    (10, "nurse"),
    (14, "intern"),
    (18, "resident"),
    (22, "fellow"),
    (26, "surgeon"),
    (30, "attending physician"),
    (34, "CEO"),
)

# --- Expansions ----------------------------------------------------------------------
# Each expansion's numbers live in its own package (``core/clinic/expansions``); the
# option names ``new_game(options=...)`` accepts are the registered expansions' names,
# read from the registry on first use (``EXPANSIONS``, below).

# --- Move (house rule, ruling 0.2) ----------------------------------------------------
# Moves of one person offered in one Move phase: a swap of two full rooms needs one each,
# a waypoint a second; it keeps random and computer games finite.
MOVES_PER_PERSON = 2


def __getattr__(name: str):
    """``EXPANSIONS``: the option names ``new_game(options=...)`` accepts, one per
    registered expansion in registration order (``hooks.all_expansions``), read on first
    use (PEP 562) so this module imports no expansion."""
    if name == "EXPANSIONS":
        from .hooks import all_expansions

        return tuple(e.name for e in all_expansions())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
