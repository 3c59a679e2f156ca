"""``clear-ward serve`` / ``clinic serve``: the game server's command line. Both commands
start the same server, which offers both games (the lobby asks which).

Kept free of asyncssh and Textual until the flags are read, so ``--help`` is quick and
a missing ``[server]`` extra is told in one sentence.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

#: Environment variables: the data folder (tests, services) and the password (kept out
#: of the process list, unlike --password).
DATA_DIR_ENV = "HOSPITAL_SERVER_DATA_DIR"
PASSWORD_ENV = "HOSPITAL_SERVER_PASSWORD"


def data_dir(option: str | None) -> Path:
    """--data-dir, else $HOSPITAL_SERVER_DATA_DIR, else the user data folder
    (e.g. ~/.local/share/hospital-games-server)."""
    if option:
        return Path(option)
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV])
    from platformdirs import user_data_dir

    return Path(user_data_dir("hospital-games-server"))


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{prog} serve",
        description=(
            "Serve Clear the Ward and Clinic over SSH: players type 'ssh -p PORT NAME@HOST' and "
            "land in a lobby of rooms. Rooms and games are kept in the data folder and come back "
            "after a restart. See docs/server.md."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                        "0.0.0.0 for every interface)")
    parser.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    parser.add_argument("--data-dir", metavar="DIR", help=f"host key and rooms (default: ${DATA_DIR_ENV}, "
                        "else the user data folder)")
    parser.add_argument("--password", help=f"one password for everyone (better: ${PASSWORD_ENV}); "
                        "default: none")
    parser.add_argument("--authorized-keys", metavar="FILE", help="only these public keys may log in")
    parser.add_argument("--max-connections", type=int, default=50, metavar="N",
                        help="players connected at once (default 50); one more is refused politely")
    parser.add_argument("--per-address", type=int, default=8, metavar="N",
                        help="connections from one address at once (default 8)")
    parser.add_argument("--max-rooms", type=int, default=40, metavar="N", help="rooms on the server (default 40)")
    parser.add_argument("--rooms-per-player", type=int, default=3, metavar="N",
                        help="unfinished rooms one player may have opened at once (default 3)")
    parser.add_argument("--room-days", type=float, default=14, metavar="DAYS",
                        help="remove an unfinished room after this many days without a move (default 14); "
                        "its lobby line warns during its last 2 days")
    parser.add_argument("--idle-minutes", type=float, default=30, metavar="M",
                        help="close a connection after this long without a key (default 30)")
    parser.add_argument("--cpu-delay", type=float, default=0.6, metavar="SECONDS",
                        help="pause between a computer player's actions (default 0.6)")
    parser.add_argument("--workers", type=int, metavar="N", default=None,
                        help="processes drawing the games, so the server can use more cores (2 to 4; default 1:"
                        " the games are drawn in the server's own process)")
    parser.add_argument("--web", type=int, nargs="?", const=8000, metavar="PORT",
                        help="also serve the games to a browser on localhost (textual-serve; default port 8000)")
    return parser


def serve_main(prog: str, argv: list[str]) -> int:
    """Entry point of ``PROG serve``; returns the exit status."""
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    for flag in ("max_connections", "per_address", "max_rooms", "rooms_per_player"):
        if getattr(args, flag) < 1:
            parser.error(f"--{flag.replace('_', '-')}: at least 1")
    if args.workers is not None and args.workers < 0:
        parser.error("--workers: 0 or more")
    if args.idle_minutes <= 0 or args.cpu_delay < 0:
        parser.error("--idle-minutes must be above 0 and --cpu-delay 0 or more")
    if not args.room_days > 0:
        parser.error("--room-days: above 0")
    from importlib.util import find_spec

    if find_spec("asyncssh") is None:
        print(f"{prog} serve: the server needs asyncssh: pip install 'hospital-games[server]'", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.INFO, stream=sys.__stderr__, format="%(asctime)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    from tui_common.server.collector import COLLECTOR

    COLLECTOR.activate()
    try:
        asyncio.run(_serve(prog, args))
    except KeyboardInterrupt:
        pass
    except OSError as err:
        print(f"{prog} serve: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


async def _serve(prog: str, args: argparse.Namespace) -> None:
    from tui_common.server.pool import default_workers
    from tui_common.server.ssh import GameServer, Limits

    limits = Limits(connections=args.max_connections, per_address=args.per_address,
                    idle_seconds=args.idle_minutes * 60)
    server = GameServer(data_dir(args.data_dir), host=args.host, port=args.port,
                        password=args.password or os.environ.get(PASSWORD_ENV) or None,
                        authorized_keys=args.authorized_keys, limits=limits, cpu_delay=args.cpu_delay,
                        max_rooms=args.max_rooms, rooms_per_player=args.rooms_per_player,
                        room_days=args.room_days,
                        workers=default_workers() if args.workers is None else args.workers)
    await server.start()
    log = logging.getLogger("hospital_games.server")
    log.info("Serving on %s port %d: ssh -p %d NAME@%s (data: %s, %d rooms restored, %s)", args.host,
             server.port, server.port, args.host, server.data_dir, len(server.hall.rooms),
             f"{server.workers} worker processes" if server.pool is not None else "games drawn in this process")
    web = None
    if args.web is not None:
        from tui_common.server.web import start_web

        try:
            web = await start_web(server, args.web)
        except RuntimeError as err:
            log.error("%s", err)
        except OSError as err:
            log.error("--web: cannot listen on port %d: %s", args.web, err.strerror or err)
    stop = asyncio.Event()
    import signal

    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            asyncio.get_running_loop().add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    try:
        await stop.wait()
        log.info("Stopping: every room is saved.")
    finally:
        if web is not None:
            await web.close()
        await server.close()
