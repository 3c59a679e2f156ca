"""``--web [PORT]`` and ``--web-url URL``: the browser door, on localhost only.

textual-serve (the ``[web]`` extra) serves a page with a terminal; each browser tab
starts ``python -m tui_common.server.web_door`` (see there), which asks the player's
name (and password, when the server wants one) and logs in to this server's SSH port as
that name. So the browser shows the very lobby and games the SSH players see, and a
browser player can sit at the same table.

It listens on 127.0.0.1 only: put a TLS reverse proxy in front to offer it further
(docs/server.md, docs/nginx-site.conf). The page names the address of its scripts and
of its websocket in full, so behind a proxy it must be told the address the browsers
use: ``--web-url https://games.example.org/`` (textual-serve's ``public_url``). The
browser sessions all come from 127.0.0.1, so that address is not held to the
per-address limit while the door is open.

Stopping the server (SIGTERM) closes the browsers' sessions at once: aiohttp would
otherwise wait up to a minute for each open websocket to end by itself.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from urllib.parse import urlsplit

#: Seconds the door waits for its browser sessions to close when it stops (after
#: their handlers are cancelled); aiohttp's own default is 60.
CLOSE_SECONDS = 5.0


class WebDoor:
    """The running door (``close`` stops it)."""

    def __init__(self, runner, port: int, url: str) -> None:
        #: ``port``: where the door listens (on 127.0.0.1); ``url``: where browsers go.
        self.runner, self.port, self.url = runner, port, url

    async def close(self) -> None:
        await self.runner.cleanup()


def public_origin(url: str) -> str:
    """``--web-url``'s value as textual-serve's ``public_url``: ``http(s)://host[:port][/path]``
    without the trailing slash (textual-serve adds ``/static/...`` and ``/ws`` to it).
    Raises ``ValueError`` with a one-sentence reason for anything else."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http:// or https:// address such as https://games.example.org/")
    if parts.query or parts.fragment:
        raise ValueError(f"{url!r} has a ?query or #fragment; give the page's address only")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


async def start_web(server, port: int, host: str = "127.0.0.1", public_url: str | None = None) -> WebDoor:
    """Serve the door on ``host:port`` (0: a free port, see ``WebDoor.port``). ``public_url`` is the address browsers use when a
    proxy stands in front (e.g. ``https://games.example.org/``; default
    ``http://host:port``): the page loads its scripts and opens its websocket there.
    Raises ``RuntimeError`` naming the missing extra when textual-serve is not
    installed, ``ValueError`` for a ``public_url`` that is not an http(s) address."""
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        raise RuntimeError("--web needs textual-serve: pip install 'hospital-games[web]'") from None
    import logging

    class Door(Server):
        """textual-serve's server whose open browser sessions end when it shuts down."""

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.sessions: set[asyncio.Task] = set()

        async def handle_websocket(self, request):
            task = asyncio.current_task()
            self.sessions.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions.discard(task)

        async def on_shutdown(self, app) -> None:
            for task in list(self.sessions):
                task.cancel()  # textual-serve closes the websocket and stops its door process

    url = public_origin(public_url) if public_url else None
    command = shlex.join([sys.executable, "-m", "tui_common.server.web_door", "--port", str(server.port)])
    door = Door(command, host=host, port=port, title="Clear the Ward & Clinic", public_url=url)
    application = await door._make_app()  # textual-serve's own app, in our event loop
    runner = web.AppRunner(application, shutdown_timeout=CLOSE_SECONDS)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    port = runner.addresses[0][1]  # the port given, or the one chosen for port 0
    if url is None:
        url = door.public_url = f"http://{host}:{port}"
    server.trusted_addresses.add(host)
    logging.getLogger("hospital_games.server").info("Browser door on http://%s:%d/, for browsers at %s/",
                                                    host, port, url)
    return WebDoor(runner, port, url + "/")
