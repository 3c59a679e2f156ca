"""The numbers of Clinic's four mini-expansions (rulebook, "Expansions", base
L1014-1198; rulings in ``clinic-expansion-rulings.md``).  Sources as in
``core/clinic/game/constants.py``: *rulebook* is ``rulebooks/clinic-deluxe-base.txt``;
*house* is our own ruling.  The 911th Extension's are in ``emergency/constants.py``.
Change a value here and in ``docs/rules/clinic.md`` ("Expansions") together.
"""

from types import MappingProxyType

from core.clinic.components import Colour, ModuleKind

# Blood Transfusion (base L1018-1063; rulings §1).
BLOOD_TOKENS = 6  # B1 (house): one shared supply
BLOOD_DONATION_TIME = 3  # "Lie down to give blood ... This takes 3 time." (rulebook)
BLOOD_DONORS_PER_ROUND = 1  # "each player can have one employee give blood" (rulebook)
BLOOD_CARRIED_PER_NURSE = 1  # B7 (house)

# Extinguishers (base L1065-1097; rulings §2).  Moving in: ``clinic.constants.TIME_EXTINGUISHER``.
EXTINGUISHERS_IN_GAME = 12  # X1 (house): one shared supply
EXTINGUISHER_COST_BY_FLOOR = (2, 3, 4, 5)  # $ on floors 0-3 (rulebook; no Floor 4, X2)
EXTINGUISHER_MODULES = (  # X3 (house): modules that treat no patients
    ModuleKind.SERVICE_HUB,
    ModuleKind.SUPPLY_ROOM,
    ModuleKind.LAB,
    ModuleKind.TRIAGE,
)
INCOME_PER_ADJACENT_EXTINGUISHER = 3  # per patient treated in a treatment room (rulebook)

# Workaholic Doctors (base L1099-1151; rulings §3).
WORKAHOLICS_IN_BAG = MappingProxyType({1: 1, 2: 2, 3: 3, 4: 4})  # purple doctors by players
WORKAHOLICS_AT_UNIVERSITY = 1  # "never more than 1 workaholic doctor" (rulebook)
WORKAHOLIC_HIRE_FACTOR = 2  # "cost 2x to hire" (rulebook): always $8 from the leftmost space
# Patients of one colour a workaholic treats at once, by colour white..red (rulebook).
WORKAHOLIC_TREATS = (4, 3, 2, 1)
# Patient capacity of a treatment room with a workaholic: 3 yellow or 4 white (rulebook);
# other mixes keep the room's 2 (W5, house).
WORKAHOLIC_CAPACITY = MappingProxyType({Colour.YELLOW: 3, Colour.WHITE: 4})

# Zombies in a Clinic (base L1153-1198; rulings §4).
ZOMBIES_IN_GAME = 8  # "8 green zombies" (rulebook), shared at every player count (Z12)
ZOMBIE_YELLOW_PATIENTS = 2  # yellow patients alone in a treatment room become 1 zombie
ZOMBIE_CURE_INCOME = 32  # a lab doctor cures a zombie: $32 of this round's income (rulebook)
END_ZOMBIE = 9  # popularity for each zombie still in the clinic at the end (rulebook)
