"""The one game-state object of Clinic: Deluxe Edition and its parts (attrs ``@frozen``).

The state never changes: ``apply_action`` returns a new one (``fast_evolve.evolve``).  Every
random draw goes through ``draw_rng(state)``: a ``random.Random`` seeded from the game
seed and the count of draws so far, so ``(seed, actions)`` replays exactly.
"""

from __future__ import annotations

import enum
import random
from functools import cached_property

from attrs import field
from core.model import frozen
from core.converters import to_tuple, to_frozenset

from core.clinic.board import BoardSide
from core.clinic.components import Colour, Module, Role, Service
from core.clinic.fast_evolve import evolve
from core.clinic.people import Clinic
from core.clinic.slots import NONE, Expansions, GoalSlot


class ActionTile(enum.IntEnum):
    """The three action tiles, in resolution order (rulebook, Execute Actions).  An
    expansion's own tiles are members of its own ``IntEnum`` (``slots.TileSlot``),
    numbered after these."""

    BUILD = 0
    HIRE = 1
    ADMIT = 2

    def __str__(self) -> str:
        return ("Build", "Hire", "Admit Patients")[self]


class Phase(enum.Enum):
    """Where the game stands; ``current_player`` says who decides.  An expansion's own
    phases are members of its own ``Enum`` (``slots.PhaseSlot``), stored here the same
    way; ``flow`` hands their decisions to the expansion's hooks."""

    EXPERT_SETUP = "expert setup"  # experts place their starting components
    BONUS = "bonus"  # take a bonus tile, reverse turn order
    BONUS_PLACE = "bonus place"  # place a free parking tile or garden
    SELECT = "select"  # hidden selection of an action tile, each player in turn
    BUILD = "build"
    HIRE = "hire"
    ADMIT = "admit"
    MOVE = "move"  # in turn order, one player after another
    BUY_POPULARITY = "buy popularity"  # Business, reverse turn order
    START_CAR = "starting car"  # setup: beginners park their starting car, in turn order
    REMOVE_CAR = "remove car"  # someone left: the owner removes the car of their choice
    OVER = "over"


class AfterCars(enum.Enum):
    """What the game goes on with once every car owed is removed (``game.cars``): the
    Move phase's next player, the Business phase's popularity buying, the next round."""

    MOVE = "move"
    BUSINESS = "business"
    ROUND = "round"


class BonusTile(enum.Enum):
    """The seven bonus tiles (decisions).  An expansion's own are members of its own
    ``Enum`` (``slots.BonusSlot``)."""

    MONEY = "$5"
    NURSE = "a nurse"
    ORDERLY = "an orderly"
    YELLOW_DOCTOR = "a yellow doctor"
    TRAINED_DOCTOR = "your white doctor becomes yellow"
    PARKING = "a free parking tile"
    GARDEN = "a free garden"

    def __str__(self) -> str:
        return self.value


class SoloGoal(enum.Enum):
    """Solitaire goals (decisions; rulings 0.4 for ``THREE_HUBS`` and ``RED_DOCTORS``);
    pick one at setup.  Thresholds in ``constants.SOLO_*``; ``end.goal_status`` checks."""

    RED_PATIENTS = "treat 4 red patients"
    THREE_HUBS = "run 3 service hubs"
    FLOOR_3 = "build on floor 3"
    NO_WAITING = "end with no patient left waiting"
    RED_DOCTORS = "train 2 red doctors"

    def __str__(self) -> str:
        return self.value


@frozen
class GameConfig:
    """Options fixed at setup.  ``expert[seat]``: free initial construction instead of a
    beginner layout; ``sides[seat]``: the player board side; ``solo_goal``: the
    solitaire goal; ``options``: the names of the expansions in play (``hooks``)."""

    names: tuple[str, ...] = field(converter=to_tuple)
    expert: tuple[bool, ...] = field(converter=to_tuple)
    sides: tuple[BoardSide, ...] = field(converter=to_tuple)
    solo_goal: SoloGoal | None = None
    options: frozenset[str] = field(default=frozenset(), converter=to_frozenset)
    ed_goal: GoalSlot | None = None  # an expansion's solitaire goal replacing solo_goal


@frozen
class Stack:
    """A face-down stack of service hubs or special modules with its top face up or
    not: ``left`` tiles in all, the top one buildable only while ``face_up``."""

    module: Module
    left: int
    face_up: bool = True

    @property
    def available(self) -> bool:
        return self.face_up and self.left > 0


@frozen
class PlayerState:
    """One player: clinic, savings, popularity (``stamp`` orders arrivals on a space:
    higher arrived later), time spent, action tiles left this round, this round's
    income during Business, and counters for conservation and solitaire goals
    (``trained_red_ids``: the ids of the doctors that turned red in a lab, rulings 0.4b).
    ``cars_owed``: people of this clinic who left and whose car the player has still to
    choose and remove (rulebook, Taking a Car; ``game.cars``)."""

    name: str
    clinic: Clinic
    money: int
    popularity: int = 0
    stamp: int = 0
    time_spent: int = 0
    tiles: tuple[ActionTile, ...] = field(default=(), converter=to_tuple)
    income: int = 0
    cured: int = 0
    cured_red: int = 0
    dead: int = 0
    trained_red_ids: frozenset[int] = field(default=frozenset(), converter=to_frozenset)
    dismissed_doctors: int = 0
    dismissed_nurses: int = 0
    dismissed_orderlies: int = 0
    final: int | None = None
    cars_owed: int = 0
    expansions: Expansions = NONE  # each expansion's values for this player (``slots``)

    def count(self, role: Role) -> int:
        return sum(1 for p in self.clinic.people if p.role is role)


