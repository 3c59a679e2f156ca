"""Issue 31: Clinic's round skeleton drives the game.  ``flow`` owns the order of the
round; a phase's step returns an outcome (``Waiting`` / ``Finished``) and never calls
back into ``flow``; expansions plug in at the named points of ``game/hooks.py`` through
a registry, and no module of ``core/clinic/game/`` imports an expansion."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from attrs import evolve

from core.clinic.game import apply_action, flow, hooks, legal_actions, new_game
from core.clinic.game.actions import Construct
from core.clinic.game.build_phase import apply_build
from core.clinic.game.cars import settle_cars
from core.clinic.game.hooks import Expansion, register
from core.clinic.game.outcome import Finished, Resume, Waiting, as_outcome, state_of, waiting_or
from core.clinic.game.state import AfterCars, ActionTile, Phase
from core.clinic.expansions.emergency.round import EDPhase, EDTile

ROOT = Path(__file__).resolve().parents[4]
CLINIC = ROOT / "core" / "clinic"


# --- the structure, read from the code's imports ----------------------------------------
def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function (resolved)."""
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts) + (f".{node.module}" if node.module else "")
            for a in node.names:  # a module of the package, or a name of ``base``
                out.add(f"{base}.{a.name}" if f"{base}.{a.name}" in FILES else base)
    return out


FILES = {_module(p): p for p in CLINIC.rglob("*.py")}
IMPORTS = {m: {t for t in _imports(p) if t in FILES and t != m} for m, p in FILES.items()}


def test_no_game_module_imports_an_expansion():
    found = sorted(
        (m, t) for m, ts in IMPORTS.items() if m.startswith("core.clinic.game") for t in ts
        if t.startswith("core.clinic.expansions")
    )
    assert found == []


def test_only_rules_hands_outcomes_to_flow():
    """No phase module (admit, build_phase, hire, cars, admin, business_phase,
    move_phase...) and no expansion imports ``flow``: they return outcomes."""
    importers = sorted(m for m, ts in IMPORTS.items() if "core.clinic.game.flow" in ts)
    assert importers == ["core.clinic.game.rules"]


def _circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_among_the_engines_files():
    """The computer players' own modules (``game/bot*.py``, another change's) aside."""
    circles = [c for c in _circles(IMPORTS) if not all(m.split(".")[-1].startswith("bot") for m in c)]
    assert circles == []


