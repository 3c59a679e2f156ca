"""The kit's title bar survives a title change while it is being taken down (Textual
8.2's ``Header`` raised ``NoMatches 'HeaderTitle'`` then and closed the app: the key
fuzz, Clear the Ward, three computer seats, seed 2, key 2621; issue 20)."""

from __future__ import annotations

from textual.app import App
from textual.widgets._header import HeaderTitle

from tui_common.header import ICON, TableHeader


class Titled(App):
    def compose(self):
        yield TableHeader()


async def test_a_title_change_after_the_title_widget_is_gone_is_dropped():
    app = Titled()
    async with app.run_test(size=(40, 5)) as pilot:
        header = app.query_one(TableHeader)
        await header.query_one(HeaderTitle).remove()  # the header is leaving with its screen
        app.screen.title = "Round 2"
        app.title = "Clinic"
        await pilot.pause()
        assert app.is_running and app._exception is None


async def test_the_title_bar_shows_the_icon_and_follows_the_screens_title():
    app = Titled()
    async with app.run_test(size=(40, 5)) as pilot:
        header = app.query_one(TableHeader)
        assert header.icon == ICON == "✚"
        app.screen.title = "Round 2"
        await pilot.pause()
        assert "Round 2" in str(header.query_one(HeaderTitle).render())
