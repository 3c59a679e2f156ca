"""What one player may see: other players' face-down action tiles stay hidden, and so
does the seed (it would tell every future draw).

Everything else in Clinic is public: clinics, money, popularity, the main board, the
bags' contents (each player can count what went in and out).
"""

from __future__ import annotations

from attrs import frozen

from core.clinic.components import Colour, Service

from .state import ActionTile, BonusTile, GameState, Phase, PlayerState, Stack, Turn


@frozen
class PlayerView:
    """The game as ``viewer`` sees it: ``GameState`` without the seed, with
    ``selected[seat]`` None for other players' tiles still face down (``has_selected``
    tells who has chosen)."""

    viewer: int
    phase: Phase
    round: int
    action: int
    current: int | None
    turn_order: tuple[int, ...]
    players: tuple[PlayerState, ...]
    services: tuple[Service, ...]
    notepad: tuple[tuple[Colour | None, ...], ...]
    patient_pool: tuple[int, ...]
    doctor_pool: tuple[int, ...]
    university: tuple[Colour | None, ...]
    nurses: tuple[int, ...]
    orderlies: int
    hub_stacks: tuple[Stack, ...]
    special_stacks: tuple[Stack, ...]
    supply_rooms: int
    cars_lot: int
    bonus_tiles: tuple[BonusTile, ...]
    selected: tuple[ActionTile | None, ...]
    has_selected: tuple[bool, ...]
    step: Turn


def player_view(state: GameState, viewer: int) -> PlayerView:
    """Project ``state`` for seat ``viewer`` (0-based)."""
    hidden = state.phase is Phase.SELECT
    selected = tuple(
        t if (seat == viewer or not hidden) else None for seat, t in enumerate(state.selected)
    )
    return PlayerView(
        viewer=viewer,
        phase=state.phase,
        round=state.round,
        action=state.action,
        current=state.current,
        turn_order=state.turn_order,
        players=state.players,
        services=state.services,
        notepad=state.notepad,
        patient_pool=state.patient_pool,
        doctor_pool=state.doctor_pool,
        university=state.university,
        nurses=state.nurses,
        orderlies=state.orderlies,
        hub_stacks=state.hub_stacks,
        special_stacks=state.special_stacks,
        supply_rooms=state.supply_rooms,
        cars_lot=state.cars_lot,
        bonus_tiles=state.bonus_tiles,
        selected=selected,
        has_selected=tuple(t is not None for t in state.selected),
        step=state.step,
    )
