"""The named points of Clinic's round where an expansion plugs in (rulebook,
"Expansions", base L1014), and the registry of the expansions that do.

The base game defines the points; an expansion registers an ``Expansion`` value holding
its implementations (``register``).  The plug-ins (``PLUGINS``: today
``core.clinic.expansions.register_all``, which registers every expansion it ships) are
imported and called on the registry's first use, by name, as pluggy loads its plug-ins.  No base module imports an expansion: the base
calls the functions below, which run the hooks of the expansions named in
``state.config.options`` (in registration order).  Every hook is optional.

Each field of ``Expansion`` is one hook point; its type below is its specification (like
pluggy's hookspecs), and ``docs/architecture.md`` ("Clinic's engine") lists who calls it.
The points of the round itself (``before_round``, ``start_tile``, ``after_step``,
``before_business_phase``, ``before_admin``) are run by ``flow``; a hook there returns a
state (go on) or an ``outcome.Waiting`` (a decision of its own phase: the round stops,
and its ``apply`` later returns ``outcome.Finished(state, then)`` naming where it goes on).
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional

from attrs import field
from core.converters import to_tuple
from core.model import frozen

from core.clinic.slots import Level, SavedPart

if TYPE_CHECKING:  # the hooks' signatures only
    from core.clinic.board import Board
    from core.clinic.business import Treatment
    from core.clinic.people import Clinic, Location, Person
    from random import Random

    from .outcome import Outcome
    from .state import ActionTile, BonusTile, GameState
    from .view import PlayerView

    Game = GameState | PlayerView  # what the apps read: the state, or one player's view

# --- the hook specifications: one signature a point ------------------------------------
SetupHook = Callable[["GameState"], "GameState"]  # setup.new_game, the board laid out
OptionsHook = Callable[["GameState", list], list]  # rules.options: extend/filter legal actions
ApplyHook = Callable[["GameState", Any], "GameState | Outcome"]  # rules: its actions
RefusalHook = Callable[["GameState", Any], str]  # rules.reject_reason: why not, in words
RoomHook = Callable[["Clinic", Callable], Callable]  # business_phase: wrap one room's treatment
SeatHook = Callable[["GameState", int], "GameState"]  # before_business, end_of_movement
AfterBusinessHook = Callable[["GameState", int, "Treatment"], "GameState"]
AdminStepsHook = Callable[[tuple], Iterable]  # admin.admin: insert or replace Admin steps
ScoreHook = Callable[["GameState", int], int]  # end.end_game: extra end-game popularity
HireCostHook = Callable[["GameState", int, int], int]  # hire: (state, slot, cost) -> cost
CapacityHook = Callable[["Clinic", "Location", "Person"], int]  # move_phase: (clinic, where, person)
ViolationsHook = Callable[["GameState", "Clinic"], Iterable[str]]  # move_phase: EndMove waits
DestinationsHook = Callable[["GameState", "Clinic", dict], dict]  # move_phase: fewer places
EventsHook = Callable[["GameState", "GameState"], Iterable[str]]  # narration: the log
BotHook = Callable[["GameState", list, "Random", Any], Any]  # bots: a better choice, or None
MoveRefusalHook = Callable[["GameState", "Clinic", "Person", "Location"], Optional[str]]
ReportHook = Callable[["GameState", "GameState", int], Iterable[str]]  # business_report
TreatmentNoteHook = Callable[["Clinic", Any], Optional[str]]  # business_report: one line
AfterReportHook = Callable[["Clinic", "Treatment"], Iterable[str]]  # business_report
PathNoteHook = Callable[["Board", tuple], str]  # narration, the TUI's path preview
WordsHook = Callable[["GameState", Any, bool], str]  # narration: its action in words
TilesHook = Callable[["GameState", tuple], Iterable["ActionTile"]]  # flow.start_round
StartTileHook = Callable[["GameState", "ActionTile"], Optional["Outcome"]]  # flow.start_resolution
StepHook = Callable[["GameState"], "GameState"]  # flow.finish_resolution: after a step
PointHook = Callable[["GameState"], "GameState | Outcome"]  # flow: before_round/_business/_admin
BonusTileHook = Callable[["GameState", int, "BonusTile"], Optional["GameState"]]  # build_phase
GoalHook = Callable[["GameState", int], Any]  # end.goal_status: its goal's status, or None
TextHook = Callable[["GameState"], Optional[str]]  # narration.decision_text
OptionTextHook = Callable[["GameState", Any], Optional[str]]  # narration.option_text
TileRefusalHook = Callable[["GameState", "ActionTile"], Optional[str]]  # rules: a tile not left
ConfigureHook = Callable[[Any], None]  # serialize: teach the converter its values
StateTest = Callable[["GameState"], bool]  # narration.in_move: its phase comes before Business


@frozen
class Expansion:
    """One expansion: ``name`` (the option), ``title`` (the rulebook's), ``description``
    (one line for the setup screen) and its hook implementations (the types above)."""

    name: str
    title: str
    description: str
    setup: SetupHook | None = None
    options: OptionsHook | None = None
    action_types: tuple[type, ...] = field(default=(), converter=to_tuple)
    apply: ApplyHook | None = None
    refusal: RefusalHook | None = None
    room: RoomHook | None = None
    before_business: SeatHook | None = None
    after_business: AfterBusinessHook | None = None
    end_of_movement: SeatHook | None = None
    admin_steps: AdminStepsHook | None = None
    end_score: ScoreHook | None = None
    hire_cost: HireCostHook | None = None
    extra_capacity: CapacityHook | None = None
    move_violations: ViolationsHook | None = None
    destinations: DestinationsHook | None = None
    events: EventsHook | None = None
    bot_preference: BotHook | None = None
    move_refusal: MoveRefusalHook | None = None
    report: ReportHook | None = None
    treatment_note: TreatmentNoteHook | None = None
    after_report: AfterReportHook | None = None
    path_note: PathNoteHook | None = None
    words: WordsHook | None = None
    action_tiles: TilesHook | None = None
    start_tile: StartTileHook | None = None
    after_step: StepHook | None = None
    before_round: PointHook | None = None
    before_business_phase: PointHook | None = None
    before_admin: PointHook | None = None
    bonus_tile: BonusTileHook | None = None
    goal_status: GoalHook | None = None
    configure: ConfigureHook | None = None
    decision_text: TextHook | None = None
    option_text: OptionTextHook | None = None
    tile_refusal: TileRefusalHook | None = None
    solo_goals: type[enum.Enum] | None = None
    #: Its own members of the base's open enums: phases, action tiles, bonus tiles (each
    #: an ``Enum`` with ``slots.PhaseSlot``, ``TileSlot`` or ``BonusSlot`` as a mixin).
    members: tuple[type[enum.Enum], ...] = field(default=(), converter=to_tuple)
    #: How saves write its values in the state (``slots.SavedPart``, ``serialize``).
    saved: tuple[SavedPart, ...] = field(default=(), converter=to_tuple)
    in_move: StateTest | None = None


# --- the registry -----------------------------------------------------------------------
#: ``"module:function"``: the functions that register expansions, imported and called
#: by name on the registry's first use.
PLUGINS: tuple[str, ...] = ("core.clinic.expansions:register_all",)
_REGISTERED: dict[str, Expansion] = {}
_loaded = False


def _load() -> dict[str, Expansion]:
    """The registry, once the plug-in packages are imported (the first call imports
    them; a call made while they are being imported sees those registered so far)."""
    global _loaded
    if not _loaded:
        _loaded = True
        for plugin in PLUGINS:
            module, function = plugin.split(":")
            getattr(importlib.import_module(module), function)()
    return _REGISTERED


def register(expansion: Expansion) -> Expansion:
    """Plug ``expansion`` in (its ``name`` is the option that puts it in play); the
    order of registration is the order its hooks run in.  Registering a name again
    replaces the earlier value."""
    _REGISTERED[expansion.name] = expansion
    _active.cache_clear()
    _hooks.cache_clear()
    saved_parts.cache_clear()
    return expansion


def get(name: str) -> Expansion:
    """The registered expansion called ``name`` (KeyError for an unknown one)."""
    return _load()[name]


def all_expansions() -> tuple[Expansion, ...]:
    """Every registered expansion, in registration order."""
    return tuple(_load().values())


@lru_cache(maxsize=64)
def _active(options: frozenset[str]) -> tuple[Expansion, ...]:
    return tuple(e for name, e in _load().items() if name in options)


def active(state: Game) -> tuple[Expansion, ...]:
    """The expansions in play in ``state`` (a ``GameState`` or a ``PlayerView``)."""
    options = state.config.options
    return _active(options) if options else ()


def hooks(state: Game, name: str) -> tuple[Callable, ...]:
    """The ``name`` hooks of the expansions in play, in order."""
    options = state.config.options
    # Equivalent without the test: no options, no hooks; it only skips the cache (fast path).
    return _hooks(options, name) if options else ()  # pragma: no mutate


@lru_cache(maxsize=1024)
def _hooks(options: frozenset[str], name: str) -> tuple[Callable, ...]:
    return tuple(h for e in _active(options) if (h := getattr(e, name)) is not None)


def action_types() -> tuple[type, ...]:
    """Every registered expansion's action classes (the save format's tagged union)."""
    return tuple(t for e in all_expansions() for t in e.action_types)


def owner(state: Game, action: object) -> Expansion | None:
    """The expansion in play whose action ``action`` is, or None (a base action)."""
    for e in active(state):
        if isinstance(action, e.action_types):
            return e
    return None


# --- running the hooks of one point -------------------------------------------------------
def extend_options(state: GameState, options: tuple) -> tuple:
    """``options`` with every ``options`` hook applied."""
    for hook in hooks(state, "options"):
        options = tuple(hook(state, list(options)))
    return options


def room_treatment(state: GameState, clinic: Clinic, inner: Callable) -> Callable:
    """One room's treatment function with every ``room`` hook wrapped around ``inner``;
    the first expansion registered is the outermost (one that adds income to every line
    sees the lines of those registered after it)."""
    for hook in reversed(hooks(state, "room")):
        inner = hook(clinic, inner)
    return inner


def before_business(state: GameState, seat: int) -> GameState:
    for hook in hooks(state, "before_business"):
        state = hook(state, seat)
    return state


def end_of_movement(state: GameState, seat: int) -> GameState:
    for hook in hooks(state, "end_of_movement"):
        state = hook(state, seat)
    return state


def after_business(state: GameState, seat: int, treatment: Treatment) -> GameState:
    for hook in hooks(state, "after_business"):
        state = hook(state, seat, treatment)
    return state


def admin_steps(state: GameState, steps: tuple) -> tuple:
    for hook in hooks(state, "admin_steps"):
        steps = tuple(hook(steps))
    return steps


def end_score(state: GameState, seat: int) -> int:
    return sum(hook(state, seat) for hook in hooks(state, "end_score"))


def hire_cost(state: GameState, slot: int, cost: int) -> int:
    for hook in hooks(state, "hire_cost"):
        cost = hook(state, slot, cost)
    return cost


def extra_capacity(state: GameState) -> Callable | None:
    """A function ``(clinic, where, person) -> int`` summing every ``extra_capacity``
    hook, or None when no expansion in play changes capacities."""
    found = hooks(state, "extra_capacity")
    if not found:
        return None
    return lambda clinic, where, person: sum(h(clinic, where, person) for h in found)


def move_violations(state: GameState, clinic: Clinic) -> tuple[str, ...]:
    return tuple(r for hook in hooks(state, "move_violations") for r in hook(state, clinic))


def restrict_destinations(state: GameState, clinic: Clinic, dests: dict) -> dict:
    for hook in hooks(state, "destinations"):
        dests = hook(state, clinic, dests)
    return dests


def events(before: Game, after: Game) -> list[str]:
    """What the expansions in play did between two states, one sentence each."""
    return [text for hook in hooks(after, "events") for text in hook(before, after)]


def setup(state: GameState) -> GameState:
    for hook in hooks(state, "setup"):
        state = hook(state)
    return state


def bot_choice(state: GameState, options: list, rng: Random, choice: Any) -> Any:
    """The computer player's ``choice``, or what an expansion's ``bot_preference``
    prefers to it (the first that does)."""
    for hook in hooks(state, "bot_preference"):
        better = hook(state, options, rng, choice)
        if better is not None:
            return better
    return choice


def move_refusal(state: GameState, clinic: Clinic, person: Person, goal: Location) -> str | None:
    """Why an expansion's rule leaves ``person`` no path to ``goal`` (e.g. one of its
    pieces in the way), in players' words, or None."""
    for hook in hooks(state, "move_refusal"):
        why = hook(state, clinic, person, goal)
        if why:
            return why
    return None


