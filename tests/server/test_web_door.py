"""The browser door's bridge (``tui_common.server.web_door``), spoken to in the packets
textual-serve uses: it asks the name (and the password when the server wants one), then
shows that player's lobby from the server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys

import pyte
import pytest

from tests.server.test_ssh import QUICK_RETRIES, running
from tui_common.server.web_door import PRELUDE, packet

pytestmark = pytest.mark.timeout(60)


class Tab:
    """A browser tab as textual-serve is to the door: packets in, a pyte screen out."""

    def __init__(self, door) -> None:
        self.door = door
        self.screen = pyte.Screen(90, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def read_some(self) -> None:
        kind = await asyncio.wait_for(self.door.stdout.readexactly(1), 20)
        size = int.from_bytes(await self.door.stdout.readexactly(4), "big")
        payload = await self.door.stdout.readexactly(size)
        if kind == b"D":
            self.received += payload
            self.stream.feed(payload)

    async def read_until(self, text: str, times: int = 1) -> None:
        while self.text.count(text) < times:
            await self.read_some()

    async def answer_prompts(self, *answers: bytes, until: str, times: int = 1) -> list[str]:
        """Answer every question the login asks (a line ending in ":" under the cursor,
        other than the name's) with ``answers`` in turn (the last one again for the
        rest) until ``until`` shows; returns the questions."""
        asked: list[tuple[int, str]] = []
        while self.text.count(until) < times:
            row = self.screen.cursor.y
            line = self.screen.display[row].rstrip()
            if line.endswith(":") and "Your name" not in line and (row, line) not in asked:
                self.type(answers[min(len(asked), len(answers) - 1)] + b"\r")
                asked.append((row, line))
            await self.read_some()
        return [line for _, line in asked]

    def type(self, data: bytes) -> None:
        self.door.stdin.write(packet(b"D", data))


@contextlib.asynccontextmanager
async def tab(server, env=None):
    door = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui_common.server.web_door", "--port", str(server.port),
        env={"COLUMNS": "90", "ROWS": "30", "PATH": "", **(env or {})},
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    try:
        assert await asyncio.wait_for(door.stdout.readline(), 20) == PRELUDE
        yield Tab(door)
    finally:
        if door.returncode is None:
            door.kill()
        await door.wait()


async def test_a_browser_tab_claims_a_name_with_its_password_and_a_wrong_one_is_refused(tmp_path):
    async with running(tmp_path) as server:
        server.throttle.policy = QUICK_RETRIES  # the try after the wrong one: no 1 s wait
        async with tab(server) as browser:
            await browser.read_until("Your name")
            browser.door.stdin.write(packet(b"M", json.dumps({"type": "resize", "width": 90, "height": 30}).encode()))
            browser.type(b"Ann\r")
            asked = await browser.answer_prompts(b"ann-pw", until="Welcome, Ann")
            assert any("Choose a password for Ann" in prompt for prompt in asked), asked
            assert b"is a new name here" in browser.received  # the server's banner, shown on the tab
            assert len(server.sessions) == 1
        # Another tab cannot be Ann without Ann's password.
        async with tab(server) as stranger:
            await stranger.read_until("Your name")
            stranger.type(b"Ann\r")
            asked = await stranger.answer_prompts(b"guess", until="do not match")
            assert asked == ["Ann's password:"], asked
            await stranger.read_until("Your name", times=2)
            stranger.type(b"ann\r")  # the same name in another case
            await stranger.answer_prompts(b"ann-pw", until="Welcome, Ann")
            assert b"ann-pw" not in stranger.received and b"guess" not in stranger.received


async def test_a_server_with_a_password_asks_it_on_the_tab_and_a_wrong_one_is_refused(tmp_path):
    # The server's own password in the door's environment must not log anyone in: the
    # player types it (and, with accounts, their own), and a wrong one is refused.
    async with running(tmp_path, password="s3cret") as server, \
            tab(server, env={"HOSPITAL_SERVER_PASSWORD": "s3cret"}) as browser:
        server.throttle.policy = QUICK_RETRIES  # the try after the wrong one: no 1 s wait
        await browser.read_until("Your name")
        browser.type(b"Ann\r")
        asked = await browser.answer_prompts(b"wrong", until="do not match")
        assert asked and "assword" in asked[0], asked
        assert not server.sessions
        await browser.read_until("Your name", times=2)
        browser.type(b"Ann\r")
        # The first answer has a Backspace on the way, not shown either.
        await browser.answer_prompts(b"s3cx\x7fret", b"s3cret", until="Welcome, Ann")
        assert len(server.sessions) == 1
        # No password was ever drawn on the tab's terminal.
        assert b"wrong" not in browser.received and b"s3c" not in browser.received


async def test_the_page_names_its_web_url_for_scripts_and_websocket(tmp_path):
    """Behind a proxy the page must send browsers to the proxy's address, not 127.0.0.1."""
    import aiohttp

    from tui_common.server.web import start_web

    async with running(tmp_path) as server:
        for public, origin in ((None, None), ("https://games.example.org/", "games.example.org"),
                               ("http://example.org:8080/games/", "example.org:8080/games")):
            door = await start_web(server, 0, public_url=public)
            try:
                async with aiohttp.ClientSession() as session, \
                        session.get(f"http://127.0.0.1:{door.port}/") as response:
                    page = await response.text()
            finally:
                await door.close()
            if public is None:
                scheme, origin = "http", f"127.0.0.1:{door.port}"
            else:
                scheme = public.split(":")[0]
            assert door.url == f"{scheme}://{origin}/"
            assert f'src="{scheme}://{origin}/static/js/textual.js"' in page
            socket = "wss" if scheme == "https" else "ws"
            assert f'data-session-websocket-url="{socket}://{origin}/ws"' in page


def test_serve_checks_web_url(capsys):
    from clear_ward_tui.__main__ import main
    from tui_common.server.web import public_origin

    for bad in ("games.example.org", "ftp://games.example.org/", "https://games.example.org/?x=1"):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", "--web-url", bad])
        assert exit_.value.code == 2
        assert "--web-url: " in capsys.readouterr().err
    assert public_origin(" https://games.example.org/ ") == "https://games.example.org"


async def test_a_refused_name_is_told_by_the_servers_banner_on_the_tab(tmp_path):
    async with running(tmp_path) as server, tab(server) as browser:
        await browser.read_until("Your name")
        browser.type("Аnn\r".encode())  # a Cyrillic А: two alphabets
        await browser.read_until("Not logged in with that name")
        assert "mixes letters of two alphabets" in browser.text and "Password" not in browser.text
        assert not server.sessions
