"""The setup screen: 1-4 seats (name, human or computer level), starting player, seed;
or Continue a saved game (Ctrl+O). The fields, keys and checks are the kit's
(``tui_common.setup``); this adds who starts and the Continue line."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Label

from clear_ward_tui.config import CPU_LEVELS, LEVEL_NAMES, Seat
from tui_common.setup import DEFAULT_NAMES, FieldSelect, SetupBase, seat_kinds



class SetupScreen(SetupBase):
    """Tab / Shift+Tab move between fields; Ctrl+S (or the Start button) starts."""

    TITLE = "Clear the Ward"
    SOLO = "(Night Shift, solo)"
    DAILY = "clear-ward"
    KINDS = seat_kinds(CPU_LEVELS, LEVEL_NAMES)

    def default_seat(self, i: int) -> Seat:
        return Seat(DEFAULT_NAMES[i], None if i == 0 else "greedy")

    def above_players(self) -> ComposeResult:
        yield Label("", id="setup-saves")

    def game_rows(self) -> ComposeResult:
        with Horizontal(classes="setup-row"):
            yield Label("Starts", classes="setup-label")
            yield FieldSelect([("Decided by the seed", -1)], value=-1, allow_blank=False, compact=True, id="start")

    def more_buttons(self) -> ComposeResult:
        yield Button("Continue… (Ctrl+O)", id="continue-button", compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._show_saves)

    def _show_saves(self) -> None:
        """One line saying how many saved games Continue offers (the newest named)."""
        from clear_ward_tui.autosave import save_folder
        from clear_ward_tui.dialogs.saved_games import NO_SAVES, entry_label

        folder = save_folder(self.options)
        entries = folder.entries(("clear-the-ward", "Clear the Ward"))
        if not entries:
            text = f"{NO_SAVES}."
        else:
            from core.saves import SaveError

            readable = [(p, e) for p, e in entries if not isinstance(e, SaveError)] or entries
            path, entry = readable[0]
            more = f" (and {len(entries) - 1} more)" if len(entries) > 1 else ""
            text = f"Continue (Ctrl+O): {entry_label(folder, path, entry)}{more}"
        self.query_one("#setup-saves", Label).update(Content(text))

    def count_changed(self, count: int, names: list[str]) -> None:
        start = self.query_one("#start", FieldSelect)
        old = start.value
        # names as typed, never read as markup (a name "[/]" is just that)
        start.set_options([("Decided by the seed", -1), *((Content(name), i) for i, name in enumerate(names))])
        start.value = old if isinstance(old, int) and old < count else -1

    def action_continue(self) -> None:
        """Open the list of saved games; the one chosen is played on (or replayed)."""
        from clear_ward_tui.autosave import save_folder
        from clear_ward_tui.dialogs.saved_games import SavedGamesDialog

        if self.app.screen is not self:
            return

        def chosen(path) -> None:
            if path is not None:
                self.app.open_save(path, replace=True)

        self.app.go(self, "push", lambda: SavedGamesDialog(save_folder(self.options)), chosen)

    def make_seat(self, i: int, name: str, cpu: str | None, cut_from: str | None) -> Seat:
        return Seat(name, cpu, cut_from=cut_from)

    def start_game(self, seats: tuple, seed: int | None) -> None:
        from clear_ward_tui.screens.game import GameScreen

        start = self.query_one("#start", FieldSelect).value
        options = self.options.with_game(seats, seed, None if start == -1 else int(start))
        self.app.go(self, "switch", lambda: GameScreen(options))

    def daily_folder(self):
        from clear_ward_tui.config import data_dir

        return data_dir(self.options)

    def start_daily(self, name: str, seed: int, day: str, practice: bool) -> None:
        """Today's Night Shift (``tui_common.daily``)."""
        from dataclasses import replace

        from clear_ward_tui.screens.game import GameScreen

        options = replace(self.options.with_game((Seat(name),), seed, None), daily=day, practice=practice)
        self.app.go(self, "switch", lambda: GameScreen(options))
