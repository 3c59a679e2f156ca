"""The actions a player can take in Clinic: small frozen values with readable names.

``legal_actions(state)`` lists them; ``apply_action(state, action)`` plays one.  Builds
are part 1's frozen build values wrapped in ``Construct``.
"""

from __future__ import annotations

import enum

from core.model import frozen

from core.clinic.board import Space
from core.clinic.components import Service
from core.clinic.construction import Build
from core.clinic.parking import CarSpot
from core.clinic.people import Location

from .state import ActionTile, BonusTile


def _place(arrival: Location, car: CarSpot) -> str:
    where = f"the entrance {arrival}" if not hasattr(arrival, "floor") else f"the helipad at {arrival}"
    return f"at {where}, car parked {car}"


@frozen
class SelectTile:
    """Place an action tile face down (simultaneous hidden selection)."""

    tile: ActionTile

    def __str__(self) -> str:
        return f"select {self.tile}"


@frozen
class Construct:
    """Build one component (Build action, expert setup, bonus placement)."""

    build: Build

    def __str__(self) -> str:
        return str(self.build)


@frozen
class HireDoctor:
    """Hire the doctor on university space ``slot`` (0 = leftmost)."""

    slot: int
    arrival: Location
    car: CarSpot

    def __str__(self) -> str:
        return f"hire the doctor on university space {self.slot + 1} {_place(self.arrival, self.car)}"


@frozen
class HireNurse:
    """Hire the cheapest nurse of this round's column."""

    arrival: Location
    car: CarSpot

    def __str__(self) -> str:
        return f"hire a nurse {_place(self.arrival, self.car)}"


@frozen
class HireOrderly:
    """Hire an orderly ($1)."""

    arrival: Location
    car: CarSpot

    def __str__(self) -> str:
        return f"hire an orderly {_place(self.arrival, self.car)}"


class Shift(enum.Enum):
    """Directions on the notepad (up: towards psychiatry)."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return self.value


@frozen
class ShiftAppointment:
    """Move the patient at notepad ``service`` row, space ``index`` (0-4, 4 rightmost)
    one space; swap if occupied (1 QP)."""

    service: Service
    index: int
    direction: Shift

    def __str__(self) -> str:
        return f"move the {self.service} appointment in space {self.index + 1} {self.direction}"


@frozen
class AdmitPatient:
    """Admit the rightmost patient of ``service`` into pre-admissions (1 QP)."""

    service: Service
    car: CarSpot

    def __str__(self) -> str:
        return f"admit the {self.service} patient, car parked {self.car}"


@frozen
class MovePerson:
    """Move person ``pid`` to ``goal`` by the cheapest path (once per Move phase)."""

    pid: int
    goal: Location

    def __str__(self) -> str:
        return f"move person {self.pid} to {self.goal}"


@frozen
class EndMove:
    """Finish the Move phase; time spent is recorded."""

    def __str__(self) -> str:
        return "end the move"


@frozen
class BuyPopularity:
    """Buy ``amount`` popularity at $3 each from this round's income."""

    amount: int

    def __str__(self) -> str:
        return f"buy {self.amount} popularity"


@frozen
class ChooseBonus:
    """Take one of the bonus tiles laid out at setup."""

    tile: BonusTile

    def __str__(self) -> str:
        return f"take the bonus tile: {self.tile}"


@frozen
class RemoveCar:
    """Remove the car parked at ``spot`` (a border or a parking tile's space): one of
    your people left (rulebook, Taking a Car: "remove the car of your choice")."""

    spot: CarSpot

    def __str__(self) -> str:
        where = f"the parking tile at {self.spot}" if isinstance(self.spot, Space) else f"the border {self.spot}"
        return f"remove the car on {where}"


@frozen
class ParkStartingCar:
    """Park your starting car at ``spot``, a free border (setup; decisions: the first
    free border clockwise from the entrance, or where the player chooses)."""

    spot: CarSpot

    def __str__(self) -> str:
        return f"park the starting car on the border {self.spot}"


@frozen
class Done:
    """End the current action (builds, hires or queue points left unused)."""

    def __str__(self) -> str:
        return "done"


Action = (
    SelectTile
    | Construct
    | HireDoctor
    | HireNurse
    | HireOrderly
    | ShiftAppointment
    | AdmitPatient
    | MovePerson
    | EndMove
    | BuyPopularity
    | ChooseBonus
    | RemoveCar
    | ParkStartingCar
    | Done
)
