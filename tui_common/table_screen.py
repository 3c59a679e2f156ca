"""The kit's game screen base: one ``Screen`` class that brings the helpers every
game screen of the kit shares, so that a game's own screen has one base class.

- ``ComputerTurns`` (``tui_common.turns``): the legal actions of the state shown,
  computer seats taking their turn, waiting while something is on top;
- ``HintMixin`` (``tui_common.hint``): key H, the strong player's suggestion;
- ``AutosaveMark`` (``tui_common.autosave``): the autosave and its "NOT SAVED" mark,
  Save as;
- ``EventLogKey`` (``tui_common.event_log``): key L, the whole event log.

The game screen provides what those helpers ask for (``state``, ``record``, ``bots``,
``options``, ``play(action)``, ``_next_step()``, the hint hooks).
"""

from __future__ import annotations

from textual.reactive import Reactive
from textual.screen import Screen

from tui_common.autosave import AutosaveMark
from tui_common.event_log import EventLogKey
from tui_common.hint import HintMixin
from tui_common.turns import ComputerTurns


class TableScreen(HintMixin, AutosaveMark, ComputerTurns, EventLogKey, Screen):
    """A game at the table: the kit's shared helpers over Textual's ``Screen``. A game
    screen has ``options`` (with ``daily`` / ``practice``), ``seed``, ``names`` and
    ``record``."""

    #: The title and sub-title are drawn by the header only (``TableHeader`` watches them
    #: and redraws its own line); Textual's ``Screen`` repainted the whole screen at each
    #: change: 9 KB to a served player each second of "waiting for Ann 0:12" (issue 33).
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)

    #: The key of the game record's options (kept in its save) marking a guided first game.
    LESSON_KEY = "learn"

    @property
    def in_lesson(self) -> bool:
        """A guided first game (``<game> learn``): its options say so, or its record does
        (a lesson resumed from its save plays on as a lesson)."""
        return bool(getattr(self.options, "learn", False) or self.record.options.get(self.LESSON_KEY))

    def mark_lesson(self) -> None:
        """Keep "this is a lesson" in the game record's options (so in its autosave)."""
        if not self.record.options.get(self.LESSON_KEY):
            from attrs import evolve

            self.record = evolve(self.record, options={**self.record.options, self.LESSON_KEY: True})

    def header_line(self, mode: str) -> str:
        """The header's sub-title: ``mode`` ("Night Shift", "3 players"), then the daily
        deal's day (``tui_common.daily.header_words``) or the seed where a seat may see it
        (``tui_common.secrecy.seed_words``)."""
        from tui_common.daily import header_words
        from tui_common.secrecy import seed_words

        daily = header_words(self.options)
        return mode + (daily or seed_words(self.seed, len(self.names), self.record.over))


__all__ = ["TableScreen"]
