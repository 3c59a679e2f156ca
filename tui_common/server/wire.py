"""The messages between the server's front process and its worker processes
(``pool.py`` and ``worker.py``): each is a tuple of plain data (names, numbers, bytes,
the games' action objects), pickled, behind its length (4 bytes, big-endian).

Pickle is safe here: both ends are this server's own processes, joined by a socket
pair that nothing else can reach (no file on disk, no port).
"""

from __future__ import annotations

import asyncio
import pickle
import struct

_HEADER = struct.Struct(">I")


def frame(message: tuple) -> bytes:
    """``message`` as bytes to write."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


async def read(reader: asyncio.StreamReader) -> tuple | None:
    """The next message, or ``None`` when the other end has closed."""
    try:
        head = await reader.readexactly(_HEADER.size)
        data = await reader.readexactly(_HEADER.unpack(head)[0])
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    return pickle.loads(data)
