"""The mini-expansions in the app: the ``--expansions`` flag, the setup checkboxes, the
menus offering each new action (played by keys), and one picture per expansion at
80x24 (extinguisher ``x``, purple doctor ``P`` lying ``_``, zombie ``Z``, Blood token
``b``)."""

from __future__ import annotations

import random

import pytest
from attrs import evolve
from test_clinic_driver import do_action, game_screen, make_app, open_menu, pick, settle

from clinic_tui.app import ClinicApp
from clinic_tui.config import EXPANSIONS, Options, parse_expansions, parse_players
from core.clinic.board import Space
from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.expansions import action_types
from core.clinic.expansions.zombies import with_zombie_moves
from core.clinic.game import Phase, apply_action, constants as K, is_over, legal_actions, new_game
from core.clinic.game.actions import Done, EndMove


def test_the_app_knows_every_expansion_of_the_engine():
    assert tuple(EXPANSIONS) == K.EXPANSIONS


def test_expansions_flag():
    from clinic_tui.__main__ import options_from_args

    assert options_from_args(["--players", "Ann", "--expansions", "zombies,blood"]).expansions == ("blood", "zombies")
    assert options_from_args(["--players", "Ann"]).expansions == ()
    assert parse_expansions("none") == ()
    with pytest.raises(SystemExit):
        options_from_args(["--expansions", "dragons"])


def test_a_new_game_records_its_expansions():
    from clinic_tui.saving import new_record, options_for

    options = Options(seats=parse_players("Ann,Bob"), expansions=("extinguishers", "zombies"))
    record = new_record(options, 4)
    assert record.state.config.options == {"extinguishers", "zombies"}
    assert options_for(Options(), record).expansions == ("extinguishers", "zombies")


