"""Clinic: Deluxe Edition, part 2: the whole game around the clinics (pure functions).

``new_game`` -> ``legal_actions`` / ``apply_action`` until ``is_over``; ``result``.
See ``docs/rules/clinic.md ("The game round")`` for the round as implemented.
"""

from .actions import (
    Action,
    AdmitPatient,
    BuyPopularity,
    ChooseBonus,
    Construct,
    Done,
    EndMove,
    HireDoctor,
    HireNurse,
    HireOrderly,
    MovePerson,
    ParkStartingCar,
    RemoveCar,
    SelectTile,
    Shift,
    ShiftAppointment,
)
from .end import EndScore, GameResult, end_score, hall_of_fame, result, scores, winners
from .rules import apply_action, current_player, is_over, legal_actions
from .setup import new_game
from .state import ActionTile, BonusTile, GameConfig, GameState, Phase, PlayerState, SoloGoal

__all__ = [
    "Action", "ActionTile", "AdmitPatient", "BonusTile", "BuyPopularity", "ChooseBonus",
    "Construct", "Done", "EndMove", "EndScore", "GameConfig", "GameResult", "GameState",
    "HireDoctor", "HireNurse", "HireOrderly", "MovePerson", "Phase", "PlayerState",
    "SelectTile", "Shift", "ShiftAppointment", "SoloGoal", "apply_action", "current_player",
    "end_score", "hall_of_fame", "is_over", "legal_actions", "new_game", "result", "scores",
    "winners",
]
