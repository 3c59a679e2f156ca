"""One game as the plain text mode plays it: the record of every action, the computer
players, autosave, undo and Save as. Each game's subclass (``clear_ward_tui.plain``,
``clinic_tui.plain``) supplies its engine and its words: what is being decided, each
legal action in words, the board, the status, the breakdown at the end.

Every method that has something to tell returns the sentences (a list of lines);
``tui_common.plain.loop`` says them. Nothing here draws: it is all words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.errors import GameError
from core.record import GameRecord
from core.saves import SaveFolder, dumps, write_atomic
from tui_common.plain.text import counted
from tui_common.secrecy import seed_words


class PlainGame:
    """A game in progress for the plain text mode.

    ``options``: the app's options (its ``seats`` are the players); ``record``: the
    game so far; ``autosaved``: the record was read from the autosave file (so the
    first autosave writes it in place instead of setting it aside)."""

    #: The game's name (Clear the Ward) and its command (clear-ward).
    title = ""
    prog = ""

    def __init__(self, options: Any, record: GameRecord, *, autosaved: bool = False) -> None:
        self.options = options
        self.record = record
        self.names = [seat.name for seat in options.seats]
        self.bots = {
            seat: self.make_bot(s.cpu, record.seed * 10 + seat) for seat, s in enumerate(options.seats) if s.is_cpu
        }
        self.resumed = bool(record.actions)
        self._aside_checked = autosaved
        self._autosave_failed = False
        self._written = False  # the autosave was written in this session
        self._saved_now = False  # the last autosave succeeded
        #: A person is typing at a terminal (``start.run`` says; a pipe or a script is
        #: not): only then may a game set a best time.
        self.by_hand = False

    #: Commands this game says in its own words (``tui_common.plain.loop.COMMANDS``;
    #: ``None``: not listed in its help).
    command_help: dict[str, str | None] = {}

    #: The question of the setup, when no players were given, and a computer level.
    setup_question = ""
    cpu_example = ""

    # -- what each game supplies: starting ---------------------------------------------

    @staticmethod
    def save_folder(options) -> SaveFolder:
        """Where this game's saves live (the app's own save folder)."""
        raise NotImplementedError

    @staticmethod
    def load(path) -> GameRecord:
        """The record saved in ``path`` (raises ``SaveError``; the file is not changed)."""
        raise NotImplementedError

    @staticmethod
    def new_record(options, seed: int) -> GameRecord:
        """A new game's record from the options' seats (raises the game's ``SetupError``)."""
        raise NotImplementedError

    @staticmethod
    def options_for(options, record: GameRecord):
        """``options`` with the seats and setup of a saved game."""
        raise NotImplementedError

    @staticmethod
    def parse_players(options, text: str) -> tuple:
        """Seats from ``"Ann, cpu:greedy"`` (the ``--players`` syntax; raises ``ValueError``)."""
        raise NotImplementedError

    # -- what each game supplies: playing ----------------------------------------------

    def make_bot(self, level: str, seed: int):
        """The computer player of ``level`` (``bot.choose(state) -> action``)."""
        raise NotImplementedError

    def folder(self) -> SaveFolder:
        return self.save_folder(self.options)

    def legal(self, state) -> list:
        """The engine's ``legal_actions(state)``, in its order."""
        raise NotImplementedError

    def describe(self, before, action, after) -> str:
        """Core's sentence for an action taken."""
        raise NotImplementedError

    def option_text(self, state, action) -> str:
        """Core's words for a legal action not yet taken."""
        raise NotImplementedError

    def decision(self, state) -> str:
        """Whose turn and what is decided: ``"Turn 5. Ann: move the Doctor."``."""
        raise NotImplementedError

    def private_now(self, state) -> bool:
        """True when the player deciding now sees something the others must not (hot
        seat: the keyboard is passed with a "press Enter" line first)."""
        raise NotImplementedError

    def steps(self, state, action, words: str) -> tuple[str, ...]:
        """The labels of the groups ``action`` (said as ``words``) is offered in when a
        decision has too many actions for one list, coarsest first: the staff card,
        then its target (``tui_common.plain.menu``). None by default."""
        return ()

    def where(self, seat: int) -> list[str]:
        """The ``where`` command: where the game stands, in a sentence."""
        return self.status(seat)[:1]

    def reports(self, before, after) -> list[str]:
        """Longer reports an action produced (Clinic's Business and Admin)."""
        return []

    def board(self, seat: int, args: str) -> list[str]:
        raise NotImplementedError

    def look(self, seat: int, args: str) -> list[str]:
        raise NotImplementedError

    def status(self, seat: int) -> list[str]:
        raise NotImplementedError

    def hand(self, seat: int) -> list[str]:
        raise NotImplementedError

    def summary(self) -> list[str]:
        """The end-of-game breakdown."""
        raise NotImplementedError

    def clock(self) -> list[str]:
        """The ``time`` command."""
        return [f"{self.title} has no clock; status says where the game stands."]

    def played(self, before, after) -> None:
        """Called after every action (the Night Shift clock starts and stops here)."""

    # -- the game now --------------------------------------------------------------------

    @property
    def state(self):
        return self.record.state

    @property
    def over(self) -> bool:
        return self.record.over

    @property
    def actor(self) -> int | None:
        """The seat deciding now (``None`` once the game is over)."""
        return self.record.rules.actor(self.state)

    @property
    def humans(self) -> list[int]:
        return [seat for seat in range(len(self.names)) if seat not in self.bots]

    def players(self) -> str:
        """``"Ann, Greedy bot (computer, greedy)"``."""
        return ", ".join(seat.label() for seat in self.options.seats)

    def table(self) -> str:
        """``"Clear the Ward, seed 7: Ann, Greedy bot (computer, greedy)."``; the seed
        only where ``tui_common.secrecy.seed_visible`` allows it (solo, or game over)."""
        seed = seed_words(self.record.seed, len(self.names), self.over, ", seed {seed}")
        return f"{self.title}{seed}: {self.players()}."

    def ending(self) -> list[str]:
        """Said when the game is over: the breakdown, then the seed (secret until now
        at a table of two or more; the same seed deals the same game again)."""
        from core import registry
        from tui_common.eggs import score_egg

        share = self.share_lines() if getattr(self.options, "daily", None) else []
        egg = score_egg(registry.find(self.record.rules.game).result(self.state)[0])  # (scores, winners)
        return [*self.summary(), *([egg] if egg else []), f"The seed was {self.record.seed}.",
                *(["To share (it spoils nothing of the deal):", *share] if share else [])]

    def finished(self, piped: bool):
        """This finished game for the history (``tui_common.history.Finished``); ``None``
        by default (not kept)."""
        return None

    def keep_in_history(self) -> list[str]:
        """Add the finished game to the history (a game whose input was piped never sets
        a best); returns the sentence of a problem, if any."""
        from tui_common.history import record_game

        entry = self.finished(piped=not getattr(self, "by_hand", False))
        problem = record_game(self.folder().folder, entry) if entry is not None else None
        return [problem] if problem else []

    def share_lines(self) -> list[str]:
        """A finished daily deal's share text, in ASCII (docs/daily.md); none by default."""
        return []

    def opening(self) -> list[str]:
        """What is said when the game starts or is resumed."""
        if self.resumed:
            n = len(self.record.actions)
            return [f"{self.table()} Resumed after {counted(n, 'action')}; type log to hear the last ones."]
        from tui_common import eggs

        found = (eggs.day_egg(eggs.today()), eggs.name_egg(self.names))
        return [f"New game of {self.table()}", *(egg for egg in found if egg)]

    def naming(self, place: str) -> list[str]:
        """``"Action 3: move right 2 to D4, …."`` for each legal action whose words name
        ``place`` (``"D4"``, ``"floor 1 B2"``): what ``look`` adds to a place."""
        state = self.state
        named = re.compile(rf"\b{re.escape(place)}\b")
        texts = (self.option_text(state, action) for action in self.legal(state))
        return [f"Action {i}: {text}." for i, text in enumerate(texts, 1) if named.search(text)]

    # -- playing -------------------------------------------------------------------------

    def play(self, action) -> list[str]:
        """Play ``action`` for the seat deciding now; the sentences saying what it did,
        then any report, then any saving problem. Raises ``GameError`` when illegal."""
        before = self.state
        self.record = self.record.play(action)
        after = self.state
        self.played(before, after)
        return [self.describe(before, action, after), *self.reports(before, after), *self.autosave()]

    def bot_turn(self) -> list[str]:
        """The computer deciding now plays one action."""
        return self.play(self.bots[self.actor].choose(self.state))

    def undo(self) -> list[str]:
        """Take back the last action, or raise ``GameError`` (``UndoRefused``) saying why not."""
        record = self.record
        self.record = record.undo()
        before, action, after = record.states[-2], record.actions[-1], record.state
        return [f"{self.names[record.rules.actor(before)]} took back: {self.describe(before, action, after)}",
                *self.autosave()]

    def log(self, count: int) -> list[str]:
        """The last ``count`` actions, oldest first, numbered from the game's start."""
        r = self.record
        start = max(0, len(r.actions) - count)
        return [
            f"{i + 1}. {self.describe(r.states[i], r.actions[i], r.states[i + 1])}"
            for i in range(start, len(r.actions))
        ]

    # -- saving --------------------------------------------------------------------------

    def autosave(self) -> list[str]:
        """Keep the game (``SaveFolder.keep``); the first time, another game's autosave
        is set aside. Returns what the player must hear (where that game went, or that
        saving failed: said once)."""
        folder = self.folder()
        said: list[str] = []
        try:
            if not self._aside_checked:
                self._aside_checked = True
                moved = folder.set_aside()
                if moved:
                    said.append(moved)
            folder.keep(self.record.to_save())
            self._written = self._saved_now = True
        except OSError as err:
            self._saved_now = False
            if not self._autosave_failed:
                self._autosave_failed = True
                said.append(f"Could not save the game: {err}. The game goes on unsaved.")
        return said

    def save_path(self, name: str) -> Path:
        """The file of a save named ``name`` (raises ``SaveError`` for an unusable name)."""
        return self.folder().named(name)

    def save_as(self, path: Path) -> str:
        """Write the game to ``path``; the sentence saying so (or why not)."""
        try:
            write_atomic(path, dumps(self.record.to_save()))
        except OSError as err:
            return f"Not saved: {path}: {err}."
        return f"Saved as {path}."

    def suggested_name(self) -> str:
        return " vs ".join(self.names) if len(self.names) > 1 else f"{self.names[0]} {self.title}"

    def leaving(self) -> list[str]:
        """Said when the player quits (the game is saved first)."""
        if not self.record.actions and not self._written:
            return ["Nothing was played, so nothing was saved. Goodbye."]
        problems = self.autosave()
        if not self._saved_now:
            return [*problems, "The game could not be saved. Goodbye."]
        return [*problems, f"The game is saved: {self.prog} --plain --resume goes on with it. Goodbye."]


def numbered(items: Sequence[str]) -> list[str]:
    """``["1. first", "2. second"]``."""
    return [f"{i}. {text}" for i, text in enumerate(items, 1)]


__all__ = ["GameError", "PlainGame", "numbered"]
