"""The round's skeleton: the order of Clinic's phases and steps, and what happens
between decisions (rulebook, "Playing the Game": 6 rounds of Actions (3 actions, then
Move), Business, Administration).

``flow`` is the only module that knows what comes next.  A phase's step returns an
outcome (``outcome.Waiting``: a player decides next; ``outcome.Finished``: the step is
over) and never calls back here; ``go_on`` acts on it.  Expansions plug in at the
round's named points (``hooks``): ``before_round``, ``action_tiles``, ``start_tile``,
``after_step``, ``before_business_phase``, ``before_admin``; a point's hook may stop
the round in a phase of its own (``Waiting``), and its ``apply`` later finishes with
the ``Resume`` point where the round goes on.  docs/architecture.md ("Clinic's engine")
draws the skeleton.
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from . import constants as K
from . import hooks
from .admin import admin, is_last_round
from .business_phase import business
from .cars import owing, settle_cars
from .end import end_game
from .notepad import new_appointments
from .outcome import Finished, Outcome, Resume, Waiting
from .setup import ALL_TILES
from .state import AfterCars, ActionTile, GameState, Phase, Turn, change_popularity  # noqa: F401

_TILE_PHASE = {ActionTile.BUILD: Phase.BUILD, ActionTile.HIRE: Phase.HIRE, ActionTile.ADMIT: Phase.ADMIT}

#: Where the round goes on when a step of a base phase is ``Finished`` without saying.
RESUME_AFTER = {
    Phase.BUILD: Resume.ACTION,
    Phase.HIRE: Resume.ACTION,
    Phase.ADMIT: Resume.ACTION,
    Phase.SELECT: Resume.REVEAL,
    Phase.BUY_POPULARITY: Resume.NEXT_BUYER,
    Phase.BONUS: Resume.GAME,
    Phase.BONUS_PLACE: Resume.GAME,
}


def go_on(outcome: Outcome, phase: Phase | None = None) -> GameState:
    """The state after a step's ``outcome``: the same state while a player decides,
    else the round goes on at ``outcome.then`` (or where ``phase``'s steps go on)."""
    if isinstance(outcome, Waiting):
        return outcome.state
    then = outcome.then if outcome.then is not None else RESUME_AFTER[phase]
    return resume(outcome.state, then)


def resume(state: GameState, then: Resume) -> GameState:
    """Go on with the round at the point ``then`` (``outcome.Resume``)."""
    return _RESUME[then](state)


def _point(state: GameState, name: str) -> Outcome:
    """Run the hooks of the round's point ``name`` in order; the first that waits for a
    decision of its own phase stops the round there."""
    for hook in hooks.point_hooks(state, name):
        out = hook(state)
        if isinstance(out, Waiting):
            return out
        state = out.state if isinstance(out, Finished) else out
    return Finished(state)


def start_round(state: GameState) -> GameState:
    """Actions phase, action 1: everyone has all six tiles again (first, the cars of
    patients who died in Admin are removed: ``cars.settle_cars``)."""
    if owing(state):
        return go_on(settle_cars(state, AfterCars.ROUND))
    tiles = ALL_TILES
    if state.config.options:  # the expansions' points before the round
        out = _point(state, "before_round")
        if isinstance(out, Waiting):
            return out.state
        state = out.state
        tiles = hooks.action_tiles(state, tiles)
    players = tuple(evolve(p, tiles=tiles) for p in state.players)
    return start_selection(evolve(state, players=players, action=1))


def start_selection(state: GameState) -> GameState:
    """Everyone selects an action tile face down, one after another in turn order."""
    return evolve(
        state,
        phase=Phase.SELECT,
        queue=state.turn_order,
        selected=(None,) * state.player_count,
        step=Turn(),
    )


def reveal(state: GameState) -> GameState:
    """All tiles are face down: reveal, then resolve Build, Hire, Admit, each in turn
    order (rulebook, Execute Actions)."""
    pos = {seat: i for i, seat in enumerate(state.turn_order)}
    queue = tuple(sorted(state.turn_order, key=lambda s: (state.selected[s], pos[s])))
    return start_resolution(evolve(state, queue=queue))


def start_resolution(state: GameState) -> GameState:
    """The next player in the queue resolves the tile they selected."""
    seat = state.queue[0]
    tile = state.selected[seat]
    step = Turn()
    if tile not in _TILE_PHASE:  # an expansion's own action tile
        started = hooks.start_tile(state, tile)
        assert started is not None, tile
        return go_on(started)
    if tile is ActionTile.ADMIT:
        step = Turn(qp=1 + state.players[seat].clinic.board.arrival_points)
    return evolve(state, phase=_TILE_PHASE[tile], step=step)


def finish_resolution(state: GameState) -> GameState:
    """The current player's action is done: next player, or new appointments and the
    next action, or the Move phase after action 3."""
    queue = state.queue[1:]
    if queue:
        return start_resolution(evolve(state, queue=queue))
    state = new_appointments(evolve(state, queue=()))
    if state.config.options:  # the expansions' points after a step
        state = hooks.after_step(state)
    if state.action < K.ACTIONS_PER_ROUND:
        return start_selection(evolve(state, action=state.action + 1))
    return start_move(state)


def start_move(state: GameState) -> GameState:
    """Move, in turn order, one player after another (rulebook: with beginners)."""
    return evolve(state, phase=Phase.MOVE, queue=state.turn_order, step=Turn())


def finish_move_turn(state: GameState) -> GameState:
    """The current player's Move turn is over (their cars removed): the next player
    moves, or Business begins."""
    state = evolve(state, phase=Phase.MOVE)
    queue = state.queue[1:]
    if queue:
        return evolve(state, queue=queue, step=Turn())
    return start_business(state)


def start_business(state: GameState) -> GameState:
    """Business for everyone; the cured patients' cars are removed (``cars``); then
    popularity is bought in reverse turn order (``start_buying``).  An expansion may
    act first and ask for decisions (the ED's patient care), then the round goes on at
    ``Resume.BASE_BUSINESS``."""
    if state.config.options:
        out = _point(state, "before_business_phase")
        if isinstance(out, Waiting):
            return out.state
        state = out.state
    return continue_business(state)


def continue_business(state: GameState) -> GameState:
    """The base game's Business for everyone (after the expansions' own)."""
    return go_on(settle_cars(business(state), AfterCars.BUSINESS))


def start_buying(state: GameState) -> GameState:
    """Popularity is bought in reverse turn order by those with $3 of income."""
    queue = tuple(
        s for s in reversed(state.turn_order) if state.players[s].income >= K.POPULARITY_PRICE
    )
    players = tuple(
        p if seat in queue else evolve(p, money=p.money + p.income, income=0)
        for seat, p in enumerate(state.players)
    )
    state = evolve(state, players=players, phase=Phase.BUY_POPULARITY, queue=queue, step=Turn())
    return state if queue else end_of_round(state)


def finish_buying(state: GameState) -> GameState:
    """The buyer is done: the next one buys, or the round ends."""
    queue = state.queue[1:]
    return evolve(state, queue=queue) if queue else end_of_round(state)


def end_of_round(state: GameState) -> GameState:
    """Admin, then the next round; after round 6's Admin (rulebook "The game lasts 6
    rounds, each of which comprises ... Administration"; rulings 0.1) the end-game
    scoring in the new turn order.  An expansion may act first and ask for decisions
    (the ED's expenses and popularity), then the round goes on at ``Resume.ADMIN``."""
    if state.config.options:
        out = _point(state, "before_admin")
        if isinstance(out, Waiting):
            return out.state
        state = out.state
    return admin_and_next(state)


def admin_and_next(state: GameState) -> GameState:
    """Admin, then the next round or the end of the game."""
    last = is_last_round(state)
    state = admin(state)
    return end_game(state) if last else start_round(state)


def start_game(state: GameState) -> GameState:
    """Setup is over: the bonus tiles left go back to the box; round 1 begins."""
    return start_round(evolve(state, bonus_tiles=()))


_RESUME = {
    Resume.ACTION: finish_resolution,
    Resume.REVEAL: reveal,
    Resume.NEXT_MOVER: finish_move_turn,
    Resume.BUYING: start_buying,
    Resume.NEXT_BUYER: finish_buying,
    Resume.BASE_BUSINESS: continue_business,
    Resume.ADMIN: admin_and_next,
    Resume.ROUND: start_round,
    Resume.GAME: start_game,
}
