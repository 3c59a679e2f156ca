"""Clinic at the table, round three (issue 30): the hint selects a whole action and
Enter plays exactly it; refusals are players' sentences; menu keys never clash with
the key bar."""

from __future__ import annotations

import pytest
from test_clinic_driver import game_screen, settle
from test_clear_ward_hint import wait_for_hint
from test_clinic_snapshots import state_at  # seeded random play to a phase

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, parse_players
from core.clinic.game import EndMove, MovePerson, Phase, legal_actions
from core.clinic.game.bot_hint import Hint
from tui_common.dialogs import ChoiceDialog
from tui_common.messages import reason_in_words

PLAYERS = "Ann,cpu:basic"


def crowded_move(state):
    """A legal move whose goal has another person who may move standing on it (Enter
    there used to pick that person up instead)."""
    clinic = state.players[state.current].clinic
    moves = [a for a in legal_actions(state) if isinstance(a, MovePerson)]
    movers = {a.pid for a in moves}
    for move in moves:
        if any(p.id in movers and p.id != move.pid for p in clinic.at(move.goal)):
            return move
    return None


def app_at(state, seed: int) -> ClinicApp:
    return ClinicApp(Options(seats=parse_players(PLAYERS), seed=seed, cpu_delay=0), state=state)


async def close_menus(pilot, app) -> None:
    """Esc until no menu is open: the board has the keys."""
    while isinstance(app.screen, ChoiceDialog):
        await pilot.press("escape")
        await pilot.pause()


def fixed_hint(screen, action) -> None:
    screen.hint_function = lambda state, seed: Hint(action, "a fixed hint for the test")


@pytest.mark.parametrize("menu_open", [False, True], ids=["board", "menu"])
async def test_enter_after_a_hint_plays_exactly_the_hinted_move(menu_open):
    state = state_at(3, lambda s: s.phase is Phase.MOVE and crowded_move(s) is not None)
    move = crowded_move(state)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        if not menu_open:
            await close_menus(pilot, app)
        fixed_hint(screen, move)
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        await pilot.press("enter")  # the menu's hinted person, or the board's hinted move
        await pilot.pause()
        if screen.state is state:
            assert screen.clinic_board.cursor == move.goal and screen.clinic_board.moving.pid == move.pid
            await pilot.press("enter")
            await pilot.pause()
        assert screen.record.actions[-1] == move
        assert not [n for n in app._notifications if n.severity == "error"]


def test_a_refusal_is_a_players_sentence():
    said = reason_in_words("Illegal action 'move person 2 to floor 0 B3' for seat 0 in the move phase: "
                           "Move: white doctor 2 is already at floor 0 B3")
    assert said == "Not possible: white doctor 2 is already at floor 0 B3."


async def test_no_engine_wording_when_a_move_is_refused():
    state = state_at(3, lambda s: s.phase is Phase.MOVE and crowded_move(s) is not None)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        person = next(a.pid for a in legal_actions(state) if isinstance(a, MovePerson))
        where = state.players[0].clinic.person(person).where
        screen.play(MovePerson(person, where))  # where it stands: refused by the engine
        await pilot.pause()
        said = [n.message for n in app._notifications if n.severity == "error"]
        assert said and all("(Move)" not in m and "person" not in m.split(":")[0] for m in said), said


# -- menu keys and the key bar -------------------------------------------------------------------
def test_no_menu_letter_is_a_key_of_either_game():
    from clear_ward_tui.screens.game import GameScreen as WardScreen
    from clinic_tui.screens.game import GameScreen as ClinicScreen
    from tui_common.dialogs import CHOICE_KEYS

    game_keys = {key.strip() for screen in (ClinicScreen, WardScreen, ChoiceDialog)
                 for binding in screen.BINDINGS if not binding.action.startswith("pick(")
                 for key in binding.key.split(",")}
    assert not game_keys & set(CHOICE_KEYS[9:]), game_keys & set(CHOICE_KEYS[9:])


def bottom_line(app) -> str:
    from test_kit_ascii import screen_text

    return screen_text(app).splitlines()[-1]


async def test_e_ends_the_move_with_the_move_menu_open_and_the_key_bar_shows_the_menus_keys():
    from tui_common.dialogs import ConfirmDialog

    state = state_at(3, lambda s: s.phase is Phase.MOVE and s.round >= 2)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert isinstance(app.screen, ChoiceDialog) and app.screen.kind == "move-dialog"
        for _ in range(50):  # the key bar is drawn after the menu
            await pilot.pause()
            bar = bottom_line(app)
            if bar.strip():
                break
        assert "e End move" in bar and "Esc" in bar.replace("esc", "Esc"), bar
        for word in ("m Menu", "n Next", "v View", "d Done", "a Admit"):
            assert word not in bar, f"{word!r} does not work in the menu: {bar}"
        await pilot.press("e")
        await pilot.pause()
        asked = isinstance(app.screen, ConfirmDialog)
        ended = screen.record.actions[-1:] == [EndMove()]
        refused = any(n.message.startswith("End the move") for n in app._notifications)
        assert asked or ended or refused