@frozen
class Turn:
    """The step in progress: builds made, hires made, queue points left, ``moved``: the
    id of the person of each move made this Move phase, in order (a person who moved
    twice is there twice), the free bonus tile being placed."""

    builds: int = 0
    hired_doctor: bool = False
    hired_other: bool = False
    qp: int = 0
    moved: tuple[int, ...] = field(default=(), converter=to_tuple)
    placing: BonusTile | None = None
    expansions: Expansions = NONE  # each expansion's progress through this step (``slots``)


@frozen
class GameState:
    """Everything about a game of Clinic at one moment.

    - ``turn_order``: seats, first to last; ``queue``: seats still to decide in this
      step, ``queue[0]`` is the current player.
    - ``notepad``: one row per service in play (``services``), 5 spaces each, patient
      colours packed to the right (index 4 is the rightmost column).
    - ``patient_pool``/``doctor_pool``: bag contents by colour white..red.
    - ``university``: doctor colours by space from the left (None: empty).
    - ``nurses``: nurses left in each round's column; ``orderlies``: left on display.
    - ``selected``: each seat's face-down action tile this action (None: not yet).
    - ``supply_doctors``/``supply_nurses``/``supply_orderlies``: people who came from
      the supply (starting doctors, bonus tiles), not from the displays;
      ``nurses_gone``: unhired nurses removed from the display in Admin (for the
      conservation checks).
    - ``cars_then``: during ``Phase.REMOVE_CAR``, what comes after the cars are removed.
    """

    config: GameConfig
    seed: int
    players: tuple[PlayerState, ...] = field(converter=to_tuple)
    turn_order: tuple[int, ...] = field(converter=to_tuple)
    services: tuple[Service, ...] = field(converter=to_tuple)
    notepad: tuple[tuple[Colour | None, ...], ...] = field(converter=to_tuple)
    patient_pool: tuple[int, ...] = field(converter=to_tuple)
    doctor_pool: tuple[int, ...] = field(converter=to_tuple)
    university: tuple[Colour | None, ...] = field(converter=to_tuple)
    nurses: tuple[int, ...] = field(converter=to_tuple)
    orderlies: int
    hub_stacks: tuple[Stack, ...] = field(converter=to_tuple)
    special_stacks: tuple[Stack, ...] = field(converter=to_tuple)
    supply_rooms: int
    cars_lot: int
    phase: Phase
    queue: tuple[int, ...] = field(converter=to_tuple)
    round: int = 1
    action: int = 1
    draws: int = 0
    pop_clock: int = 0
    supply_doctors: int = 0
    supply_nurses: int = 0
    supply_orderlies: int = 0
    nurses_gone: int = 0
    bonus_tiles: tuple[BonusTile, ...] = field(default=(), converter=to_tuple)
    selected: tuple[ActionTile | None, ...] = field(default=(), converter=to_tuple)
    step: Turn = Turn()
    cars_then: AfterCars | None = None
    expansions: Expansions = NONE  # each expansion's values shared by the table (``slots``)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def current(self) -> int | None:
        """The seat to decide now, or None when the game is over."""
        return self.queue[0] if self.queue and self.phase is not Phase.OVER else None

    @cached_property
    def legal(self) -> tuple:
        """The legal actions now, worked out once per state (``rules.legal_actions``;
        ``rules`` binds its ``options`` here when imported, ``bind_rules``)."""
        return _RULES[0](self)

    @cached_property
    def legal_set(self) -> frozenset:
        return frozenset(self.legal)

    def row(self, service: Service) -> int:
        """Notepad row index of a service in play."""
        return self.services.index(service)


#: ``rules.options``, bound by ``rules`` on import (``bind_rules``): the state module
#: imports no rule module, so no import circle runs through it.
_RULES: list = []


def bind_rules(options) -> None:
    """Bind the function listing a state's legal actions (``rules.options``)."""
    _RULES[:] = [options]


def draw_rng(state: GameState) -> random.Random:
    """The generator for the next random event; the caller must store ``draws + 1``."""
    return random.Random(f"clinic:{state.seed}:{state.draws}")


def draw_colour(rng: random.Random, bag: tuple[int, ...]) -> tuple[Colour | None, tuple[int, ...]]:
    """Draw one cube from a bag of counts by colour; (None, bag) when it is empty."""
    total = sum(bag)
    if total == 0:
        return None, bag
    r = rng.randrange(total)
    for c, n in enumerate(bag):
        if r < n:
            out = list(bag)
            out[c] -= 1
            return Colour(c), tuple(out)
        r -= n
    raise AssertionError("unreachable")


def add_to_bag(bag: tuple[int, ...], colour: Colour) -> tuple[int, ...]:
    out = list(bag)
    out[int(colour)] += 1
    return tuple(out)


def set_player(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """``state.players`` with seat ``seat`` replaced."""
    return state.players[:seat] + (player,) + state.players[seat + 1 :]


def change_popularity(state: GameState, seat: int, delta: int) -> GameState:
    """Move a popularity marker by ``delta`` (never below 0); the marker lands on top
    of any already on that space (it arrived later)."""
    p = state.players[seat]
    new = max(0, p.popularity + delta)
    if new == p.popularity:
        return state
    p = evolve(p, popularity=new, stamp=state.pop_clock)
    return evolve(state, players=set_player(state, seat, p), pop_clock=state.pop_clock + 1)

