"""The 911th Extension in the app: the ``--expansions emergency`` flag and the setup
checkbox, the ED board beside floor 0 (key E at 80 columns, both side by side when
wide), the emergency queues and ED funds on the main board, the Emergency action's
menus played by keys, the ED's lines in the reports, and pictures at 80x24 and 160x50."""

from __future__ import annotations

import random

import pytest
from test_clinic_driver import do_action, game_screen, open_menu, pick, settle

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, parse_players
from core.clinic.expansions.emergency.round import ED_PHASES
from clinic_tui.widgets.emergency import EDPanel
from clinic_tui.widgets.main_board import board_text
from core.clinic.expansions.emergency.actions import ChooseEmergency, EDConstruct, EDDone
from core.clinic.expansions.emergency.movement import EDMove
from core.clinic.expansions.emergency.state import Sub
from core.clinic.game import Done, EndMove, Phase, apply_action, is_over, legal_actions, new_game
from core.clinic.game.view import player_view
from core.clinic.expansions.emergency.access import ed_state, with_ed_state, emergency_turn
from core.clinic.expansions.emergency.round import EDPhase
from tui_common.dialogs import ChoiceDialog

OPTS = ("emergency",)
PLAYERS = "Ann,cpu:basic"


def state_at(seed: int, pred, names=("Ann", "Basic bot")):
    """Seeded random legal actions (not the bots: their play may change) from a new
    game with the ED until seat 0 is to act and ``pred`` holds."""
    state = new_game(list(names), seed, options=OPTS)
    rng = random.Random(seed)
    for _ in range(3000):
        if is_over(state) or (state.current == 0 and pred(state)):
            return state
        legal = legal_actions(state)
        useful = [a for a in legal if not isinstance(a, (Done, EndMove, EDDone))]
        state = apply_action(state, rng.choice(useful if useful and rng.random() < 0.8 else legal))
    raise AssertionError("phase not reached")


def app_at(state, seed: int) -> ClinicApp:
    return ClinicApp(Options(seats=parse_players(PLAYERS), seed=seed, cpu_delay=0), state=state)


# -- the option --------------------------------------------------------------------------------
def test_the_expansions_flag_takes_emergency():
    from clinic_tui.__main__ import options_from_args

    opts = options_from_args(["--players", "Ann", "--expansions", "emergency,zombies"])
    assert opts.expansions == ("emergency", "zombies")


