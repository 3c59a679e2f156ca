"""Clinic's mini-expansions as plug-in modules (rulebook, "Expansions", base L1014).

An expansion is one module here (``extinguishers.py``, ``workaholics.py``, ...) that
builds an ``Expansion`` value: its name, a one-line description, and the hooks it
needs.  The base round calls the hooks of the expansions named in
``state.config.options`` at a few seams, and nowhere else:

========================  ==========================================================
hook                      called by
========================  ==========================================================
``setup(state)``          ``setup.new_game``, once the main board is laid out
``options(state, acts)``  ``rules.options``: extend or filter the legal actions
``action_types``          ``rules.apply_action``: actions of this expansion go to
``apply(state, action)``  ...its ``apply``; ``refusal(state, action)`` says why not
``room(clinic, inner)``   ``business_phase``: wrap one room's treatment (income...)
``before_business``       ``business_phase``: ``(state, seat) -> state``, first (money
                          it adds to ``income`` counts as this round's income)
``after_business``        ``business_phase``: ``(state, seat, treatment) -> state``
``end_of_movement``       ``move_phase``: ``(state, seat) -> state`` when the player
                          ends the Move phase, before the check (zombie kills)
``admin_steps(steps)``    ``admin.admin``: insert or replace Admin steps
``end_score(state, seat)``  ``end.end_game``: extra end-game popularity
``hire_cost(state, slot, cost)``  ``hire``: the price of a university doctor
``extra_capacity``        ``move_phase``: ``(clinic, where, person) -> int`` more room
``move_violations``       ``move_phase``: ``(state, clinic) -> [reason]`` the Move
                          phase may not end for
``destinations``          ``move_phase``: ``(state, clinic, {pid: [place]})`` -> the
                          places each person is offered (fewer, never more)
``events(before, after)`` ``narration.describe``: sentences for the event log
``bot_preference``        ``bots.BasicBot``: ``(state, options, rng, choice)`` -> a
                          better action than the bot's ``choice``, or None; asked
                          first with ``choice=None`` (decisions only it can make)
``move_refusal``          ``move_phase.move_refusal``: ``(state, clinic, person,
                          goal)`` -> why no path leads there (the rule), or None
``report``                ``business_report``: ``(start, state, seat)`` -> lines saying what
                          its ``before_business`` is about to do (transfusions...)
``treatment_note``        ``business_report``: ``(clinic, line)`` -> a note on one
                          cured patient's line (extinguishers +$3 x n...), or None
``after_report``          ``business_report``: ``(clinic, treatment)`` -> lines after
                          treatment (whom the workaholic treated...)
``path_note``             ``narration`` and the TUI's path preview: ``(board, steps)``
                          -> words on a path (``"+1 extinguisher"``), or ""
``words``                 ``narration``: ``(state, action, done)`` -> its action in
                          words, ``"build an extinguisher ... ($2)"`` (offered) or
                          ``"builds an extinguisher ... ($2)"`` (``done``: the log)
``action_tiles``          ``flow.start_round``: ``(state, tiles) -> tiles`` each
                          player's action tiles this round (an expansion's own tile)
``start_tile``            ``flow.start_resolution``: ``(state, tile) -> state`` or
                          None: resolve an action tile the base game does not know
``after_step``            ``flow.finish_resolution``: ``(state) -> state`` after an
                          action step's new appointments
``before_round``          ``flow.start_round``: ``(state) -> state``; may stop in a
                          phase of its own, then calls ``flow.start_round`` again
``before_business_phase`` ``flow.start_business``: ``(state) -> state``; may stop in
                          a phase of its own, then calls ``flow.continue_business``
``before_admin``          ``flow.end_of_round``: ``(state) -> state``; may stop in a
                          phase of its own, then calls ``flow.admin_and_next``
``bonus_tile``            ``build_phase.apply_bonus``: ``(state, seat, tile) -> state``
                          for a bonus tile of the expansion, or None
``goal_status``           ``end.goal_status``: ``(state, seat)`` -> a solitaire goal's
                          status replacing the base goal's, or None
``decision_text``         ``narration.decision_text``: ``(state)`` -> words for a
                          decision of the expansion, or None
``option_text``           ``narration.option_text``: ``(state, action)`` -> words
                          for one of its actions, or None
``configure``             ``serialize``: ``(converter)`` teaches the save format the
                          expansion's values (called for every expansion), including
                          the state's slots it owns (``core.clinic.slots``)
``solo_goals``            ``setup.new_game``: the ``Enum`` of its solitaire goals (with
                          ``core.clinic.slots.GoalSlot`` as a mixin) replacing the base goal
========================  ==========================================================

Every hook is optional.  ``active(state)`` lists the expansions in play, in
``constants.EXPANSIONS`` order; the expansion modules are imported on first use (they
import the game modules, which import this one).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from attrs import field
from core.model import frozen
from core.converters import to_tuple

#: Option name -> module of ``core.clinic.expansions`` defining ``EXPANSION``.
MODULES = {
    "blood": "blood",
    "extinguishers": "extinguishers",
    "workaholics": "workaholics",
    "zombies": "zombies",
    "emergency": "emergency.hooks",
}


@frozen
class Expansion:
    """One expansion: ``name`` (the option), ``title`` (the rulebook's), ``description``
    (one line for the setup screen) and its hooks (see the module doc)."""

    name: str
    title: str
    description: str
    setup: Callable | None = None
    options: Callable | None = None
    action_types: tuple[type, ...] = field(default=(), converter=to_tuple)
    apply: Callable | None = None
    refusal: Callable | None = None
    room: Callable | None = None
    before_business: Callable | None = None
    after_business: Callable | None = None
    end_of_movement: Callable | None = None
    admin_steps: Callable | None = None
    end_score: Callable | None = None
    hire_cost: Callable | None = None
    extra_capacity: Callable | None = None
    move_violations: Callable | None = None
    destinations: Callable | None = None
    events: Callable | None = None
    bot_preference: Callable | None = None
    move_refusal: Callable | None = None
    report: Callable | None = None
    treatment_note: Callable | None = None
    after_report: Callable | None = None
    path_note: Callable | None = None
    words: Callable | None = None
    action_tiles: Callable | None = None
    start_tile: Callable | None = None
    after_step: Callable | None = None
    before_round: Callable | None = None
    before_business_phase: Callable | None = None
    before_admin: Callable | None = None
    bonus_tile: Callable | None = None
    goal_status: Callable | None = None
    configure: Callable | None = None
    decision_text: Callable | None = None
    option_text: Callable | None = None
    solo_goals: type | None = None


@lru_cache(maxsize=None)
def get(name: str) -> Expansion:
    """The expansion called ``name`` (KeyError for an unknown one)."""
    module = importlib.import_module(f"{__name__}.{MODULES[name]}")
    return module.EXPANSION


def all_expansions() -> tuple[Expansion, ...]:
    """Every implemented expansion, in ``constants.EXPANSIONS`` order."""
    return tuple(get(name) for name in MODULES)


@lru_cache(maxsize=64)
def _active(options: frozenset[str]) -> tuple[Expansion, ...]:
    return tuple(get(name) for name in MODULES if name in options)


def active(state: Any) -> tuple[Expansion, ...]:
    """The expansions in play in ``state`` (a ``GameState``)."""
    options = state.config.options
    return _active(options) if options else ()


def hooks(state: Any, name: str) -> tuple[Callable, ...]:
    """The ``name`` hooks of the expansions in play, in order."""
    options = state.config.options
    return _hooks(options, name) if options else ()


@lru_cache(maxsize=1024)
def _hooks(options: frozenset[str], name: str) -> tuple[Callable, ...]:
    return tuple(h for e in _active(options) if (h := getattr(e, name)) is not None)


def action_types() -> tuple[type, ...]:
    """Every expansion action class (for the save format's tagged union)."""
    return tuple(t for e in all_expansions() for t in e.action_types)


def owner(state: Any, action: object) -> Expansion | None:
    """The expansion in play whose action ``action`` is, or None (a base action)."""
    for e in active(state):
        if isinstance(action, e.action_types):
            return e
    return None


def extend_options(state: Any, options: tuple) -> tuple:
    """``options`` with every ``options`` hook applied."""
    for hook in hooks(state, "options"):
        options = tuple(hook(state, list(options)))
    return options


def room_treatment(state: Any, clinic: Any, inner: Callable) -> Callable:
    """One room's treatment function with every ``room`` hook wrapped around ``inner``;
    the first expansion in ``MODULES`` order is the outermost (extinguishers add their
    income to every line, the workaholic's too)."""
    for hook in reversed(hooks(state, "room")):
        inner = hook(clinic, inner)
    return inner


def before_business(state: Any, seat: int) -> Any:
    for hook in hooks(state, "before_business"):
        state = hook(state, seat)
    return state


def end_of_movement(state: Any, seat: int) -> Any:
    for hook in hooks(state, "end_of_movement"):
        state = hook(state, seat)
    return state


def after_business(state: Any, seat: int, treatment: Any) -> Any:
    for hook in hooks(state, "after_business"):
        state = hook(state, seat, treatment)
    return state


def admin_steps(state: Any, steps: tuple) -> tuple:
    for hook in hooks(state, "admin_steps"):
        steps = tuple(hook(steps))
    return steps


def end_score(state: Any, seat: int) -> int:
    return sum(hook(state, seat) for hook in hooks(state, "end_score"))


def hire_cost(state: Any, slot: int, cost: int) -> int:
    for hook in hooks(state, "hire_cost"):
        cost = hook(state, slot, cost)
    return cost


def extra_capacity(state: Any) -> Callable | None:
    """A function ``(clinic, where, person) -> int`` summing every ``extra_capacity``
    hook, or None when no expansion in play changes capacities."""
    found = hooks(state, "extra_capacity")
    if not found:
        return None
    return lambda clinic, where, person: sum(h(clinic, where, person) for h in found)


def move_violations(state: Any, clinic: Any) -> tuple[str, ...]:
    return tuple(r for hook in hooks(state, "move_violations") for r in hook(state, clinic))


def restrict_destinations(state: Any, clinic: Any, dests: dict) -> dict:
    for hook in hooks(state, "destinations"):
        dests = hook(state, clinic, dests)
    return dests


def events(before: Any, after: Any) -> list[str]:
    """What the expansions in play did between two states, one sentence each."""
    return [text for hook in hooks(after, "events") for text in hook(before, after)]


def setup(state: Any) -> Any:
    for hook in hooks(state, "setup"):
        state = hook(state)
    return state


def bot_choice(state: Any, options: list, rng: Any, choice: Any) -> Any:
    """The computer player's ``choice``, or what an expansion's ``bot_preference``
    prefers to it (the first that does)."""
    for hook in hooks(state, "bot_preference"):
        better = hook(state, options, rng, choice)
        if better is not None:
            return better
    return choice


def move_refusal(state: Any, clinic: Any, person: Any, goal: Any) -> str | None:
    """Why an expansion's rule leaves ``person`` no path to ``goal`` (e.g. a zombie in
    the way), in players' words, or None."""
    for hook in hooks(state, "move_refusal"):
        why = hook(state, clinic, person, goal)
        if why:
            return why
    return None


def path_notes(state: Any, board: Any, steps: tuple) -> str:
    """What the expansions in play say about a path ``steps`` on ``board`` (e.g. "+1
    extinguisher"), joined by ", "; empty when nothing."""
    return ", ".join(n for hook in hooks(state, "path_note") if (n := hook(board, steps)))


def words(state: Any, action: object, done: bool = False) -> str | None:
    """The expansion action ``action`` in words (``Expansion.words``), or None."""
    e = owner(state, action)
    return e.words(state, action, done) if e is not None and e.words is not None else None
def action_tiles(state: Any, tiles: tuple) -> tuple:
    """Each player's action tiles for a round: the base game's ``tiles`` and every
    expansion's own."""
    for hook in hooks(state, "action_tiles"):
        tiles = tuple(hook(state, tiles))
    return tiles


def start_tile(state: Any, tile: Any) -> Any:
    """The state resolving an expansion's action ``tile`` (None: no expansion owns it)."""
    for hook in hooks(state, "start_tile"):
        started = hook(state, tile)
        if started is not None:
            return started
    return None


def _chain(state: Any, name: str) -> Any:
    """Run the ``name`` hooks in order; stop at the first that leaves ``state`` in
    another phase (a decision of that expansion: it resumes the round itself)."""
    phase = state.phase
    for hook in hooks(state, name):
        state = hook(state)
        if state.phase is not phase:
            return state
    return state


def after_step(state: Any) -> Any:
    for hook in hooks(state, "after_step"):
        state = hook(state)
    return state


def before_round(state: Any) -> Any:
    return _chain(state, "before_round")


def before_business_phase(state: Any) -> Any:
    return _chain(state, "before_business_phase")


def before_admin(state: Any) -> Any:
    return _chain(state, "before_admin")


def bonus_tile(state: Any, seat: int, tile: Any) -> Any:
    """The state after ``seat`` takes an expansion's bonus ``tile`` (None: not one)."""
    for hook in hooks(state, "bonus_tile"):
        out = hook(state, seat, tile)
        if out is not None:
            return out
    return None


def goal_status(state: Any, seat: int) -> Any:
    """An expansion's solitaire goal status replacing the base goal's, or None."""
    for hook in hooks(state, "goal_status"):
        out = hook(state, seat)
        if out is not None:
            return out
    return None


def configure(converter: Any) -> None:
    """Teach the save format every expansion's values (``configure`` hooks)."""
    for e in all_expansions():
        if e.configure is not None:
            e.configure(converter)


def decision_text(state: Any) -> str | None:
    """Words for the decision now when it is an expansion's (its phase), or None."""
    for hook in hooks(state, "decision_text"):
        out = hook(state)
        if out is not None:
            return out
    return None


def option_text(state: Any, action: object) -> str | None:
    """Words for one of an expansion's actions, or None."""
    for hook in hooks(state, "option_text"):
        out = hook(state, action)
        if out is not None:
            return out
    return None


def solo_goal(options: frozenset[str], goal: Any) -> Any:
    """``goal`` (a member, its name or its value) as the solitaire goal of an expansion
    named in ``options`` (``Expansion.solo_goals``), or None when none of them has it."""
    for name in MODULES:
        kind = get(name).solo_goals if name in options else None
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
