"""The SSH server (asyncssh): ``ssh -p 2222 NAME@HOST`` opens the lobby as NAME.

Each connection gets the game and nothing else: no shell, no command, no port
forwarding, no agent or X11 forwarding, no scp/sftp. It runs one Textual app at a time
(the lobby, then a room's game, then the lobby again), drawn on the SSH channel by
``driver.ChannelDriver`` at the client's window size (resizes followed; at most
``bounds.MAX_COLUMNS`` × ``MAX_ROWS``): the lobby and the game apps, in this process.
More cores are used by more fronts: several ``GameServer`` processes over one data
folder (``reuse_port``: on one port, the kernel spreading the connections), each
following the others' rooms through the store (``Hall.follow``; docs/server.md,
"Several fronts").

Limits (``Limits``): connections in all (one more is told the table is full, politely,
and closed), connections per address, seconds to log in, minutes without a key, and
the bytes waiting for a client that does not read; what one client may send (its keys,
bytes and pastes) is bounded in ``bounds.py``. A client without a terminal, a command,
garbage bytes or a 10×5 window is answered, never a crash.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from core.private_files import private_file

from tui_common.server.accounts import Accounts, Doorkeeper, Login, LoginThrottle
from tui_common.server.bounds import INPUT_WINDOW, READ_SIZE, bound_channels
from tui_common.server.driver import Terminal, run_app
from tui_common.server.hall import Hall
from tui_common.server.table import game_app
from tui_common.server.stores import open_store

log = logging.getLogger("hospital_games.server")

#: The host key's file name in the data folder (created on the first start).
HOST_KEY = "ssh_host_ed25519_key"


@dataclass(frozen=True)
class Limits:
    """The server's limits (see docs/server.md)."""

    #: players connected at once; one more is refused politely
    connections: int = 50
    #: connections from one address at once
    per_address: int = 8
    #: seconds to finish logging in
    login_seconds: float = 30.0
    #: seconds without a key before the connection is closed
    idle_seconds: float = 30 * 60
    #: bytes of output a client may leave unread before it is dropped
    unread_bytes: int = 4 * 1024 * 1024


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's host key, made (ed25519, owner-only file) on the first start."""
    path = Path(data_dir) / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    private_file(path)  # 0600 before the key is written: never readable by others
    key.write_private_key(str(path))
    key.write_public_key(str(path) + ".pub")
    return key


