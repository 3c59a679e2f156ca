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
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.errors import IllegalActionError
from tui_common.cli import LEVEL_WORDS, computer_name, seat_label
from tui_common.server.names import name_key, same_name

#: The games a room can hold: the save's game name -> (title, seats min, seats max).
GAMES = {"clear-the-ward": ("Clear the Ward", 1, 4), "clinic": ("Clinic", 1, 4)}
#: Computer levels per game (the apps' ``CPU_LEVELS``).
CPU_LEVELS = {"clear-the-ward": ("random", "greedy", "strong"), "clinic": ("random", "basic", "strong")}
#: A room's status: seats still open, game under way, game over.
WAITING, PLAYING, OVER = "waiting", "playing", "over"


#: Names one private room may invite at most.
MAX_INVITED = 12


def parse_invited(text: str) -> tuple[str, ...]:
    """The invited names of a private room from what the creator typed: names separated
    by commas (or spaces), each cleaned like a login name (``clean_name``), repeats
    dropped. Raises ``RoomError`` for more than ``MAX_INVITED`` names."""
    names: list[str] = []
    for raw in re.split(r"[,\s]+", text or ""):
        kept = "".join(ch for ch in raw if ch.isprintable()).strip()
        if not kept:
            continue
        name = clean_name(kept)
        if not any(same_name(name, other) for other in names):
            names.append(name)
    if len(names) > MAX_INVITED:
        raise RoomError(f"invite at most {MAX_INVITED} names to one room")
    return tuple(names)


class RoomError(Exception):
    """A lobby request that cannot be granted (full room, unknown level...); the
    message is shown to the player as it is."""


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


Listener = Callable[["Room", RoomEvent], None]


def parse_seats(game: str, text: str, creator: str) -> tuple[SeatSpec, ...]:
    """The seats of a new room from what the creator typed: comma-separated ``me``
    (the creator), ``open`` (any person who joins), ``cpu:LEVEL``, or a person's name
    (kept for them). Raises ``RoomError`` saying what is wrong."""
    if game not in GAMES:
        raise RoomError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    title, low, high = GAMES[game]
    seats: list[SeatSpec] = []
    for raw in text.split(","):
        token = " ".join(raw.split())
        if not token:
            raise RoomError("an empty seat: separate the seats with commas, e.g. me,open,cpu:medium")
        lower = token.lower()
        if lower.startswith("cpu:"):
            level = lower[4:].strip()
            level = dict(zip(LEVEL_WORDS, CPU_LEVELS[game])).get(level, level)  # cpu:hard
            if level not in CPU_LEVELS[game]:
                raise RoomError(f"unknown computer level {level!r}; choose from {', '.join(LEVEL_WORDS)}")
            seats.append(SeatSpec(None, level))
        elif lower == "me":
            seats.append(SeatSpec(creator))
        elif lower == "open":
            seats.append(SeatSpec())
        else:
            seats.append(SeatSpec(clean_name(token)))
    if not low <= len(seats) <= high:
        raise RoomError(f"{title} is for {low}-{high} players, not {len(seats)}")
    named = [name_key(s.name) for s in seats if s.name and not s.is_cpu]
    if len(named) != len(set(named)):
        raise RoomError("two seats for the same name")
    return tuple(seats)


#: Clinic's player board sides as the lobby names them (the setup screen's three):
#: the beginner side with its fixed first clinic, the expert rules on the 4x3 side, and
#: the expert rules on the 3x3 side (``3x3`` is another name for ``expert``).
CLINIC_SIDES = {"beginner": (False, "beginner"), "expert-4x3": (True, "beginner"),
                "expert": (True, "expert"), "3x3": (True, "expert"), "expert-3x3": (True, "expert")}


def _option_words(text: str) -> list[str]:
    """``"side=expert, expansions=blood,zombies"`` -> ``["side=expert",
    "expansions=blood,zombies"]``: options are split at spaces, and at commas that start
    another ``key=`` (a value may list several things with commas)."""
    return [w for w in re.split(r"\s+|,(?=\s*[a-z0-9_-]+\s*=)", text.strip()) if w.strip(" ,")]


