"""The end screen: each player's final popularity line by line (during the game,
end-game items, time penalty), the winner and the tie rule; in solitaire the goal and
the Hall of Fame rank.  Play again / same seed / setup / quit."""

from __future__ import annotations

from textual.widgets import Static

from tui_common.game_over import GameOverActions

from core.clinic.game import GameState, end_score, result


def summary_text(state: GameState, names: list[str]) -> str:
    res = result(state)
    lines = []
    order = sorted(range(len(names)), key=lambda s: (s not in res.winners, -res.scores[s]))
    for seat in order:
        p = state.players[seat]
        e = end_score(p)
        during = p.popularity - e.total
        mark = ">" if seat in res.winners else " "
        lines.append(f"{mark} {names[seat]}: {p.popularity} popularity")
        if p.popularity > 0 or e.total >= 0:
            lines.append(f"    during the game (bought, earned, lost): {during}")
        else:
            lines.append("    during the game: the end-game items took it to 0 (never below 0)")
        lines.append(
            f"    end-game items {e.total - e.time:+}: doctors +{e.doctors}, nurses +{e.nurses}, rooms +{e.rooms},"
            f" waiting {e.patients}"
        )
        lines.append(f"    time penalty {e.time} (time spent {p.time_spent}, -1 per full 3)")
        lines.append(f"    cured {p.cured} patients ({p.cured_red} red), {p.dead} died")
    lines.append("")
    best = max(res.scores)
    tied = [s for s, v in enumerate(res.scores) if v == best]
    if state.config.solo_goal is not None:
        met = "met" if res.goal_met else "not met"
        lines.append(f"Solitaire goal: {res.solo_goal} — {met}.")
        if res.goal_met:
            lines.append(f"Hall of Fame rank: {res.rank}.")
        else:
            lines.append("No rank in the Hall of Fame: play again to meet the goal.")
    else:
        lines.append(f"{names[res.winners[0]]} wins with {best} popularity.")
        if len(tied) > 1:
            lines.append("Tie rule: the player who reached that popularity first wins ("
                         + ", ".join(names[s] for s in tied) + " tied).")
    return "\n".join(lines)


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
        return Static(summary_text(self.state, self.names), markup=False, id="over-summary")

    def again_options(self, same_seed: bool):
        return self.options.with_game(self.options.seats, self.seed if same_seed else None, self.options.goal)