def path_notes(state: Game, board: Board, steps: tuple) -> str:
    """What the expansions in play say about a path ``steps`` on ``board`` (e.g. what a
    piece passed costs), joined by ", "; empty when nothing."""
    return ", ".join(n for hook in hooks(state, "path_note") if (n := hook(board, steps)))


def words(state: Game, action: object, done: bool = False) -> str | None:
    """The expansion action ``action`` in words (``Expansion.words``), or None."""
    e = owner(state, action)
    return e.words(state, action, done) if e is not None and e.words is not None else None


def action_tiles(state: GameState, tiles: tuple) -> tuple:
    """Each player's action tiles for a round: the base game's ``tiles`` and every
    expansion's own."""
    for hook in hooks(state, "action_tiles"):
        tiles = tuple(hook(state, tiles))
    return tiles


def start_tile(state: GameState, tile: ActionTile) -> Outcome | None:
    """The outcome of starting to resolve an expansion's action ``tile`` (None: no
    expansion owns it)."""
    for hook in hooks(state, "start_tile"):
        started = hook(state, tile)
        if started is not None:
            return started
    return None


def after_step(state: GameState) -> GameState:
    for hook in hooks(state, "after_step"):
        state = hook(state)
    return state


def point_hooks(state: GameState, name: str) -> tuple[Callable, ...]:
    """The hooks of one of the round's points (``before_round``,
    ``before_business_phase``, ``before_admin``), for ``flow`` to run in order."""
    return hooks(state, name)


