"""A report or a yes/no question over the board shows its own keys in the key bar, not the
board's keys under it (those do nothing while it is open)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey
from test_clear_ward_driver import wait_for

from tui_common.dialogs import ConfirmDialog, ReportDialog


class Board(Screen):
    BINDINGS = [Binding("b", "build", "Build"), Binding("m", "move", "Move")]

    def compose(self) -> ComposeResult:
        yield Footer()


class Table(App):
    def on_mount(self) -> None:
        self.push_screen(Board())


def shown_keys(screen: Screen) -> set[str]:
    """The descriptions in the key bars drawn by ``screen`` itself."""
    return {key.description for key in screen.query(FooterKey)}


@pytest.mark.parametrize("dialog", [lambda: ReportDialog("Business", "Ann earns $4."),
                                    lambda: ConfirmDialog("End the Build anyway?")],
                         ids=["report", "confirm"])
async def test_a_dialog_over_the_board_shows_its_own_keys(dialog) -> None:
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        # the key bar fills itself after a frame is drawn: wait for it, with a deadline
        await wait_for(pilot, lambda: shown_keys(app.screen))
        assert "Build" in shown_keys(app.screen)
        app.push_screen(dialog())
        await wait_for(pilot, lambda: shown_keys(app.screen) & {"Continue", "Yes", "No"})
        keys = shown_keys(app.screen)
        assert keys & {"Continue", "Yes", "No"}
        assert "Build" not in keys and "Move" not in keys