def test_the_registry_loads_the_expansions_by_name_on_first_use():
    """Importing the hooks imports no expansion; the first question to the registry
    registers every one (``hooks.PLUGINS``), in the order of ``constants.EXPANSIONS``."""
    code = (
        "import sys; from core.clinic.game import hooks; "
        "before = any(m.startswith('core.clinic.expansions') for m in sys.modules); "
        "names = [e.name for e in hooks.all_expansions()]; print(before, names)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False ['blood', 'extinguishers', 'workaholics', 'zombies', 'emergency']"


def test_a_registry_emptied_calls_its_plugins_again_on_first_use():
    """The first question to an empty registry calls every ``hooks.PLUGINS`` function
    (here in this process: ``core.clinic.expansions.register_all``)."""
    saved, loaded = dict(hooks._REGISTERED), hooks._loaded
    hooks._REGISTERED.clear()
    hooks._loaded = False
    try:
        assert [e.name for e in hooks.all_expansions()] == ["blood", "extinguishers", "workaholics", "zombies", "emergency"]
        assert hooks._loaded
    finally:
        hooks._REGISTERED.clear()
        hooks._REGISTERED.update(saved)
        hooks._loaded = loaded
        hooks._active.cache_clear()
        hooks._hooks.cache_clear()


# --- a test expansion plugged in at the round's points -------------------------------------
@pytest.fixture
def plug():
    """Register test expansions for one test (the registry is restored after it)."""
    hooks.all_expansions()  # the shipped ones first
    saved = dict(hooks._REGISTERED)

    def plug_in(**points) -> str:
        register(Expansion(name="test", title="Test", description="a test expansion", **points))
        return "test"

    yield plug_in
    hooks._REGISTERED.clear()
    hooks._REGISTERED.update(saved)
    hooks._active.cache_clear()
    hooks._hooks.cache_clear()


def _in_play(state, *names):
    return evolve(state, config=evolve(state.config, options=frozenset(names)))


def _selecting(players=2, seed=5):
    state = new_game([f"P{i}" for i in range(players)], seed)
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_a_point_hook_that_waits_stops_the_round_there(plug):
    """``before_admin`` returning ``Waiting`` stops the round in that state: Admin does
    not run (the round marker stays)."""
    paused = []

    def before_admin(state):
        paused.append(evolve(state, queue=(1,)))
        return Waiting(paused[-1])

    state = _in_play(_selecting(), plug(before_admin=before_admin))
    assert flow.end_of_round(state) is paused[0]


def test_a_point_hook_that_finishes_or_returns_a_state_lets_the_round_go_on(plug):
    """Returned states are passed on, in registration order; then Admin runs."""
    def first(state):
        return Finished(evolve(state, pop_clock=state.pop_clock + 10))

    def second(state):
        return evolve(state, pop_clock=state.pop_clock * 2)

    state = _selecting()
    register(Expansion(name="first", title="1", description="1", before_admin=first))
    register(Expansion(name="second", title="2", description="2", before_admin=second))
    played = _in_play(state, "first", "second")
    expected = flow.admin_and_next(evolve(played, pop_clock=(state.pop_clock + 10) * 2))
    assert flow.end_of_round(played) == expected
    assert flow.end_of_round(played).round == state.round + 1


def test_an_expansions_tile_is_started_by_its_start_tile_hook(plug):
    """``start_tile`` resolves a tile the base game does not know; its ``Waiting``
    state is where the round stands."""
    state = _selecting()
    name = plug(start_tile=lambda s, tile: Waiting(evolve(s, phase=EDPhase.EMERGENCY)) if tile is EDTile.EMERGENCY else None)
    state = _in_play(evolve(state, selected=(EDTile.EMERGENCY, ActionTile.BUILD), queue=(0, 1)), name)
    assert flow.start_resolution(state).phase is EDPhase.EMERGENCY


# --- outcomes ------------------------------------------------------------------------------------
def test_a_build_action_waits_after_one_build_and_finishes_after_two():
    state = _selecting()
    state = apply_action(state, next(a for a in legal_actions(state) if a.tile is ActionTile.BUILD))
    state = apply_action(state, next(a for a in legal_actions(state) if a.tile is ActionTile.HIRE))
    assert state.phase is Phase.BUILD
    first = apply_build(state, next(a for a in legal_actions(state) if isinstance(a, Construct)))
    assert isinstance(first, Waiting) and first.state.step.builds == 1
    second = apply_build(first.state, next(a for a in legal_actions(first.state) if isinstance(a, Construct)))
    assert isinstance(second, Finished) and second.then is None  # flow: Resume.ACTION
    assert flow.RESUME_AFTER[Phase.BUILD] is Resume.ACTION
    assert flow.go_on(second, Phase.BUILD) == flow.finish_resolution(second.state)


@pytest.mark.parametrize(
    ("then", "resume"),
    [(AfterCars.MOVE, Resume.NEXT_MOVER), (AfterCars.BUSINESS, Resume.BUYING), (AfterCars.ROUND, Resume.ROUND)],
)
def test_no_car_owed_finishes_at_once_naming_where_the_round_goes_on(then, resume):
    state = _selecting()
    out = settle_cars(state, then)
    assert out == Finished(state, resume)


def test_go_on_resumes_at_each_named_point():
    state = _selecting()
    assert flow.go_on(Waiting(state)) is state
    for point, function in [
        (Resume.ROUND, flow.start_round),
        (Resume.ADMIN, flow.admin_and_next),
        (Resume.BUYING, flow.start_buying),
        (Resume.NEXT_MOVER, flow.finish_move_turn),
    ]:
        assert flow.go_on(Finished(state, point)) == function(state), point


def test_outcome_helpers():
    state = _selecting()
    assert waiting_or(state, False) == Waiting(state)
    assert waiting_or(state, True, Resume.ADMIN) == Finished(state, Resume.ADMIN)
    assert as_outcome(state) == Waiting(state)
    assert as_outcome(Finished(state)) == Finished(state)
    assert state_of(Finished(state)) is state and state_of(state) is state
