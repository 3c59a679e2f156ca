"""The end screen: each player's final popularity line by line (during the game,
end-game items, time penalty), the winner and the tie rule; in solitaire the goal and
the Hall of Fame rank.  Play again / same seed / setup / quit."""

from __future__ import annotations

from textual.widgets import Static

from tui_common.game_over import GameOverActions
from tui_common.hint import hints_line

from clinic_tui.reports import summary_text


class GameOverScreen(GameOverActions):
    """Shown when the engine says the game is over."""

    TITLE = "Clinic"
    SETUP_KEY, SETUP_LABEL = "n", "New setup"
    GAME_SCREEN = "clinic_tui.screens.game:GameScreen"
    SETUP_SCREEN = "clinic_tui.screens.setup:SetupScreen"
    REPLAY_SCREEN = "clinic_tui.screens.replay:ReplayScreen"
    RESULT = "core.clinic.game:result"
    GUARD = 0

    def summary(self) -> Static:
        hints = hints_line(self.record)  # tui_common.hint
        return Static(summary_text(self.state, self.names) + (f"\n\n{hints}" if hints else ""), markup=False,
                      id="over-summary")

    def data_folder(self):
        from clinic_tui.config import data_dir

        return data_dir(self.options)

    def finished(self):
        """This game for the history (``tui_common.history``): the first person's result;
        a solitaire is won when its goal is met."""
        from clinic_tui.config import LEVEL_NAMES
        from tui_common.history import finished_game

        res = self.result
        won = bool(res.goal_met) if len(self.state.players) == 1 else None
        return finished_game("clinic", self.options, self.record, res.scores, res.winners, won,
                             level_names=LEVEL_NAMES)

    def share(self) -> str | None:
        from core.clinic.share import share_text

        if len(self.state.players) != 1:
            return None
        return share_text(self.state, self.options.daily, practice=self.options.practice, ascii=self.options.ascii)

    def again_options(self, same_seed: bool):
        return self.options.with_game(self.options.seats, self.seed if same_seed else None, self.options.goal)
