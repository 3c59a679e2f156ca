"""The hall: every room of the server, the store behind them, and the computer players'
clock.

Computer players choose after ``cpu_delay``; a slow one (the strong Clear the Ward
player) in a worker process, so no screen on the server waits for it
(``thinking.Thinker``); the action is played on the event loop when it comes back.

``Hall.create`` opens a room, public or private (limits: ``max_rooms`` in all,
``rooms_per_player`` unfinished rooms created by one name, names matched by
``names.same_name``); ``Hall.restore`` brings back the stored rooms after a restart.
Computer seats play through ``call_later(delay, fn)`` (the event loop's, in the server;
tests may pass their own or call ``Room.cpu_step``).

Expiry: an unfinished room without a move (``Room.moved``) for ``room_days`` days is
removed from the hall and the store (``Hall.expire``, run as the lobby lists the
rooms), after its line in the lobby has said "expires in ..." for its last
``WARN_DAYS`` days; a room found past its time (the server was down) gets those
days of warning from then. A room someone has open (seated or watching) is kept until
they leave. ``clock`` is the wall clock in seconds (``time.time``; tests pass their own).

The daily deal (``Hall.daily``, docs/daily.md "On the server"): a room of one seat, the
player's, dealt today's deal of the game (``core.daily.daily_seed`` of the game's
command and the UTC day; the game's ``daily_options``), private to its player; one
counted try per account, game and UTC day (``Store.claim_daily``). ``daily_table`` is
the day's results, best first.

The history: when a room's game ends, each person seated gets a row in the server's
history (``tui_common.history``, ``history.sqlite3`` in ``history_dir``: by default the
store's folder, the server's data folder) with their name (``player``); the lobby's
stats key reads it.

Several fronts (docs/server.md "Several fronts"): each change of a room is applied in
the store's lock (``_guard``: the room brought up to date first, ``fronts.catch_up``);
``follow`` hears the other fronts' writes (``Store.wait_for_changes``) and brings this
hall's rooms up to date (``follow_changes``): new rooms join the lobby, moved rooms are
caught up, deleted ones go. A room's computer seats are played by the front the store
gives them to (``Store.bots_mine``); the others look again every ``BOT_LOOK_SECONDS``
in case that front stopped. The history and a daily result are written by the front
that played the last action.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from pathlib import Path

from core.errors import IllegalActionError
from tui_common.server.fronts import SharedHall
from tui_common.server.names import same_name
from tui_common.server.room_setup import parse_invited, parse_options, parse_seats
from tui_common.server.rooms import OVER, Room, RoomError, RoomEvent, SeatSpec, day_of, game_of, new_seed
from tui_common.server.store import DailyTry, Store
from tui_common.server.store_sql import StoreUnavailable
from tui_common.server.thinking import SLOW_SECONDS, Thinker, slow_level

log = logging.getLogger("hospital_games.server")

#: Rooms on one server at most (finished rooms count until removed).
MAX_ROOMS = 40
#: Unfinished rooms one player may have created at once (``--rooms-per-player``).
MAX_ROOMS_PER_PLAYER = 3
#: Days an unfinished room is kept without a move (``--room-days``).
ROOM_DAYS = 14.0
#: The last days of a room's time, during which its lobby line says when it expires.
WARN_DAYS = 2.0
#: Seconds between two expiry sweeps of the lobby's listing.
SWEEP_SECONDS = 60.0
DAY = 86400.0
#: Seconds between a computer player's actions, so people can follow them.
CPU_DELAY = 0.6
#: Seconds between two looks at a room whose computer seats another front plays (it
#: may have stopped: its lease then runs out, ``store.BOT_LEASE_SECONDS``).
BOT_LOOK_SECONDS = 5.0


class DailyPlayed(RoomError):
    """A second counted try of a daily deal the same day; ``room``: the player's room
    of that try, if the hall still holds it (its replay), else ``None``."""

    def __init__(self, text: str, room: Room | None) -> None:
        super().__init__(text)
        self.room = room


class Hall(SharedHall):
    """The rooms of one server; see the module docstring (and ``fronts.SharedHall``:
    several fronts over one store)."""

    def __init__(self, store: Store, *, call_later: Callable[[float, Callable[[], Any]], Any] | None = None,
                 cpu_delay: float = CPU_DELAY, max_rooms: int = MAX_ROOMS,
                 rooms_per_player: int = MAX_ROOMS_PER_PLAYER, room_days: float = ROOM_DAYS,
                 clock: Callable[[], float] = time.time, history_dir: Path | str | None = None) -> None:
        """``history_dir``: the folder of the served games' history (default: the
        store's folder; none for a store in memory or in PostgreSQL)."""
        self.store = store
        if history_dir is None and store.path is not None and str(store.path) != ":memory:":
            history_dir = Path(store.path).parent
        self.history_dir = None if history_dir is None else Path(history_dir)
        self.rooms: dict[int, Room] = {}
        self.call_later = call_later
        self.cpu_delay = cpu_delay
        self.max_rooms = max_rooms
        self.rooms_per_player = rooms_per_player
        self.room_days = room_days
        self.clock = clock
        #: room id -> when the hall first showed its expiry warning (clock seconds)
        self._warned: dict[int, float] = {}
        self._swept = -math.inf
        self._cpu_due: set[int] = set()
        #: the worker process for slow computer players (only with an event loop)
        self.thinker = Thinker()
        #: (room id, seat) of the computer seats that think in the worker
        self.slow: set[tuple[int, int]] = set()
        #: the store's last change this hall has looked at (``follow_changes``)
        self.seen_change = store.last_change()
        #: the seats last told to the store as connected here, and when (monotonic)
        self._shared: list[tuple[int, int]] | None = None
        self._shared_at = -math.inf

    def close(self) -> None:
        """Stop the worker process and close the store (the other fronts are told that
        nobody is connected here any more)."""
        self.thinker.close()
        if self._shared:
            try:
                self.store.mark_present([])
            except Exception:  # the store may be gone already; the word runs out by itself
                log.warning("could not tell the other fronts that this one stops")
        self.store.close()

    def restore(self) -> list[str]:
        """Load every stored room; returns the problems (rooms left out) as sentences."""
        self.seen_change = self.store.last_change()  # before loading: nothing written meanwhile is missed
        rooms, problems = self.store.load_rooms()
        for room in rooms:
            room.clock = self.clock
            self._adopt(room)
            self.schedule_cpu(room)
            if room.daily is not None and room.status == OVER:  # over just before a stop
                self._daily_result(room)
        return problems

    def create(self, game: str, seats_text: str, creator: str, seed: int | None = None,
               options: dict[str, Any] | str | None = None, *, private: bool = False,
               invited: str | tuple[str, ...] = ()) -> Room:
        """A new room of ``game`` with the seats typed by ``creator`` (see
        ``room_setup.parse_seats``) and its options (a dict, or as typed: ``room_setup.parse_options``),
        saved at once; dealt at once when no seat is open. ``private``: only the creator,
        the named seats and the ``invited`` names (typed: ``room_setup.parse_invited``) see it.
        Raises ``RoomError`` (bad seats, a private room nobody could join, too many rooms
        on the server or of this creator)."""
        seats = parse_seats(game, seats_text, creator)
        options = parse_options(game, options, len(seats)) if isinstance(options, str) else dict(options or {})
        invited = parse_invited(invited) if isinstance(invited, str) else tuple(invited)
        if not private and invited:
            raise RoomError("only a private room takes invited names; choose private, or empty the invite field")
        if private and not invited and any(s.name is None and not s.is_cpu for s in seats):
            raise RoomError("nobody could take the open seat of a private room: invite a name, or name the seat")
        mine = [r for r in self.rooms.values()
                if same_name(r.created_by, creator) and r.status != OVER and r.daily is None]
        if len(mine) >= self.rooms_per_player:
            rooms = f"{len(mine)} unfinished room{'s' if len(mine) != 1 else ''}"
            raise RoomError(f"you have {rooms} already, the most one player may open; "
                            "finish one, or give up your seat in one still waiting (x)")
        self._make_space()
        room = Room(self.store.new_room_id(), game, list(seats), new_seed() if seed is None else seed,
                    options, created_by=creator, save=self.store.save_room, private=private,
                    invited=invited, clock=self.clock)
        self._adopt(room)
        if not room.free_seats():
            room.start()
        room._save()
        self.schedule_cpu(room)
        return room

    def _make_space(self) -> None:
        """Before a new room: expire the old ones; on a full server the oldest finished
        game nobody is looking at makes room. Raises ``RoomError`` when none does."""
        self.expire()
        if len(self.rooms) >= self.max_rooms:
            over = [r for r in self.listing() if r.status == OVER and not r.present and not r.elsewhere and not r.spectators]
            if over:  # the oldest finished game nobody is looking at makes room
                self.remove(over[0].id)
        if len(self.rooms) >= self.max_rooms:
            raise RoomError(f"the server holds {self.max_rooms} rooms already; join one or try later")

    # -- the daily deal ------------------------------------------------------------------

    def today(self) -> str:
        """Today's UTC day (``YYYY-MM-DD``) by the hall's ``clock``."""
        return day_of(self.clock())

    def daily(self, game: str, player: str) -> Room:
        """``player``'s room of today's daily deal of ``game``: a new one, dealt at once
        (their counted try: one seat, the day's seed, the game's ``daily_options``,
        private to them), or the one they are still playing. Raises ``DailyPlayed``
        (a sentence) when today's try is played already, ``RoomError`` for a game
        without a daily deal or a full server."""
        from core.daily import daily_seed

        found = game_of(game)
        if found.daily_options is None:
            raise RoomError(f"{found.title} has no daily deal on this server")
        day = self.today()
        tried = self.store.daily_try(game, day, player)
        if tried is not None:
            room = self.rooms.get(tried.room)
            if room is not None and room.status != OVER and room.seat_of(player) is not None:
                return room  # still being played: back to it
            raise DailyPlayed(self.daily_refusal(found.title, day, room), room)
        options = parse_options(game, found.daily_options, 1)
        self._make_space()
        seed = daily_seed(found.command, _dt.date.fromisoformat(day))
        room = Room(self.store.new_room_id(), game, [SeatSpec(player)], seed, options, created_by=player,
                    save=self.store.save_room, private=True, clock=self.clock, daily=day)
        if not self.store.claim_daily(game, day, player, room.id):  # (another connection was quicker)
            raise DailyPlayed(self.daily_refusal(found.title, day, None), None)
        self._adopt(room)
        room.start()
        room._save()
        log.info("room #%d: %s's daily deal of %s (%s)", room.id, player, found.title, day)
        return room

    @staticmethod
    def daily_refusal(title: str, day: str, room: Room | None) -> str:
        """The sentence refusing a second counted try (``room``: the first one's, kept)."""
        text = f"You have played today's daily deal of {title} ({day}) already; one counted try a day"
        if room is not None:
            return text + f". Its replay is room #{room.id}: choose it and press Enter"
        return text + ". Your game is in your stats (s)"

    def daily_table(self, game: str, day: str | None = None) -> list[DailyTry]:
        """The finished counted tries of ``game``'s deal of ``day`` (default today),
        best first: names and scores only, never a board."""
        return self.store.daily_results(game, day or self.today())

    def _daily_result(self, room: Room) -> None:
        """Write a finished daily room's score into the day's table."""
        found = game_of(room.game)
        scores, winners = found.result(room.record.state)
        for seat, spec in enumerate(room.seats):
            if not spec.is_cpu and spec.name is not None:
                self.store.daily_result(room.game, room.daily, spec.name, scores[seat], seat in winners, self.clock())

    # -- the history ---------------------------------------------------------------------

    def _ended(self, room: Room) -> None:
        """A room's game is over: its daily result, and a history row a person."""
        try:
            if room.daily is not None:
                self._daily_result(room)
            if self.history_dir is not None:
                from tui_common.history import record_game

                for row in served_rows(room):
                    problem = record_game(self.history_dir, row)
                    if problem:
                        log.warning("room #%d: %s", room.id, problem)
        except Exception:  # the table goes on: the room is stored whatever happens here
            log.exception("room #%d: its end could not be written down", room.id)

    def leave(self, room: Room, name: str) -> None:
        """``name`` gives up their seat in a room still waiting for players; a room left
        with no person in it closes. Raises ``RoomError`` (no seat, game begun)."""
        room.leave_seat(name)
        if room.deserted:
            self.remove(room.id)

    def remove(self, room_id: int) -> None:
        """Close a room for good (finished or abandoned)."""
        self.rooms.pop(room_id, None)
        self._warned.pop(room_id, None)
        self.store.delete_room(room_id)

    def listing(self) -> list[Room]:
        """Every room, by number (private ones too: see ``visible_to``)."""
        return [self.rooms[i] for i in sorted(self.rooms)]

    def visible_to(self, name: str) -> list[Room]:
        """The rooms ``name`` may see in the lobby (``Room.may_see``), by number; the
        hall's expiry sweep runs first (at most once every ``SWEEP_SECONDS``)."""
        if self.clock() - self._swept >= SWEEP_SECONDS:
            self.expire()
        return [room for room in self.listing() if room.may_see(name)]

    # -- expiry --------------------------------------------------------------------------

    def expires_at(self, room: Room) -> float | None:
        """When (clock seconds) ``room`` expires, or ``None`` for a finished game: its
        last move plus ``room_days``, but never before ``WARN_DAYS`` after the hall first
        warned of it."""
        if room.status == OVER:
            return None
        due = room.moved + self.room_days * DAY
        warned = self._warned.get(room.id)
        return due if warned is None else max(due, warned + self._warn_seconds())

    def _warn_seconds(self) -> float:
        return min(WARN_DAYS, self.room_days) * DAY

    def expiry_note(self, room: Room) -> str:
        """"expires in 2 days" (or "in 5 hours") during a room's last ``WARN_DAYS``
        days, else ""."""
        due = self.expires_at(room)
        if due is None or room.id not in self._warned:
            return ""
        left = max(0.0, due - self.clock())
        if left >= DAY:
            days = math.ceil(left / DAY)
            return f"expires in {days} day{'s' if days != 1 else ''}"
        hours = max(1, math.ceil(left / 3600))
        return f"expires in {hours} hour{'s' if hours != 1 else ''}"

    def expire(self) -> list[int]:
        """Warn of the unfinished rooms in their last ``WARN_DAYS`` days and remove those
        past their time that nobody has open (a log line each); returns the numbers
        removed."""
        now = self._swept = self.clock()
        removed = []
        for room in self.listing():
            due = self.expires_at(room)
            if due is None:
                self._warned.pop(room.id, None)
                continue
            if now < room.moved + self.room_days * DAY - self._warn_seconds():
                self._warned.pop(room.id, None)  # it moved since the warning
                continue
            if room.id not in self._warned:
                self._warned[room.id] = now
                continue
            if now >= due and not room.present and not room.elsewhere and not room.spectators:
                self.remove(room.id)
                removed.append(room.id)
                log.info("room #%d (%s, created by %s) expired: no move for %g days", room.id, room.title,
                         room.created_by, self.room_days)
        return removed

    def _adopt(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.guard = self._guard
        room.listeners.append(self._heard)

    # -- computer players ----------------------------------------------------------------

    def _heard(self, room: Room, event: RoomEvent) -> None:
        if event.kind in ("started", "action"):
            self.schedule_cpu(room)
        elif event.kind == "over" and not event.remote:  # written down by the front that played it
            self._ended(room)

    def schedule_cpu(self, room: Room) -> None:
        """Ask for the computer seat's next action after ``cpu_delay`` (once)."""
        if self.call_later is None or room.actor not in room.bots or room.id in self._cpu_due:
            return
        self._cpu_due.add(room.id)

        def act() -> None:
            self._cpu_due.discard(room.id)
            if self.rooms.get(room.id) is not room or room.actor not in room.bots:
                return
            try:
                if not self.store.bots_mine(room.id):  # another front plays them: look again later
                    self._cpu_due.add(room.id)
                    self.call_later(BOT_LOOK_SECONDS, act)
                    return
                self._think(room)
            except StoreUnavailable as err:  # the store is away: the computer tries again later
                log.warning("room #%d: %s", room.id, err)
                self._cpu_due.add(room.id)
                self.call_later(BOT_LOOK_SECONDS, act)
            except RoomError as err:  # closed meanwhile by another front
                log.info("room #%d: %s", room.id, err)

        self.call_later(self.cpu_delay, act)

    def _think(self, room: Room) -> None:
        """The computer seat to move chooses: in place, or in the worker process (then
        its action is played when it comes back, if the game has not moved on)."""
        seat = room.actor
        if seat is None or seat not in room.bots:
            return
        if not slow_level(room.game, room.seats[seat].cpu) and (room.id, seat) not in self.slow:
            began = time.perf_counter()
            room.cpu_step()
            if time.perf_counter() - began > SLOW_SECONDS:
                self.slow.add((room.id, seat))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop to hear the answer (a caller without one): here
            room.cpu_step()
            return
        done = len(room.record.actions)
        try:
            future = self.thinker.submit(room.bots[seat], room.record.state)
        except RuntimeError:
            self.thinker.broken()
            room.cpu_step()
            return
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(self._thought, room, seat, done, f))

    def _thought(self, room: Room, seat: int, done: int, future) -> None:
        if self.rooms.get(room.id) is not room or room.actor != seat or len(room.record.actions) != done:
            return  # the room closed or moved on meanwhile
        try:
            action, bot = future.result()
        except Exception as err:  # the worker broke: choose here this once
            log.warning("the computer players' worker failed (%s); choosing in place", err)
            self.thinker.broken()
            room.cpu_step()
            return
        room.bots[seat] = bot
        self.thinker.thought += 1
        try:
            room.play(seat, action, at=done)
        except IllegalActionError:  # another front moved the game meanwhile: choose again
            self.schedule_cpu(room)
        except RoomError as err:
            log.info("room #%d: %s", room.id, err)


def served_rows(room: Room) -> list:
    """The history rows (``tui_common.history.Finished``) of a finished room: one for
    each person seated, with their name, seat's score and result (mode ``daily`` for a
    daily deal's room, else ``solo`` or ``table``; levels as the lobby's words)."""
    from core.saves import dumps
    from tui_common.hint import hints_used
    from tui_common.history import Finished, counts, mode_of
    from tui_common.levels import LEVEL_WORDS

    found = game_of(room.game)
    words = dict(zip(found.levels, LEVEL_WORDS))
    levels = tuple("person" if spec.cpu is None else words.get(spec.cpu, spec.cpu) for spec in room.seats)
    scores, winners = found.result(room.record.state)
    hints = hints_used(room.record)
    text = dumps(room.record.to_save())
    ended = _dt.datetime.fromtimestamp(room.clock(), _dt.timezone.utc).isoformat(timespec="seconds")
    return [Finished(game=found.command, mode=mode_of(len(levels), room.daily, False), levels=levels,
                     won=seat in winners, score=int(scores[seat]), hints=hints, daily=room.daily,
                     counts=counts(levels, hints), record=text, ended_at=ended, player=spec.name)
            for seat, spec in enumerate(room.seats) if not spec.is_cpu and spec.name is not None]
