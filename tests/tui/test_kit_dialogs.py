"""The kit's dialogs close once, and only from the top of the screen stack (issue 20).

A pick that arrives late, after a help screen was opened over the dialog, must not
close the help in the dialog's place: Textual's ``dismiss`` pops whatever is on top,
which once left the dialog stranded and deaf to every key (a "dead state" of the fuzz).
"""

from __future__ import annotations

from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Label

from tui_common.dialogs import ChoiceDialog


class Cover(ModalScreen[None]):
    """Stands for the help screen: modal, drawn over the dialog."""

    def compose(self):
        yield Label("help")


class Table(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.dialog = ChoiceDialog("Which?", [("first", 1), ("second", 2)])
        self.push_screen(self.dialog, self.results.append)


async def test_a_late_pick_under_a_modal_screen_leaves_both_in_place():
    app = Table()
    async with app.run_test() as pilot:
        await pilot.pause()
        cover = Cover()
        app.push_screen(cover)
        await pilot.pause()
        app.dialog.action_pick(1)  # the pick that was still queued when help opened
        await pilot.pause()
        assert app.screen is cover, "the help screen is still on top"
        assert app.results == []
        app.pop_screen()
        await pilot.pause()
        assert app.screen is app.dialog
        await pilot.press("2")  # the dialog still answers its keys
        await pilot.pause()
        assert app.results == [2]
        assert app.screen is not app.dialog


async def test_a_second_pick_is_ignored():
    app = Table()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.dialog.action_pick(0)
        app.dialog.action_pick(1)
        await pilot.pause()
        assert app.results == [1]
        assert len(app.screen_stack) == 1
