"""The stats screen (``s`` on the setup screen, ``clear-ward stats``): for each mode
played, the sentences of ``tui_common.history.sentences`` and a ``Sparkline`` of the
recent scores (oldest on the left). Esc or q closes it."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Sparkline, Static

from tui_common.header import TableHeader


class StatsScreen(Screen):
    """The record of progress of ``game`` kept in ``folder``; ``closes_app``: leaving
    it quits (it was opened with ``<game> stats``)."""

    BINDINGS = [Binding("escape,q", "close", "Back", id="stats.close")]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 0 1; }
    StatsScreen .stats-mode { margin-top: 1; }
    StatsScreen Sparkline { height: 2; margin: 0 0 0 0; }
    """

    def __init__(self, folder: Path | str, game: str, *, closes_app: bool = False) -> None:
        super().__init__()
        self.folder, self.game, self.closes_app = Path(folder), game, closes_app

    def compose(self) -> ComposeResult:
        import sqlite3

        from tui_common.history import FILE_NAME, read_games, sentences, summaries, title_of

        yield TableHeader()
        with VerticalScroll(id="stats-body"):
            try:
                games = read_games(self.folder, self.game)
            except (OSError, sqlite3.Error) as err:
                yield Static(f"The history in {self.folder / FILE_NAME} cannot be read ({err}); it was left as it was.",
                             markup=False, id="stats-problem")
                games = []
            if not games:
                yield Static(f"No finished games of {title_of(self.game)[0]} yet: "
                             "the stats start with the first.", id="stats-empty")
            for stats in summaries(games):
                yield Static("\n".join(sentences(stats)), classes="stats-mode", markup=False,
                             id=f"stats-{stats.mode}")
                yield Sparkline(list(stats.recent), summary_function=max, id=f"chart-{stats.mode}")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Stats"
        self.sub_title = "your record of progress · Esc: back"

    def action_close(self) -> None:
        if self.closes_app:
            self.app.exit()
        else:
            self.app.pop_screen()
