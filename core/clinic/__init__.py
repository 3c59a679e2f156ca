"""Clinic: Deluxe Edition rules core (pure functions, no UI).

Part 1: one player's clinic (board, construction, cars, people, movement, business).
See ``docs/rules/clinic.md`` for the rules as implemented.
"""

from .board import Board, BoardSide, Border, Direction, Space, border_of, parse_space
from .business import (
    Payment,
    Treatment,
    TreatmentLine,
    clinic_upkeep,
    nurses_needed,
    patient_income,
    pay_expenses,
    send_home,
    treat,
    upkeep,
    wages,
)
from .components import (
    SPECIAL_MODULES,
    Colour,
    Garden,
    Helipad,
    Module,
    ModuleKind,
    ParkingTile,
    Role,
    Service,
    TileColour,
)
from .build_options import candidate_builds, is_legal_build, legal_builds
from .construction import (
    Build,
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    UpgradeParking,
    beginner_initial_board,
    build,
    build_cost,
    check_build,
)
from .errors import GameError, IllegalActionError
from .movement import (
    cheapest_path,
    end_of_move_violations,
    finish_move,
    move_person,
    reachable,
    time_to_record,
    walk_time,
)
from .parking import (
    CarSpot,
    can_park,
    car_blocked_spaces,
    free_parking_spots,
    park_car,
    parked_spots,
    remove_car,
)
from .people import (
    Clinic,
    Location,
    Person,
    PreAdmissions,
    admit_patient,
    hire,
    is_arrival_point,
    person_departs,
    person_leaves,
    recolour,
    replace_person,
    with_board,
)
from .validate import board_violations, clinic_violations

__all__ = [
    name
    for name, value in list(globals().items())
    if not name.startswith("_") and not isinstance(value, type(errors))
]


def __getattr__(name: str):
    """``clinic_to_json`` / ``clinic_from_json`` load cattrs only when first used, so the
    app starts faster (PEP 562 lazy attributes)."""
    if name in ("clinic_to_json", "clinic_from_json"):
        from core.clinic import serial

        return getattr(serial, name)
    raise AttributeError(f"module 'core.clinic' has no attribute {name!r}")
