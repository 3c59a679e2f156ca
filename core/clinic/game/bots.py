"""Computer players for Clinic.  Each picks from ``legal_actions`` only, so a bot can
never break a rule; its own seeded RNG keeps games replayable.

Interface (the one the TUI uses): ``bot.choose(state) -> Action``.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.clinic.board import Space
from core.clinic.components import ModuleKind, Role

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
    SelectTile,
    ShiftAppointment,
)
from .memo import reach_from
from .rules import legal_actions
from .state import ActionTile, BonusTile, GameState


class Bot(Protocol):
    level: str

    def choose(self, state: GameState) -> Action:
        """One legal action for the current player of ``state`` (not over)."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.  The Move phase always ends legally:
    each person moves at most once and ``EndMove`` is offered once nobody can still
    leave an entrance or helipad (``move_phase``)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(legal_actions(state))


_ROOM_KINDS = (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM, ModuleKind.OUTPATIENT_SERVICES)


class BasicBot:
    """Plays sensibly, one decision at a time: builds a treatment room next to a service
    hub and a supply room for it, hires doctors and nurses, admits patients it can
    treat, moves patients into rooms and doctors and nurses to them, buys all the
    popularity it can.  Ties broken by its seeded RNG."""

    level = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        options = legal_actions(state)
        scored = [(self._score(state, a), a) for a in options]
        best = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s == best])

    # --- scoring -----------------------------------------------------------------------
    def _score(self, state: GameState, action: Action) -> float:
        seat = state.current
        p = state.players[seat]
        clinic = p.clinic
        board = clinic.board
        if isinstance(action, SelectTile):
            return self._tile_score(state, action.tile)
        if isinstance(action, ChooseBonus):
            order = (BonusTile.YELLOW_DOCTOR, BonusTile.NURSE, BonusTile.MONEY, BonusTile.TRAINED_DOCTOR)
            return len(order) - order.index(action.tile) if action.tile in order else 0
        if isinstance(action, Construct):
            return self._build_score(state, action)
        doctors = len(clinic.of_role(Role.DOCTOR))
        patients = len(clinic.of_role(Role.PATIENT))
        if isinstance(action, HireDoctor):
            if doctors >= max(1, patients) or p.money < 8:
                return -1
            return 5 + int(state.university[action.slot]) - 0.01 * _spot_rank(board, action.car)
        if isinstance(action, HireNurse):
            if len(clinic.of_role(Role.NURSE)) >= doctors or p.money < 6:
                return -1
            return 3 - 0.01 * _spot_rank(board, action.car)
        if isinstance(action, HireOrderly):
            return (2 if len(clinic.of_role(Role.ORDERLY)) < len(board.modules_of_kind(ModuleKind.SUPPLY_ROOM)) else -1)
        if isinstance(action, AdmitPatient):
            slots = 2 * len(board.working_treatment_rooms) + len(
                board.modules_of_kind(ModuleKind.OUTPATIENT_SERVICES)
            )
            if patients >= slots:
                return -1
            return 6 - 0.01 * _spot_rank(board, action.car)
        if isinstance(action, ShiftAppointment):
            return 1 if action.direction.value in ("up", "down") and action.index == 4 else -1
        if isinstance(action, MovePerson):
            return self._move_score(state, action)
        if isinstance(action, BuyPopularity):
            return action.amount
        if isinstance(action, (Done, EndMove)):
            return 0
        return 0

    def _tile_score(self, state: GameState, tile: ActionTile) -> float:
        clinic = state.players[state.current].clinic
        rooms = len(clinic.board.working_treatment_rooms)
        patients = len(clinic.of_role(Role.PATIENT))
        doctors = len(clinic.of_role(Role.DOCTOR))
        money = state.players[state.current].money
        if tile is ActionTile.BUILD:
            return 3 if rooms < 3 and money >= 6 else 0
        if tile is ActionTile.HIRE:
            return 3.5 if doctors < patients and money >= 8 else 0.5
        return 4 if patients < rooms * 2 else 1

    def _build_score(self, state: GameState, action: Construct) -> float:
        b = action.build
        board = state.players[state.current].clinic.board
        module = getattr(b, "module", None)
        if module is None:
            return -1
        if module.kind is ModuleKind.TREATMENT_ROOM:
            touches_hub = any(
                n.floor == b.space.floor
                and (m := board.module_at(n)) is not None
                and m.kind is ModuleKind.SERVICE_HUB
                for n in board.neighbours(b.space)
            )
            rooms = len(board.working_treatment_rooms)
            return 5 - b.space.floor * 0.1 if touches_hub and rooms < 3 else -1
        if module.kind is ModuleKind.SUPPLY_ROOM:
            rooms = sum(len(board.connected_treatment_rooms(bd)) for bd in board.buildings)
            supplies = len(board.modules_of_kind(ModuleKind.SUPPLY_ROOM))
            return 6 if supplies < rooms else -1
        if module.kind is ModuleKind.SERVICE_HUB:
            return 2 if module.service not in board.offered_services else -1
        return -1

    def _move_score(self, state: GameState, action: MovePerson) -> float:
        clinic = state.players[state.current].clinic
        person = clinic.person(action.pid)
        time = reach_from(clinic.board, person.where, person.role).get(action.goal, 0)
        return self._move_value(clinic, person, action.goal) - 0.6 * time

    def _move_value(self, clinic, person, goal) -> float:
        board = clinic.board
        m = board.module_at(goal) if isinstance(goal, Space) else None
        kind = m.kind if m else None
        if person.role is Role.PATIENT:
            return 4 if kind in _ROOM_KINDS else -1
        if person.role is Role.ORDERLY:
            return 3
        here = board.module_at(person.where) if isinstance(person.where, Space) else None
        if here is not None and here.kind in _ROOM_KINDS and any(
            q.role is Role.PATIENT for q in clinic.at(person.where)
        ):
            return -1  # already at work
        patients_there = [q for q in clinic.at(goal) if q.role is Role.PATIENT]
        doctors_there = [q for q in clinic.at(goal) if q.role is Role.DOCTOR]
        if person.role is Role.DOCTOR:
            if kind in _ROOM_KINDS and len(patients_there) > len(doctors_there):
                return 5 - min(abs(int(person.colour) - int(q.colour)) for q in patients_there)
            if kind is ModuleKind.LAB:
                return 2
            return 1 if kind is ModuleKind.SERVICE_HUB and _on_arrival(person) else -1
        if person.role is Role.NURSE:
            if kind in _ROOM_KINDS and patients_there and doctors_there:
                return 3
            return 1 if kind is ModuleKind.SERVICE_HUB and _on_arrival(person) else -1
        return 0


def _on_arrival(person) -> bool:
    """Standing on an entrance (a border) or in pre-admissions: not yet inside."""
    return not isinstance(person.where, Space)


def _spot_rank(board, spot) -> int:
    """Prefer parking cars on outer borders (they block fewer spaces)."""
    if isinstance(spot, Space):
        return 0
    return 1 if len(board.spaces_of_border(spot)) == 1 else 10


BOTS: dict[str, type] = {"random": RandomBot, "basic": BasicBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random" or "basic"); raises ``ValueError`` otherwise."""
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(BOTS)}") from None

