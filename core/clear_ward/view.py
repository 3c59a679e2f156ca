"""What one player may see: face-down cards and the staff deck stay hidden.

``player_view(state, seat)`` is what a UI or a bot that must not cheat reads. The
Junior Doctor's looked-at patients are shown to the player who looked. Hidden
(rulebook "Setup": the 4- and 5-star patients lie face down, the staff cards are a
face-down pile; "Action Phase": the drawn staff cards are chosen from in hand): the
face-down patients, the staff deck's cards and order, the other players' staff cards
and the cards the player to move has just drawn. ``player_view(state, None)`` is a
spectator's: every hand hidden.
"""

from __future__ import annotations

from attrs import frozen

from core.clear_ward.cards import Direction, Patient, StaffCard
from core.clear_ward.state import EndReason, GameState, Phase


@frozen
class CardView:
    """A card in the ward as seen by one player: ``patient`` is ``None`` when face down
    (unless that player looked at it with the Junior Doctor); ``flipped_on_turn`` the
    turn it was turned face up in play (public; ``None`` if dealt face up)."""

    patient: Patient | None
    face_up: bool
    under_observation: bool
    flipped_on_turn: int | None = None


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
    """The game as ``viewer`` sees it; same shapes as ``GameState`` minus hidden parts.

    The fields after ``end_reason`` are public facts of the turn in progress that every
    player has watched (patients removed by a Consultant Opinion, the Night Shift arrow,
    moves made, whether a staff card was used, the Porter, the spaces passed over, the
    Junior Doctor's looked-at spaces and where the turn returns after that choice);
    the ``strong`` computer player rebuilds a game from them.
    """

    viewer: int | None
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
    removed: tuple[Patient, ...] = ()
    last_arrow: Direction = Direction.UP
    moves: int = 0
    staff_used: bool = False
    porter: bool = False
    forced_move: bool = False
    passed_over: tuple[int, ...] = ()
    looked_at: tuple[int, ...] = ()
    return_phase: Phase = Phase.MOVE


def player_view(state: GameState, viewer: int | None) -> PlayerView:
    """Project ``state`` for seat ``viewer`` (0-based; ``None``: a spectator, who holds
    no cards and sees only what every player sees). Pure; raises nothing."""
    peeked = set(state.looked_at) if state.current == viewer else set()
    ward = tuple(
        None
        if card is None
        else CardView(
            card.patient if card.face_up or cell in peeked else None,
            card.face_up,
            card.under_observation(state.turn),
            card.flipped_on_turn,
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
        removed=state.removed,
        last_arrow=state.last_arrow,
        moves=state.moves,
        staff_used=state.staff_used,
        porter=state.porter,
        forced_move=state.forced_move,
        passed_over=state.passed_over,
        looked_at=state.looked_at,
        return_phase=state.return_phase,
    )
