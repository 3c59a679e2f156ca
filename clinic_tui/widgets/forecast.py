"""The Business forecast: what this round's Business would bring the clinic shown if it
were played now (income, wages, upkeep, and the money or popularity it leaves), from
``core.clinic.game.business_phase.forecast``. The game screen writes it on the line
above the event log, which no menu covers."""

from __future__ import annotations

from rich.text import Text

from core.clinic.game.business_phase import Forecast


def forecast_text(f: Forecast, arrow: str = "→") -> Text:
    """One line of at most 44 columns (the left column at 80×24), e.g.
    "Business: $4 in, wages $3, upkeep $0 → +$1"; "… → -6 pop" when the expenses
    would cost popularity."""
    t = Text()
    t.append("Business:", style="bold")
    t.append(f" ${f.income} in, wages ${f.wages}, upkeep ${f.upkeep} {arrow} ")
    if f.popularity < 0:
        t.append(f"{f.popularity} pop", style="bold red")
    else:
        t.append(f"{'+' if f.net >= 0 else '-'}${abs(f.net)}", style="bold")
    return t
