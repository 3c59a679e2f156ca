"""What one player may see: other players' face-down action tiles stay hidden, and so
does the seed (it would tell every future draw).

Rulebook, Select Action: "Everyone simultaneously selects one of their available
action tiles, and places it face down … Once everyone has selected, everyone reveals."
The engine asks one player after another, so during the selection a player who has
chosen holds one tile fewer; the view puts the face-down tile back in their hand
(their hand as it was when this selection began) and says only *that* they have
chosen (``has_selected``). The viewer's own hand and tile are shown as they are.
At the reveal (the phase leaves ``SELECT``) everything is shown.

Everything else in Clinic is public: clinics, money, popularity, the main board, the
bags' contents (each player can count what went in and out); an expansion's own
action tile is one more face-down tile, and the expansions' values (each player's,
the step's, the table's: ``expansions``) are public.
"""

from __future__ import annotations

from attrs import evolve
from core.model import frozen

from core.clinic.components import Colour, Service
from core.clinic.slots import NONE, Expansions

from .state import ActionTile, BonusTile, GameConfig, GameState, Phase, PlayerState, Stack, Turn


@frozen
class PlayerView:
    """The game as ``viewer`` sees it: ``GameState`` without the seed, queue and bag
    draws. During the selection, for every seat but the viewer's, ``selected[seat]`` is
    None and ``players[seat].tiles`` is the hand at the start of this selection
    (sorted Build, Hire, Admit); ``has_selected`` tells who has chosen.
    ``viewer`` None: a spectator, who sees no face-down tile. ``hidden``: other
    players' tiles are face down now (the selection is on)."""

    viewer: int | None
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

    hidden: bool = False
    #: The options fixed at setup (names, sides, solitaire goal): all public.
    config: GameConfig | None = None
    #: The expansions' values shared by the table (``GameState.expansions``), public
    #: as the main board.
    expansions: Expansions = NONE

    @property
    def player_count(self) -> int:
        return len(self.players)


def _hand_before_selection(player: PlayerState, chosen: ActionTile | None) -> PlayerState:
    """``player`` with the face-down ``chosen`` tile back in hand, the hand sorted: the
    same whichever tile was chosen."""
    tiles = player.tiles + ((chosen,) if chosen is not None else ())
    return evolve(player, tiles=tuple(sorted(tiles)))


def player_view(state: GameState, viewer: int | None) -> PlayerView:
    """Project ``state`` for seat ``viewer`` (0-based; None: a spectator who sees
    nothing face down). During the selection the result is the same whichever tiles
    the other seats have chosen (rulebook, Select Action: chosen "face down")."""
    return _project(state, viewer, state.phase is Phase.SELECT)


def revealed_view(state: GameState) -> PlayerView:
    """``state`` with every tile face up (``viewer`` None): for the replay of a finished
    game, where nothing is secret any more. The seed stays out."""
    return _project(state, None, False)


def _project(state: GameState, viewer: int | None, hidden: bool) -> PlayerView:
    chosen = state.selected or (None,) * state.player_count
    players, selected = state.players, chosen
    if hidden:
        players = tuple(
            p if seat == viewer else _hand_before_selection(p, chosen[seat])
            for seat, p in enumerate(players)
        )
        selected = tuple(t if seat == viewer else None for seat, t in enumerate(chosen))
    return PlayerView(
        viewer=viewer,
        phase=state.phase,
        round=state.round,
        action=state.action,
        current=state.current,
        turn_order=state.turn_order,
        players=players,
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
        has_selected=tuple(t is not None for t in chosen),
        step=state.step,
        hidden=hidden,
        config=state.config,
        expansions=state.expansions,
    )
