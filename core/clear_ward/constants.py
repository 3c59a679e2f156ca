"""Every number and fixed rule of Clear the Ward, in one table.

Sources: the rulebook (``shared/rulebooks/clear-the-ward.txt``) where it states a value,
otherwise ``shared/rules-decisions.md`` (marked "decision"), otherwise our own house
rules (marked "house rule", reasons in ``docs/rules/clear-the-ward.md``).
"""

from types import MappingProxyType

#: Side of the square ward (rulebook: "a 6 by 6 grid").
WARD_SIZE = 6
#: Number of spaces in the ward.
WARD_CELLS = WARD_SIZE * WARD_SIZE
#: Star values of each speciality's five patients (rulebook: 1 to 5 stars).
STAR_VALUES = (1, 2, 3, 4, 5)
#: Patients of this many stars or more start face down (rulebook setup step 1).
FACE_DOWN_FROM_STARS = 4
#: Staff cards a player may hold (rulebook).
HAND_LIMIT = 2
#: Staff cards drawn after flipping a face-down patient (rulebook: "draw 2, keep 1").
STAFF_DRAW = 2
#: Staff cards a player may use in one turn (rulebook).
STAFF_USES_PER_TURN = 1
#: Stars each Speciality Victory Card is worth at the end (rulebook).
VICTORY_CARD_STARS = 3
#: Player counts the game supports (rulebook: 1-4 players).
MIN_PLAYERS, MAX_PLAYERS = 1, 4
#: Player counts that remove the Ward Round staff card (rulebook: solo and two-player).
NO_WARD_ROUND_PLAYER_COUNTS = frozenset({1, 2})
#: Player counts that remove the Locum staff card (decision: it takes from another
#: player's log book, so alone it could only block a hand slot).
NO_LOCUM_PLAYER_COUNTS = frozenset({1})
#: Player counts that play with Speciality Victory Cards (rulebook: none in solo).
VICTORY_CARD_PLAYER_COUNTS = frozenset({2, 3, 4})
#: Turns a just-flipped card stays under observation after the turn it was flipped
#: (decision: "not this turn and not the next").
OBSERVATION_TURNS = 1
#: Highest star value the Locum may take from another log book (decision).
LOCUM_MAX_STARS = 3
#: Star value of the patients the Pharmacist treats (rulebook FAQ).
PHARMACIST_STARS = 1
#: Patients the Pharmacist treats (rulebook FAQ); fewer if fewer are in the ward (house rule).
PHARMACIST_PATIENTS = 2
#: Face-down patients the Junior Doctor looks at (decision).
JUNIOR_DOCTOR_LOOKS = 2

#: Copies of each staff card in the deck of 9 (decision table), by card name.
STAFF_CARD_COPIES = MappingProxyType(
    {
        "Pharmacist": 1,
        "Consultant Opinion": 1,
        "Nurse": 2,
        "Ward Round": 1,
        "Registrar": 1,
        "Porter": 1,
        "Locum": 1,
        "Junior Doctor": 1,
    }
)

#: The full text of each staff card as the game shows it (decision table).
STAFF_CARD_TEXT = MappingProxyType(
    {
        "Pharmacist": "Treat two face-up 1-star patients from anywhere in the ward.",
        "Consultant Opinion": (
            "Remove one patient (face up or down) from the game; it scores for no one."
        ),
        "Nurse": (
            "After your move, treat one more face-up patient that the Doctor passed over "
            "this turn (not one under observation)."
        ),
        "Ward Round": (
            "Every other player gives you the lowest-star patient from their log book "
            "(ties: the one that entered it last)."
        ),
        "Registrar": "After your action, move the Doctor again and take a second action.",
        "Porter": (
            "Before your move: this turn the Doctor may reverse direction and may stop on "
            "an empty space."
        ),
        "Locum": "Take one patient of 1-3 stars from another player's log book into yours.",
        "Junior Doctor": (
            "Look at any two face-down patients; you may turn one of them face up "
            "(it is under observation)."
        ),
    }
)
