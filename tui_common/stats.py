"""The ``stats`` command of both console scripts: ``clear-ward stats`` opens the stats
screen (``tui_common.stats_screen``), ``clear-ward stats --plain`` prints the same
numbers as sentences (``tui_common.history``). Kept free of Textual until the screen
is opened."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def build_parser(game: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{game} stats",
        description="Your record of progress: games played and won, streaks, bests, averages and a chart of "
        "recent results, per mode (solo, daily deal, 2-4 seats).",
    )
    parser.add_argument("--plain", action="store_true", help="print the numbers as sentences")
    parser.add_argument("--data-dir", metavar="DIR", help="the game's data folder (default: the user data folder)")
    return parser


def stats_main(game: str, argv: list[str], folder_of: Callable[[str | None], Path]) -> int:
    """Run ``<game> stats`` with ``argv``; ``folder_of(data_dir)`` is the game's data
    folder for ``--data-dir`` (``None``: the default one). Returns the exit status."""
    args = build_parser(game).parse_args(argv)
    folder = folder_of(args.data_dir)
    if args.plain:
        from tui_common.history import plain_text

        print(plain_text(folder, game))
        return 0
    from textual.app import App

    from tui_common.stats_screen import StatsScreen

    class StatsApp(App):
        TITLE = f"{game} stats"
        ENABLE_COMMAND_PALETTE = False  # every command is a key, as in the games

        def on_mount(self) -> None:
            self.push_screen(StatsScreen(folder, game, closes_app=True))

    StatsApp().run()
    return 0
