"""The game registry (``core.registry``): both games register through entry points, and
a third game registered in a test is served by the rooms, the lobby and ``simulate``
without a change to the kit; neither the kit nor ``core`` imports an app."""

from __future__ import annotations

import ast
import random
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from attrs import evolve, frozen

from core import registry
from core.errors import IllegalActionError
from core.record import RecordRules
from core.registry import Game, OptionError, SelectField

ROOT = Path(__file__).resolve().parents[2]


def test_both_games_are_registered_through_entry_points():
    points = {p.name: p for p in entry_points(group=registry.ENTRY_POINTS)}
    assert set(points) == {"clear-the-ward", "clinic"}
    for name, point in points.items():
        game = point.load()
        assert isinstance(game, Game) and game.name == name
    games = registry.games()
    assert [g.title for g in games.values()] == ["Clear the Ward", "Clinic"]
    assert registry.find("clear-ward") is games["clear-the-ward"]  # the console script's name
    for game in games.values():  # the parts for people, reached lazily
        ui = game.load_ui()
        assert ui.plain_game().__name__.endswith("Plain") and callable(ui.game_screen)
    with pytest.raises(KeyError, match="choose from clear-the-ward, clinic"):
        registry.get("chess")


def test_each_games_parts_are_its_engines():
    """The registry's lazy parts reach the engines (levels are the bots' own)."""
    from core.clear_ward.bots import BOTS as WARD_BOTS
    from core.clinic.game.bots import BOTS as CLINIC_BOTS

    ward, clinic = registry.get("clear-the-ward"), registry.get("clinic")
    assert ward.levels == tuple(WARD_BOTS) and clinic.levels == tuple(CLINIC_BOTS)
    for game in (ward, clinic):
        record = game.new_record(["Ann", "Bob"], [None, "random"], 7, {})
        assert record.rules is game.record_rules() and record.rules.rules_version == game.rules_version
        state = record.state
        action = game.legal_actions(state)[0]
        after = game.apply_action(state, action)
        assert game.describe(state, action, after)
        assert game.player_view(state, None) is not None and not game.is_over(state)


# -- a third game, registered by a test ----------------------------------------------------


@frozen
class Race:
    """Coin race: each player in turn takes 1 or 2 points; after ``left`` actions the most
    points win."""

    points: tuple[int, ...]
    current: int | None = 0
    left: int = 4


def race_start(save) -> Race:
    return Race((0,) * len(save.seats), 0, 4 if save.options.get("short") is None else 2)


def race_legal(state: Race) -> list[int]:
    return [] if state.current is None else [1, 2]


def race_apply(state: Race, action: int) -> Race:
    if state.current is None or action not in (1, 2):
        raise IllegalActionError("Take 1 or 2 points.")
    points = list(state.points)
    points[state.current] += action
    left = state.left - 1
    return evolve(state, points=tuple(points), left=left,
                  current=None if left == 0 else (state.current + 1) % len(points))


RACE_RULES = RecordRules(
    game="coin-race", title="Coin Race", start=race_start, apply=race_apply,
    encode_action=lambda a: {"points": a}, decode_action=lambda d: d["points"],
    encode_state=repr, reveals_hidden=lambda *_: False, actor=lambda s: s.current,
    turn=lambda s: s.left, closes_turn=lambda a: True, progress=lambda s: f"{s.left} left",
)


class Greedy:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, state: Race) -> int:
        return 2


def race_option(options: dict, key: str, value: str, seats: int) -> bool:
    if key != "short":
        return False
    if value not in ("yes", "no"):
        raise OptionError("short: yes or no")
    if value == "yes":
        options["short"] = True
    return True


def race_result(state: Race):
    best = max(state.points)
    return state.points, tuple(i for i, p in enumerate(state.points) if p == best)


RACE = Game(
    name="coin-race", title="Coin Race", command="coin-race", seats=(2, 3), levels=("lazy", "greedy"),
    score_name="points", rules_version=1, record_rules=lambda: RACE_RULES,
    new_record=lambda names, cpus, seed, options: __import__("core.record", fromlist=["GameRecord"]).GameRecord.new(
        RACE_RULES, seed, [__import__("core.saves", fromlist=["Seat"]).Seat(n, c) for n, c in zip(names, cpus)],
        options),
    make_bot=lambda level, seed: Greedy(seed), describe=lambda b, a, after: f"took {a}",
    legal_actions=race_legal, apply_action=race_apply, is_over=lambda s: s.current is None,
    player_view=lambda s, seat: s, match_game=lambda n, seed: Race((0,) * n),
    result=race_result, ui="tests.core.test_registry:NO_UI", parse_option=race_option,
    options_words=lambda options: ["short"] if options.get("short") else [], option_names="short=yes",
    options_help="short=yes, two actions", lobby_fields=lambda: (SelectField("pace", (("Slow", "slow"),
                                                                                       ("Fast", "fast")), "slow"),),
)


