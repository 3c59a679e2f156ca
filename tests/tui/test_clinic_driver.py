"""Helpers that play Clinic through the UI by key presses (used by the other
``test_clinic_*`` modules), and small tests of the options and the pieces the driver
relies on.

The driver may read ``legal_actions`` (and the open dialog's choices) to decide *what*
to do; every action itself is done by pressing keys, as a person would.
"""

from __future__ import annotations

import random

import pytest

from clinic_tui.app import ClinicApp
from clinic_tui.choices import build_groups, key_spaces_of
from clinic_tui.config import Options, Seat, parse_players
from tui_common.dialogs import ChoiceDialog
from clinic_tui.dialogs.report import ReportDialog
from core.clinic.game import (
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
    Phase,
    RemoveCar,
    SelectTile,
    Shift,
    ShiftAppointment,
    legal_actions,
)

ARROW = {Shift.UP: "up", Shift.DOWN: "down", Shift.LEFT: "left", Shift.RIGHT: "right"}


def make_app(players: str, seed: int = 3, *, state=None, **kw) -> ClinicApp:
    """An app that skips setup, with no computer pause (``state``: a game in progress,
    e.g. ``dealt_to_round``'s, instead of a new one)."""
    return ClinicApp(Options(seats=parse_players(players), seed=seed, cpu_delay=0, **kw), state=state)


def game_screen(app):
    from clinic_tui.screens.game import GameScreen

    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            return screen
    return None


def _ready(app) -> bool:
    """A person may act now: a menu is open, or the board waits for keys."""
    screen = game_screen(app)
    if screen is None or screen.state is None or screen.state.phase is Phase.OVER:
        return True
    if screen.is_cpu_turn or screen._cpu_pending or screen.reports:
        return False
    if isinstance(app.screen, ChoiceDialog):
        return True
    if app.screen is screen and not screen._dialog_open:
        return screen.state.phase is Phase.ADMIT or screen.clinic_board.placement is not None
    return False


async def settle(pilot, app) -> None:
    """Wait until a person is to act (computer turns done, reports read) or the game
    is over. Reports and "pass the keyboard" screens are closed with Enter."""
    for _ in range(5000):
        await pilot.pause()
        if isinstance(app.screen, ReportDialog):
            await pilot.press("enter")
            continue
        if _ready(app):
            return
    raise AssertionError("computer turns never finished")


async def pick(pilot, app, matches) -> None:
    """Choose the first option of the open dialog whose value ``matches``."""
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog), f"expected a menu, got {dialog}"
    index = next(i for i, (_, value) in enumerate(dialog.choices) if matches(value))
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*["down"] * index, "enter")
    await pilot.pause()


async def open_menu(pilot, app) -> None:
    if not isinstance(app.screen, ChoiceDialog):
        await pilot.press("m")
        await pilot.pause()


async def move_cursor(pilot, screen, space) -> None:
    if screen.clinic_board.floor != space.floor:
        await pilot.press(str(space.floor))
    c, r = screen.clinic_board.cursor.col, screen.clinic_board.cursor.row
    keys = (["right"] * (space.col - c) + ["left"] * (c - space.col)
            + ["down"] * (space.row - r) + ["up"] * (r - space.row))
    if keys:
        await pilot.press(*keys)
    assert screen.clinic_board.cursor == space, (screen.clinic_board.cursor, space)


async def move_notepad(pilot, screen, row: int, index: int) -> None:
    r, i = screen.main_board.np_cursor
    keys = (["right"] * (index - i) + ["left"] * (i - index) + ["down"] * (row - r) + ["up"] * (r - row))
    if keys:
        await pilot.press(*keys)
    assert screen.main_board.np_cursor == (row, index)


async def confirm_if_asked(pilot, app) -> None:
    """Ending an action with something unused asks first: the driver says yes."""
    from tui_common.dialogs import ConfirmDialog

    for _ in range(5):
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await pilot.pause()
            return


