"""Legal actions and applying them: the whole game of Clinic (rulebook "Playing the
Game").  ``legal_actions(state)`` lists every action of the current player;
``apply_action(state, action)`` returns the new state or raises ``IllegalActionError``
naming the rule.
"""

from __future__ import annotations

from .hooks import extend_options, owner, tile_refusal
from core.clinic.fast_evolve import evolve
from core.errors import GameError, IllegalActionError

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
    ShiftAppointment,
)
from .admit import apply_qp, qp_options
from .build_phase import (
    apply_bonus,
    apply_bonus_place,
    apply_build,
    apply_expert,
    apply_start_car,
    bonus_options,
    bonus_place_options,
    build_options,
    expert_options,
    start_car_options,
)
from .business_phase import buy_popularity, max_popularity
from .cars import apply_remove_car, remove_car_options
from .flow import go_on
from .hire import apply_hire, hire_options
from .move_phase import apply_end_move, apply_move, move_options
from .outcome import Finished, Outcome, Resume, Waiting, as_outcome, waiting_or
from .state import GameState, Phase, bind_rules, set_player


def _select_options(state: GameState) -> list[SelectTile]:
    return [SelectTile(t) for t in dict.fromkeys(sorted(state.players[state.current].tiles))]


def _buy_options(state: GameState) -> list[BuyPopularity]:
    return [BuyPopularity(n) for n in range(max_popularity(state, state.current) + 1)]


_OPTIONS = {
    Phase.EXPERT_SETUP: expert_options,
    Phase.BONUS: bonus_options,
    Phase.BONUS_PLACE: bonus_place_options,
    Phase.SELECT: _select_options,
    Phase.BUILD: lambda s: [*build_options(s), Done()],
    Phase.HIRE: hire_options,
    Phase.ADMIT: qp_options,
    Phase.MOVE: move_options,
    Phase.BUY_POPULARITY: _buy_options,
    Phase.REMOVE_CAR: remove_car_options,
    Phase.START_CAR: start_car_options,
    Phase.OVER: lambda s: [],
}


def _none(state: GameState) -> list:
    return []


def options(state: GameState) -> tuple:
    """The legal actions of ``state`` (cached on the state as ``state.legal``)."""
    base = tuple(_OPTIONS.get(state.phase, _none)(state))  # expansions' phases: theirs
    return extend_options(state, base) if state.config.options else base


bind_rules(options)  # ``GameState.legal`` asks ``options`` (the state imports no rules)


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current player may take now, in a stable order; ``[]`` when
    the game is over."""
    return list(state.legal)


def current_player(state: GameState) -> int | None:
    """The seat to decide now (during the hidden selection, each player in turn)."""
    return state.current


def is_over(state: GameState) -> bool:
    return state.phase is Phase.OVER


def _select(state: GameState, action: SelectTile) -> Outcome:
    seat = state.current
    p = state.players[seat]
    tiles = list(p.tiles)
    tiles.remove(action.tile)
    selected = state.selected[:seat] + (action.tile,) + state.selected[seat + 1 :]
    state = evolve(
        state,
        players=set_player(state, seat, evolve(p, tiles=tiles)),
        selected=selected,
        queue=state.queue[1:],
    )
    return waiting_or(state, not state.queue)  # the last tile selected: reveal


def _buy(state: GameState, action: BuyPopularity) -> Outcome:
    return Finished(buy_popularity(state, state.current, action.amount))


def _move(state: GameState, action: Action) -> Outcome:
    return apply_end_move(state) if isinstance(action, EndMove) else Waiting(apply_move(state, action))


#: The step each phase's action plays (it returns an outcome; ``flow`` goes on).
_STEP = {
    Phase.SELECT: _select,
    Phase.EXPERT_SETUP: apply_expert,
    Phase.BONUS: apply_bonus,
    Phase.BONUS_PLACE: apply_bonus_place,
    Phase.REMOVE_CAR: apply_remove_car,
    Phase.START_CAR: apply_start_car,
    Phase.BUILD: apply_build,
    Phase.HIRE: apply_hire,
    Phase.ADMIT: apply_qp,
    Phase.MOVE: _move,
    Phase.BUY_POPULARITY: _buy,
}
#: The setup's steps and the ones between actions, where ``Done`` is not an action's end.
_NOT_DONE = (Phase.SELECT, Phase.EXPERT_SETUP, Phase.BONUS, Phase.BONUS_PLACE, Phase.REMOVE_CAR, Phase.START_CAR)


def _step(state: GameState, action: Action) -> Outcome:
    """The outcome of ``action``'s step in the phase being played."""
    expansion = owner(state, action)
    if expansion is not None:
        return as_outcome(expansion.apply(state, action))
    if isinstance(action, Done) and state.phase not in _NOT_DONE:
        return Finished(state, Resume.ACTION)  # the action in progress ends
    return _STEP[state.phase](state, action)