class GameServer:
    """One server: the hall of rooms, the SSH listener and the connections."""

    def __init__(self, data_dir: Path, *, host: str = "127.0.0.1", port: int = 2222, password: str | None = None,
                 authorized_keys: str | None = None, limits: Limits = Limits(), cpu_delay: float | None = None,
                 max_rooms: int | None = None, guests: bool = False,
                 rooms_per_player: int | None = None, room_days: float | None = None,
                 reuse_port: bool = False, store: str | None = None) -> None:
        self.data_dir = Path(data_dir)
        #: where rooms and accounts are kept (``stores.open_store``; ``None``: the data folder)
        self.store = store
        self.host, self.port = host, port
        self.password = password
        self.authorized_keys = authorized_keys
        #: keyless strangers may play as guest-N (``--guests``)
        self.guests = guests
        #: the login rules and accounts (``accounts.py``), made by ``start``
        self.doorkeeper: Doorkeeper | None = None
        self.limits = limits
        self.cpu_delay = cpu_delay
        self.max_rooms = max_rooms
        #: the hall's other limits (``None``: the hall's defaults)
        self.room_limits = {"rooms_per_player": rooms_per_player, "room_days": room_days}
        #: listen with SO_REUSEPORT: other fronts listen on the same port (``serve --fronts``)
        self.reuse_port = reuse_port
        self.hall: Hall | None = None
        #: the task following the other fronts' changes (``Hall.follow``)
        self.follower: asyncio.Task | None = None
        self.acceptor = None
        self.sessions: set[Terminal] = set()
        self.by_address: dict[str, int] = {}
        self.problems: list[str] = []
        #: addresses not held to the per-address limit (the browser door's)
        self.trusted_addresses: set[str] = set()
        #: failed logins per address (not banned: the trusted ones)
        self.throttle = LoginThrottle(exempt=self.trusted_addresses)

    async def start(self) -> None:
        """Open the store (restoring every room) and listen; ``self.port`` is then the
        port really listened on (0 asks for a free one)."""
        loop = asyncio.get_running_loop()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        extra = {} if self.cpu_delay is None else {"cpu_delay": self.cpu_delay}
        if self.max_rooms is not None:
            extra["max_rooms"] = self.max_rooms
        extra.update({key: value for key, value in self.room_limits.items() if value is not None})
        self.hall = Hall(open_store(self.store or self.data_dir), call_later=loop.call_later,
                         history_dir=self.data_dir, **extra)
        self.problems = self.hall.restore()
        for problem in self.problems:
            log.warning(problem)
        listed = None if self.authorized_keys is None else asyncssh.read_authorized_keys(self.authorized_keys)
        self.doorkeeper = Doorkeeper(Accounts(self.hall.store.db), member_password=self.password,
                                     authorized_keys=listed, guests=self.guests, throttle=self.throttle)
        self.acceptor = await asyncssh.create_server(
            lambda: _Gate(self), self.host, self.port,
            server_host_keys=[host_key(self.data_dir)],
            process_factory=self._session, encoding=None, line_editor=False,
            allow_scp=False, sftp_factory=None, agent_forwarding=False, x11_forwarding=False,
            login_timeout=self.limits.login_seconds, keepalive_interval=60, keepalive_count_max=3,
            window=INPUT_WINDOW, reuse_port=self.reuse_port or None,
        )
        self.port = self.acceptor.sockets[0].getsockname()[1]
        self.follower = asyncio.create_task(self.hall.follow())

    async def close(self) -> None:
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
        for term in list(self.sessions):
            term.hang_up("The server is stopping; your seat is kept.")
        await asyncio.sleep(0.2)
        if self.follower is not None:
            self.follower.cancel()
        if self.hall is not None:
            self.hall.close()

    # -- one connection -----------------------------------------------------------------

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        try:
            await self._serve(process)
        except Exception:  # nothing a client does may stop the server
            log.exception("connection failed")
        finally:
            try:
                process.exit(0)
            except Exception:
                pass

    async def _serve(self, process: asyncssh.SSHServerProcess) -> None:
        def say(text: str) -> None:
            process.stdout.write((text.replace("\n", "\r\n") + "\r\n").encode())

        if process.command is not None or process.subsystem is not None:
            say("This server only plays games: log in without a command, e.g. ssh -t -p PORT NAME@HOST.")
            return
        if process.get_terminal_type() is None:
            say("The games need a terminal: log in with ssh -t (e.g. ssh -t -p 2222 Ann@host).")
            return
        if len(self.sessions) >= self.limits.connections:
            say(f"Sorry, the server is full ({self.limits.connections} players connected). Please try again later.")
            return
        peer = process.get_extra_info("peername")
        address = peer[0] if peer else "?"
        mine = sum(1 for t in self.sessions if t.address == address)
        if mine >= self.limits.per_address and address not in self.trusted_addresses:
            say(f"Sorry, {self.limits.per_address} players are connected from your address already.")
            return
        gate = process.get_extra_info("connection")
        gate.set_extra_info(playing=True)  # _Gate's login timer: this one plays
        login: Login = gate.get_owner().login
        if login.name is None:
            say(login.refused or "The login did not name a player.")
            return
        name = login.name
        width, height = process.get_terminal_size()[:2]
        channel = process.channel

        def write(data: bytes) -> None:
            if channel.get_write_buffer_size() > self.limits.unread_bytes:
                term.hang_up(gone=True)  # the client stopped reading
                return
            process.stdout.write(data)

        term = Terminal(write, (width or 80, height or 24))
        term.process = process
        term.address = address
        term.account = name
        for other in [t for t in self.sessions if getattr(t, "account", None) == name]:
            other.hang_up(f"You logged in as {name} on another terminal (from {address}): this one is closed. "
                          "Your seats go with you.")
        self.sessions.add(term)
        reader = asyncio.create_task(self._read(process, term))
        idle = asyncio.create_task(self._watch_idle(term))
        try:
            note, waiting = login.note, None
            while not term.closed:
                from tui_common.server.lobby import LobbyApp

                choice = await self._run(LobbyApp(self.hall, name, note, waiting), term)
                note, waiting = "", None
                if choice is None or term.closed:
                    break
                kind, room_id = choice
                room = self.hall.rooms.get(room_id)
                if room is None or room.record is None:
                    note = "" if room is None else f"Room #{room_id} waits for players: it starts when every seat is taken."
                    if room is not None and kind == "play":
                        note = f"You sit in room #{room_id}. " + note
                        waiting = room_id
                    continue
                seat = room.seat_of(name) if kind == "play" else None
                await self._run(game_app(room, seat, name, self.data_dir), term)
        finally:
            reader.cancel()
            idle.cancel()
            self.sessions.discard(term)
            term.closed = True
            if term.farewell and not term.gone:
                say(term.farewell)

    async def _run(self, app, term: Terminal):
        """Run ``app`` on ``term`` in this process until it exits; its result."""
        return await run_app(app, term)

    async def _read(self, process: asyncssh.SSHServerProcess, term: Terminal) -> None:
        while True:
            try:
                data = await process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as change:
                term.resize(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except Exception:
                data = b""
            if not data:
                term.hang_up(gone=True)
                return
            term.last_input = time.monotonic()
            term.feed(data)

    async def _watch_idle(self, term: Terminal) -> None:
        limit = self.limits.idle_seconds
        while not term.closed:
            await asyncio.sleep(min(5.0, limit / 4))
            if time.monotonic() - term.last_input > limit:
                term.hang_up(f"No key for {limit / 60:g} minutes: goodbye. Your seat is kept.")
                return


class _Gate(asyncssh.SSHServer):
    """Who may connect and how they log in."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.address = ""
        self.conn = None
        self.login: Login | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        self.conn = conn
        self.login = Login(self.server.doorkeeper, self.address)
        count = self.server.by_address.get(self.address, 0) + 1
        self.server.by_address[self.address] = count
        limits = self.server.limits
        # Far beyond the caps: no time is spent on them (within them, the session says why).
        trusted = self.address in self.server.trusted_addresses
        if ((count > 2 * limits.per_address and not trusted) or len(self.server.sessions) > limits.connections + 10
                or self.server.throttle.banned(self.address)):
            conn.close()
            return
        bound_channels(conn)  # sessions and environment variables: asyncssh keeps any number
        # No game session (no pty, no shell) at twice the time to log in: closed too.
        asyncio.get_running_loop().call_later(2 * limits.login_seconds, self._check_playing, conn)

    def _check_playing(self, conn: asyncssh.SSHServerConnection) -> None:
        if not conn.get_extra_info("playing"):
            conn.close()

    def connection_lost(self, exc) -> None:
        count = self.server.by_address.get(self.address, 1) - 1
        if count > 0:
            self.server.by_address[self.address] = count
        else:
            self.server.by_address.pop(self.address, None)

    def begin_auth(self, username: str) -> bool:
        needed, banner = self.login.begin(username)
        if banner:
            self.conn.send_auth_banner(banner + "\r\n")
        return needed

    def public_key_auth_supported(self) -> bool:
        return self.login.keys_possible

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return self.login.key_ok(key)

    def password_auth_supported(self) -> bool:
        return self.login.passwords_possible

    async def validate_password(self, username: str, password: str) -> bool:
        return await self.login.password_ok(password)

    def kbdint_auth_supported(self) -> bool:
        return self.login.passwords_possible

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        return self.login.challenge() or False

    async def validate_kbdint_response(self, username: str, responses) -> bool:
        return await self.login.responses_ok(responses)

    def auth_completed(self) -> None:
        lost = self.login.completed()
        if lost:
            self.login.name, self.login.refused = None, lost
