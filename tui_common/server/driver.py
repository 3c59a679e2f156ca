"""A Textual driver that draws an app on a remote terminal (an SSH channel) instead of
the process's own terminal, so one server process runs one app per connection.

The app finds its terminal in ``app.net_terminal`` (a ``Terminal``): the driver writes
the app's output there and the connection feeds the bytes typed and the window size
changes back (``Terminal.feed`` / ``Terminal.resize``). Keys are decoded by Textual's
own xterm parser, as the Linux driver does; bytes that are not UTF-8 become U+FFFD and
anything the parser chokes on is dropped (the parser starts afresh). The window size is
capped and the input bounded (bytes and keys a second, paste length): ``bounds.py``.

Several apps share the event loop; each runs in its own task, so Textual's
``active_app`` context is each app's own. Code outside an app (the room telling the
players of an action) must reach it by ``app.call_later`` (a message to its queue),
never by calling its widgets directly.
"""

from __future__ import annotations

import asyncio
import codecs
import time
import weakref
from collections.abc import Callable

from textual import events
from textual.driver import Driver
from textual.geometry import Size

from tui_common.server.band_updates import banded_updates
from tui_common.server.bounds import DEFAULT_SIZE, InputBudget, ReadBudget, clamp_size
from tui_common.server.collector import COLLECTOR
from tui_common.server.lean_strips import lean_strips
from tui_common.server.shared_styles import share_parsed_styles

