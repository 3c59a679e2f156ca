"""What one client may send the server, bounded: its window size and its input.

A public server must not let one client spend its memory or its CPU. Textual draws a
screen of the size it is told (a 100000×100000 window is ten billion cells: the
process grows until the kernel kills it), and every key is a message an app handles
(about 10 ms of CPU a move). So:

- every window size a client gives (the SSH pty request, each window change, the
  browser door's resize message) goes through ``clamp_size``: at most
  ``MAX_COLUMNS`` × ``MAX_ROWS``; a size of 0 (which RFC 4254 says to ignore) or one
  that is not a number keeps the size the terminal had (80×24 at first);
- ``ReadBudget`` drops a client's bytes beyond a rate before they are parsed
  (``READ_BURST`` at once, ``READ_BYTES_PER_SECOND`` after that), and the SSH receive
  window (``INPUT_WINDOW``) bounds the bytes waiting to be read;
- ``InputBudget`` drops the keys and mouse reports of a client beyond a rate (a key
  bucket: ``KEY_BURST`` at once, ``KEYS_PER_SECOND`` after that) and any bracketed
  paste longer than ``PASTE_CHARS``, so a 100 KB paste costs a few keys, not minutes of
  CPU, and a paste that never ends costs no memory.

See docs/server.md, "Limits".
"""

from __future__ import annotations

import time

#: The widest window the server draws, in columns. A wider client window is drawn at
#: this width (the rest of the client's window stays blank). 300 columns is a 4K
#: monitor's full width in a small font; a 300×100 screen is 30,000 cells, a frame of at
#: most about 0.5 MB, where the 1000×500 of before let one client cost 15 times that.
MAX_COLUMNS = 300
#: The tallest window the server draws, in rows (see ``MAX_COLUMNS``).
MAX_ROWS = 100
#: The window assumed when a client gives no size (0×0) on its first request.
DEFAULT_SIZE = (80, 24)

#: Keys (and clicks, pastes, scrolls) a client may send at once before the rate applies
#: (a fast typist's burst is under 10).
KEY_BURST = 20
#: Keys a second a client may send after a burst; keys beyond it are dropped (a held
#: key repeats 25–30 times a second: it moves 20 a second here). Each key costs an app
#: about 10 ms of CPU, more on a 300×100 window: 50 clients at full rate would take a
#: core or two. Mouse motion has a bucket of its own of the same size, so waving the
#: mouse never costs a key.
KEYS_PER_SECOND = 20.0
#: The longest bracketed paste passed to an app, in characters; a longer paste is
#: dropped whole (every field of the games takes far less: a name is 14 characters).
PASTE_CHARS = 1024

#: Bytes of input a client may send at once, and a second after that, before the server
#: drops what it sends (``ReadBudget``). Textual's key parser costs 10–40 µs a byte:
#: a client streaming bytes at full speed would take a core; at this rate it takes a
#: few percent. A person sends far less (a key is 1–6 bytes, waving the mouse about 1.5
#: KB a second).
READ_BURST, READ_BYTES_PER_SECOND = 4 * 1024, 2 * 1024
#: Once input is dropped, it is dropped until the client has been quiet this long
#: (seconds): then the keys start afresh, so no half of a dropped sequence becomes keys.
#: A paste under way that pauses this long is over too (its rest would be keys).
QUIET_SECONDS = 0.5
#: Bytes the server reads from a connection at a time (the parser works on one read
#: without a break: 1 KB is a few milliseconds).
READ_SIZE = 1024

