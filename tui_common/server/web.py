"""``--web [PORT]``: the browser door, on localhost only.

textual-serve (the ``[web]`` extra) serves a page with a terminal; each browser tab
starts ``python -m tui_common.server.web_door`` (see there), which asks the player's
name and connects to this server's SSH port as that name. So the browser shows the very
lobby and games the SSH players see, and a browser player can sit at the same table.

It listens on 127.0.0.1 only: put a TLS reverse proxy in front to offer it further
(docs/server.md). The browser sessions all come from 127.0.0.1, so that address is not
held to the per-address limit while the door is open.
"""

from __future__ import annotations

import shlex
import sys


class WebDoor:
    """The running door (``close`` stops it)."""

    def __init__(self, runner, url: str) -> None:
        self.runner, self.url = runner, url

    async def close(self) -> None:
        await self.runner.cleanup()


async def start_web(server, port: int, host: str = "127.0.0.1") -> WebDoor:
    """Serve the door on ``host:port``; raises ``RuntimeError`` naming the missing
    extra when textual-serve is not installed."""
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        raise RuntimeError("--web needs textual-serve: pip install 'hospital-games[web]'") from None
    import logging

    command = shlex.join([sys.executable, "-m", "tui_common.server.web_door", "--port", str(server.port)])
    door = Server(command, host=host, port=port, title="Clear the Ward & Clinic")
    application = await door._make_app()  # textual-serve's own app, in our event loop
    runner = web.AppRunner(application)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    server.trusted_addresses.add(host)
    url = f"http://{host}:{port}/"
    logging.getLogger("hospital_games.server").info("Browser door open on %s", url)
    return WebDoor(runner, url)
