"""Menus and placements built only from ``legal_actions``: the components one may build
(with every legal space and its cost), the hires, the admissions, the people who may
move.  Nothing here decides a rule; it groups and names what the engine offers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.clinic.board import Space
from core.clinic.components import Colour
from core.clinic.construction import (
    BuildConveyor,
    BuildEntrance,
    BuildGarden,
    BuildHelipad,
    BuildModule,
    BuildParking,
    UpgradeParking,
    build_cost,
)
from core.clinic.game.actions import (
    AdmitPatient,
    Construct,
    HireDoctor,
    HireNurse,
    HireOrderly,
    MovePerson,
    ParkStartingCar,
    RemoveCar,
)
from core.clinic.game.constants import NURSE_COSTS, ORDERLY_COST
from core.clinic.game.narration import place_name, spot_name
from core.clinic.game.state import GameState

_ORDER = [
    "service hub", "treatment room", "supply room", "operating room", "lab", "outpatient services",
    "triage", "garden", "helipad", "parking", "entrance", "conveyor",
]


def component_name(build) -> str:
    """The menu name of a build's component: ``"cardiology service hub"``, ``"garden"``."""
    if isinstance(build, BuildModule):
        return str(build.module)
    if isinstance(build, BuildGarden):
        return "garden"
    if isinstance(build, BuildHelipad):
        return "helipad"
    if isinstance(build, BuildParking):
        return "parking tile (2 cars)"
    if isinstance(build, UpgradeParking):
        return "parking upgrade (3 cars)"
    if isinstance(build, BuildEntrance):
        return "entrance"
    if isinstance(build, BuildConveyor):
        return "conveyor (2 stops)" if len(build.stops) == 2 else "conveyor stop"
    return str(build)


def _rank(name: str) -> int:
    for i, key in enumerate(_ORDER):
        if key in name:
            return i
    return len(_ORDER)


def build_groups(legal) -> dict[str, list[Construct]]:
    """Legal ``Construct`` actions grouped by component, in a stable menu order."""
    groups: dict[str, list[Construct]] = {}
    for a in legal:
        if isinstance(a, Construct):
            groups.setdefault(component_name(a.build), []).append(a)
    return dict(sorted(groups.items(), key=lambda kv: (_rank(kv[0]), kv[0])))


def group_label(name: str, actions: list[Construct], left: int | None = None, *, free: bool = False) -> str:
    """``"garden: $1-2, 5 places, 3 left"``; ``left``: what the shared supply still
    holds (None: it never runs out); ``free``: nothing is paid (the expert side's
    initial clinic, a bonus tile), so the cost is $0."""
    costs = [0] if free else sorted({build_cost(a.build) for a in actions})
    cost = f"${costs[0]}" if len(costs) == 1 else f"${costs[0]}-{costs[-1]}"
    places = len({tuple(key_spaces_of(a.build, None)) for a in actions})
    stock = "" if left is None else f", {left} left"
    return f"{name}: {cost}, {places} place{'s' if places != 1 else ''}{stock}"


def key_spaces_of(build, board) -> list[Space]:
    """The spaces a person points at to place ``build`` (one, or two conveyor stops)."""
    if isinstance(build, BuildEntrance):
        if board is None:
            return [build.border]
        return [board.entrance_target(build.border)]
    if isinstance(build, BuildConveyor):
        return list(build.stops)
    return [build.space]


@dataclass
class Placement:
    """Placing one component with the cursor: ``seqs`` are (spaces to pick, action);
    ``picked`` the spaces picked so far (conveyor pairs need two)."""

    name: str
    seqs: list[tuple[tuple[Space, ...], Construct]]
    picked: tuple[Space, ...] = ()
    example: Construct | None = None
    #: nothing is paid for this placement (initial clinic, bonus tile): costs show $0
    free: bool = False

    @classmethod
    def of(cls, name: str, actions: list[Construct], board) -> Placement:
        seqs = []
        for a in actions:
            spaces = tuple(key_spaces_of(a.build, board))
            seqs.append((spaces, a))
            if len(spaces) == 2:
                seqs.append(((spaces[1], spaces[0]), a))
        return cls(name, seqs, (), actions[0] if actions else None)

    def _open(self):
        n = len(self.picked)
        return [(s, a) for s, a in self.seqs if len(s) > n and s[:n] == self.picked]

    def targets(self) -> dict[Space, str]:
        """Space -> cost label, for the next space to pick."""
        n = len(self.picked)
        out: dict[Space, int] = {}
        for s, a in self._open():
            cost = 0 if self.free else build_cost(a.build)
            out[s[n]] = min(cost, out.get(s[n], cost))
        return {sp: f"${c}" for sp, c in out.items()}

    def pick(self, space: Space) -> list[Construct] | None:
        """Pick ``space`` (a target): the actions now complete (several when an entrance
        could face two ways), or None while more spaces are needed."""
        self.picked = self.picked + (space,)
        done = list(dict.fromkeys(a for s, a in self.seqs if s == self.picked))
        more = self._open()
        if done and not more:
            return done
        if not done and not more:
            return []
        return None

    def probe(self, space: Space):
        """An action for a space that is not a target, so the engine can say why."""
        b = self.example.build if self.example else None
        if isinstance(b, BuildModule):
            return Construct(BuildModule(b.module, space))
        if isinstance(b, BuildGarden):
            return Construct(BuildGarden(space))
        if isinstance(b, BuildHelipad):
            return Construct(BuildHelipad(space))
        if isinstance(b, BuildParking):
            return Construct(BuildParking(space))
        if isinstance(b, UpgradeParking):
            return Construct(UpgradeParking(space))
        if isinstance(b, BuildConveyor):
            return Construct(BuildConveyor(self.picked + (space,)))
        return None


