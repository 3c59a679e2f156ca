"""The side panel: scores, log books, victory cards, the staff deck, whose turn, and
the current player's staff cards with their full text."""

from __future__ import annotations

from collections import Counter

from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from clear_ward_tui.config import UNICODE, Glyphs
from core.clear_ward import SPECIALITIES, GameState, Phase, player_view, score, victory_cards
from core.clear_ward.constants import VICTORY_CARD_STARS


def _log_book(book, star: str) -> str:
    if not book:
        return "no patients yet"
    counts = Counter(p.speciality for p in book)
    return " ".join(f"{s.short}×{counts[s]}" for s in SPECIALITIES if counts[s])


def panel_markup(state: GameState, names: list[str], private_seat: int | None, glyphs: Glyphs = UNICODE) -> str:
    """The panel's text. ``private_seat``: whose staff cards may be shown (the current
    human player), ``None`` to keep every hand hidden."""
    star = glyphs.star
    if state.phase is Phase.OVER:
        lines = [f"[b]Turn {state.turn + 1}[/b] · [b]game over[/b]"]
    else:
        lines = [f"[b]Turn {state.turn + 1}[/b] · [b]{escape(names[state.current])}[/b] to play"]
    lines.append(f"Staff deck: {len(state.staff_deck)} cards")
    lines.append("")
    lines.append("[b $text-primary]PLAYERS[/]")
    for seat, player in enumerate(state.players):
        mark = "▶" if seat == state.current else " "
        vc = victory_cards(state, seat)
        lines.append(f"{mark} [b]{escape(names[seat])}[/b] {score(state, seat)}{star} · staff {len(player.staff)}")
        extra = f" · {vc} VC (+{VICTORY_CARD_STARS * vc}{star})" if vc else ""
        lines.append(f"  [dim]{_log_book(player.log_book, star)}{extra}[/dim]")
    if state.uses_victory_cards:
        lines.append("")
        lines.append(f"[b $text-primary]VICTORY CARDS[/] 3{star} each")
        for seat, name in enumerate(names):
            held = [s.short for s in SPECIALITIES if state.victory[s.index] == seat]
            if held:
                lines.append(f"  {escape(name)}: {' '.join(held)}")
        free = [s.short for s in SPECIALITIES if state.victory[s.index] is None]
        if free:
            lines.append(f"  [dim]nobody: {' '.join(free)}[/dim]")
    lines.append("")
    if private_seat is None:
        count = len(state.players[state.current].staff)
        lines.append(f"[b $text-primary]STAFF CARDS[/] {escape(names[state.current])} holds {count} (hidden)")
    else:
        view = player_view(state, private_seat)
        hand = view.seats[private_seat].staff or ()
        lines.append(f"[b $text-primary]{escape(names[private_seat]).upper()}'S STAFF CARDS[/] (c)")
        if not hand:
            lines.append("  none")
        for card in hand:
            lines.append(f"• [b]{card.value}[/b]: {escape(card.text)}")
    return "\n".join(lines)


class SidePanel(VerticalScroll):
    """Scrolls when a 4-player table does not fit."""

    DEFAULT_CSS = """
    SidePanel { height: 1fr; }
    SidePanel > #panel-text { width: 1fr; }
    """

    def compose(self):
        yield Static(id="panel-text", markup=True)

    def show(self, state: GameState, names: list[str], private_seat: int | None, glyphs: Glyphs) -> None:
        markup = panel_markup(state, names, private_seat, glyphs)
        if markup != getattr(self, "_markup", None):  # unchanged: nothing to send
            self._markup = markup
            self.query_one("#panel-text", Static).update(markup)