def bonus_tile(state: GameState, seat: int, tile: BonusTile) -> GameState | None:
    """The state after ``seat`` takes an expansion's bonus ``tile`` (None: not one)."""
    for hook in hooks(state, "bonus_tile"):
        out = hook(state, seat, tile)
        if out is not None:
            return out
    return None


def goal_status(state: Game, seat: int) -> Any:
    """An expansion's solitaire goal status replacing the base goal's, or None."""
    for hook in hooks(state, "goal_status"):
        out = hook(state, seat)
        if out is not None:
            return out
    return None


def configure(converter: Any) -> None:
    """Teach the save format every registered expansion's values (``configure``)."""
    for e in all_expansions():
        if e.configure is not None:
            e.configure(converter)


def decision_text(state: Game) -> str | None:
    """Words for the decision now when it is an expansion's (its phase), or None."""
    for hook in hooks(state, "decision_text"):
        out = hook(state)
        if out is not None:
            return out
    return None


def option_text(state: Game, action: object) -> str | None:
    """Words for one of an expansion's actions, or None."""
    for hook in hooks(state, "option_text"):
        out = hook(state, action)
        if out is not None:
            return out
    return None


def tile_refusal(state: Game, tile: ActionTile) -> str | None:
    """Why an expansion's own action ``tile`` cannot be selected now, or None."""
    for hook in hooks(state, "tile_refusal"):
        out = hook(state, tile)
        if out is not None:
            return out
    return None


