"""The browser door's bridge: ``python -m tui_common.server.web_door --port SSH_PORT``.

textual-serve starts this command for each browser tab and speaks to it in Textual's
web-driver packets on stdin/stdout (``D`` + 4-byte length + terminal bytes; ``M`` +
length + JSON such as ``{"type": "resize", "width": 120, "height": 40}``). The bridge
asks the player's name on that terminal, then opens an SSH session to the game server
on this machine as that name (with ``$HOSPITAL_SERVER_PASSWORD`` if the server has a
password) and passes the bytes both ways, so the browser gets exactly the lobby and the
games an SSH player gets: the same rooms, seats and rejoin.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

#: What textual-serve waits for before it reads packets.
PRELUDE = b"__GANGLION__\n"


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class Door:
    """One browser tab: stdin/stdout packets on one side, an SSH session on the other."""

    def __init__(self, port: int, out=None) -> None:
        self.port = port
        self.out = out or sys.stdout.buffer
        self.size = (int(os.environ.get("COLUMNS", 80)), int(os.environ.get("ROWS", 24)))
        self.typed = bytearray()
        self.name: str | None = None
        self.named = asyncio.Event()
        self.process = None
        self.done = asyncio.Event()

    def show(self, data: bytes) -> None:
        self.out.write(packet(b"D", data))
        self.out.flush()

    def on_data(self, data: bytes) -> None:
        if self.process is not None:
            self.process.stdin.write(data)
            return
        if self.name is not None:
            return
        for byte in data:
            if byte in (13, 10):
                name = self.typed.decode("utf-8", "replace").strip()
                if name:
                    self.name = name
                    self.show(b"\r\n")
                    self.named.set()
                    return
            elif byte in (8, 127):
                if self.typed:
                    self.typed.pop()
                    self.show(b"\b \b")
            elif byte >= 32 and len(self.typed) < 40:
                self.typed.append(byte)
                self.show(bytes([byte]))

    def on_meta(self, meta: dict) -> None:
        kind = meta.get("type")
        if kind == "resize":
            self.size = (int(meta.get("width", 80)), int(meta.get("height", 24)))
            if self.process is not None:
                self.process.change_terminal_size(*self.size)
        elif kind == "quit":
            self.done.set()

    async def read_packets(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        try:
            while True:
                kind = await reader.readexactly(1)
                size = int.from_bytes(await reader.readexactly(4), "big")
                payload = await reader.readexactly(size)
                if kind == b"D":
                    self.on_data(payload)
                elif kind == b"M":
                    self.on_meta(json.loads(payload))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        self.done.set()

    async def run(self) -> None:
        import asyncssh

        self.out.write(PRELUDE)
        self.out.flush()
        reading = asyncio.create_task(self.read_packets())
        self.show(b"\x1b[2J\x1b[HClear the Ward & Clinic\r\n\r\nYour name, then Enter: ")
        waiting = asyncio.create_task(self.named.wait())
        ended = asyncio.create_task(self.done.wait())
        await asyncio.wait([waiting, ended], return_when=asyncio.FIRST_COMPLETED)
        if self.name is None:
            return
        password = os.environ.get("HOSPITAL_SERVER_PASSWORD") or None
        try:
            async with asyncssh.connect("127.0.0.1", self.port, username=self.name, password=password,
                                        known_hosts=None, client_keys=None, agent_path=None,
                                        preferred_auth="none,password") as conn:
                self.process = await conn.create_process(term_type="xterm-256color", term_size=self.size,
                                                         encoding=None)
                # The tab closed (quit, or stdin ended): close the SSH session too.
                ended.add_done_callback(lambda _: conn.close())
                while True:
                    data = await self.process.stdout.read(65536)
                    if not data:
                        break
                    self.show(data)
        except (OSError, asyncssh.Error) as err:
            self.show(f"\r\nCannot reach the game server: {err}\r\n".encode())
            await asyncio.sleep(3)
        reading.cancel()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="web_door", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True, help="the game server's SSH port on this machine")
    args = parser.parse_args(argv)
    try:
        asyncio.run(Door(args.port).run())
    finally:
        try:
            sys.stdout.buffer.write(packet(b"M", json.dumps({"type": "exit"}).encode()))
            sys.stdout.buffer.flush()
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