#: What a terminal sends around a paste (bracketed paste mode, which the driver turns on).
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def _dimension(value, limit: int, fallback: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        return fallback
    if number == 0:  # RFC 4254: "zero dimension parameters MUST be ignored"
        return fallback
    return max(1, min(number, limit))


def clamp_size(width, height, current: tuple[int, int] = DEFAULT_SIZE) -> tuple[int, int]:
    """The window (columns, rows) the server draws for a client that asked for
    ``width`` × ``height``: each cut to ``MAX_COLUMNS`` / ``MAX_ROWS``, at least 1; a 0,
    or a value that is not a whole number (a browser's JSON), keeps ``current``'s.
    Never raises. Under 80×24 the apps show their "terminal too small" notice."""
    return (_dimension(width, MAX_COLUMNS, current[0]), _dimension(height, MAX_ROWS, current[1]))


class _Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` a second."""

    def __init__(self, burst: float, rate: float, clock) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens = burst
        self.when = clock()

    def take(self, n: int = 1) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False


class InputBudget:
    """One connection's input allowance (see the module docstring).

    ``admit(message)`` says whether a message parsed from the client's input (a Textual
    ``Key``, ``Paste``, mouse event...) is passed to the app: mouse motion spends the
    motion bucket, anything else the key bucket. ``dropped`` and ``passed`` count them.

    ``pieces(text)`` screens the client's text before the parser: it yields
    ``(fresh, piece)`` pairs, the pieces to parse in order, ``fresh`` when the parser is
    to start afresh before that piece: a bracketed paste ran past ``PASTE_CHARS``, so
    the parser forgets its half-read paste and the rest of it, up to its end marker, is
    dropped as it comes. The parser so never holds more than ``PASTE_CHARS`` characters
    (plus one read) of a paste. ``clock`` (seconds) is for tests.
    """

    _SKIP = -1

    def __init__(self, clock=time.monotonic) -> None:
        self.keys = _Bucket(KEY_BURST, KEYS_PER_SECOND, clock)
        self.motion = _Bucket(KEY_BURST, KEYS_PER_SECOND, clock)
        self.dropped = 0
        self.passed = 0
        #: characters of the paste under way; None outside a paste; _SKIP: dropping one
        self._pasted: int | None = None
        #: the parser is to start afresh before the next piece
        self._fresh = False
        #: the last characters seen, to find a marker split between two reads
        self._tail = ""
        self._clock = clock
        self._last = clock()

    def admit(self, message) -> bool:
        from textual import events

        bucket = self.motion if isinstance(message, events.MouseMove) else self.keys
        ok = bucket.take()
        self.dropped += not ok
        self.passed += ok
        return ok

    def _find(self, marker: str, text: str, pos: int) -> int:
        """Where in ``text`` the first ``marker`` ending after ``pos`` ends (a marker
        may begin in the last read's tail); -1 if none."""
        seen = self._tail + text
        found = seen.find(marker, max(0, len(self._tail) + pos - len(marker) + 1))
        return -1 if found < 0 else found + len(marker) - len(self._tail)

    def pieces(self, text: str) -> list[tuple[bool, str]]:
        out: list[tuple[bool, str]] = []

        def keep(piece: str) -> None:
            if piece:
                out.append((self._fresh, piece))
                self._fresh = False

        now = self._clock()
        if self._pasted is not None and now - self._last > QUIET_SECONDS:  # a paste cut off
            self._pasted, self._fresh = None, True
        self._last = now
        pos = 0
        while pos < len(text):
            if self._pasted == self._SKIP:
                end = self._find(PASTE_END, text, pos)
                if end < 0:
                    break
                pos, self._pasted = end, None
            elif self._pasted is None:
                start = self._find(PASTE_START, text, pos)
                if start < 0:
                    keep(text[pos:])
                    break
                keep(text[pos:start])
                pos, self._pasted = start, 0
            else:
                end = self._find(PASTE_END, text, pos)
                stop = len(text) if end < 0 else end
                if self._pasted + stop - pos > PASTE_CHARS + len(PASTE_END):
                    self._pasted, self._fresh = self._SKIP, True
                    continue
                keep(text[pos:stop])
                self._pasted = None if end >= 0 else self._pasted + stop - pos
                pos = stop
        self._tail = (self._tail + text)[-(len(PASTE_END) - 1):]
        return out

class ReadBudget:
    """How many bytes of a client's input are parsed: a bucket of ``READ_BURST`` bytes
    refilled at ``READ_BYTES_PER_SECOND``. ``take(n)`` says whether a read of ``n``
    bytes is parsed; once one is refused, every read is refused until the client has
    been quiet for ``QUIET_SECONDS`` (so the next key starts cleanly, not inside a
    dropped sequence). ``dropped`` and ``taken`` count the bytes; ``clock`` is for tests."""

    def __init__(self, clock=time.monotonic) -> None:
        self.bucket = _Bucket(READ_BURST, READ_BYTES_PER_SECOND, clock)
        self.clock = clock
        self.dropping = False
        self.last = clock()
        self.dropped = self.taken = 0

    def take(self, n: int) -> bool:
        now = self.clock()
        quiet = now - self.last > QUIET_SECONDS
        self.last = now
        if self.dropping and not quiet:
            self.dropped += n
            return False
        self.dropping = not self.bucket.take(n)
        self.dropped += n if self.dropping else 0
        self.taken += 0 if self.dropping else n
        return not self.dropping


#: Bytes of input the server holds for one connection before it stops reading (the
#: SSH receive window: the client must wait until the server has read them). 64 KiB,
#: where asyncssh's default is 2 MiB.
INPUT_WINDOW = 64 * 1024

#: Session channels one connection may open over its life (a game needs one; an OpenSSH
#: ControlMaster connection opens one a login); more are refused.
CHANNELS_PER_CONNECTION = 8
#: Environment variables (LANG, TERM...) one session may set, and the bytes of each; the
#: others are refused. asyncssh keeps every one a client sends, of any number and size:
#: 90 MB of them grew the server by 100 MB before this bound.
ENV_VARS, ENV_BYTES = 16, 1024


def bound_channels(conn) -> None:
    """Bound what ``conn`` (an ``asyncssh.SSHServerConnection``, just made) may open:
    at most ``CHANNELS_PER_CONNECTION`` session channels, each taking at most
    ``ENV_VARS`` environment variables of ``ENV_BYTES``. asyncssh has no option for
    either, so its channel maker and each channel's ``env`` request handler are
    wrapped (asyncssh 2.x: ``create_server_channel``, ``_process_env_request``)."""
    import asyncssh

    make = conn.create_server_channel
    opened = 0

    def create_server_channel(*args, **kwargs):
        nonlocal opened
        opened += 1
        if opened > CHANNELS_PER_CONNECTION:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                            "Too many sessions on one connection")
        chan = make(*args, **kwargs)
        handle = getattr(chan, "_process_env_request", None)
        if handle is not None:
            taken = 0

            def process_env_request(packet) -> bool:
                nonlocal taken
                if taken >= ENV_VARS or len(packet.get_remaining_payload()) > ENV_BYTES:
                    return False
                taken += 1
                return handle(packet)

            chan._process_env_request = process_env_request
        return chan

    conn.create_server_channel = create_server_channel
