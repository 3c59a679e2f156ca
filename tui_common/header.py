"""``TableHeader``: the title bar at the top of every screen of both apps.

Textual 8.2's ``Header`` redraws its title whenever the app's or the screen's title
changes; if that happens in the instant the screen is being taken down (a fast "again"
or quit while a game screen opens or leaves), its title widget is already gone and the
update raised ``NoMatches 'HeaderTitle'``, which closed the app (found by the key fuzz,
issue 20). This header skips an update that finds no title to update.

A new title or sub-title redraws the title's line only (Textual's ``HeaderTitle.update``
asks for a layout, which redraws the whole screen; the one-line header's title is as
wide as the header and never wraps, so its layout cannot change).
"""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.events import Mount
from textual.dom import NoScreen
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

#: The icon at the left of the title bar: a hospital cross.
ICON = "✚"


class TableHeader(Header):
    """Textual's ``Header`` with the games' icon, whose title updates are dropped once
    the header is being taken down."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("icon", ICON)
        super().__init__(**kwargs)

    def _on_mount(self, event: Mount) -> None:
        # Instead of Header's own handler, which registers the same updates unguarded.
        event.prevent_default()

        async def set_title() -> None:
            try:
                # One line, as wide as the header: a new title never changes the layout,
                # so only the title's line is drawn again (a layout refresh redrew the
                # whole screen: 9 KB to a served player at each "waiting for Ann 0:12").
                self.query_one(HeaderTitle).update(self.format_title(), layout=self.tall)
            except (NoScreen, NoMatches):
                pass  # the header is leaving with its screen: nothing to redraw

        for owner in (self.app, self.screen):
            self.watch(owner, "title", set_title)
            self.watch(owner, "sub_title", set_title)