# -- Hire -----------------------------------------------------------------------------


def hire_groups(state: GameState, legal) -> list[tuple[str, list]]:
    """(label, hire actions) per thing to hire: each university doctor, a nurse, an orderly."""
    out: list[tuple[str, list]] = []
    doctors: dict[int, list] = {}
    nurses, orderlies = [], []
    for a in legal:
        if isinstance(a, HireDoctor):
            doctors.setdefault(a.slot, []).append(a)
        elif isinstance(a, HireNurse):
            nurses.append(a)
        elif isinstance(a, HireOrderly):
            orderlies.append(a)
    for slot, acts in sorted(doctors.items()):
        colour = state.university[slot]
        from core.clinic.game.hire import doctor_cost

        what = "purple workaholic" if colour is Colour.PURPLE else str(colour)
        out.append((f"{what} doctor, university space {slot + 1}: ${doctor_cost(state, slot)}", acts))
    if nurses:
        left = state.nurses[state.round - 1]
        out.append((f"nurse: ${NURSE_COSTS[state.player_count - left]}", nurses))
    if orderlies:
        out.append((f"orderly: ${ORDERLY_COST}", orderlies))
    return out


def arrival_choices(board, actions) -> list[tuple[str, object]]:
    arrivals = list(dict.fromkeys(a.arrival for a in actions))
    return [(f"arrive at {place_name(board, w)}", w) for w in arrivals]


def car_choices(actions) -> list[tuple[str, object]]:
    cars = list(dict.fromkeys(a.car for a in actions))
    return [(f"park the car {spot_name(c)}", c) for c in cars]


# -- Cars to pick (Taking a Car; the starting car) ----------------------------------------


def car_picks(legal) -> list:
    """The ``RemoveCar`` or ``ParkStartingCar`` actions offered, in the engine's order
    (the computer's choice, or the first free border clockwise, first)."""
    return [a for a in legal if isinstance(a, (RemoveCar, ParkStartingCar))]


def car_marks(state: GameState, legal) -> dict:
    """Spot -> label ("1", "2", ... "b", "f") for the cars to pick from, as the menu
    labels them (``tui_common.choice_keys.choice_label``)."""
    from tui_common.choice_keys import choice_label

    return {a.spot: choice_label(i) for i, a in enumerate(car_picks(legal))}


def car_pick_items(legal) -> list[tuple[str, object]]:
    """Menu lines for the cars to pick from (the menu numbers them as the board does)."""
    out = []
    for a in car_picks(legal):
        verb = "remove the car" if isinstance(a, RemoveCar) else "park it"
        out.append((f"{verb} {spot_name(a.spot)}", a))
    return out


# -- Admit ----------------------------------------------------------------------------


def admit_groups(state: GameState, legal) -> list[tuple[str, list[AdmitPatient]]]:
    groups: dict = {}
    for a in legal:
        if isinstance(a, AdmitPatient):
            groups.setdefault(a.service, []).append(a)
    out = []
    for service, acts in groups.items():
        colour = state.notepad[state.row(service)][-1]
        out.append((f"admit the {colour} {service} patient (1 QP)", acts))
    return out


# -- Move -----------------------------------------------------------------------------


def movers(state: GameState, legal) -> dict[int, list[MovePerson]]:
    """Person id -> their legal moves, in the engine's order."""
    out: dict[int, list[MovePerson]] = {}
    for a in legal:
        if isinstance(a, MovePerson):
            out.setdefault(a.pid, []).append(a)
    return out


@dataclass
class Moving:
    """Choosing where person ``pid`` goes: ``goals`` space -> time label."""

    pid: int
    goals: dict = field(default_factory=dict)


def expansion_items(state: GameState, legal) -> list[tuple[str, object]]:
    """The expansions' own actions among ``legal``, each with its menu line (building an
    extinguisher, moving a zombie, giving or carrying blood), in the engine's order."""
    from core.clinic.expansions import action_types
    from core.clinic.expansions.blood import GiveBlood, PickUpBlood
    from core.clinic.expansions.extinguishers import BuildExtinguisher, cost
    from core.clinic.expansions.zombies import MoveZombie

    kinds = action_types()
    clinic = state.players[state.current].clinic if state.current is not None else None
    out = []
    from core.clinic.expansions.emergency.access import waiting_area

    if waiting_area(state) is not None:  # The 911th Extension: one line per person who may move
        from clinic_tui.screens.emergency import ed_move_items

        out += ed_move_items(state, legal)
    for a in legal:
        if not isinstance(a, kinds) or type(a).__name__ == "EDMove":
            continue
        if isinstance(a, BuildExtinguisher):
            label = f"extinguisher (x) on {place_name(clinic.board, a.space)}: ${cost(a.space)}"
        elif isinstance(a, MoveZombie):
            label = f"zombie (Z) first: {a.start} to {a.goal} (no time)"
        elif isinstance(a, GiveBlood):
            label = f"{clinic.person(a.pid)} lies down to give blood (+3 time)"
        elif isinstance(a, PickUpBlood):
            label = f"{clinic.person(a.pid)} picks up the Blood token (b) here (no time)"
        else:
            from core.clinic.game.narration import option_text

            label = option_text(state, a)
        out.append((label, a))
    return out


def zombie_warning(clinic) -> str:
    """Zombies: who would be removed if the move ended now ("" when nobody)."""
    from core.clinic.expansions.zombies import survives

    board = clinic.board
    doomed = []
    for space in sorted(set(board.zombies)):
        here = [q for q in clinic.people if q.where == space]
        doomed += [q for q in here if not survives(q, here, board.zombies.count(space), board)]
    if not doomed:
        return ""
    return "Warning: with a zombie at the end of the move: " + ", ".join(str(q) for q in doomed) + "."
