"""The stats screen (``s`` on the setup screen, ``clear-ward stats``): for each mode
played, the sentences of ``tui_common.history.sentences`` and a ``Sparkline`` of the
recent scores (oldest on the left). Esc or q closes it. On the game server the lobby
opens it (``s``) on the server's history, for both games, with one player's rows only
(``player``)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Sparkline, Static

from tui_common.header import TableHeader


class StatsScreen(Screen):
    """The record of progress of ``game`` (a console script's name, or several) kept
    in ``folder``; ``player``: only that player's games (a server's history);
    ``closes_app``: leaving it quits (it was opened with ``<game> stats``)."""

    BINDINGS = [Binding("escape,q", "close", "Back", id="stats.close")]
    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 0 1; }
    StatsScreen .stats-mode { margin-top: 1; }
    StatsScreen Sparkline { height: 2; margin: 0 0 0 0; }
    """

    def __init__(self, folder: Path | str, game: str | tuple[str, ...], *, player: str | None = None,
                 closes_app: bool = False) -> None:
        super().__init__()
        self.folder, self.closes_app, self.player = Path(folder), closes_app, player
        self.games = (game,) if isinstance(game, str) else tuple(game)
        self.game = self.games[0]

    def compose(self) -> ComposeResult:
        import sqlite3

        from tui_common.history import FILE_NAME, read_games, sentences, summaries, title_of

        yield TableHeader()
        with VerticalScroll(id="stats-body"):
            found = []
            try:
                found = [(game, summaries(read_games(self.folder, game, self.player))) for game in self.games]
            except (OSError, sqlite3.Error) as err:
                yield Static(f"The history in {self.folder / FILE_NAME} cannot be read ({err}); it was left as it was.",
                             markup=False, id="stats-problem")
            if not any(modes for _, modes in found):
                titles = " or ".join(title_of(game)[0] for game in self.games)
                yield Static(f"No finished games of {titles} yet: the stats start with the first.", id="stats-empty")
            for game, modes in found:
                suffix = "" if len(self.games) == 1 else f"-{game}"
                for stats in modes:
                    yield Static("\n".join(sentences(stats)), classes="stats-mode", markup=False,
                                 id=f"stats-{stats.mode}{suffix}")
                    yield Sparkline(list(stats.recent), summary_function=max, id=f"chart-{stats.mode}{suffix}")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Stats"
        whose = "your" if self.player is None else f"{self.player}'s"
        self.sub_title = f"{whose} record of progress · Esc: back"

    def action_close(self) -> None:
        if self.closes_app:
            self.app.exit()
        else:
            self.app.pop_screen()
