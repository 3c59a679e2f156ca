"""The browser door's bridge (``tui_common.server.web_door``), spoken to in the packets
textual-serve uses: it asks the name, then shows that player's lobby from the server."""

from __future__ import annotations

import asyncio
import json
import sys

import pyte
import pytest

from tests.server.test_ssh import running
from tui_common.server.web_door import PRELUDE, packet

pytestmark = pytest.mark.timeout(60)


async def test_a_browser_tab_names_its_player_and_gets_the_lobby(tmp_path):
    async with running(tmp_path) as server:
        door = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui_common.server.web_door", "--port", str(server.port),
            env={"COLUMNS": "90", "ROWS": "30", "PATH": ""},
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        try:
            assert await asyncio.wait_for(door.stdout.readline(), 20) == PRELUDE
            screen = pyte.Screen(90, 30)
            stream = pyte.ByteStream(screen)

            async def read_until(text: str) -> None:
                while text not in "\n".join(screen.display):
                    kind = await asyncio.wait_for(door.stdout.readexactly(1), 20)
                    size = int.from_bytes(await door.stdout.readexactly(4), "big")
                    payload = await door.stdout.readexactly(size)
                    if kind == b"D":
                        stream.feed(payload)

            await read_until("Your name")
            door.stdin.write(packet(b"M", json.dumps({"type": "resize", "width": 90, "height": 30}).encode()))
            door.stdin.write(packet(b"D", b"Ann\r"))
            await read_until("Welcome, Ann")
            assert len(server.sessions) == 1
        finally:
            door.kill()
            await door.wait()