async def test_the_board_marks_cars_with_the_menus_own_labels():
    from clinic_tui import choices

    app = ClinicApp(Options(seats=parse_players(PLAYERS), seed=5, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        menu = app.screen
        assert isinstance(menu, ChoiceDialog) and menu.kind == "car-pick-dialog"
        assert len(menu.choices) > 9
        marks = choices.car_marks(screen.state, screen.legal())
        options = menu.query_one("#choices")
        lines = {menu.choices[i][1].spot: str(options.get_option_at_index(i).prompt) for i in range(len(menu.choices))}
        for spot, label in marks.items():
            assert lines[spot].startswith(f"{label}. "), (label, lines[spot])


@pytest.mark.parametrize("phase", [Phase.SELECT, Phase.HIRE])
async def test_the_action_tile_and_hire_menus_leave_the_main_board_in_view(phase):
    """The action tile's choice depends on the notepad, university and scores, a hire
    on the university: those menus dock at the left, the main board uncovered."""
    state = state_at(3, lambda s: s.phase is phase and (phase is Phase.HIRE or s.round == 2))
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        menu = app.screen
        assert isinstance(menu, ChoiceDialog) and menu.kind == f"{phase.name.lower()}-dialog"
        box = menu.query_one(".dialog").region
        board = screen.query_one("#board").region
        assert box.right <= board.x, (box, board)


async def test_ending_admit_with_queue_points_left_asks_first_even_with_nobody_to_admit():
    """Queue points left are lost when the Admit action ends: d asks first, as it does
    in Build with builds left, also when they could only move notepad patients."""
    from core.clinic.game import AdmitPatient, ShiftAppointment
    from tui_common.dialogs import ConfirmDialog

    def shifts_only(s):
        legal = legal_actions(s)
        return (s.phase is Phase.ADMIT and s.step.qp > 0 and not any(isinstance(a, AdmitPatient) for a in legal)
                and any(isinstance(a, ShiftAppointment) for a in legal))

    state = state_at(3, shifts_only)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await close_menus(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "queue point" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen.state is state, "no: the action goes on"


# -- setup -----------------------------------------------------------------------------------------
async def test_setup_first_enter_does_not_start_and_off_boxes_are_empty(tmp_path):
    from test_kit_ascii import screen_text

    from clinic_tui.screens.setup import SetupScreen

    app = ClinicApp(Options(data_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is not None and app.focused.id != "start-button"
        text = screen_text(app)
        assert "X▌ off" not in text and "▐ ▌ off" in text, "an off box is empty, read without colour"
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app) is None, "the first Enter does not start a game"
        await pilot.press("escape")  # the list the Enter opened
        box = app.screen.query_one("#expansion-zombies")
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert "▐X▌ on  Zombies" in screen_text(app) or "▐X▌ on Zombies" in screen_text(app)


async def test_enter_after_a_hint_builds_exactly_the_hinted_build():
    """H in the Build menu marks the component; choosing it puts the cursor on the
    hint's space (not the first ◆), and Enter builds exactly there."""
    from core.clinic.game import Construct
    from tui_common.dialogs import choice_label

    def many_places(s):
        if s.phase is not Phase.BUILD:
            return False
        spaces = {}
        for a in legal_actions(s):
            if isinstance(a, Construct) and getattr(a.build, "space", None) is not None:
                spaces.setdefault(type(a.build).__name__ + str(getattr(a.build, "kind", "")), set()).add(a.build.space)
        return any(len(v) > 2 for v in spaces.values())

    state = state_at(3, many_places)
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        menu = app.screen
        assert isinstance(menu, ChoiceDialog) and menu.kind == "build-dialog"
        from clinic_tui import choices

        groups = choices.build_groups(legal_actions(state))
        name, acts = max(groups.items(), key=lambda g: len(g[1]))
        build = sorted(acts, key=lambda a: (a.build.space.floor, a.build.space.row, a.build.space.col))[-1]
        fixed_hint(screen, build)
        await pilot.press("H")
        await wait_for_hint(pilot, app)
        index = next(i for i, (_, value) in enumerate(menu.choices) if value == name)
        await pilot.press(choice_label(index))
        await pilot.pause()
        assert screen.clinic_board.cursor == build.build.space
        await pilot.press("enter")
        await pilot.pause()
        assert screen.record.actions[-1] == build


async def test_enter_after_an_end_the_move_hint_ends_the_move():
    """Found playing ``clinic learn``: the hint said "Ends the move" and Enter opened
    "Move whom?" instead. A hint with no space is played by Enter while the cursor stays
    where the hint found it; moved away, Enter does what it does there."""
    state = state_at(3, lambda s: s.phase is Phase.MOVE and EndMove() in legal_actions(s))
    for moved_away in (True, False):
        app = app_at(state, 3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            screen = game_screen(app)
            await close_menus(pilot, app)
            fixed_hint(screen, EndMove())
            await pilot.press("H")
            await wait_for_hint(pilot, app)
            if moved_away:
                await pilot.press("right")
                await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            ended = bool(screen.record.actions) and screen.record.actions[-1] == EndMove()
            assert ended is not moved_away


async def test_a_notice_is_shown_once_with_a_menu_over_the_board():
    """Found playing ``clinic learn``: with a menu open, the hint's notice showed twice
    (the board's toasts under the menu's). The screens under the top one show none."""
    from textual.widgets._toast import Toast

    async def toasts(screen, expected: int) -> int:
        for _ in range(40):  # toasts are mounted later (call_later): a deadline, no fixed sleep
            if len(screen.query(Toast)) == expected:
                break
            await pilot.pause()
        return len(screen.query(Toast))

    state = state_at(3, lambda s: s.phase is Phase.MOVE and EndMove() in legal_actions(s))
    app = app_at(state, 3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        await close_menus(pilot, app)
        app.notify("one notice", timeout=60)
        board = app.screen
        assert await toasts(board, 1) == 1
        await pilot.press("m")  # the menu over the board
        assert isinstance(app.screen, ChoiceDialog)
        assert await toasts(app.screen, 1) == 1
        assert await toasts(board, 0) == 0, "the board under the menu shows no second copy"
        await pilot.press("escape")
        assert await toasts(board, 1) == 1, "back on the board, the notice is there again"
