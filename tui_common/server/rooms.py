"""Rooms: the tables of the server, in plain Python (no network, no Textual).

A room is created with its seats: people (a name, or an open seat anyone may take) and
computer players (a level). The game is dealt when every person's seat is taken. From
then on the room holds the one true ``GameRecord``; an action is played only for the
seat whose turn it is (``Room.play``), through the engine (``GameRecord.play``, i.e.
the game's ``apply_action``, which raises ``IllegalActionError`` naming the rule), and
the store writes the record before anyone is told.

Rejoin: a seat belongs to a name for the whole game. A dropped connection keeps its
seat ("Ann left"); the same name coming back takes it again ("Ann is back"). When it is
a missing person's turn the game waits for them, as long as it takes, and says since
when (``Room.waiting``); nothing is ever played for them.

Listeners (the connected apps) get ``RoomEvent``s through a callback; a callback must
not raise (a failing one is dropped, the room carries on).

Several fronts (docs/server.md): a room's ``guard`` (set by the ``Hall``) wraps each
change (an action, a seat taken or given up) in the store's lock, bringing the room up
to date first when another front moved it (``sync``); the listeners hear of the change
once it is committed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any

from core import registry
from core.errors import IllegalActionError
from tui_common.levels import LEVEL_WORDS, computer_name, seat_label
from tui_common.server.names import same_name

#: The games a room can hold are the registered ones (``core.registry``): a room's
#: ``game`` is the game's name (its saves' ``game``).
#: A room's status: seats still open, game under way, game over.
WAITING, PLAYING, OVER = "waiting", "playing", "over"


class RoomError(Exception):
    """A lobby request that cannot be granted (full room, unknown level...); the
    message is shown to the player as it is."""


class RoomClosed(RoomError, IllegalActionError):
    """The room is gone (another front closed it): refused in the lobby and at the table."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat as the room was created: ``name`` (``None`` while open) and ``cpu``,
    the computer level (``None`` for a person)."""

    name: str | None = None
    cpu: str | None = None

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None


@dataclass(frozen=True)
class RoomEvent:
    """What happened in a room: ``kind`` is "joined", "started", "action", "left",
    "back", "watching", "over"; ``text`` a sentence for the log; ``action`` the action
    played (kind "action"), ``seat`` the seat it concerns."""

    kind: str
    text: str
    seat: int | None = None
    action: Any = None
    #: the room's record just after the action (kind "action")
    record: Any = None
    #: applied by another front (heard through the store), not here
    remote: bool = False


Listener = Callable[["Room", RoomEvent], None]


def game_of(name: str) -> registry.Game:
    """The registered game ``name``; raises ``RoomError`` naming the games there are."""
    try:
        return registry.get(name)
    except KeyError as err:
        raise RoomError(err.args[0]) from None


def day_of(seconds: float) -> str:
    """The UTC day (``YYYY-MM-DD``) of wall-clock ``seconds`` (``core.daily.today_utc``)."""
    import datetime as _dt

    from core.daily import today_utc

    return today_utc(_dt.datetime.fromtimestamp(seconds, _dt.timezone.utc)).isoformat()


@dataclass
class Room:
    """One table; see the module docstring. ``record`` is ``None`` until every person's
    seat is taken. ``save`` is called with the room after every change worth keeping
    (the store's ``save_room``)."""

    id: int
    game: str
    seats: list[SeatSpec]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    record: Any = None
    created_by: str = ""
    save: Callable[[Room], None] | None = None
    #: seat -> connections of that seat's player now open
    present: dict[int, int] = field(default_factory=dict)
    #: seats whose players are connected to another front (``Hall.share_presence``)
    elsewhere: set[int] = field(default_factory=set)
    #: seat -> time.monotonic() when its player left (missing players only)
    left_at: dict[int, float] = field(default_factory=dict)
    listeners: list[Listener] = field(default_factory=list)
    spectators: int = 0
    bots: dict[int, Any] = field(default_factory=dict)
    #: when the turn now began (time.monotonic()), for the waiting timer
    turn_since: float = field(default_factory=time.monotonic)
    #: a private room is seen, joined and watched only by ``may_see`` names
    private: bool = False
    #: the names a private room's creator invited (beside the named seats)
    invited: tuple[str, ...] = ()
    #: the wall clock (seconds, the hall's ``clock``) giving ``moved``
    clock: Callable[[], float] = time.time
    #: when the room last moved (created, a seat taken, an action played): wall-clock
    #: seconds, stored; an unfinished room without a move for long expires (``Hall``)
    moved: float = 0.0
    #: a daily deal's room: the day (``YYYY-MM-DD``, UTC) whose deal it plays, one seat
    #: (``Hall.daily``); ``None``: an ordinary room
    daily: str | None = None
    #: the store's writes of this room so far (``Store.save_room`` sets it)
    version: int = 0
    #: wraps one change in the store's lock and brings the room up to date first
    #: (``Hall``; ``None``: one front, nothing to wait for)
    guard: Callable[[Room], AbstractContextManager[Any]] | None = None
    #: events of a change under way, told once it is stored
    _pending: list[RoomEvent] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.moved:
            self.moved = self.clock()

    # -- what the lobby lists ---------------------------------------------------------

    @property
    def title(self) -> str:
        return game_of(self.game).title

    @property
    def status(self) -> str:
        if self.record is None:
            return WAITING
        return OVER if self.record.over else PLAYING

    def seat_label(self, seat: int) -> str:
        spec = self.seats[seat]
        if spec.is_cpu:
            return seat_label(self.names()[seat], spec.cpu, dict(zip(game_of(self.game).levels, LEVEL_WORDS)))
        if spec.name is None:
            return "(open)"
        away = " (away)" if self.status == PLAYING and not self.here(seat) else ""
        return spec.name + away

    def summary(self) -> str:
        """One line for the lobby: number, game, status and seats."""
        seats = ", ".join(self.seat_label(i) for i in range(len(self.seats)))
        watching = f" · {self.spectators} watching" if self.spectators else ""
        state = {WAITING: "waiting for players", PLAYING: "playing", OVER: "game over (Enter: replay)"}[self.status]
        private = f" · daily deal {self.daily}" if self.daily else " · private" if self.private else ""
        return f"#{self.id} {self.title}{self.options_text()}{private} · {state} · {seats}{watching}"

    def options_text(self) -> str:
        """The options that change the game, for the room's line: " (start 2)", " (expert,
        blood, zombies)", or "" for the defaults."""
        words = game_of(self.game).options_words(self.options)
        return f" ({', '.join(words)})" if words else ""

    def names(self) -> list[str]:
        """Every seat's name (computers named after their level, numbered if repeated)."""
        out, seen = [], {}
        words = dict(zip(game_of(self.game).levels, LEVEL_WORDS))
        for spec in self.seats:
            name = spec.name or (computer_name(words[spec.cpu]) if spec.cpu else "(open)")
            seen[name] = seen.get(name, 0) + 1
            out.append(name if seen[name] == 1 else f"{name} {seen[name]}")
        return out

    def seat_of(self, name: str) -> int | None:
        """The person's seat of ``name`` in this room (names matched by ``same_name``:
        a seat kept for "ann" is Ann's), or ``None``."""
        for i, spec in enumerate(self.seats):
            if not spec.is_cpu and same_name(spec.name, name):
                return i
        return None

    def may_see(self, name: str, today: str | None = None) -> bool:
        """Whether ``name`` may see this room in the lobby, join it or watch it: anyone
        for a public room; for a private one its creator, the names seated in it and
        the invited names (``same_name``). A daily deal's room is its player's alone
        until its game is over *and* its day is over (``today``: the UTC day now,
        ``YYYY-MM-DD``; default from ``clock``): everyone plays the same deal that day;
        then anyone may watch its replay."""
        if not self.private:
            return True
        if self.daily is not None and self.status == OVER and self.daily < (today or day_of(self.clock())):
            return True
        allowed = [self.created_by, *self.invited, *(s.name for s in self.seats if not s.is_cpu)]
        return any(same_name(name, other) for other in allowed)

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.name is None and not s.is_cpu]

    # -- seats --------------------------------------------------------------------------

    def join(self, name: str) -> int:
        """Seat ``name`` (their own seat if they have one: rejoin; else the first open
        seat) and deal the game once every seat is taken. Returns the seat. Raises
        ``RoomError`` when no seat is left."""
        with self._change():
            return self._join(name)

    def _join(self, name: str) -> int:
        seat = self.seat_of(name)
        if seat is None:
            if not self.may_see(name):
                raise RoomError(f"room #{self.id} is private: only its invited names may join")
            free = self.free_seats()
            if not free:
                raise RoomError(f"room #{self.id} has no free seat; you can watch it (w)")
            seat = free[0]
            self.seats[seat] = SeatSpec(name)
            self.moved = self.clock()
            self._tell(RoomEvent("joined", f"{name} takes seat {seat + 1}.", seat))
            if not self.free_seats():
                self.start()
            self._save()
        return seat

    def leave_seat(self, name: str) -> None:
        """Give up ``name``'s seat before the deal (it is open again). Raises
        ``RoomError`` once the game is dealt: the seat is theirs until it ends."""
        with self._change():
            self._leave_seat(name)

    def _leave_seat(self, name: str) -> None:
        seat = self.seat_of(name)
        if seat is None:
            raise RoomError(f"you have no seat in room #{self.id}")
        if self.record is not None:
            raise RoomError("the game has begun: your seat stays yours until it ends (q in the game leaves the table)")
        self.seats[seat] = SeatSpec()
        self._tell(RoomEvent("left", f"{name} gives up seat {seat + 1}.", seat))
        self._save()

    @property
    def deserted(self) -> bool:
        """Waiting for players, and no person holds a seat any more."""
        return self.record is None and all(s.name is None for s in self.seats if not s.is_cpu)

    def start(self) -> None:
        """Deal the game (every seat taken)."""
        self.record = new_record(self.game, self.names(), [s.cpu for s in self.seats], self.seed, self.options)
        self.turn_since = time.monotonic()
        self._make_bots()
        self._tell(RoomEvent("started", f"The game begins: {', '.join(self.names())}."))

    def _make_bots(self) -> None:
        self.bots = {i: make_bot(self.game, s.cpu, self.seed * 10 + i) for i, s in enumerate(self.seats) if s.is_cpu}

    def attach(self, name: str, listener: Listener | None, *, watch: bool = False) -> int | None:
        """A connection of ``name`` opens on this room: returns their seat (``None``: they
        watch, as everyone without a seat does, or anyone who asks to ``watch``). Says
        "Ann is back" when their seat had been left."""
        seat = None if watch else self.seat_of(name)
        if listener is not None:
            self.listeners.append(listener)
        if seat is None:
            self.spectators += 1
            self._tell(RoomEvent("watching", f"{name} is watching."))
            return None
        was = self.present.get(seat, 0)
        self.present[seat] = was + 1
        if not was and seat in self.left_at:
            del self.left_at[seat]
            self._tell(RoomEvent("back", f"{name} is back.", seat))
        return seat

    def detach(self, name: str, listener: Listener | None, *, watch: bool = False) -> None:
        """A connection of ``name`` closed (quit or dropped); the seat stays theirs.
        ``watch``: as given to ``attach``."""
        if listener in self.listeners:
            self.listeners.remove(listener)
        seat = None if watch else self.seat_of(name)
        if seat is None:
            self.spectators = max(0, self.spectators - 1)
            return
        now = self.present.get(seat, 0) - 1
        if now > 0:
            self.present[seat] = now
            return
        self.present.pop(seat, None)
        if seat in self.elsewhere:  # still connected to another front
            return
        self.left_at[seat] = time.monotonic()
        self._tell(RoomEvent("left", f"{name} left; the seat is kept for them.", seat))

    # -- playing --------------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to decide now (``None`` before the deal and after the end)."""
        if self.record is None:
            return None
        return self.record.rules.actor(self.record.state)

    def here(self, seat: int) -> bool:
        """Whether ``seat``'s player is connected (to this front or another)."""
        return bool(self.present.get(seat)) or seat in self.elsewhere

    def waiting(self, now: float | None = None) -> tuple[str, float] | None:
        """``(name, seconds)`` when the game waits for a person who is not connected
        (seconds since their turn began or since they left, whichever is later)."""
        seat = self.actor
        if seat is None or self.seats[seat].is_cpu or self.here(seat):
            return None
        now = time.monotonic() if now is None else now
        since = max(self.turn_since, self.left_at.get(seat, self.turn_since))
        return self.names()[seat], max(0.0, now - since)

    def play(self, seat: int, action: Any, *, at: int | None = None) -> None:
        """Play ``action`` for ``seat``. Raises ``IllegalActionError``: not this seat's turn,
        the game not dealt or over, or the engine's reason (naming the rule); with ``at``
        (the number of actions the action was chosen after), also when the game has moved
        on since. The record is saved before the listeners hear of it."""
        with self._change():
            if at is not None and (self.record is None or len(self.record.actions) != at):
                raise IllegalActionError("The game has moved on.")
            self._play(seat, action)

    def _play(self, seat: int, action: Any) -> None:
        if self.record is None:
            raise IllegalActionError("The game has not begun: seats are still open.")
        actor = self.actor
        if actor is None:
            raise IllegalActionError("The game is over.")
        if seat != actor:
            raise IllegalActionError(f"Wait: it is {self.names()[actor]}'s turn.")
        before = self.record.state
        self.record = self.record.play(action)  # the engine: raises IllegalActionError
        self.moved = self.clock()
        if self.record.rules.turn(before) != self.record.rules.turn(self.record.state):
            self.turn_since = time.monotonic()
        self._save()
        self._tell(RoomEvent("action", game_of(self.game).describe(before, action, self.record.state), seat, action,
                             self.record))
        if self.record.over:
            self._tell(RoomEvent("over", "The game is over."))

    def cpu_step(self) -> bool:
        """Play one action for the computer seat whose turn it is; False if none is."""
        with self._change():  # chosen once the room is up to date
            seat = self.actor
            if seat is None or seat not in self.bots:
                return False
            self._play(seat, self.bots[seat].choose(self.record.state))
            return True

    # -- plumbing ---------------------------------------------------------------------------

    @contextmanager
    def _change(self) -> Iterator[None]:
        """One change of the room: inside the ``guard`` (the store's lock, the room
        brought up to date) if any; the listeners hear of it after, once it is stored
        (and of the catching up even when the change is refused)."""
        if self._pending is not None:  # inside a change already
            yield
            return
        self._pending = []
        mark = 0
        kept = self._kept()
        try:
            if self.guard is None:
                yield
            else:
                with self.guard(self):
                    mark = len(self._pending)  # what catching up told: true whatever follows
                    kept = self._kept()
                    yield
        except BaseException:
            del self._pending[mark:]  # the change is not stored: nobody hears of it...
            self.record, self.seats[:], self.moved, self.version, self.turn_since = kept  # ...nor keeps it
            raise
        finally:
            told, self._pending = self._pending, None
            for event in told:
                self._tell(event)

    def _kept(self) -> tuple:
        """What a change may alter, to put back when it is not stored (e.g. the store
        cannot be reached: ``store_sql.StoreUnavailable``)."""
        return self.record, list(self.seats), self.moved, self.version, self.turn_since

    def _save(self) -> None:
        if self.save is not None:
            self.save(self)

    def _tell(self, event: RoomEvent) -> None:
        if self._pending is not None:
            self._pending.append(event)
            return
        for listener in list(self.listeners):
            try:
                listener(self, event)
            except Exception:  # a broken connection must not stop the table
                if listener in self.listeners:
                    self.listeners.remove(listener)


# -- the game, through the registry --------------------------------------------------------


def record_rules(game: str):
    """The game's ``RecordRules``."""
    return game_of(game).record_rules()


def new_record(game: str, names: list[str], cpus: list[str | None], seed: int, options: dict[str, Any]):
    """The ``GameRecord`` of a new game with these seats (names and computer levels)."""
    return game_of(game).new_record(names, cpus, seed, options)


def make_bot(game: str, level: str, seed: int):
    return game_of(game).make_bot(level, seed)


def new_seed() -> int:
    """A room's seed when its creator gave none (``tui_common.secrecy.new_seed``)."""
    from tui_common.secrecy import new_seed as drawn

    return drawn()
