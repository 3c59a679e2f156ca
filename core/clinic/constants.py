"""The one table of numbers for Clinic: Deluxe Edition (base), part 1: the clinic.

Every value names its source: *rulebook* is ``rulebooks/clinic-deluxe-base.txt``;
*decisions* is ``rules-decisions.md`` ("Clinic: Deluxe Edition (base)"), a **house
value** where the extracted rulebook lost the number; *house rule* is our own decision,
explained in ``docs/rules/clinic.md``.  Change a value here and in the docs together.
"""

from types import MappingProxyType

# --- Board -------------------------------------------------------------------------
# Player board sides as (columns, rows): beginner 4x3, expert 3x3 (rulebook, Setup).
BOARD_SIZES = MappingProxyType({"beginner": (4, 3), "expert": (3, 3)})
# Floors 0 and 1 on the player board, extra Floor 2 and 3 boards at any time (rulebook).
MAX_FLOOR = 3
# Beginner initial clinics by the colour of the patient drawn: (psychiatry service hub,
# treatment room, supply room, side of the hub the entrance sits on) (decisions).
BEGINNER_LAYOUTS = MappingProxyType(
    {
        "white": ("B3", "C3", "C2", "south"),
        "yellow": ("A2", "B2", "B1", "west"),
        "orange": ("D2", "C2", "C3", "east"),
        "red": ("C3", "B3", "B2", "south"),
    }
)

# --- Construction costs by floor 0/1/2/3, dollars (decisions) ----------------------
# ``None`` means "cannot be built on that floor".
COST_SERVICE_HUB = (3, 4, 5, 6)
COST_TREATMENT_ROOM = (2, 3, 4, 5)
COST_SUPPLY_ROOM = (1, 2, 3, 4)
COST_SPECIAL_MODULE = (4, 5, 6, 7)
COST_GARDEN = (1, 2, 3, 4)
COST_HELIPAD = (None, 3, 4, 5)
COST_ENTRANCE = (2, None, None, None)  # floor 0 only (decisions)
COST_PARKING = (2, None, None, None)  # a 2-car parking tile, floor 0 only (decisions)
COST_PARKING_UPGRADE = 1  # flip a parking tile to its 3-car side (decisions)
COST_CONVEYOR = 2  # per purchase, any floor; the first purchase gives 2 stops (rulebook)

# --- Parking (rulebook) ------------------------------------------------------------
PARKING_TILE_CARS = 2  # a new parking tile holds 2 cars
PARKING_TILE_UPGRADED_CARS = 3  # the flipped side holds 3
CARS_PER_FREE_BORDER = 1  # each border with no module touching it parks 1 car

# --- People and capacities (rulebook, Module Capacity; decisions) ------------------
PRE_ADMISSIONS_PER_SERVICE = 4  # rulebook, Admit Patients
ANY = None  # "any number" in the capacity table
# kind -> (doctors, nurses, orderlies, patients); 0 means nobody of that kind may stay.
CAPACITY = MappingProxyType(
    {
        "service_hub": (ANY, ANY, 0, 0),
        "treatment_room": (2, ANY, 0, 2),
        "supply_room": (0, 0, 1, 0),
        "operating_room": (1, ANY, 0, 1),
        "lab": (1, 0, 0, 0),
        "outpatient_services": (1, 0, 0, 1),
        "triage": (0, 0, 0, 0),
    }
)

# --- Movement, time units (decisions, from the rulebook's worked example) ----------
TIME_PRE_ADMISSIONS_TO_ARRIVAL = 0  # pre-admissions -> entrance or helipad
TIME_PRE_ADMISSIONS_TO_OUTPATIENT = 0  # patients "teleport" to outpatient services
TIME_ARRIVAL_TO_MODULE = 1  # entrance -> the module it points at; helipad -> module below
TIME_ADJACENT_MODULE = 1  # orthogonally adjacent module, up and down included
TIME_CONVEYOR = 0  # between two consecutive conveyor stops on a line (ruling 0.5)
TIME_EXTINGUISHER = 1  # Extinguishers: moving or conveying into its module (rulebook, L1087)
TRIAGE_TIME_REDUCTION = 3  # per round while you have a triage, never below 0 (rulebook)

# --- Business (decisions; rulebook where marked) -----------------------------------
NURSES_PER_COLOUR_STEP = 1  # one nurse per colour step between doctor and patient (rulebook)
OPERATING_ROOM_VIRTUAL_NURSES = 1  # built-in nurse, no wages (rulebook)
INCOME_BY_PATIENT_COLOUR = (4, 6, 8, 10)  # white, yellow, orange, red (decisions)
INCOME_OUTPATIENT = 6  # any patient colour (rulebook)
INCOME_PER_ADJACENT_GARDEN = 2  # treatment rooms only (rulebook)
WAGE_DOCTOR = 2  # decisions
WAGE_NURSE = 1  # decisions
WAGE_ORDERLY = 1  # decisions
UPKEEP_PER_MODULE = 1  # rulebook
UPKEEP_PER_GARDEN = 1  # rulebook
UPKEEP_PER_USED_OPERATING_ROOM = 2  # on top of its $1 module upkeep (rulebook)
UPKEEP_SAVED_PER_ORDERLY = 3  # per orderly in a supply room; upkeep never below 0 (rulebook)
POPULARITY_PER_DOLLAR_OWED = 1  # expenses unpaid from income and savings (rulebook)
