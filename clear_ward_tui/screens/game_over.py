"""The game-over screen: final stars, victory cards, what decided the winner (or the
Night Shift time and best times), and play again / same seed / setup / quit."""

from __future__ import annotations

from textual.markup import escape
from textual.widgets import Static

from tui_common.game_over import GameOverActions
from tui_common.hint import hints_line

from clear_ward_tui.config import Options
from clear_ward_tui.records import Outcome, format_time
from core.clear_ward import SPECIALITIES, DecidedBy, EndReason, GameState, result, victory_cards
from core.clear_ward.constants import VICTORY_CARD_STARS
from core.clear_ward.narration import top_doc_line


def summary_markup(state: GameState, names: list[str], seed: int, outcome: Outcome | None, star: str) -> str:
    res = result(state)
    lines = [f"The game is over: {state.end_reason.value}.", ""]
    if state.solo:
        won = state.end_reason is EndReason.WARD_CLEAR
        lines.append(f"[b]{'The ward is clear: you win the Night Shift!' if won else 'The Night Shift is lost: patients remain.'}[/b]")
        lines.append(f"Stars treated: {res.scores[0]}{star} · patients left: {state.patients_in_ward}")
        if outcome is not None:
            lines.append(f"Time: [b]{format_time(outcome.seconds)}[/b]" if won else "")
            if outcome.best_for_seed is not None:
                new = " [b $text-success](new best!)[/]" if won and outcome.new_seed_best else ""
                lines.append(f"Best for seed {seed}: {format_time(outcome.best_for_seed)}{new}")
            if outcome.best_overall is not None:
                new = " [b $text-success](new record!)[/]" if won and outcome.new_overall_best else ""
                lines.append(
                    f"Best overall: {format_time(outcome.best_overall)} (seed {outcome.best_overall_seed}){new}"
                )
            if outcome.problem:
                lines.append(f"[$text-warning]{escape(outcome.problem)}[/]")
        return "\n".join(line for line in lines if line is not None)
    if res.decided_by is DecidedBy.SHARED:
        lines.append("[b]" + escape(top_doc_line(res, names)) + "[/b]")
    else:
        lines.append(f"[b]Top Doc: {escape(names[res.winners[0]])} wins[/b] ({res.decided_by.value})")
    lines.append("")
    order = sorted(range(len(names)), key=lambda s: -res.scores[s])
    for seat in order:
        mark = "▶" if seat in res.winners else " "
        vc = victory_cards(state, seat)
        held = ", ".join(s.short for s in SPECIALITIES if state.victory[s.index] == seat) or "none"
        lines.append(
            f"{mark} {escape(names[seat]):<14} {res.scores[seat]:>3}{star}  "
            f"= {state.players[seat].stars} from patients + {vc}×{VICTORY_CARD_STARS} victory cards ({held})"
        )
    if state.removed:
        lines.append("")
        lines.append("Removed from the game: " + ", ".join(str(p) for p in state.removed))
    return "\n".join(lines)


class GameOverScreen(GameOverActions):
    """Shown when the engine says the game is over."""

    TITLE = "Clear the Ward"
    GAME_SCREEN = "clear_ward_tui.screens.game:GameScreen"
    SETUP_SCREEN = "clear_ward_tui.screens.setup:SetupScreen"
    REPLAY_SCREEN = "clear_ward_tui.screens.replay:ReplayScreen"
    RESULT = "core.clear_ward:result"
    GUARD = 0.8

    def __init__(self, options: Options, state: GameState, names: list[str], seed: int,
                 outcome: Outcome | None = None, record=None) -> None:
        super().__init__(options, state, names, seed, record)
        self.outcome = outcome

    def summary(self) -> Static:
        star = "*" if self.options.ascii else "★"
        summary = summary_markup(self.state, self.names, self.seed, self.outcome, star)
        hints = hints_line(self.record)  # tui_common.hint
        return Static(summary + (f"\n\n{hints}" if hints else ""), id="over-summary")

    def data_folder(self):
        from clear_ward_tui.config import data_dir

        return data_dir(self.options)

    def finished(self):
        """This game for the history (``tui_common.history``): the first person's result."""
        from clear_ward_tui.config import LEVEL_NAMES
        from tui_common.history import finished_game

        res = result(self.state)
        seconds = self.outcome.seconds if self.outcome is not None and self.state.solo else None
        won = self.state.end_reason is EndReason.WARD_CLEAR if self.state.solo else None
        return finished_game("clear-ward", self.options, self.record, res.scores, res.winners, won, seconds,
                             level_names=LEVEL_NAMES)

    def share(self) -> str | None:
        from core.clear_ward.share import share_text

        seconds = self.outcome.seconds if self.outcome is not None else 0.0
        return share_text(self.state, self.options.daily, seconds, practice=self.options.practice,
                          ascii=self.options.ascii) if self.state.solo else None

    def again_options(self, same_seed: bool):
        return self.options.with_game(self.options.seats, self.seed if same_seed else None, None)