@pytest.fixture
def race():
    registry.games()  # the installed games first
    registry.register(RACE)
    yield RACE
    registry.unregister(RACE.name)


def test_a_third_game_is_served_by_the_rooms(race):
    from tui_common.server.room_setup import parse_options, parse_seats
    from tui_common.server.rooms import Room, RoomError

    seats = parse_seats("coin-race", "me,cpu:medium", "Ann")  # the level words name its levels
    assert [s.cpu for s in seats] == [None, "greedy"]
    with pytest.raises(RoomError, match="Coin Race is for 2-3 players, not 1"):
        parse_seats("coin-race", "me", "Ann")
    assert parse_options("coin-race", "short=yes", 2) == {"short": True}
    with pytest.raises(RoomError, match="short: yes or no"):
        parse_options("coin-race", "short=maybe", 2)
    with pytest.raises(RoomError, match="unknown option 'start=1'; Coin Race takes short=yes"):
        parse_options("coin-race", "start=1", 2)
    room = Room(1, "coin-race", list(parse_seats("coin-race", "open,cpu:greedy", "Ann")), seed=3,
                options={"short": True})
    assert room.summary().startswith("#1 Coin Race (short)")
    heard = []
    room.listeners.append(lambda _room, event: heard.append(event.text))
    room.join("Ann")
    with pytest.raises(IllegalActionError, match="Take 1 or 2"):
        room.play(0, 5)
    room.play(0, 1)
    assert room.cpu_step() and room.record.over
    assert room.record.state.points == (1, 2) and "took 1" in heard and "took 2" in heard


def test_a_third_game_is_played_by_simulate(race):
    from core.simulate import simulate

    summary = simulate("coin-race", ["greedy", "greedy"], 2, seed=1)
    assert summary.games == 2 and summary.mean_score == (4.0, 4.0) and summary.wins == (0, 0)
    with pytest.raises(ValueError, match="unknown computer level 'strong'"):
        simulate("coin-race", ["strong", "greedy"], 1, seed=1)


async def test_a_third_game_is_offered_by_the_lobby_with_its_own_fields(race):
    from textual.app import App
    from textual.widgets import Input, OptionList, Select

    from tui_common.server.lobby import NewRoomDialog

    answers = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(NewRoomDialog(), answers.append)

    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        dialog = app.screen
        games = dialog.query_one("#game", OptionList)
        ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
        assert ids == ["clear-the-ward", "clinic", "coin-race"]
        games.highlighted = 2
        await pilot.pause()
        assert dialog.query_one("#coin-race-options").display and not dialog.query_one("#clinic-options").display
        dialog.query_one("#pace", Select).value = "fast"
        dialog.query_one("#options", Input).value = "short=yes"
        assert dialog.options_text() == "short=yes pace=fast"


# -- the structure: the kit and core never reach into an app -------------------------------


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("folder", ["core", "tui_common"])
def test_the_kit_and_core_import_no_app(folder):
    apps = ("clear_ward_tui", "clinic_tui")
    reaching = sorted(f"{path.relative_to(ROOT)}: {name}" for path in (ROOT / folder).rglob("*.py")
                      for name in _imports(path) if name.split(".")[0] in apps)
    assert reaching == []


@pytest.mark.parametrize("folder", ["core", "tui_common"])
def test_the_kit_and_core_compare_no_games_name(folder):
    """No ``game == "clinic"`` style branch: only each game's own package names itself."""
    names = ('"clear-the-ward"', '"clinic"', '"clear-ward"')
    found = []
    for path in (ROOT / folder).rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("core/clinic/", "core/clear_ward/")):
            continue  # the game's own package naming itself
        text = path.read_text(encoding="utf-8")
        found += [f"{relative}: {name}" for name in names if name in text]
    assert found == []


NO_UI = None