def parse_options(game: str, text: str, seats: int) -> dict[str, Any]:
    """A new room's options from the lobby, the same as a local game's setup: Clear the
    Ward ``start=N`` (the starting seat, 1 for the first); Clinic ``goal=NAME`` (the
    solitaire goal, one seat only), ``side=SIDE`` (every seat's player board:
    beginner, expert-4x3 or expert, i.e. the 3x3 side; or one side a seat, separated by
    commas) and ``expansions=NAME,NAME`` (the mini-expansions of
    ``core.clinic.expansions``, or ``none``). Empty: the defaults. Raises ``RoomError``
    saying what is wrong."""
    options: dict[str, Any] = {}
    for raw in _option_words(text):
        key, _, value = raw.strip(" ,").partition("=")
        key, value = key.strip().lower(), value.strip(" ,").lower()
        if game == "clear-the-ward" and key == "start":
            if not value.isdigit() or not 1 <= int(value) <= seats:
                raise RoomError(f"start: choose a seat from 1 to {seats}")
            options["start"] = int(value) - 1
        elif game == "clinic" and key == "goal":
            from clinic_tui.config import GOALS

            if value not in GOALS:
                raise RoomError(f"goal: choose from {', '.join(GOALS)}")
            if seats != 1:
                raise RoomError("goal: a solitaire goal needs exactly one seat")
            options["goal"] = value
        elif game == "clinic" and key in ("side", "sides"):
            sides = [v.strip() for v in value.split(",") if v.strip()]
            unknown = [v for v in sides if v not in CLINIC_SIDES]
            if unknown or not sides:
                raise RoomError("side: choose from beginner, expert-4x3, expert (the 3x3 side)")
            if len(sides) == 1:
                sides *= seats
            if len(sides) != seats:
                raise RoomError(f"side: one side for every seat, or {seats} sides separated by commas")
            options["sides"] = ["expert" if v in ("3x3", "expert-3x3") else v for v in sides]
        elif game == "clinic" and key in ("expansions", "expansion"):
            from core.clinic.expansions import MODULES

            names = [v.strip() for v in value.split(",") if v.strip()]
            names = [] if names == ["none"] else names
            unknown = [v for v in names if v not in MODULES]
            if unknown:
                raise RoomError(f"expansions: {unknown[0]!r} is not one; choose from {', '.join(MODULES)}")
            options["expansions"] = sorted(set(names) | set(options.get("expansions", ())))
        else:
            known = "start=N" if game == "clear-the-ward" else "goal=NAME, side=SIDE, expansions=NAMES"
            raise RoomError(f"unknown option {raw!r}; {GAMES[game][0]} takes {known}")
    return options


