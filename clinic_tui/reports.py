"""Business and Admin reports, worked out from the states before and after an action
with part 1's own functions: the Business report comes from the core
(``core.clinic.game.business_report``: who was treated and for how much, what the
expansions did, wages, upkeep, popularity); Admin says who died, who trained, the new
turn order.  And the end-of-game breakdown (``summary_text``). No Textual: the plain
text mode says them too.
"""

from __future__ import annotations

from clinic_tui import emergency as ed_text
from core.clinic.components import Role
from core.clinic.expansions import end_score as expansion_end_score
from core.clinic.game.business_report import business_report as _business_report
from core.clinic.game.end import end_score, next_rank, result
from core.clinic.game.state import GameState
from core.clinic.game.narration import in_move


def business_report(before: GameState, after: GameState) -> tuple[str, str]:
    """The Business dialog (core's report), with each player's emergency department
    lines when The 911th Extension is in play."""
    return _business_report(before, after, extra=ed_text.business_lines)


def admin_report(before: GameState, after: GameState) -> tuple[str, str]:
    lines = []
    for seat in before.turn_order:
        b, a = before.players[seat], after.players[seat]
        lines.append(b.name)
        old = {p.id: p for p in b.clinic.people}
        for d in a.clinic.of_role(Role.DOCTOR):
            was = old.get(d.id)
            if was is not None and was.colour is not d.colour:
                verb = "trains" if d.colour > was.colour else "tires"
                lines.append(f"  doctor {d.id} {verb}: {was.colour} -> {d.colour}")
        dead = a.dead - b.dead
        if dead:
            lines.append(f"  {dead} red patient{'s' if dead != 1 else ''} died: -5 popularity each")
        worse = sum(
            1 for p in a.clinic.of_role(Role.PATIENT) if p.id in old and old[p.id].colour is not p.colour
        )
        if worse:
            lines.append(f"  {worse} patient{'s' if worse != 1 else ''} worsened")
        lines += ed_text.admin_lines(before, after, seat)  # The 911th Extension
        lines.append(f"  popularity now {a.popularity}")
    order = ", ".join(after.players[s].name for s in after.turn_order)
    lines.append("")
    lines.append(f"University: {' '.join(c.letter if c else '·' for c in after.university)}")
    lines.append(f"Turn order for round {after.round}: {order}")
    return f"Admin: round {after.round} begins", "\n".join(lines)


def after_action(before: GameState, after: GameState) -> list[tuple[str, str]]:
    """The reports an action produced: Business (when the Move phase ended) and Admin
    (when a new round began)."""
    out = []
    if in_move(before) and not in_move(after):
        out.append(business_report(before, after))
    if after.round > before.round:
        out.append(admin_report(before, after))
    return out


def rank_line(popularity: int, rank: str) -> str:
    """The Hall of Fame line of a solitaire whose goal was met: the rank reached and
    what the next one needs ("Hall of Fame rank: resident (18 popularity; fellow from
    22)."; at the top: "… the top rank")."""
    above = next_rank(popularity)
    more = f"{above[1]} from {above[0]}" if above else "the top rank"
    return f"Hall of Fame rank: {rank} ({popularity} popularity; {more})."


def summary_text(state: GameState, names: list[str]) -> str:
    res = result(state)
    lines = []
    order = sorted(range(len(names)), key=lambda s: (s not in res.winners, -res.scores[s]))
    for seat in order:
        p = state.players[seat]
        e = end_score(p)
        extra = expansion_end_score(state, seat)  # e.g. zombies still in the clinic, +9 each
        during = p.popularity - e.total - extra
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
        zombies = extra - ed_text.end_total(state, seat)
        if zombies:
            lines.append(f"    zombies still in the clinic +{zombies} (+9 each)")
        lines += ed_text.end_lines(state, seat)  # The 911th Extension
        lines.append(f"    time penalty {e.time} (time spent {p.time_spent}, -1 per full 3)")
        lines.append(f"    cured {p.cured} patients ({p.cured_red} red), {p.dead} died")
        if "zombies" in state.config.options:  # the corpses near the board (L1170)
            from core.clinic.expansions.zombies import tally

            lines.append(f"    {tally(p)}")
    lines.append("")
    best = max(res.scores)
    tied = [s for s, v in enumerate(res.scores) if v == best]
    if res.solo_goal is not None:  # the base goal or an expansion's (The 911th Extension)
        met = "met" if res.goal_met else "not met"
        lines.append(f"Solitaire goal: {res.solo_goal} — {met}.")
        if res.goal_met:
            lines.append(rank_line(res.scores[0], res.rank))
        else:
            lines.append("No rank in the Hall of Fame: play again to meet the goal.")
    else:
        lines.append(f"{names[res.winners[0]]} wins with {best} popularity.")
        if len(tied) > 1:
            lines.append("Tie rule: the player who reached that popularity first wins ("
                         + ", ".join(names[s] for s in tied) + " tied).")
    return "\n".join(lines)
