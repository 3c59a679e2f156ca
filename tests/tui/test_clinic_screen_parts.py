"""Clinic's game screen is made of parts that own their state (issue 31): the screen
has at most two base classes and no module under ``clinic_tui/screens`` defines a
mixin; the floor cursor (``ClinicBoard``) and the notepad cursor (``MainBoard``) keep
their own cursor and post messages up instead of writing the screen's fields."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.app import App

import clinic_tui.screens
from clinic_tui import saving
from clinic_tui.config import UNICODE, Options, parse_players
from clinic_tui.widgets.clinic_board import ClinicBoard
from clinic_tui.widgets.main_board import MainBoard
from core.clinic.board import Space
from core.clinic.game import Shift
from core.clinic.game.view import player_view


def _state():
    return saving.new_record(Options(seats=parse_players("Ann"), seed=3), 3).state


def test_the_game_screen_has_two_bases_at_most_and_the_screens_define_no_mixin():
    from clinic_tui.screens.game import GameScreen

    assert len(GameScreen.__bases__) <= 2, GameScreen.__bases__
    # none of the screen's ancestors comes from clinic_tui/screens (the old mixins did)
    assert [c for c in GameScreen.__mro__[1:] if c.__module__.startswith("clinic_tui.screens")] == []
    folder = Path(clinic_tui.screens.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                assert not node.name.endswith("Mixin"), f"{path.name} defines {node.name}"


class _Host(App):
    """A bare app holding one widget and recording the messages it posts."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.widget, self.heard = widget, []

    def compose(self):
        yield self.widget

    def on_clinic_board_moved(self, event) -> None:
        self.heard.append(event)

    def on_main_board_notepad_moved(self, event) -> None:
        self.heard.append(event)

    def on_main_board_shift_asked(self, event) -> None:
        self.heard.append(event)


async def test_the_floor_cursor_moves_on_the_board_and_says_so():
    state = _state()
    clinic = state.players[0].clinic
    board = ClinicBoard(UNICODE)
    app = _Host(board)
    async with app.run_test(size=(100, 40)) as pilot:
        board.draw(clinic, all_floors=False, title="your clinic", cars={}, carrying=frozenset())
        board.step(-1, -1)  # already in the corner: stays, still told
        board.step(1, 0)
        board.show_floor(2)
        for _ in range(clinic.board.rows + 2):
            board.step(0, 1)  # down past the last row: kept on the board
        await pilot.pause()
        last = Space(2, 1, clinic.board.rows - 1)
        assert board.cursor == last and board.floor == 2
        assert [m.space for m in app.heard[:3]] == [Space(0, 0, 0), Space(0, 1, 0), Space(2, 1, 0)]
        assert app.heard[-1].space == last
        assert board.picture.cursor == last and board.picture.floors == (2,)  # drawn where it is


async def test_the_floor_cursor_places_on_its_targets_and_drops_them():
    from clinic_tui import choices
    from core.clinic.game import apply_action, legal_actions

    state = _state()
    while not choices.build_groups(legal_actions(state)):
        state = apply_action(state, legal_actions(state)[0])
    name, acts = next(iter(choices.build_groups(legal_actions(state)).items()))
    clinic = state.players[state.current].clinic
    board = ClinicBoard(UNICODE)
    app = _Host(board)
    async with app.run_test(size=(100, 40)) as pilot:
        board.draw(clinic, all_floors=False, title="", cars={}, carrying=frozenset())
        placement = choices.Placement.of(name, acts, clinic.board)
        board.place(placement)
        targets = sorted(placement.targets(), key=lambda s: (s.floor, s.row, s.col))
        assert board.cursor == targets[0] and board.targets() == placement.targets()
        board.next_target()
        assert board.cursor == (targets[1] if len(targets) > 1 else targets[0])
        assert board.drop() and board.placement is None and board.targets() == {}
        assert not board.drop()  # nothing left to drop
        await pilot.pause()
        assert app.heard and app.heard[-1].space == board.cursor


async def test_the_notepad_cursor_moves_and_a_held_patient_asks_to_shift():
    state = _state()
    notepad = MainBoard()
    app = _Host(notepad)
    rows, width = len(state.notepad), len(state.notepad[0])
    async with app.run_test(size=(60, 50)) as pilot:
        notepad.show(player_view(state, 0), ["Ann"], notepad=True)
        notepad.notepad_home(width)
        assert notepad.np_cursor == (0, width - 1)
        notepad.notepad_step(1, 0, rows, width)  # right of the marked column: stays
        notepad.notepad_step(-1, 1, rows, width)
        assert notepad.np_cursor == (1, width - 2)
        notepad.hold(True)
        notepad.notepad_step(0, -1, rows, width)  # held: the patient asks to move up
        assert notepad.np_cursor == (1, width - 2) and not notepad.np_held
        await pilot.pause()
        asked = app.heard[-1]
        assert isinstance(asked, MainBoard.ShiftAsked)
        assert (asked.row, asked.index, asked.way) == (1, width - 2, Shift.UP)
        moved = [m for m in app.heard if isinstance(m, MainBoard.NotepadMoved)]
        assert [(m.row, m.index) for m in moved] == [(0, width - 1), (1, width - 2), (1, width - 2)]
        notepad.follow_shift(asked, rows)  # played: the cursor follows the patient
        assert notepad.np_cursor == (0, width - 2)
        assert "{" not in str(notepad.render())  # nothing held is drawn


async def test_the_status_line_follows_the_cursor_keys():
    """The screen hears ``ClinicBoard.Moved`` and says what is under the cursor; in the
    Admit phase the arrows move the notepad cursor and the line names its space."""
    from test_clinic_driver import game_screen, make_app, settle

    app = make_app("Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        if app.screen is not screen:
            await pilot.press("escape")  # the phase's menu: look at the board first
            await pilot.pause()
        status = screen.query_one("#status")
        for key, col in (("right", 1), ("right", 2), ("left", 1)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.clinic_board.cursor == Space(0, col, 0)
            assert str(status.render()).splitlines()[1].startswith(f"floor 0 {'ABCD'[col]}1")
        await pilot.press("2")
        await pilot.pause()
        assert str(status.render()).splitlines()[1].startswith("floor 2 B1")
