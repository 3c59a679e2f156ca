"""A test player: an asyncssh client with a pty whose output is drawn on a pyte screen,
so tests read what a person would see."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pyte

#: How often a wait looks at the screen again (seconds): a look is a fraction of a
#: millisecond, and a wait ends at most this long after what it waits for.
LOOK_SECONDS = 0.01


class Player:
    """One SSH connection to the server as ``name`` in a ``width``×``height`` terminal."""

    def __init__(self, name: str, width: int = 100, height: int = 32) -> None:
        self.name, self.width, self.height = name, width, height
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.raw = bytearray()
        self.conn = self.process = None
        self._reader = None
        self.closed = asyncio.Event()
        self._drawn: tuple[tuple[int, int, int], str] | None = None

    async def connect(self, port: int, *, term_type: str | None = "xterm-256color", command: str | None = None,
                      **options) -> Player:
        # Each name is an account: its first password (here "pw-NAME" unless given) becomes its own.
        options = {"client_keys": None, "preferred_auth": "none,password", "password": f"pw-{self.name}",
                   **options}
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None, **options)
        size = (self.width, self.height) if term_type else None
        self.process = await self.conn.create_process(command, term_type=term_type, term_size=size, encoding=None)
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.received += len(data)
                self.raw += data
                try:
                    self.stream.feed(data)
                except Exception:
                    pass
        except Exception:
            pass
        finally:
            self.closed.set()

    def text(self) -> str:
        """The screen as text; drawn again only when bytes arrived or the size changed
        (drawing it takes milliseconds, and the waits below look every ``LOOK_SECONDS``)."""
        key = (self.received, self.screen.columns, self.screen.lines)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, "\n".join(self.screen.display))
        return self._drawn[1]

    async def wait_for(self, text: str, timeout: float = 15.0) -> str:
        """Wait until ``text`` is on the screen; returns the screen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.text()
            if text in shown:
                return shown
            if self.closed.is_set():
                break
            await asyncio.sleep(LOOK_SECONDS)
        raise AssertionError(f"{self.name}: {text!r} not shown; the screen is:\n{self.text()}\n"
                             f"(raw tail: {bytes(self.raw[-300:])!r})")

    async def wait_quiet(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        last, since = self.received, time.monotonic()
        while time.monotonic() < deadline:
            await asyncio.sleep(LOOK_SECONDS)
            if self.received != last:
                last, since = self.received, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return

    def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys if isinstance(keys, bytes) else keys.encode())

    async def press(self, *keys: str, pause: float = 0.05) -> None:
        for key in keys:
            self.send(KEYS.get(key, key))
            await asyncio.sleep(pause)

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            try:
                await asyncio.wait_for(self.conn.wait_closed(), 5)
            except Exception:
                pass
        if self._reader is not None:
            self._reader.cancel()


KEYS = {"enter": "\r", "escape": "\x1b", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
        "tab": "\t"}