async def test_the_setup_checkbox_starts_a_game_with_the_ed():
    from textual.widgets import Checkbox

    app = ClinicApp(Options(cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#expansion-emergency", Checkbox).value = True
        app.screen.action_start()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.state.config.options == {"emergency"}
        assert ed_state(screen.state.players[0]) is not None


# -- the main board ----------------------------------------------------------------------------
def test_the_main_board_shows_the_queues_residency_and_ed_funds():
    """"Emergency queues" with the rightmost space marked, the residency with its
    costs, and each player's ED funds under the savings."""
    state = new_game(["Ann", "Bob"], 3, options=OPTS)
    text = board_text(player_view(state, 0), ["Ann", "Bob"]).plain
    assert "Emergency queues" in text and "1p/2p" in text and "Residency $3:" in text
    assert text.count("ED $10") == 2
    assert "Emergency queues" not in board_text(player_view(new_game(["Ann", "Bob"], 3), 0), ["Ann", "Bob"]).plain


# -- the ED board beside floor 0 ---------------------------------------------------------------
async def test_key_e_shows_the_ed_board_instead_of_the_clinic_at_80_columns():
    state = state_at(3, lambda s: s.phase is Phase.SELECT and s.round == 2)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        screen = game_screen(app)
        left = screen.query_one("#ed-left", EDPanel)
        assert not left.display and screen.query_one("#clinic").display
        await pilot.press("E")
        await pilot.pause()
        assert left.display and not screen.query_one("#clinic").display
        assert "Ann's emergency department" in str(left.render())
        await pilot.press("E")
        await pilot.pause()
        assert not left.display


async def test_wide_screens_show_the_ed_board_beside_the_clinic():
    state = state_at(3, lambda s: s.phase is Phase.SELECT and s.round == 2)
    app = app_at(state, 3)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.query_one("#ed-side", EDPanel).display and screen.query_one("#clinic").display


# -- the Emergency action by keys --------------------------------------------------------------
async def do_ed_action(pilot, app, action) -> None:
    """Play ``action`` by keys: the ED's through its menus, others by the driver."""
    screen = game_screen(app)
    state = screen.state
    if isinstance(action, EDMove) or state.phase in ED_PHASES:
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: isinstance(v, list) and action in v)
        if isinstance(app.screen, ChoiceDialog) and app.screen.kind == "emergency-where-dialog":
            await pick(pilot, app, lambda v: v == action)
    else:
        await do_action(pilot, app, action)
    await pilot.pause()


async def test_an_emergency_action_is_played_by_its_menus():
    """Choose "build", a medium emergency room, its space; then "hire"... by keys."""
    state = state_at(5, lambda s: s.phase is EDPhase.EMERGENCY and emergency_turn(s).current is None)
    app = app_at(state, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert isinstance(app.screen, ChoiceDialog) and app.screen.kind == "emergency-dialog"
        assert screen.has_class("-ed")  # the ED board is shown for its decision
        await do_ed_action(pilot, app, ChooseEmergency(Sub.BUILD))
        assert emergency_turn(screen.state).current is Sub.BUILD
        build = next(a for a in legal_actions(screen.state) if isinstance(a, EDConstruct))
        await settle(pilot, app)
        await do_ed_action(pilot, app, build)
        assert screen.record.actions[-1] == build
        await settle(pilot, app)
        await do_ed_action(pilot, app, EDDone())
        await settle(pilot, app)
        assert emergency_turn(screen.state).done == (Sub.BUILD,)
        hire = ChooseEmergency(Sub.HIRE)
        await do_ed_action(pilot, app, hire)
        await settle(pilot, app)
        hires = [a for a in legal_actions(screen.state) if not isinstance(a, EDDone)]
        if hires:  # a hire: which, then where its car parks
            await do_ed_action(pilot, app, hires[-1])
            assert screen.record.actions[-1] == hires[-1]


async def test_an_emergency_person_moves_by_the_move_menu():
    """The Move menu lists each emergency person who may move (one line each); choosing
    one shows the ED board and asks where."""
    state = state_at(3, lambda s: s.phase is Phase.MOVE and any(
        isinstance(a, EDMove) for a in legal_actions(s)) and len({a.to for a in legal_actions(s) if isinstance(a, EDMove)}) > 1)
    move = next(a for a in legal_actions(state) if isinstance(a, EDMove))
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await do_ed_action(pilot, app, move)
        assert screen.record.actions[-1] == move and screen.has_class("-ed")


# -- pictures ----------------------------------------------------------------------------------
SCENES = {
    # name: (seed, predicate, size, keys)
    "select-wide": (3, lambda s: s.phase is Phase.SELECT and s.round == 2, (160, 50), []),
    "emergency-menu": (5, lambda s: s.phase is EDPhase.EMERGENCY, (80, 24), []),
    "emergency-wide": (5, lambda s: s.phase is EDPhase.EMERGENCY, (160, 50), []),
    "ed-key": (3, lambda s: s.phase is Phase.MOVE and s.round >= 2, (80, 24), ["escape", "E"]),
    "move-menu": (3, lambda s: s.phase is Phase.MOVE and s.round >= 2, (80, 24), []),
}


@pytest.mark.parametrize("scene", list(SCENES))
def test_emergency_screens(snap_compare, scene):
    seed, pred, size, keys = SCENES[scene]
    state = state_at(seed, pred)

    async def run_before(pilot):
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    assert snap_compare(app_at(state, seed), terminal_size=size, run_before=run_before)


# -- solitaire ---------------------------------------------------------------------------------
def test_an_ed_goal_from_the_command_line_brings_the_ed():
    """``clinic --goal ed-dark-rooms``: the ED's goal replaces the base goal (E34); the
    emergency option comes with it; the save keeps both."""
    from clinic_tui.__main__ import options_from_args
    from clinic_tui.saving import new_record, options_for
    from core.clinic.expansions.emergency.components import EDGoal

    opts = options_from_args(["--players", "Ann", "--goal", "ed-dark-rooms"])
    record = new_record(opts, 4)
    config = record.state.config
    assert config.ed_goal is EDGoal.DARK_ROOMS and config.solo_goal is None and "emergency" in config.options
    again = options_for(Options(), record)
    assert again.goal == "ed-dark-rooms" and again.expansions == ("emergency",)
    view = player_view(record.state, 0)
    assert "Goal 0/2 dark rooms: build 2 dark emergency rooms" in board_text(view, ["Ann"]).plain


async def test_the_replay_viewer_shows_the_ed(tmp_path):
    """A replayed game with the ED shows the viewed player's ED board with the main board."""
    from core import saves
    from core.clinic.game.bots import make_bot
    from core.clinic.game.game_record import RULES, options
    from core.record import GameRecord
    from core.saves import Seat

    record = GameRecord.new(RULES, 6, [Seat("Ann"), Seat("Bob")], options([False] * 2, ["beginner"] * 2, None, OPTS))
    bots = [make_bot("basic", 1), make_bot("basic", 2)]
    for _ in range(80):
        record = record.play(bots[record.state.current].choose(record.state))
    path = tmp_path / "ed.json"
    path.write_text(saves.dumps(record.to_save()))
    app = ClinicApp(Options(replay=str(path), cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert "Ann's emergency department" in str(app.screen.query_one("#ed-replay", EDPanel).render())


async def test_an_expert_places_the_free_ed_pieces_from_the_menu_with_the_ed_shown():
    """Experts "place a free hub and then a free light room" (E13): the menu lists the
    spaces, and the ED board is shown while they do."""
    state = new_game(["Ann", "Basic bot"], 4, options=OPTS, expert=[True, False], sides=["expert", "beginner"])
    while not (state.current == 0 and any(isinstance(a, EDConstruct) for a in legal_actions(state))):
        state = apply_action(state, legal_actions(state)[0])
    app = app_at(state, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.has_class("-ed")
        piece = legal_actions(screen.state)[0]
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: v == piece)
        assert screen.record.actions[-1] == piece


async def test_the_cars_an_emergency_person_may_take_are_numbered_on_the_ed_board():
    """Issue 15 (as the clinic's cars, ``help.py`` "Taking a car"): when someone who
    left the ED takes a car of the player's choice, the ED board marks each car that may
    go with its number in the menu, and the menu says so."""
    from attrs import evolve

    from core.clinic.expansions.emergency.business import EDRemoveCar
    from core.clinic.game.state import set_player
    from core.clinic.parking import free_parking_spots, park_car, parked_spots

    state = state_at(3, lambda s: s.phase is Phase.SELECT and s.round == 2)
    ed, lot = ed_state(state.players[0]), state.cars_lot
    while len(parked_spots(ed.board)) < 2:
        ed, lot = evolve(ed, board=park_car(ed.board, free_parking_spots(ed.board)[0])), lot - 1
    ed = evolve(ed, cars_owed=1)
    state = evolve(state, players=set_player(state, 0, with_ed_state(state.players[0], ed)),
                   cars_lot=lot, phase=EDPhase.ED_REMOVE_CAR, queue=(0,))
    picks = [a for a in legal_actions(state) if isinstance(a, EDRemoveCar)]
    assert len(picks) >= 2
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceDialog) and "marked on your emergency department" in app.screen.prompt
        board = str(game_screen(app).query_one("#ed-left", EDPanel).render())
        assert "◆1 car" in board and "◆2 car" in board
        await pick(pilot, app, lambda value: value == [picks[1]])
        await settle(pilot, app)
        assert game_screen(app).record.actions[0] == picks[1]
        assert "◆" not in str(game_screen(app).query_one("#ed-left", EDPanel).render())
