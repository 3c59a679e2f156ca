"""The one table of numbers for The 911th Extension (Emergency Department).

Every value names its source: *rulebook* is ``rulebooks/clinic-deluxe-911-emergency.txt``;
*RD* is ``rules-decisions.md`` ("Clinic: the 911th Extension"), a value the extracted
rulebook lost; ``E1``..``E37`` are ``clinic-expansion-rulings.md`` §5; **house value**
marks a number of ours.  ``docs/rules/clinic-911.md`` lists them all.  Change a value
here and in the docs together.  Level indices: 0 light, 1 medium, 2 dark.
"""

from types import MappingProxyType

# --- The Emergency Department board (rulebook L27, L147-151; RD) -------------------------
# (columns, rows) of the one floor: beginner 4x2, expert 3x2.
ED_BOARD_SIZES = MappingProxyType({"beginner": (4, 2), "expert": (3, 2)})
# Beginner initial emergency departments by the level of the cube drawn (RD):
# (emergency service hub, light emergency room).
ED_BEGINNER_LAYOUTS = MappingProxyType(
    {"light": ("A1", "B1"), "medium": ("B2", "C2"), "dark": ("C1", "D1")}
)

# --- Components (rulebook L35-83) -------------------------------------------------------
ED_HUBS_IN_GAME = 8  # emergency service hub tiles; the starting ones come out of these (E11)
ED_ROOMS_PER_LEVEL = 4  # emergency room tiles per colour; starting light rooms included (E11)
# Emergency staff break rooms by player count 1..4 (rulebook table, E4).
BREAK_ROOMS = MappingProxyType({1: 1, 2: 1, 3: 2, 4: 3})
BREAK_ROOMS_PER_PLAYER = 1  # "You may only have 1 of these" (rulebook)
# The Emergency bag by player count 1..4 (E1, E2): patients light/medium/dark and doctors
# light/medium.
BAG_PATIENTS = MappingProxyType(
    {1: (6, 3, 1), 2: (12, 6, 2), 3: (18, 9, 3), 4: (24, 12, 4)}
)
BAG_DOCTORS = MappingProxyType({1: (3, 1), 2: (6, 2), 3: (9, 3), 4: (12, 4)})
EXTRA_CARS = 40  # "40 cars" parked in the main lot (rulebook L39, L99; E31)

# --- Money (rulebook L157; RD; E5; E7) ----------------------------------------------------
ED_STARTING_FUNDS = 10  # "An additional $10 ... Keep this money separate" (rulebook)
# Emergency Residency: one space per player, hire cost by space from the left (RD, E7).
RESIDENCY_COSTS = (3, 2, 2, 1)
ED_NURSE_COST = 2  # each emergency nurse (RD, E5)
ROUNDS = 6  # columns of the emergency nurse display, one per round (E5)
ED_PRE_ADMISSIONS = 2  # "your emergency pre-admission area, which only has 2 spaces" (rulebook)

# --- Construction costs, dollars (RD, E10) ------------------------------------------------
COST_ED_HUB = 3
COST_ED_ROOM = (2, 3, 4)  # light, medium, dark
COST_BREAK_ROOM = 4
ED_BUILDS_PER_ACTION = 2  # "You may build up to 2 components (same or different)" (rulebook)

# --- Emergency queues (E6) ----------------------------------------------------------------
QUEUE_LENGTH = 4  # house value: spaces in each emergency patient queue
# Queues in play by player count: the "1p/2p" queue always, the "3p/4p" from 3 players.
QUEUES_IN_PLAY = MappingProxyType({1: 1, 2: 1, 3: 2, 4: 2})
# Patients placed at setup in each queue, rightmost first (rulebook L134-137).
QUEUE_START = MappingProxyType({1: (1,), 2: (2,), 3: (2, 1), 4: (2, 2)})
EQP_PER_HUB = 1  # "Each Emergency service hub gives you 1 Emergency Queue Point" (rulebook)

# --- Movement, time units (rulebook L315-332) ---------------------------------------------
TIME_INTO_HUB = 1  # pre-admissions or outside the grid -> any emergency service hub
TIME_ADJACENT = 1  # to an orthogonally adjacent emergency module
TIME_CONVEYOR = 0  # between aligned conveyor stops
MOVES_PER_PERSON = 2  # house value (as the base game's ruling 0.2): moves offered per person

# --- Business (rulebook; RD; E22-E26) -----------------------------------------------------
NURSES_PER_LEVEL_STEP = 1  # "For each difference in color from the patient" (rulebook)
INCOME_BY_LEVEL = (4, 7, 10)  # light, medium, dark (RD, E23)
INCOME_PER_ADJACENT_GARDEN = 2  # rulebook L392
# Popularity lost for off-duty nurses used in one round: 1, 2, 3 rooms (rulebook).
OFF_DUTY_PENALTY = (0, -1, -3, -7)
OFF_DUTY_PER_ROOM = 1  # "each emergency room adjacent to it can use 1 off-duty nurse"
WAGE_ED_DOCTOR = 2  # RD, E24
WAGE_ED_NURSE = 1  # RD, E24
UPKEEP_PER_ED_MODULE = 1  # "Each module and garden ... costs $1" (rulebook)
UPKEEP_PER_ED_GARDEN = 1
UPKEEP_SAVED_PER_ED_NURSE = 2  # never below $0 (rulebook; E25)
POPULARITY_PER_DOLLAR_OWED = 1  # ED expenses unpaid after both purses (rulebook)
ED_POPULARITY_PRICE = 2  # "each 1 popularity your emergency department buys is just $2"

# --- Admin (rulebook L464-468) ------------------------------------------------------------
ED_DEATH_PENALTY = 5  # "Dark patients die and you get -5 popularity"

# --- End of the game (RD, E29) ------------------------------------------------------------
END_ED_DOCTOR = 2
END_ED_NURSE = 1
END_ED_ROOM = (1, 2, 3)  # each functional emergency room: light, medium, dark
END_ED_PATIENT = (-1, -2, -3)  # each emergency patient still on the board, by level

# --- Solitaire goals (rulebook L496-500; E33) ---------------------------------------------
SOLO_DARK_ROOMS = 2  # "build 2 dark emergency rooms"
SOLO_LIGHT_TREATED = 6  # "treat 6 light emergency patients"
SOLO_DARK_TREATED = 4  # house value (E33d): the icon's 4, not the text's 6
