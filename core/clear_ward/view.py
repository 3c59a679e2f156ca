"""What one player may see: face-down cards and the staff deck stay hidden.

``player_view(state, seat)`` is what a UI or a bot that must not cheat reads. The
Junior Doctor's looked-at patients are shown to the player who looked.
"""

from __future__ import annotations

from attrs import frozen

from core.clear_ward.cards import Direction, Patient, StaffCard
from core.clear_ward.state import EndReason, GameState, Phase


@frozen
class CardView:
    """A card in the ward as seen by one player: ``patient`` is ``None`` when face down
    (unless that player looked at it with the Junior Doctor)."""

    patient: Patient | None
    face_up: bool
    under_observation: bool


@frozen
class SeatView:
    """Another player as seen: name, log book (public), staff cards held (count only for
    others; the cards themselves for the viewer)."""

    name: str
    log_book: tuple[Patient, ...]
    staff_count: int
    staff: tuple[StaffCard, ...] | None


@frozen
class PlayerView:
    """The game as ``viewer`` sees it; same shapes as ``GameState`` minus hidden parts."""

    viewer: int
    seats: tuple[SeatView, ...]
    ward: tuple[CardView | None, ...]
    doctor: int
    staff_deck_size: int
    victory: tuple[int | None, ...]
    current: int
    turn: int
    phase: Phase
    last_direction: Direction | None
    drawn: tuple[StaffCard, ...]
    end_reason: EndReason | None


def player_view(state: GameState, viewer: int) -> PlayerView:
    """Project ``state`` for seat ``viewer`` (0-based)."""
    peeked = set(state.looked_at) if state.current == viewer else set()
    ward = tuple(
        None
        if card is None
        else CardView(
            card.patient if card.face_up or cell in peeked else None,
            card.face_up,
            card.under_observation(state.turn),
        )
        for cell, card in enumerate(state.ward)
    )
    seats = tuple(
        SeatView(p.name, p.log_book, len(p.staff), p.staff if seat == viewer else None)
        for seat, p in enumerate(state.players)
    )
    return PlayerView(
        viewer=viewer,
        seats=seats,
        ward=ward,
        doctor=state.doctor,
        staff_deck_size=len(state.staff_deck),
        victory=state.victory,
        current=state.current,
        turn=state.turn,
        phase=state.phase,
        last_direction=state.last_direction,
        drawn=state.drawn if state.current == viewer else (),
        end_reason=state.end_reason,
    )