def solo_goal(options: frozenset[str] | Sequence[str], goal: Any) -> Any:
    """``goal`` (a member, its name or its value) as the solitaire goal of an expansion
    named in ``options`` (``Expansion.solo_goals``), or None when none of them has it."""
    for name, e in _load().items():
        kind = e.solo_goals if name in options else None
        if kind is None:
            continue
        if isinstance(goal, kind):
            return goal
        if goal in kind.__members__:
            return kind[goal]
        try:
            return kind(goal)
        except ValueError:
            continue
    return None



def in_move(state: Game) -> bool:
    """Whether an expansion's phase now comes before the main clinic's Business (for
    the words of the round: ``narration.in_move``)."""
    return any(hook(state) for hook in hooks(state, "in_move"))


@lru_cache(maxsize=8)
def saved_parts(level: Level) -> tuple[tuple[str, SavedPart], ...]:
    """Every registered expansion's ``(name, part)`` saved at ``level``, in the save
    format's order (``SavedPart.rank``): written for every game, in play or not."""
    parts = [(e.name, part) for e in all_expansions() for part in e.saved if part.level is level]
    return tuple(sorted(parts, key=lambda item: item[1].rank))


def member(base: type[enum.Enum], marker: type, value: Any) -> enum.Enum:
    """The member of ``base`` valued ``value``, or of a registered expansion's own enum
    marked ``marker`` (``Expansion.members``); ValueError when none has it."""
    try:
        return base(value)
    except ValueError:
        for e in all_expansions():
            for kind in e.members:
                if issubclass(kind, marker):
                    try:
                        return kind(value)
                    except ValueError:
                        continue
        raise