def _apply(state: GameState, action: Action) -> GameState:
    return go_on(_step(state, action), state.phase)


_PHASE_OF = {
    SelectTile: "an action tile is selected in the Select phase",
    Construct: "components are built during a Build action, expert setup or a bonus",
    HireDoctor: "hiring happens during a Hire action",
    HireNurse: "hiring happens during a Hire action",
    HireOrderly: "hiring happens during a Hire action",
    ShiftAppointment: "queue points are spent during an Admit Patients action",
    AdmitPatient: "queue points are spent during an Admit Patients action",
    MovePerson: "people move in the Move phase",
    EndMove: "the Move phase ends in the Move phase",
    BuyPopularity: "popularity is bought in the Business phase",
    ChooseBonus: "bonus tiles are taken at setup",
    RemoveCar: "a car is removed when one of your people has left",
    ParkStartingCar: "the starting car is parked at setup",
    Done: "only an action in progress can be done",
}


def reject_reason(state: GameState, action: Action) -> str:
    """Why ``action`` is not legal now, naming the rule."""
    head = f"Illegal action {str(action)!r} for seat {state.current} in the {state.phase.value} phase"
    if state.phase is Phase.OVER:
        return f"{head}: the game is over"
    expansion = owner(state, action)
    if expansion is not None and expansion.refusal is not None:
        return f"{head}: {expansion.refusal(state, action)}"
    rule = _PHASE_OF.get(type(action), "unknown action")
    if isinstance(action, Construct) and state.phase in (Phase.BUILD, Phase.EXPERT_SETUP, Phase.BONUS_PLACE):
        from core.clinic.construction import build, build_cost

        try:
            build(state.players[state.current].clinic.board, action.build)
        except ValueError as err:
            return f"{head}: {err}"
        from .supplies import shortage

        short = shortage(state, action.build) if state.phase is Phase.BUILD else None
        if short:
            return f"{head}: {short}"
        cost = build_cost(action.build)
        rule = (
            f"Build: costs ${cost}, savings ${state.players[state.current].money}, or the tile"
            " is not face up / not offered now"
        )
    elif isinstance(action, SelectTile) and state.phase is Phase.SELECT:
        rule = tile_refusal(state, action.tile) or f"Select: no {action.tile} tile left this round (2 of each a round)"
    elif isinstance(action, BuyPopularity) and state.phase is Phase.BUY_POPULARITY:
        rule = "Business: popularity costs $3, from this round's income only"
    elif isinstance(action, MovePerson) and state.phase is Phase.MOVE:
        from .move_phase import move_refusal

        rule = move_refusal(state, action)
    elif isinstance(action, ParkStartingCar) and state.phase in (Phase.START_CAR, Phase.EXPERT_SETUP):
        rule = f"Setup: the starting car parks on a free border, and {action.spot} is not one"
    elif isinstance(action, RemoveCar) and state.phase is Phase.REMOVE_CAR:
        rule = f"Taking a car: no car of yours is parked {action.spot}"
    elif isinstance(action, EndMove) and state.phase is Phase.MOVE:
        from .move_phase import end_move_refusal

        return end_move_refusal(state)
    return f"{head}: {rule}"


def apply_action(state: GameState, action: Action) -> GameState:
    """Play ``action`` for the current player and return the new state.  Raises
    ``IllegalActionError`` (a ``ValueError``) naming the rule; ``state`` is unchanged."""
    # One of the very objects ``legal_actions`` listed (what players and bots pass) is
    # found by identity, without hashing every legal action; any other by value.
    if id(action) not in set(map(id, state.legal)) and action not in state.legal_set:
        raise IllegalActionError(reject_reason(state, action))
    try:
        return _apply(state, action)
    except GameError:
        raise
    except ValueError as err:  # part 1's own IllegalActionError copies
        raise IllegalActionError(f"Illegal action {str(action)!r}: {err}") from err
