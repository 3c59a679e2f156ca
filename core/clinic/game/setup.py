"""Starting a game of Clinic (rulebook "Setup"; decisions for the numbers).

``new_game(players, seed, ...)`` lays out the main board (services, bags, university,
nurse and orderly displays, tile stacks, first appointments), gives each player $15,
six action tiles, a white doctor and a car, builds the beginner initial clinics (by a
random patient colour) and lays out players + 1 bonus tiles.  Experts then place their
starting components (phase ``EXPERT_SETUP``); everyone takes a bonus tile (``BONUS``).
Beginners first choose where their starting car stands (``START_CAR``, in turn order);
experts do it after placing their entrance (decisions: "the starting car is parked on
the first free border clockwise from the entrance, or where the player chooses").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.clinic.fast_evolve import evolve

from core.clinic.board import Board, BoardSide, Border
from core.clinic.components import Colour, Module, ModuleKind, Role
from core.clinic.construction import beginner_initial_board
from core.clinic.parking import CarSpot, free_parking_spots, park_car, remove_car
from core.clinic.people import Clinic, hire
from core.errors import SetupError

from . import constants as K
from .state import (
    ActionTile,
    BonusTile,
    GameConfig,
    GameState,
    Phase,
    PlayerState,
    SoloGoal,
    Stack,
    draw_colour,
)

BASE_TILES = (ActionTile.BUILD, ActionTile.HIRE, ActionTile.ADMIT)
ALL_TILES = tuple(t for t in BASE_TILES for _ in range(K.TILES_PER_ACTION))
#: The base game's seven bonus tiles (an expansion adds its own in its ``setup`` hook).
BASE_BONUS_TILES = tuple(BonusTile)


def clockwise_borders(board: Board) -> tuple[Border, ...]:
    """The outer borders clockwise: north edge west to east, east edge north to south,
    south edge east to west, west edge south to north."""
    c, r = board.cols, board.rows
    return (
        tuple(Border(False, x, 0) for x in range(c))
        + tuple(Border(True, c, y) for y in range(r))
        + tuple(Border(False, x, r) for x in reversed(range(c)))
        + tuple(Border(True, 0, y) for y in reversed(range(r)))
    )


def auto_car_spot(board: Board) -> CarSpot | None:
    """Where a car parks when the engine parks it (starting car, bonus people): the
    first free border clockwise from the first entrance (decisions), else the first
    free spot; None when the board is full."""
    free = free_parking_spots(board)
    if not free:
        return None
    ring = clockwise_borders(board)
    if board.entrances and board.entrances[0] in ring:
        i = ring.index(board.entrances[0])
        for b in ring[i + 1 :] + ring[: i + 1]:
            if b in free:
                return b
    return free[0]


def starting_car_spots(board: Board) -> tuple[Border, ...]:
    """Where the starting car may be parked: the border it stands on now (the first free
    border clockwise from the entrance, ``auto_car_spot``), then the other free borders
    clockwise from the entrance, then the free inner borders in board order (decisions:
    "the starting car is parked on the first free border clockwise from the entrance, or
    where the player chooses")."""
    parked = tuple(sorted(board.border_cars))
    free = [s for s in free_parking_spots(board) if isinstance(s, Border)]
    ring = clockwise_borders(board)
    if board.entrances and board.entrances[0] in ring:
        i = ring.index(board.entrances[0])
        ring = ring[i + 1 :] + ring[: i + 1]
    ordered = [b for b in ring if b in free] + [b for b in free if b not in ring]
    return parked[:1] + tuple(b for b in ordered if b not in parked[:1])


def park_starting_car(clinic: Clinic, spot: Border) -> Clinic:
    """The starting car moves from where ``arrive`` parked it to ``spot``.  Raises
    IllegalActionError when ``spot`` is not free."""
    board = clinic.board
    (current,) = sorted(board.border_cars)[:1]
    if spot == current:
        return clinic
    return evolve(clinic, board=park_car(remove_car(board, current), spot))


def arrive(clinic: Clinic, role: Role, colour: Colour | None) -> Clinic:
    """A person from the supply stands on the first entrance, car parked by
    ``auto_car_spot`` (starting doctor, bonus people)."""
    spot = auto_car_spot(clinic.board)
    assert spot is not None and clinic.board.entrances, "a fresh clinic has room for a car"
    return hire(clinic, role, clinic.board.entrances[0], spot, colour)


def _config(players, expert, sides, solo_goal, options, ed_goal=None) -> GameConfig:
    if isinstance(players, int):
        players = [f"Player {i + 1}" for i in range(players)]
    names = tuple(str(n).strip() for n in players)
    n = len(names)
    if not K.MIN_PLAYERS <= n <= K.MAX_PLAYERS:
        raise SetupError(f"Setup: Clinic is for {K.MIN_PLAYERS}-{K.MAX_PLAYERS} players, not {n}")
    if any(not name for name in names):
        raise SetupError("Setup: every player needs a name")
    experts = (expert,) * n if isinstance(expert, bool) else tuple(bool(e) for e in expert)
    if len(experts) != n:
        raise SetupError(f"Setup: {len(experts)} expert flags for {n} players")
    if sides is None:
        sides = tuple(BoardSide.BEGINNER for _ in names)
    sides = tuple(BoardSide(s) for s in sides)
    if len(sides) != n:
        raise SetupError(f"Setup: {len(sides)} board sides for {n} players")
    for name, e, s in zip(names, experts, sides):
        if not e and s is not BoardSide.BEGINNER:
            raise SetupError(f"Setup: {name} is a beginner and must use the 4x3 side (rulebook)")
    if solo_goal is not None and n != 1:
        raise SetupError("Setup: a solitaire goal needs exactly one player")
    expansions = _expansions(options)
    if ed_goal is not None:  # an expansion's goal replaces the base goal
        from core.clinic.game.hooks import solo_goal as expansion_goal

        goal = expansion_goal(expansions, ed_goal)
        if n != 1 or solo_goal is not None or goal is None:
            known = goal or expansion_goal(K.EXPANSIONS, ed_goal)
            words = f" ({known.kind_words})" if hasattr(known, "kind_words") else ""
            raise SetupError(f"Setup: an expansion's solitaire goal{words} needs one"
                             " player, its expansion and no other solitaire goal (it replaces the base goal)")
        return GameConfig(names, experts, sides, None, expansions, goal)
    if n == 1 and solo_goal is None:
        solo_goal = SoloGoal.RED_PATIENTS
    return GameConfig(names, experts, sides, None if solo_goal is None else SoloGoal(solo_goal), expansions)


def _expansions(options: Sequence[str] | str) -> frozenset[str]:
    """The expansion names asked for; ``SetupError`` naming the known ones for any other."""
    names = (options,) if isinstance(options, str) else tuple(options)
    unknown = [name for name in names if name not in K.EXPANSIONS]
    if unknown:
        known = (f"the known ones are {', '.join(K.EXPANSIONS)}" if K.EXPANSIONS
                 else "no expansions are available yet")
        raise SetupError(f"Setup: unknown expansion {', '.join(map(repr, unknown))}; {known}")
    return frozenset(names)


def special_stacks(rng: random.Random, n: int, solo_goal: SoloGoal | None) -> tuple[Stack, ...]:
    """The special module stacks: ``constants.SPECIAL_STACKS[n]`` random types (rulebook
    "1 each of 2 different random special modules" with 1 player).  With the goal "train
    2 red doctors" one of them is the lab (rulings 0.4b), the other random."""
    types, each = K.SPECIAL_STACKS[n]
    if solo_goal is SoloGoal.RED_DOCTORS:
        others = [k for k in K.SPECIAL_KINDS if k is not ModuleKind.LAB]
        kinds = [ModuleKind.LAB] + rng.sample(others, types - 1)
    else:
        kinds = rng.sample(K.SPECIAL_KINDS, types)
    kinds.sort(key=K.SPECIAL_KINDS.index)
    return tuple(Stack(Module(k), each) for k in kinds)


def new_game(
    players: Sequence[str] | int,
    seed: int,
    *,
    expert: bool | Sequence[bool] = False,
    sides: Sequence[BoardSide] | None = None,
    solo_goal: SoloGoal | None = None,
    options: Sequence[str] = (),
    turn_order: Sequence[int] | None = None,
    ed_goal=None,
) -> GameState:
    """Set up a new game.  ``players``: 1-4 names or a count; ``seed`` fixes every draw
    (turn order unless ``turn_order`` is given, beginner layouts, bonus tiles, bags);
    ``options``: expansion names from ``constants.EXPANSIONS``; ``ed_goal``: with one
    player, the solitaire goal of an expansion in ``options`` replacing the base goal (the
    911th Extension's ``EDGoal``: a member or its name).
    Raises ``SetupError`` (an unknown expansion is named with the known ones)."""
    config = _config(players, expert, sides, solo_goal, options, ed_goal)
    n = len(config.names)
    rng = random.Random(f"clinic:{seed}:setup")
    order = list(range(n))
    rng.shuffle(order)
    if turn_order is not None:
        if sorted(turn_order) != list(range(n)):
            raise SetupError(f"Setup: turn order {tuple(turn_order)} is not the seats 0-{n - 1}")
        order = list(turn_order)
    services = K.SERVICES_BY_PLAYERS[n]
    special = special_stacks(rng, n, config.solo_goal)
    hubs = tuple(Stack(Module(ModuleKind.SERVICE_HUB, s), K.SERVICE_HUBS_PER_STACK) for s in services)

    doctor_pool = K.DOCTOR_POOL[n]
    university: list[Colour] = []
    for _ in range(n):
        colour, doctor_pool = draw_colour(rng, doctor_pool)
        if colour is not None:
            university.append(colour)
    university.sort(reverse=True)
    patient_pool = K.PATIENT_POOL[n]
    notepad = []
    for _ in services:
        colour, patient_pool = draw_colour(rng, patient_pool)
        notepad.append((None,) * (K.NOTEPAD_SPACES - 1) + (colour,))

    cars = K.CARS_IN_GAME
    seats = []
    for seat, name in enumerate(config.names):
        if config.expert[seat]:
            clinic = Clinic(Board(side=config.sides[seat]))
        else:
            board = beginner_initial_board(Colour(rng.randrange(4)))
            clinic = arrive(Clinic(board), Role.DOCTOR, Colour.WHITE)
            cars -= 1
        stamp = n - order.index(seat)  # markers stacked: the first in turn order on top
        seats.append(PlayerState(name, clinic, K.STARTING_MONEY, stamp=stamp, tiles=ALL_TILES))
    supply = sum(0 if e else 1 for e in config.expert)
    bonus = tuple(rng.sample(BASE_BONUS_TILES, n + K.BONUS_TILES_EXTRA))
    experts = tuple(s for s in order if config.expert[s])
    beginners = tuple(s for s in order if not config.expert[s])
    state = GameState(
        config=config,
        seed=seed,
        players=seats,
        turn_order=order,
        services=services,
        notepad=notepad,
        patient_pool=patient_pool,
        doctor_pool=doctor_pool,
        university=tuple(university) + (None,) * (n - len(university)),
        nurses=(n,) * K.ROUNDS,
        orderlies=K.ORDERLIES_PER_PLAYER * n,
        hub_stacks=hubs,
        special_stacks=special,
        supply_rooms=K.SUPPLY_ROOMS_PER_PLAYER * n,
        cars_lot=cars,
        phase=Phase.START_CAR if beginners else Phase.EXPERT_SETUP,
        queue=beginners or experts,
        pop_clock=n + 1,
        supply_doctors=supply,
        bonus_tiles=bonus,
        selected=(None,) * n,
    )
    from core.clinic.game.hooks import setup as expansions_setup

    return expansions_setup(state)


def initial_patients(state: GameState) -> int:
    """Patients in the game (the bag at setup, decisions)."""
    return sum(K.PATIENT_POOL[state.player_count])


def initial_doctors(state: GameState) -> int:
    """Doctors from the bag at setup plus those from the supply so far."""
    return sum(K.DOCTOR_POOL[state.player_count]) + state.supply_doctors


def initial_nurses(state: GameState) -> int:
    """Nurses on the display at setup (one per player a round) plus those from the
    supply so far (bonus tiles)."""
    return state.player_count * K.ROUNDS + state.supply_nurses


def initial_orderlies(state: GameState) -> int:
    """Orderlies on the display at setup plus those from the supply so far."""
    return K.ORDERLIES_PER_PLAYER * state.player_count + state.supply_orderlies


__all__ = ["new_game", "auto_car_spot", "arrive", "clockwise_borders", "starting_car_spots", "park_starting_car"]
