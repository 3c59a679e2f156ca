"""The record of one game, as both apps keep it: who sits where, the seed, every state
from the first, the actions between them and who took each.

It is what autosave writes (``to_save``), what resume and ``--load`` read
(``from_save``), what undo steps back through (``undo``) and what the replay viewer
walks (``states``). It holds no rule of its own: each game supplies a ``RecordRules``
(its ``apply_action``, encoders, ``reveals_hidden`` and turn key), and the undo policy
is ``core.undo``. Immutable like the game states: ``play`` and ``undo`` return a new
record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from typing import Any

from attrs import evolve, field
from core.model import frozen
from core.converters import to_tuple

from core.errors import IllegalActionError
from core.registry import title_of
from core.saves import SaveError, SaveGame, Seat, replay, rules_refusal
from core.undo import Step, refusal


@frozen
class RecordRules:
    """What a game record needs from one game's engine.

    - ``game``: the save's ``game`` name (a registered game's name, ``core.registry``);
      ``title``: the game's name for messages; ``rules_version``: the version of the
      rules this engine plays (``core.saves.RULES_VERSIONS[game]``), written in every
      save; a save of another rules version is refused, not replayed.
    - ``start(save)``: the first state from a save's seed, seats and options.
    - ``apply(state, action)``: the game's ``apply_action``.
    - ``encode_action`` / ``decode_action``: an action to and from its tagged data.
    - ``encode_state``: a state as JSON text (the save's snapshot).
    - ``reveals_hidden(before, action, after)``: whether an action showed anything hidden.
    - ``actor(state)``: the seat deciding now, ``None`` when the game is over.
    - ``turn(state)``: a value that stays the same while one player's turn lasts.
    - ``closes_turn(action)``: the action is the player ending their turn on purpose
      (End turn, Done): such a turn is not reopened by undo.
    - ``progress(state)``: where the game stands, for the list of saved games
      (``"turn 5, 23 patients left"``, ``"round 3 of 6, Build"``).
    """

    game: str
    title: str
    start: Callable[[SaveGame], Any]
    apply: Callable[[Any, Any], Any]
    encode_action: Callable[[Any], dict]
    decode_action: Callable[[dict], Any]
    encode_state: Callable[[Any], str]
    reveals_hidden: Callable[[Any, Any, Any], bool]
    actor: Callable[[Any], int | None]
    turn: Callable[[Any], Hashable]
    closes_turn: Callable[[Any], bool]
    progress: Callable[[Any], str]
    rules_version: int = 1


def imported_later(module: str, name: str) -> Callable:
    """A function that calls ``module.name``, importing the module on the first call
    (the games' cattrs serializers stay out of the apps' startup)."""

    def call(*args):
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__ = call.__qualname__ = name
    return call


class UndoRefused(IllegalActionError):
    """Undo asked for when the undo rule forbids it; the message says why."""


@frozen
class GameRecord:
    """One game: ``states[0]`` is the deal, ``states[i]`` the state after ``actions[i-1]``;
    ``steps[i]`` says who took ``actions[i]`` (for undo). ``seats`` are the save's seats
    (a ``computer`` level marks a computer player); ``options`` the game's other setup
    options, as stored in the save."""

    rules: RecordRules
    seed: int
    seats: tuple[Seat, ...] = field(converter=to_tuple)
    options: dict[str, Any]
    states: tuple[Any, ...] = field(converter=to_tuple)
    actions: tuple[Any, ...] = field(default=(), converter=to_tuple)
    steps: tuple[Step, ...] = field(default=(), converter=to_tuple)

    @classmethod
    def new(cls, rules: RecordRules, seed: int, seats, options: dict[str, Any] | None = None) -> GameRecord:
        """A record of a game about to start (raises the game's ``SetupError``)."""
        seats = tuple(seats)
        options = dict(options or {})
        first = rules.start(SaveGame(game=rules.game, seed=seed, seats=seats, options=options,
                                     rules=rules.rules_version))
        return cls(rules, seed, seats, options, (first,))

    @classmethod
    def from_save(cls, save: SaveGame, rules: RecordRules, source: str = "save") -> GameRecord:
        """Rebuild a record by replaying a save. Raises ``SaveError`` naming ``source``
        for a save of another game, of another rules version (``"saved by an earlier
        rules version of Clinic (1); …"``) or one whose actions do not replay (see
        ``core.saves.replay``)."""
        if save.game != rules.game:
            raise SaveError(f"{source}: a saved game of {title_of(save.game)}, not {rules.title}")
        refused = rules_refusal(save, rules.title, rules.rules_version, source)
        if refused is not None:
            raise refused
        states = replay(save, rules.start, rules.apply, rules.decode_action, rules.encode_state, source)
        record = cls(rules, save.seed, save.seats, dict(save.options), states[:1])
        for action, after in zip((rules.decode_action(a) for a in save.actions), states[1:]):
            record = record._append(action, after)
        return record

    @property
    def state(self) -> Any:
        """The state now (after the last action)."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """True when nobody is to decide: the game has ended."""
        return self.rules.actor(self.state) is None

    def is_human(self, seat: int) -> bool:
        """True if ``seat`` (0-based) is played by a person."""
        return self.seats[seat].computer is None

    def play(self, action: Any) -> GameRecord:
        """The record after ``action``. Raises the game's ``IllegalActionError`` (naming
        the rule) when the action is illegal; the record is then unchanged."""
        return self._append(action, self.rules.apply(self.state, action))

    def _append(self, action: Any, after: Any) -> GameRecord:
        before = self.state
        seat = self.rules.actor(before)
        step = Step(
            seat=-1 if seat is None else seat,  # pragma: no mutate (never None: apply raises first)
            turn=self.rules.turn(before),
            human=seat is not None and self.is_human(seat),
            reveals=self.rules.reveals_hidden(before, action, after),
            closes=self.rules.closes_turn(action),
        )
        return evolve(
            self,
            states=self.states + (after,),
            actions=self.actions + (action,),
            steps=self.steps + (step,),
        )

    def _now(self) -> tuple[int | None, Hashable]:
        return self.rules.actor(self.state), self.rules.turn(self.state)

    @property
    def undo_refusal(self) -> str | None:
        """Why the last action cannot be undone now, in a sentence for the player;
        ``None`` when it can (rules: ``core.undo``)."""
        if self.over:
            return "The game is over; finished games are not undone."
        seat, turn = self._now()
        return refusal(self.steps, seat, turn)

    @property
    def can_undo(self) -> bool:
        """True if ``undo`` would succeed."""
        return self.undo_refusal is None

    def undo(self) -> GameRecord:
        """The record without its last action. Raises ``UndoRefused`` with the reason
        when the undo rule forbids it (another turn, a computer's action, hidden
        information revealed, game over)."""
        reason = self.undo_refusal
        if reason is not None:
            raise UndoRefused(f"Undo: {reason}")
        return evolve(self, states=self.states[:-1], actions=self.actions[:-1], steps=self.steps[:-1])

    def progress(self) -> str:
        """Where the game stands, in a few words (the game's ``progress``)."""
        return self.rules.progress(self.state)

    def to_save(self, *, snapshot: bool = True) -> SaveGame:
        """The save of this record (with a snapshot of the state now unless told not)."""
        return SaveGame(
            game=self.rules.game,
            seed=self.seed,
            seats=self.seats,
            actions=tuple(self.rules.encode_action(a) for a in self.actions),
            options=dict(self.options),
            snapshot=self.rules.encode_state(self.state) if snapshot else None,
            progress=self.progress(),
            finished=self.over,
            rules=self.rules.rules_version,
        )
