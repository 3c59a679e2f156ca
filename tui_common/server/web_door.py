"""The browser door's bridge: ``python -m tui_common.server.web_door --port SSH_PORT``.

textual-serve starts this command for each browser tab and speaks to it in Textual's
web-driver packets on stdin/stdout (``D`` + 4-byte length + terminal bytes; ``M`` +
length + JSON such as ``{"type": "resize", "width": 120, "height": 40}``). The bridge
asks the player's name on that terminal and opens an SSH session to the game server on
this machine as that name. Whatever the server asks at login (its banner; the questions
of a keyboard-interactive login, such as the server's password and the name's own; or
the password of a password login) the bridge asks the player on the terminal, passwords
not echoed, and answers with what they type: a browser player logs in exactly as an
SSH player does, with nothing taken from the server's environment. It then passes the bytes
both ways, so the browser gets exactly the lobby and the games an SSH player gets: the
same rooms, seats and rejoin.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import json
import os
import sys

from tui_common.server.bounds import DEFAULT_SIZE, clamp_size

#: What textual-serve waits for before it reads packets.
PRELUDE = b"__GANGLION__\n"
#: Logins a tab may try before it closes.
TRIES = 3
NAME_LIMIT, PASSWORD_LIMIT = 40, 200


def packet(kind: bytes, payload: bytes) -> bytes:
    """One web-driver packet: ``kind`` (``b"D"`` data, ``b"M"`` meta) + length + payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


class Door:
    """One browser tab: stdin/stdout packets on one side, an SSH session on the other.

    Until the SSH session is open, the keys typed go to a small line editor (``ask``):
    printable characters, Backspace, Enter; escape sequences (arrows, function keys) are
    ignored. Once it is open, every byte goes to the server.
    """

    def __init__(self, port: int, out=None) -> None:
        self.port = port
        self.out = out or sys.stdout.buffer
        self.size = clamp_size(os.environ.get("COLUMNS"), os.environ.get("ROWS"), DEFAULT_SIZE)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.typed: list[str] = []
        self.echo, self.hinted = True, False
        self.limit = NAME_LIMIT
        self.line: asyncio.Future[str] | None = None
        self.process = None
        self.asked = False  # whether this login asked a question (a password)
        self.done = asyncio.Event()

    def show(self, data: bytes) -> None:
        self.out.write(packet(b"D", data))
        self.out.flush()

    def say(self, text: str) -> None:
        self.show(text.replace("\n", "\r\n").encode())

    def on_data(self, data: bytes) -> None:
        if self.process is not None:
            self.process.stdin.write(data)
            return
        if self.line is None or self.line.done() or data.startswith(b"\x1b"):
            return
        for char in self.decoder.decode(data):
            if char in "\r\n":
                self.show(b"\r\n")
                self.line.set_result("".join(self.typed))
                self.typed.clear()
                return
            if char in "\b\x7f":
                if self.typed:
                    self.typed.pop()
                    if self.echo:
                        self.show(b"\b \b")
            elif char.isprintable() and len(self.typed) < self.limit:
                self.typed.append(char)
                if self.echo:
                    self.show(char.encode())

    async def ask(self, prompt: str, *, echo: bool = True, limit: int = NAME_LIMIT) -> str | None:
        """Show ``prompt`` and return the line typed after it (Enter ends it); the
        characters are shown only if ``echo`` (the first hidden one is told so). ``None``
        if the tab closed first."""
        if not echo and not self.hinted:
            self.hinted = True
            self.say("(What you type for a password is not shown.)\n")
        self.say(prompt)
        self.echo, self.limit, self.typed = echo, limit, []
        self.line = asyncio.get_running_loop().create_future()
        ended = asyncio.ensure_future(self.done.wait())
        try:
            await asyncio.wait([self.line, ended], return_when=asyncio.FIRST_COMPLETED)
        finally:
            ended.cancel()
        return self.line.result() if self.line.done() else None

    def client(self):
        """The asyncssh client of one login: it shows the server's banner and asks, on
        the tab's terminal, each question of a keyboard-interactive login (a password
        not echoed) or, failing that, the password of a password login. One round of
        questions a login: asked again (a wrong answer), it gives up, and ``run`` starts
        over from the name."""
        import asyncssh

        door = self

        door.asked = False

        class Client(asyncssh.SSHClient):

            def auth_banner_received(self, msg: str, lang: str) -> None:
                door.say(msg.rstrip("\n") + "\n")

            def kbdint_auth_requested(self) -> str:
                return ""

            async def kbdint_challenge_received(self, name, instructions, lang, prompts):
                if prompts and door.asked:  # asked again: the answers were wrong; this login ends
                    return None
                door.asked = door.asked or bool(prompts)
                for text in (name, instructions):
                    if text:
                        door.say(text.rstrip("\n") + "\n")
                answers = []
                for prompt, echo in prompts:
                    answer = await door.ask(prompt, echo=echo, limit=PASSWORD_LIMIT)
                    if answer is None:
                        return None
                    answers.append(answer)
                return answers

            async def password_auth_requested(self) -> str | None:
                if door.asked:  # a keyboard-interactive login was refused: not a second way
                    return None
                door.asked = True
                return await door.ask("Password: ", echo=False, limit=PASSWORD_LIMIT)

        return Client

    def on_meta(self, meta: dict) -> None:
        if not isinstance(meta, dict):
            return
        kind = meta.get("type")
        if kind == "resize":  # any numbers a browser sends: at most bounds.MAX_COLUMNS × MAX_ROWS
            self.size = clamp_size(meta.get("width"), meta.get("height"), self.size)
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
        """Ask the name, log in (asking the password if the server wants one), then relay
        until either side closes. A refused login is told and tried again, ``TRIES`` times."""
        self.out.write(PRELUDE)
        self.out.flush()
        reading = asyncio.create_task(self.read_packets())
        self.say("\x1b[2J\x1b[HClear the Ward & Clinic\n\n")
        try:
            for _ in range(TRIES):
                name = ""
                while not name:
                    name = await self.ask("Your name, then Enter: ")
                    if name is None:
                        return
                    name = name.strip()
                if await self.play(name) or self.done.is_set():
                    return
            self.say("\nToo many tries: reload the page to try again.\n")
            await asyncio.sleep(3)
        finally:
            reading.cancel()

    async def play(self, name: str) -> bool:
        """One login as ``name`` and the session after it; False if the login was refused."""
        import asyncssh

        try:
            async with asyncssh.connect("127.0.0.1", self.port, username=name, client_factory=self.client(),
                                        known_hosts=None, client_keys=None, agent_path=None, config=None,
                                        preferred_auth="keyboard-interactive,password") as conn:
                self.process = await conn.create_process(term_type="xterm-256color", term_size=self.size,
                                                         encoding=None)
                # The tab closed (quit, or stdin ended): close the SSH session too.
                ended = asyncio.ensure_future(self.done.wait())
                ended.add_done_callback(lambda _: conn.close())
                try:
                    while True:
                        data = await self.process.stdout.read(65536)
                        if not data:
                            break
                        self.show(data)
                finally:
                    ended.cancel()
        except asyncssh.PermissionDenied:
            if self.asked:
                self.say("Not logged in: the name and password do not match.\n\n")
            else:  # refused before any question: the server's banner said why
                self.say("Not logged in with that name.\n\n")
            return False
        except (OSError, asyncssh.Error) as err:
            self.say(f"\nCannot reach the game server: {err}\n")
            await asyncio.sleep(3)
        return True


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