#: Seconds after which a lone Escape is a key, not the start of a sequence.
ESCAPE_WAIT = 0.1
#: Apps of one process that may be starting at once (until their first frame is
#: written, at most ``STARTING_SECONDS``): the others wait their turn. Starting an app
#: is its most expensive moment (100 ms of CPU and more); 50 clients connecting at
#: once then delay one another, not the keys of the players already at a table.
STARTING_AT_ONCE, STARTING_SECONDS = 1, 3.0
_starting: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _starting_turn() -> asyncio.Semaphore:
    """This event loop's turns to start an app (a semaphore belongs to one loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _starting:
        _starting[loop] = asyncio.Semaphore(STARTING_AT_ONCE)
    return _starting[loop]


class Terminal:
    """One connection's terminal: ``write`` sends text to the client, ``size`` is its
    window (columns, rows), as the client asked but at most ``bounds.MAX_COLUMNS`` ×
    ``MAX_ROWS`` (``bounds.clamp_size``; 0 is 80 or 24); ``feed`` and ``resize`` pass the
    client's input to the driver of the app running now (if any). ``written`` counts
    the bytes sent."""

    def __init__(self, write: Callable[[bytes], None], size: tuple[int, int]) -> None:
        self._write = write
        self.size = clamp_size(*size, DEFAULT_SIZE)
        self.driver: ChannelDriver | None = None
        self.written = 0
        #: the session is ending (the client left, idled or the server stops)
        self.closed = False
        #: the client is gone: nothing more is written
        self.gone = False
        #: said to the client once the app has closed (e.g. why it was disconnected)
        self.farewell = ""
        self.last_input = time.monotonic()
        #: the app running now, set by the server
        self.app = None
        #: the client's IP address (the server's per-address limit)
        self.address = ""
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        #: the bytes of input parsed a second (bounds.py): the rest is dropped
        self.reads = ReadBudget()

    def write(self, text: str) -> None:
        if not self.gone:
            self.write_bytes(text.encode("utf-8", "replace"))

    def write_bytes(self, data: bytes) -> None:
        """Send bytes already encoded."""
        if self.gone:
            return
        self.written += len(data)
        try:
            self._write(data)
        except Exception:  # the channel closed under us
            self.gone = True

    def hang_up(self, farewell: str = "", *, gone: bool = False) -> None:
        """End the session: the app running now exits (its terminal restored unless the
        client is ``gone``), then ``farewell`` is said and the connection closed."""
        self.gone = self.gone or gone
        if self.closed:
            return
        self.closed = True
        self.farewell = farewell
        app = self.app
        if app is not None:
            app.call_later(app.exit)

    def feed(self, data: bytes) -> None:
        """Bytes the client sent (one read), dropped beyond ``reads``' rate."""
        if not self.reads.take(len(data)):
            return
        text = self._decode(data)
        if text and self.driver is not None:
            self.driver.feed(text)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed (clamped as the first size; 0 keeps the old)."""
        self.size = clamp_size(width, height, self.size)
        if self.driver is not None:
            self.driver.resized()


async def run_app(app, term: Terminal):
    """Run ``app`` on ``term`` until it exits (or the client goes); its result. A
    shared-table app is detached from its room afterwards. It starts when one of the
    ``STARTING_AT_ONCE`` turns to start is free."""
    running = None
    try:
        async with _starting_turn():
            if term.closed:  # the client left between two apps (or while waiting its turn)
                return None
            app.net_terminal = term
            app.driver_class = ChannelDriver
            share_parsed_styles(app)
            lean_strips()
            banded_updates()
            app.net_drawn = asyncio.Event()
            term.app = app
            COLLECTOR.app_started(passing=getattr(app, "PASSING", False))
            running = asyncio.ensure_future(app.run_async(size=term.size))
            drawn = asyncio.ensure_future(app.net_drawn.wait())
            try:
                await asyncio.wait([running, drawn], timeout=STARTING_SECONDS, return_when=asyncio.FIRST_COMPLETED)
            finally:
                drawn.cancel()
        return await running
    finally:
        if running is not None:
            running.cancel()  # (done already, unless this task was cancelled)
            COLLECTOR.app_closed(passing=getattr(app, "PASSING", False))
            term.app = None
            detach = getattr(app, "detach", None)
            if detach is not None:
                detach()


def _parser_class():
    """Textual's xterm parser without its process-wide cache of (parser, sequence):
    ``XTermParser._parse_extended_key`` is an ``lru_cache`` of 1,024 entries keyed by the
    parser itself, so every app whose parser read a key stayed reachable from it (the
    parser's generator holds its last key, the key its sender, the app) long after the
    app closed: every lobby a player passed through, about 1 MB each (issue 33). Here each
    parser parses without that cache (a Kitty sequence is rare and cheap to parse)."""
    global _PARSER
    if _PARSER is None:
        from textual._xterm_parser import XTermParser

        parse_extended = getattr(XTermParser._parse_extended_key, "__wrapped__", XTermParser._parse_extended_key)

        class ChannelParser(XTermParser):
            _parse_extended_key = parse_extended

        _PARSER = ChannelParser
    return _PARSER


_PARSER = None


class ChannelDriver(Driver):
    """Textual driver for ``app.net_terminal``; see the module docstring."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal: Terminal = app.net_terminal
        self._parser = None
        #: the client's input allowance (keys a second, paste length): bounds.py
        self.budget = InputBudget()
        self._tick_handle: asyncio.TimerHandle | None = None

    def write(self, data: str) -> None:
        self.terminal.write(data)
        if self.terminal.driver is self:  # after the modes: the app's first frame
            self._app.net_drawn.set()

    def flush(self) -> None:
        pass

    def _send_size(self) -> None:
        size = Size(*self.terminal.size)
        self._app.post_message(events.Resize(size, size))

    def start_application_mode(self) -> None:
        self._parser = _parser_class()(self._debug)
        self.write("\x1b[?1049h")  # alternate screen
        if self._mouse:
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        self.write("\x1b[?25l\x1b[?2004h\x1b[?7l")  # hide cursor, bracketed paste, no line wrap
        self.terminal.driver = self
        self._send_size()

    def send_message(self, message) -> None:
        self._app.post_message(message)

    def feed(self, text: str) -> None:
        """Keys (and mouse reports) typed on the client, within its ``budget``: keys
        beyond the rate and pastes over ``bounds.PASTE_CHARS`` are dropped."""
        for fresh, piece in self.budget.pieces(text):
            if fresh:  # a paste too long: the parser forgets what it holds of it
                self._parser = _parser_class()(self._debug)
            try:
                for message in self._parser.feed(piece):
                    if self.budget.admit(message):
                        self.process_message(message)
            except Exception:  # a garbled sequence: forget it, start afresh
                self._parser = _parser_class()(self._debug)
        if self._tick_handle is None:
            self._tick_handle = self._loop.call_later(ESCAPE_WAIT * 1.5, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        if self._parser is None:
            return
        try:
            for message in self._parser.tick():
                if self.budget.admit(message):
                    self.process_message(message)
        except Exception:
            pass

    def resized(self) -> None:
        self._send_size()

    def disable_input(self) -> None:
        if self.terminal.driver is self:
            self.terminal.driver = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self._parser = None  # (with the last key it read, which names the app)
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        if self._mouse:
            self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")