def clean_name(text: str, limit: int = 14) -> str:
    """A player name safe to draw: printable characters only (escape codes and other
    control characters dropped), spaces squeezed, at most ``limit`` characters. Raises
    ``RoomError`` when nothing is left."""
    kept = "".join(ch for ch in text if ch.isprintable())
    name = " ".join(kept.split())[:limit].strip()
    if not name:
        raise RoomError("a player's name needs a letter or a digit")
    return name


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

    def __post_init__(self) -> None:
        if not self.moved:
            self.moved = self.clock()

    # -- what the lobby lists ---------------------------------------------------------

    @property
    def title(self) -> str:
        return GAMES[self.game][0]

    @property
    def status(self) -> str:
        if self.record is None:
            return WAITING
        return OVER if self.record.over else PLAYING

    def seat_label(self, seat: int) -> str:
        spec = self.seats[seat]
        if spec.is_cpu:
            return seat_label(self.names()[seat], spec.cpu, dict(zip(CPU_LEVELS[self.game], LEVEL_WORDS)))
        if spec.name is None:
            return "(open)"
        away = " (away)" if self.status == PLAYING and not self.present.get(seat) else ""
        return spec.name + away

    def summary(self) -> str:
        """One line for the lobby: number, game, status and seats."""
        seats = ", ".join(self.seat_label(i) for i in range(len(self.seats)))
        watching = f" · {self.spectators} watching" if self.spectators else ""
        state = {WAITING: "waiting for players", PLAYING: "playing", OVER: "game over (Enter: replay)"}[self.status]
        private = " · private" if self.private else ""
        return f"#{self.id} {self.title}{self.options_text()}{private} · {state} · {seats}{watching}"

    def options_text(self) -> str:
        """The options that change the game, for the room's line: " (start 2)", " (expert,
        blood, zombies)", or "" for the defaults."""
        words = []
        if self.options.get("start") is not None:
            words.append(f"start {self.options['start'] + 1}")
        if self.options.get("goal"):
            words.append(f"goal {self.options['goal']}")
        sides = self.options.get("sides") or ()
        if any(side != "beginner" for side in sides):
            words.append(sides[0] if len(set(sides)) == 1 else "sides " + "/".join(sides))
        words.extend(self.options.get("expansions") or ())
        return f" ({', '.join(words)})" if words else ""

    def names(self) -> list[str]:
        """Every seat's name (computers named after their level, numbered if repeated)."""
        out, seen = [], {}
        for spec in self.seats:
            words = dict(zip(CPU_LEVELS[self.game], LEVEL_WORDS))
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

    def may_see(self, name: str) -> bool:
        """Whether ``name`` may see this room in the lobby, join it or watch it: anyone
        for a public room; for a private one its creator, the names seated in it and
        the invited names (``same_name``)."""
        if not self.private:
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
        self.left_at[seat] = time.monotonic()
        self._tell(RoomEvent("left", f"{name} left; the seat is kept for them.", seat))

    # -- playing --------------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to decide now (``None`` before the deal and after the end)."""
        if self.record is None:
            return None
        return self.record.rules.actor(self.record.state)

    def waiting(self, now: float | None = None) -> tuple[str, float] | None:
        """``(name, seconds)`` when the game waits for a person who is not connected
        (seconds since their turn began or since they left, whichever is later)."""
        seat = self.actor
        if seat is None or self.seats[seat].is_cpu or self.present.get(seat):
            return None
        now = time.monotonic() if now is None else now
        since = max(self.turn_since, self.left_at.get(seat, self.turn_since))
        return self.names()[seat], max(0.0, now - since)

    def play(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat``. Raises ``IllegalActionError``: not this seat's turn,
        the game not dealt or over, or the engine's reason (naming the rule). The record
        is saved before the listeners hear of it."""
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
        self._tell(RoomEvent("action", describe(self.game, before, action, self.record.state), seat, action,
                             self.record))
        if self.record.over:
            self._tell(RoomEvent("over", "The game is over."))

    def cpu_step(self) -> bool:
        """Play one action for the computer seat whose turn it is; False if none is."""
        seat = self.actor
        if seat is None or seat not in self.bots:
            return False
        self.play(seat, self.bots[seat].choose(self.record.state))
        return True

    # -- plumbing ---------------------------------------------------------------------------

    def _save(self) -> None:
        if self.save is not None:
            self.save(self)

    def _tell(self, event: RoomEvent) -> None:
        for listener in list(self.listeners):
            try:
                listener(self, event)
            except Exception:  # a broken connection must not stop the table
                if listener in self.listeners:
                    self.listeners.remove(listener)


# -- the games, imported on first use ------------------------------------------------------


def record_rules(game: str):
    """The game's ``RecordRules``."""
    if game == "clear-the-ward":
        from core.clear_ward.game_record import RULES
    else:
        from core.clinic.game.game_record import RULES
    return RULES


def new_record(game: str, names: list[str], cpus: list[str | None], seed: int, options: dict[str, Any]):
    """The ``GameRecord`` of a new game with these seats (names and computer levels)."""
    from core.record import GameRecord
    from core.saves import Seat

    seats = [Seat(n, c) for n, c in zip(names, cpus)]
    if game == "clear-the-ward":
        return GameRecord.new(record_rules(game), seed, seats, {"starting_player": options.get("start")})
    from clinic_tui.config import Options, Seat as ClinicSeat
    from clinic_tui.saving import new_record as clinic_record

    sides = [CLINIC_SIDES[side] for side in options.get("sides") or ["beginner"] * len(names)]
    clinic_seats = tuple(ClinicSeat(n, c, expert, side) for n, c, (expert, side) in zip(names, cpus, sides))
    return clinic_record(Options(seats=clinic_seats, goal=options.get("goal"),
                                 expansions=tuple(options.get("expansions") or ())), seed)


def make_bot(game: str, level: str, seed: int):
    if game == "clear-the-ward":
        from core.clear_ward.bots import make_bot as make
    else:
        from core.clinic.game.bots import make_bot as make
    return make(level, seed)


def describe(game: str, before, action, after) -> str:
    """The log line of an action (the game's narration)."""
    if game == "clear-the-ward":
        from core.clear_ward import describe as tell
    else:
        from core.clinic.game.narration import describe as tell
    return tell(before, action, after)


def new_seed() -> int:
    """A room's seed when its creator gave none (``tui_common.secrecy.new_seed``)."""
    from tui_common.secrecy import new_seed as drawn

    return drawn()
