"""Extinguishers (rulebook, base L1065-1097; rulings §2 X1-X9 in
``clinic-expansion-rulings.md``).

- **Build** (L1081): "It must be built on a module that does not directly treat
  patients ..., and does not already have an extinguisher. It costs $2 to build on the
  ground floor; $3 on Floor 1; $4 on Floor 2; $5 on Floor 3".  ``BuildExtinguisher`` is
  one of the Build action's 2 components; service hub, supply room, lab or triage (X3);
  12 in one shared supply (X1).  The token lives on the board
  (``Board.extinguishers``).
- **Move** (L1087): "Moving or conveying into a module with an extinguisher costs 1
  additional time."  Part 1's walking graph charges it on every step into such a
  module, a conveyor stop included (X4); a ride passing a module without a stop never
  enters it; who stands there already pays nothing (L1089, X5).
- **Business** (L1097): "each successfully treated patient in a treatment room
  generates an additional $3 for each extinguisher adjacent to the room" (up and down
  included, X6): the ``room`` hook.
"""

from __future__ import annotations

from attrs import evolve
from core.model import frozen

from core.clinic.board import Space
from core.clinic.components import ModuleKind
from core.clinic.game import constants as K
from core.clinic.game.outcome import Outcome, Resume, waiting_or
from core.clinic.game.state import GameState, Phase, set_player

from . import Expansion
from . import constants as XK

RULE_BUILD = (
    "an extinguisher 'must be built on a module that does not directly treat patients"
    " ..., and does not already have an extinguisher'"
)


@frozen
class BuildExtinguisher:
    """Build an extinguisher on the module at ``space`` (one of the Build action's 2
    components)."""

    space: Space

    def __str__(self) -> str:
        return f"build an extinguisher on {self.space}"


def cost(space: Space) -> int:
    """Dollars for an extinguisher on ``space``'s floor: $2, $3, $4, $5 on floors 0-3."""
    return XK.EXTINGUISHER_COST_BY_FLOOR[space.floor]


def left(state: GameState) -> int:
    """Extinguishers left in the shared supply (X1: 12; they are never removed)."""
    return XK.EXTINGUISHERS_IN_GAME - sum(len(p.clinic.board.extinguishers) for p in state.players)


def sites(board) -> list[Space]:
    """Modules where an extinguisher may stand: a service hub, supply room, lab or
    triage without one (X3), in board order."""
    return [
        s for s, m in board.modules
        if m.kind in XK.EXTINGUISHER_MODULES and s not in board.extinguishers
    ]


def _options(state: GameState, options: list) -> list:
    """During a Build action: every affordable site, before ``Done``."""
    if state.phase is not Phase.BUILD or left(state) <= 0:
        return options
    p = state.players[state.current]
    extra = [BuildExtinguisher(s) for s in sites(p.clinic.board) if cost(s) <= p.money]
    return options[:-1] + extra + options[-1:]


def _apply(state: GameState, action: BuildExtinguisher) -> Outcome:
    """Pay, put the token on the module; after the second component the action is
    ``Finished``."""
    seat = state.current
    p = state.players[seat]
    board = p.clinic.board
    board = evolve(board, extinguishers=board.extinguishers | {action.space})
    p = evolve(p, clinic=evolve(p.clinic, board=board), money=p.money - cost(action.space))
    state = evolve(
        state,
        players=set_player(state, seat, p),
        step=evolve(state.step, builds=state.step.builds + 1),
    )
    return waiting_or(state, state.step.builds >= K.BUILDS_PER_ACTION, Resume.ACTION)


def _refusal(state: GameState, action: BuildExtinguisher) -> str:
    """Why ``action`` is not legal now, in players' words."""
    if state.phase is not Phase.BUILD:
        return "an extinguisher is built during a Build action"
    if left(state) <= 0:
        return f"no extinguishers left (all {XK.EXTINGUISHERS_IN_GAME} are built)"
    p = state.players[state.current]
    board = p.clinic.board
    module = board.module_at(action.space)
    if action.space in board.extinguishers:
        return f"{action.space} already has an extinguisher ({RULE_BUILD})"
    if module is None or module.kind not in XK.EXTINGUISHER_MODULES:
        what = "no module" if module is None else f"a {module}"
        return f"{action.space} holds {what} ({RULE_BUILD})"
    return f"an extinguisher on floor {action.space.floor} costs ${cost(action.space)}, savings ${p.money}"


def adjacent(board, space: Space) -> int:
    """Extinguishers on modules adjacent to ``space`` (up and down included, X6)."""
    return sum(1 for n in board.neighbours(space) if n in board.extinguishers)


def _room(clinic, inner):
    """Treatment rooms: +$3 per adjacent extinguisher for each patient treated there."""
    board = clinic.board
    if not board.extinguishers:
        return inner

    def room(space, kind, people, gardens, service=None):
        lines = inner(space, kind, people, gardens, service)
        n = adjacent(board, space) if kind is ModuleKind.TREATMENT_ROOM else 0
        if not n:
            return lines
        bonus = XK.INCOME_PER_ADJACENT_EXTINGUISHER * n
        return tuple(evolve(line, income=line.income + bonus) for line in lines)

    return room


def _note(clinic, line) -> str | None:
    """X9: the bonus on a cured patient's line, e.g. "extinguishers +$3 × 2"."""
    n = adjacent(clinic.board, line.room) if line.kind is ModuleKind.TREATMENT_ROOM else 0
    return f"extinguishers +${XK.INCOME_PER_ADJACENT_EXTINGUISHER} × {n}" if n else None


def gazes(board, steps) -> int:
    """Modules with an extinguisher entered along ``steps`` (a path from
    ``movement.cheapest_path``): each costs 1 more time; the start is not entered
    (L1089)."""
    return sum(1 for s in steps[1:] if s in board.extinguishers)


def path_note(board, steps) -> str:
    """X9: "+1 extinguisher" (or "+2 extinguishers") for a path preview; empty when
    the path enters none."""
    n = gazes(board, steps) if board.extinguishers else 0
    return f"+{n} extinguisher{'s' if n != 1 else ''}" if n else ""


def _words(state: GameState, action: BuildExtinguisher, done: bool) -> str:
    """ "build an extinguisher on the lab at floor 1 A3 ($3)"."""
    from core.clinic.game.narration import place_name

    board = state.players[state.current].clinic.board
    verb = "builds" if done else "build"
    return f"{verb} an extinguisher on {place_name(board, action.space)} (${cost(action.space)})"


def _bot(state: GameState, options: list, rng, choice):
    """Instead of ending a Build action, put an extinguisher beside a working treatment
    room when savings allow (keeping $10)."""
    from core.clinic.game.actions import Done

    if state.phase is not Phase.BUILD or not isinstance(choice, Done):
        return None
    p = state.players[state.current]
    board = p.clinic.board
    rooms = board.working_treatment_rooms
    best = [
        a for a in options
        if isinstance(a, BuildExtinguisher)
        and any(n in rooms for n in board.neighbours(a.space))
        and p.money - cost(a.space) >= 10
    ]
    return best[0] if best else None


EXPANSION = Expansion(
    name="extinguishers",
    title="Extinguishers",
    description="build extinguishers: +1 time to enter their module, +$3 a patient in rooms beside",
    options=_options,
    action_types=(BuildExtinguisher,),
    apply=_apply,
    refusal=_refusal,
    room=_room,
    treatment_note=_note,
    path_note=path_note,
    words=_words,
    bot_preference=_bot,
)