async def test_setup_checkboxes_start_a_game_with_expansions():
    from textual.widgets import Checkbox

    app = ClinicApp(Options(cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#expansion-workaholics", Checkbox).value = True
        app.screen.query_one("#expansion-blood", Checkbox).value = True
        app.screen.action_start()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.state.config.options == {"workaholics", "blood"}


async def _do(pilot, app, action) -> None:
    """Play ``action`` by keys, the expansions' actions from the menus."""
    if isinstance(action, action_types()):
        await open_menu(pilot, app)
        await pick(pilot, app, lambda v: v == action)
        await pilot.pause()
    else:
        await do_action(pilot, app, action)


@pytest.mark.parametrize("scene", ["extinguishers", "zombies", "blood"])
async def test_the_menus_offer_and_play_each_new_action(scene):
    """Each expansion action the engine offers is in the menu and is played from it."""
    state, opts = SCENES[scene]()
    app = _app(state, opts)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        special = [a for a in legal_actions(screen.state) if isinstance(a, action_types())]
        assert special, "the scene offers an expansion action"
        action = special[-1]
        await _do(pilot, app, action)
        assert tuple(screen.record.actions) == (action,)


# --- one picture per expansion at 80x24 -------------------------------------------------
def _state(options, pred, seed=3):
    state = new_game(["Ann", "Basic bot"], seed, options=options)
    rng = random.Random(seed)
    for _ in range(3000):
        if is_over(state) or (state.current == 0 and pred(state)):
            return state
        legal = legal_actions(state)
        useful = [a for a in legal if not isinstance(a, (Done, EndMove))]
        state = apply_action(state, rng.choice(useful if useful and rng.random() < 0.8 else legal))
    raise AssertionError("not reached")


def _app(state, options) -> ClinicApp:
    return ClinicApp(Options(seats=parse_players("Ann,cpu:basic"), seed=3, cpu_delay=0, expansions=options),
                     state=state)


def _hub(clinic) -> Space:
    return next(s for s, m in clinic.board.modules if m.kind is ModuleKind.SERVICE_HUB)


def _with_board(state, **changes):
    p = state.players[0]
    clinic = evolve(p.clinic, board=evolve(p.clinic.board, **changes))
    return evolve(state, players=(evolve(p, clinic=clinic), *state.players[1:]))


def _extinguishers():
    opts = ("extinguishers",)
    state = _state(opts, lambda s: s.phase is Phase.BUILD and s.round >= 2)
    hub = _hub(state.players[0].clinic)
    return _with_board(state, extinguishers=frozenset({hub})), opts


def _workaholics():
    opts = ("workaholics",)
    state = _state(opts, lambda s: s.phase is Phase.HIRE)
    state = evolve(state, university=(Colour.PURPLE, Colour.WHITE))
    p = state.players[0]
    doc = p.clinic.of_role(Role.DOCTOR)[0]
    people = tuple(evolve(q, colour=Colour.PURPLE, lying=True) if q.id == doc.id else q for q in p.clinic.people)
    return evolve(state, players=(evolve(p, clinic=evolve(p.clinic, people=people)), *state.players[1:])), opts


def _zombies():
    opts = ("zombies",)
    state = _state(opts, lambda s: s.phase is Phase.MOVE and s.step.moved == ())
    hub = _hub(state.players[0].clinic)
    return _with_board(state, zombies=(hub,)), opts


def _nurse_inside(state):
    clinic = state.players[0].clinic
    return next((q for q in clinic.of_role(Role.NURSE)
                 if isinstance(q.where, Space) and clinic.board.module_at(q.where)), None)


def _blood():
    opts = ("blood",)
    state = _state(opts, lambda s: s.phase is Phase.MOVE and s.step.moved == () and _nurse_inside(s))
    return _with_board(state, blood=(_nurse_inside(state).where,)), opts


SCENES = {"extinguishers": _extinguishers, "workaholics": _workaholics, "zombies": _zombies, "blood": _blood}


@pytest.mark.parametrize("scene", list(SCENES))
def test_expansion_screens(snap_compare, scene):
    state, opts = SCENES[scene]()

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("escape")  # the menu closed: the board shows
        await pilot.pause()

    assert snap_compare(_app(state, opts), terminal_size=(80, 24), run_before=run_before)



def test_the_end_screen_counts_the_zombies():
    """Z15: the end line "+9 × n" (L1198 "You gain 9 popularity for each zombie still in
    your clinic")."""
    from clinic_tui.screens.game_over import summary_text
    from core.clinic.game.end import end_game

    state, _ = _zombies()
    over = end_game(_with_board(state, zombies=(_hub(state.players[0].clinic),) * 2))
    text = summary_text(over, ["Ann", "Basic bot"])
    assert "zombies still in the clinic +18 (+9 each)" in text
    assert "zombies: 0 people killed, 0 cured, 2 still in the clinic (+9 each)" in text  # the corpses (L1170)


async def test_the_path_preview_says_plus_one_extinguisher():
    """X9 '"+1 extinguisher" in path previews' (L1087 "Moving or conveying into a
    module with an extinguisher costs 1 additional time"): the status line under the
    board while choosing where someone goes."""
    from core.clinic.game.actions import MovePerson

    opts = ("extinguishers",)
    state = _state(opts, lambda s: s.phase is Phase.MOVE and s.step.moved == ()
                   and any(isinstance(a, MovePerson) and isinstance(a.goal, Space) for a in legal_actions(s)))
    move = next(a for a in legal_actions(state) if isinstance(a, MovePerson) and isinstance(a.goal, Space))
    state = _with_board(state, extinguishers=frozenset({move.goal}))
    app = _app(state, opts)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        from clinic_tui.screens.status import cursor_line

        screen.plays.start_moving(move.pid)
        screen.clinic_board.go_to(move.goal)
        assert "(+1 extinguisher) via" in cursor_line(screen)


async def test_the_clinic_shows_the_abandoned_cars():
    """Z15: the cars of the dead and the mutated are counted under the clinic."""
    from clinic_tui.widgets.clinic_view import ClinicView

    state, opts = _zombies()
    p = state.players[0]
    state = evolve(state, players=(evolve(p, clinic=evolve(p.clinic, abandoned_cars=3)), *state.players[1:]))
    app = _app(state, opts)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        lines = [line.plain for line in game_screen(app).query_one(ClinicView)._lines()]
    assert any("abandoned cars 3" in line for line in lines)
    assert any("Z" in line for line in lines)


def test_the_supplies_line_counts_what_is_left():
    """B14 "supply count", X1, Z12: the main board says what is left of each shared
    supply (6 Blood tokens, 12 extinguishers, 8 zombies)."""
    from clinic_tui.widgets.main_board import expansion_supplies
    from core.clinic.game.view import player_view

    state = new_game(2, 1, options=K.EXPANSIONS)
    assert expansion_supplies(player_view(state, 0)) == "Blood 6 · Extinguishers 12 · Zombies 8"
    state = _with_board(state, zombies=(Space(0, 1, 1),), extinguishers=frozenset({Space(0, 1, 1)}))
    assert expansion_supplies(player_view(state, 0)) == "Blood 6 · Extinguishers 11 · Zombies 7"
    assert expansion_supplies(player_view(new_game(2, 1), 0)) == ""


async def test_ending_the_move_warns_who_a_zombie_would_remove():
    """Z15 "a warning before `EndMove` leaves anyone with a zombie" (L1170 "anyone
    (staff and patients) in a space with a zombie is removed from the game"): e asks
    first, naming them."""
    from tui_common.dialogs import ConfirmDialog

    state, opts = _zombies()
    hub = state.players[0].clinic.board.zombies[0]
    p = state.players[0]
    nurse = next(q for q in p.clinic.people if q.role is not Role.PATIENT)
    people = tuple(evolve(q, where=hub) if q.id == nurse.id else q for q in p.clinic.people)
    state = evolve(state, players=(evolve(p, clinic=evolve(p.clinic, people=people)), *state.players[1:]),
                   step=with_zombie_moves(state.step, (hub,)))
    assert EndMove() in legal_actions(state)
    app = _app(state, opts)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # the move menu closed
        await pilot.pause()
        game_screen(app).action_end_move()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert f"Warning: with a zombie at the end of the move: {nurse}" in app.screen.question


def test_the_help_and_rules_screens_cover_each_expansion():
    """Issue 14: "the help and rules screens cover them": the rules screen (r) has a
    section per expansion, with what the screen shows; the help (?) each new glyph."""
    from clinic_tui.screens.help import EXPANSIONS_HELP
    from core.clinic.expansions import all_expansions

    rules = ClinicApp(Options(cpu_delay=0)).rules_markdown()
    for e in all_expansions():
        section = rules.split(f"### {e.title}\n")[1].split("\n## ")[0].split("\n### ")[0]
        assert "**On screen**" in section, e.name
    for glyph in ("`x`", "`dP`", "`dP_`", "`Z`", "`b`", "`n_`", "`nb`", "`n^`"):
        assert glyph in EXPANSIONS_HELP