async def do_action(pilot, app, action) -> None:
    """Play ``action`` (legal now) for the person whose turn it is, by keys."""
    screen = game_screen(app)
    state = screen.state
    legal = legal_actions(state)
    if isinstance(action, (SelectTile, ChooseBonus, BuyPopularity, RemoveCar, ParkStartingCar)):
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: v == action)
    elif isinstance(action, Construct):
        if screen.clinic_board.placement is None:
            await open_menu(pilot, app)
            name = next(n for n, acts in build_groups(legal).items() if action in acts)
            await pick(pilot, app, lambda v: v == name)
        for space in key_spaces_of(action.build, screen.clinic.board):
            await move_cursor(pilot, screen, space)
            await pilot.press("enter")
            await pilot.pause()
        if isinstance(app.screen, ChoiceDialog) and app.screen.kind == "side-dialog":  # two ways
            await pick(pilot, app, lambda v: v == action)
    elif isinstance(action, Done):
        if isinstance(app.screen, ChoiceDialog):
            await pick(pilot, app, lambda v: v == "done")
        else:
            await pilot.press("d")
        await confirm_if_asked(pilot, app)
    elif isinstance(action, (HireDoctor, HireNurse, HireOrderly)):
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: isinstance(v, list) and action in v)
        if isinstance(app.screen, ChoiceDialog) and app.screen.kind == "arrival-dialog":
            await pick(pilot, app, lambda v: v == action.arrival)
        if isinstance(app.screen, ChoiceDialog) and app.screen.kind == "car-dialog":
            await pick(pilot, app, lambda v: v == action)
    elif isinstance(action, ShiftAppointment):
        await move_notepad(pilot, screen, state.row(action.service), action.index)
        await pilot.press("enter", ARROW[action.direction])
    elif isinstance(action, AdmitPatient):
        await move_notepad(pilot, screen, state.row(action.service), screen.main_board.np_cursor[1])
        await pilot.press("a")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog) and app.screen.kind == "car-dialog":
            await pick(pilot, app, lambda v: v == action)
    elif isinstance(action, MovePerson):
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: v == action.pid)
        await move_cursor(pilot, screen, action.goal)
        await pilot.press("enter")
    elif isinstance(action, EndMove):
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: v == "end")
        await confirm_if_asked(pilot, app)
    else:  # pragma: no cover
        raise AssertionError(f"unknown action {action}")
    await pilot.pause()


def choose(state, rng: random.Random, legal):
    """A sensible-ish random choice for the person: rarely ``Done`` early, so the
    game exercises builds, hires and admissions."""
    useful = [a for a in legal if not isinstance(a, (Done, EndMove))]
    if useful and rng.random() < 0.85:
        return rng.choice(useful)
    return rng.choice(legal)


async def play(pilot, app, rng: random.Random, *, max_actions: int = 1500, until_round: int | None = None):
    """Play every human action by keys until the game ends (or ``until_round``
    begins). Returns the (state, action) pairs the people played."""
    played = []
    await settle(pilot, app)
    for _ in range(max_actions):
        screen = game_screen(app)
        if screen is None or screen.state.phase is Phase.OVER:
            return played
        state = screen.state
        if until_round is not None and state.round >= until_round:
            return played
        action = choose(state, rng, legal_actions(state))
        done = len(screen.record.actions)
        await do_action(pilot, app, action)
        record = screen.record
        assert len(record.actions) > done, f"{action} was not played by the keys"
        assert (record.states[done], record.actions[done]) == (state, action), f"{action} was not played by the keys"
        played.append((state, action))
        await settle(pilot, app)
    raise AssertionError("the game did not end")


def dealt_to_round(players: str, seed: int, round_: int, rng_seed: int = 0, **kw):
    """The game a ``make_app(players, seed, **kw)`` app would deal (``saving.new_record``:
    its goal and options too), played on through the engine (``apply_action``, every
    seat choosing as ``choose`` does) to the first moment of round ``round_`` where seat
    0 is to act: a test plays only its last rounds by keys, the first ones in no time
    (``ClinicApp(options, state=...)`` opens it)."""
    from clinic_tui.saving import new_record
    from core.clinic.game import apply_action, is_over

    options = Options(seats=parse_players(players), seed=seed, cpu_delay=0, **kw)
    state = new_record(options, seed).state
    rng = random.Random(rng_seed)
    while not (state.round >= round_ and state.current == 0):
        assert not is_over(state), "the game ended first"
        state = apply_action(state, choose(state, rng, legal_actions(state)))
    return state


# -- small tests of the pieces the driver relies on -------------------------------------


def test_parse_players_names_computers_and_sides():
    seats = parse_players("Ann, Bob+ ,cpu:basic,Zed=cpu:random")
    assert seats == (
        Seat("Ann"), Seat("Bob", None, True, "expert"), Seat("CPU (medium)", "basic"), Seat("Zed", "random"),
    )


@pytest.mark.parametrize("text", ["", "Ann,,Bob", "cpu:clever", "a,b,c,d,e"])
def test_parse_players_rejects(text):
    with pytest.raises(ValueError):
        parse_players(text)


def test_cli_help_lists_flags(capsys):
    from clinic_tui.__main__ import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for flag in ("--players", "--seed", "--expert", "--goal", "--cpu-delay", "--ascii"):
        assert flag in out


def test_cli_rejects_a_goal_for_two(capsys):
    from clinic_tui.__main__ import options_from_args

    with pytest.raises(SystemExit):
        options_from_args(["--players", "Ann,Bob", "--goal", "floor-3"])
    assert "one seat" in capsys.readouterr().err
