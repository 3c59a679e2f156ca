"""The setup screen: 1-4 seats (name, person or computer level, board side), the seed,
and the solitaire goal when alone; below, the Continue list of saved games. The
fields, keys and checks are the kit's (``tui_common.setup``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Label, OptionList

from clinic_tui import saving
from clinic_tui.config import CPU_LEVELS, DEFAULT_GOAL, EXPANSIONS, GOAL_TEXT, LEVEL_NAMES, Seat
from tui_common.saves_list import SavesList
from tui_common.setup import DEFAULT_NAMES, FieldSelect, SetupBase, seat_kinds

SIDES = [("Beginner (4x3)", "beginner"), ("Expert, 4x3 side", "expert-4x3"), ("Expert, 3x3 side", "expert")]


def expansion_label(text: str, on: bool) -> str:
    """A mini-expansion's checkbox label: "on"/"off" in words, then what it adds."""
    return f"{'on ' if on else 'off'} {text}"


class WordCheckbox(Checkbox):
    """A checkbox whose box is empty when off ("▐ ▌ off") and crossed when on ("▐X▌
    on"): read right without colour too (a capture, NO_COLOR)."""

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()
        self.refresh()


class SetupScreen(SetupBase):
    """Tab / Shift+Tab (or ↑ ↓) move between fields; Ctrl+S (or the Start button) starts."""

    TITLE = "Clinic"
    HEADING = "New game of Clinic: Deluxe Edition"
    SOLO = "(solitaire)"
    KINDS = seat_kinds(CPU_LEVELS, LEVEL_NAMES)

    def default_seat(self, i: int) -> Seat:
        side = "expert" if self.options.expert else "beginner"
        return Seat(DEFAULT_NAMES[i], None if i == 0 else "basic", self.options.expert, side)

    def seat_fields(self, i: int, seat: Seat) -> ComposeResult:
        side = "beginner" if not seat.expert else ("expert" if seat.side == "expert" else "expert-4x3")
        yield FieldSelect(SIDES, value=side, allow_blank=False, compact=True, id=f"side-{i}")

    def game_rows(self) -> ComposeResult:
        with Horizontal(classes="setup-row", id="goal-row"):
            yield Label("Goal", classes="setup-label")
            yield FieldSelect([(text, key) for key, text in GOAL_TEXT.items()],
                              value=self.options.goal or DEFAULT_GOAL, allow_blank=False, compact=True, id="goal")
        for name, text in EXPANSIONS.items():  # one checkbox a mini-expansion
            with Horizontal(classes="setup-row expansion-row"):
                on = name in self.options.expansions
                box = WordCheckbox(expansion_label(text, on), on, compact=True, id=f"expansion-{name}")
                box.BUTTON_INNER = "X" if on else " "
                yield box

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """The label says on/off in words, not by colour alone."""
        name = (event.checkbox.id or "").removeprefix("expansion-")
        if name in EXPANSIONS:
            event.checkbox.label = expansion_label(EXPANSIONS[name], event.value)

    def below_buttons(self) -> ComposeResult:
        yield Label("Continue a saved game (Ctrl+O; d deletes one)", id="continue-title")
        yield from self._saves()

    def _saves(self) -> ComposeResult:
        """The Continue list: every save, newest first; unreadable ones disabled with the
        reason. Option ids are indexes into ``self.entries``."""
        self.entries = saving.folder(self.options).entries(("clinic", "Clinic"))
        if not self.entries:
            yield Label("No saved games.", id="no-saves")
            return
        from core.saves import SaveError, summary

        def label(path, save) -> str:
            if isinstance(save, SaveError):
                return f"{path.name}: cannot be loaded: {str(save).removeprefix(f'{path}: ')}"
            return f"{path.name} ({'replay' if save.finished else 'play on'}): {summary(save)}"

        yield SavesList(self.entries, label, id="saves")

    def count_changed(self, count: int, names: list[str]) -> None:
        self.query_one("#goal-row").display = count == 1

    def action_continue(self) -> None:
        found = self.query("#saves")
        if found:
            found.first().focus()
        else:
            self.notify("No saved games yet: every game is autosaved as it is played.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.query_one(SavesList).usable(event.option.id)
        if path is not None:
            self.app.open_file(path)

    def make_seat(self, i: int, name: str, cpu: str | None, cut_from: str | None) -> Seat:
        side = self.query_one(f"#side-{i}", FieldSelect).value
        return Seat(name, cpu, side != "beginner", "expert" if side == "expert" else "beginner", cut_from=cut_from)

    def start_game(self, seats: tuple, seed: int | None) -> None:
        from clinic_tui.screens.game import GameScreen

        from dataclasses import replace

        goal = self.query_one("#goal", FieldSelect).value if len(seats) == 1 else None
        expansions = tuple(n for n in EXPANSIONS if self.query_one(f"#expansion-{n}", Checkbox).value)
        options = replace(self.options.with_game(seats, seed, goal), expansions=expansions)
        self.app.go(self, "switch", lambda: GameScreen(options))

    DAILY = "clinic"
    LEARN = True

    def start_learn(self, name: str) -> None:
        """``clinic learn`` from the setup: the guided first Clinic (``clinic_tui.lesson``)."""
        from clinic_tui.__main__ import learn_options
        from clinic_tui.screens.game import GameScreen

        options = learn_options(name, ascii=self.options.ascii, data_dir=self.options.data_dir)
        self.app.go(self, "switch", lambda: GameScreen(options))

    def daily_folder(self):
        from clinic_tui.config import data_dir

        return data_dir(self.options)

    def start_daily(self, name: str, seed: int, day: str, practice: bool) -> None:
        """Today's solitaire, default goal, no expansions (``tui_common.daily``)."""
        from dataclasses import replace

        from clinic_tui.screens.game import GameScreen

        options = replace(self.options.with_game((Seat(name),), seed, DEFAULT_GOAL), expansions=(), expert=False,
                          daily=day, practice=practice)
        self.app.go(self, "switch", lambda: GameScreen(options))
