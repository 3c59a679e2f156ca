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
            "after a restart. A name is an account: the first key or password it logs in with owns it. "
            "See docs/server.md."
        ),
        epilog=f"{prog} serve accounts list|rename OLD NEW|release NAME: the player accounts.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                        "0.0.0.0 for every interface)")
    parser.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    parser.add_argument("--data-dir", metavar="DIR", help=f"host key and rooms (default: ${DATA_DIR_ENV}, "
                        "else the user data folder)")
    parser.add_argument("--store", metavar="WHERE", help="where rooms, records and accounts are kept: "
                        "rooms.sqlite3 in the data folder (the default, one process), or a PostgreSQL database, "
                        "postgresql://USER@HOST/DB, shared by several serve processes (fronts)")
    parser.add_argument("--password", help=f"one password for everyone (better: ${PASSWORD_ENV}); "
                        "default: none")
    parser.add_argument("--authorized-keys", metavar="FILE", help="only these public keys may log in (each "
                        "still owns only the names it claimed)")
    parser.add_argument("--guests", action="store_true", help="let players without a key or password in as "
                        "guest-N (ssh guest@HOST, or an empty password)")
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
    parser.add_argument("--fronts", type=int, metavar="N", default=1,
                        help="serve from N processes on the one port (SO_REUSEPORT, Linux), sharing the data "
                        "folder's rooms, so the server can use N cores (default 1; see docs/server.md)")
    parser.add_argument("--front-of", type=int, metavar="PID", help=argparse.SUPPRESS)  # a front --fronts started
    parser.add_argument("--web", type=int, nargs="?", const=8000, metavar="PORT",
                        help="also serve the games to a browser on localhost (textual-serve; default port 8000)")
    parser.add_argument("--web-url", metavar="URL",
                        help="the address browsers use when a reverse proxy stands in front of --web, e.g. "
                        "https://games.example.org/ (implies --web; default http://127.0.0.1:PORT/)")
    return parser


def serve_main(prog: str, argv: list[str]) -> int:
    """Entry point of ``PROG serve``; returns the exit status."""
    if argv[:1] == ["accounts"]:
        return accounts_main(prog, argv[1:])
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    for flag in ("max_connections", "per_address", "max_rooms", "rooms_per_player"):
        if getattr(args, flag) < 1:
            parser.error(f"--{flag.replace('_', '-')}: at least 1")
    if not 1 <= args.fronts <= 64:
        parser.error("--fronts: 1 to 64")
    if args.idle_minutes <= 0 or args.cpu_delay < 0:
        parser.error("--idle-minutes must be above 0 and --cpu-delay 0 or more")
    if not args.room_days > 0:
        parser.error("--room-days: above 0")
    if args.web_url is not None:
        from tui_common.server.web import public_origin

        try:
            public_origin(args.web_url)
        except ValueError as err:
            parser.error(f"--web-url: {err}")
        if args.web is None:
            args.web = 8000
    from importlib.util import find_spec

    if find_spec("asyncssh") is None:
        print(f"{prog} serve: the server needs asyncssh: pip install 'hospital-games[server]'", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.INFO, stream=sys.__stderr__, format="%(asctime)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    from tui_common.server.collector import COLLECTOR

    COLLECTOR.activate()
    from tui_common.server.store_sql import StoreError

    try:
        asyncio.run(_serve(prog, args))
    except KeyboardInterrupt:
        pass
    except StoreError as err:
        print(f"{prog} serve: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"{prog} serve: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


def accounts_main(prog: str, argv: list[str]) -> int:
    """``PROG serve accounts list|rename OLD NEW|release NAME [--data-dir DIR | --store
    WHERE]``: the operator's view of the player accounts (``accounts.Accounts``), in the
    data folder's ``rooms.sqlite3`` or the PostgreSQL database of ``--store``; works beside
    running servers (they read the accounts at each login). Returns the exit status (1: a
    sentence on stderr)."""
    folder = argparse.ArgumentParser(add_help=False)  # --data-dir before or after the command
    folder.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help=f"the server's data folder (default: ${DATA_DIR_ENV}, else the user data folder)")
    folder.add_argument("--store", metavar="WHERE", default=argparse.SUPPRESS,
                        help="the server's --store (e.g. postgresql://USER@HOST/DB); default: the data folder's")
    parser = argparse.ArgumentParser(prog=f"{prog} serve accounts", parents=[folder],
                                     description="List, rename or release the player accounts of the game server.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="list|rename|release")
    commands.add_parser("list", parents=[folder], help="every account: name, owner (key or password), dates")
    rename = commands.add_parser("rename", parents=[folder], help="give an account another name (its key or "
                                 "password kept); seats in games go on under the old name")
    rename.add_argument("old")
    rename.add_argument("new")
    release = commands.add_parser("release", parents=[folder], help="forget an account: the next login with "
                                  "the name claims it")
    release.add_argument("name")
    args = parser.parse_args(argv)
    from tui_common.server.accounts import AccountError, Accounts
    from tui_common.server.store import FILE_NAME
    from tui_common.server.store_sql import StoreError
    from tui_common.server.stores import is_postgres_url, open_store

    where = getattr(args, "store", None)
    if not is_postgres_url(where):
        path = Path(where) if where else data_dir(getattr(args, "data_dir", None)) / FILE_NAME
        if path.is_dir():
            path = path / FILE_NAME
        if not path.exists():
            print(f"{prog} serve accounts: no server data in {path.parent} (see --data-dir)", file=sys.stderr)
            return 1
        where = path
    try:
        store = open_store(where)
    except StoreError as err:  # unreachable, newer, no psycopg: one sentence
        print(f"{prog} serve accounts: {err}", file=sys.stderr)
        return 1
    accounts = Accounts(store.db)
    try:
        if args.command == "list":
            rows = accounts.all()
            for account in rows:
                print(f"{account.display:<15} {account.owner:<52} since {account.created}  "
                      f"last login {account.last_login or '-'}")
            print(f"{len(rows)} account{'s' if len(rows) != 1 else ''}")
        elif args.command == "rename":
            account = accounts.rename(args.old, args.new)
            print(f"{args.old!r} is now {account.display!r}.")
        else:
            account = accounts.release(args.name)
            print(f"{account.display!r} is released: the next login with that name claims it.")
    except AccountError as err:
        print(f"{prog} serve accounts: {err}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


def front_command(prog: str, args: argparse.Namespace, port: int) -> list[str]:
    """The command line of one more front of this server (``--fronts``): the same
    settings and data folder, on the port this one listens on, without the browser door
    (the first front serves it) and told to stop when this process goes."""
    command = [sys.executable, "-m", "tui_common.server.cli", prog, "--host", args.host, "--port", str(port),
               "--data-dir", str(data_dir(args.data_dir).resolve()), "--front-of", str(os.getpid())]
    for flag in ("max_connections", "per_address", "max_rooms", "rooms_per_player", "room_days", "idle_minutes",
                 "cpu_delay"):
        command += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    if args.authorized_keys:
        command += ["--authorized-keys", args.authorized_keys]
    if args.guests:
        command.append("--guests")
    if args.store:
        command += ["--store", args.store]
    return command


async def _start_fronts(prog: str, args: argparse.Namespace, port: int) -> list[asyncio.subprocess.Process]:
    """Start the other ``--fronts`` - 1 fronts (the password, if any, through the
    environment: never on a command line)."""
    env = dict(os.environ)
    if args.password:
        env[PASSWORD_ENV] = args.password
    return [await asyncio.create_subprocess_exec(*front_command(prog, args, port), env=env)
            for _ in range(args.fronts - 1)]


async def _watch_parent(parent: int, stop: asyncio.Event) -> None:
    """A front started by ``--fronts`` stops when the first front is gone."""
    while os.getppid() == parent:
        await asyncio.sleep(1.0)
    stop.set()


async def _serve(prog: str, args: argparse.Namespace) -> None:
    from tui_common.server.ssh import GameServer, Limits

    limits = Limits(connections=args.max_connections, per_address=args.per_address,
                    idle_seconds=args.idle_minutes * 60)
    shared = args.fronts > 1 or args.front_of is not None
    server = GameServer(data_dir(args.data_dir), host=args.host, port=args.port,
                        password=args.password or os.environ.get(PASSWORD_ENV) or None,
                        authorized_keys=args.authorized_keys, limits=limits, cpu_delay=args.cpu_delay,
                        max_rooms=args.max_rooms, guests=args.guests, rooms_per_player=args.rooms_per_player,
                        room_days=args.room_days, reuse_port=shared, store=args.store)
    await server.start()
    log = logging.getLogger("hospital_games.server")
    from tui_common.plain.text import counted

    from tui_common.server.stores import is_postgres_url, shown_url

    fronts = []
    if args.fronts > 1:
        fronts = await _start_fronts(prog, args, server.port)
    who = (f"a front of process {args.front_of}" if args.front_of is not None
           else f"{args.fronts} fronts on this port" if args.fronts > 1 else "one front")
    data = f"{server.data_dir}, store {shown_url(args.store)}" if is_postgres_url(args.store) else server.data_dir
    log.info("Serving on %s port %d: ssh -p %d NAME@%s (data: %s, %s restored, %s)", args.host,
             server.port, server.port, args.host, data, counted(len(server.hall.rooms), "room"), who)
    web = None
    if args.web is not None and args.front_of is None:
        from tui_common.server.web import start_web

        try:
            web = await start_web(server, args.web, public_url=args.web_url)
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
    watcher = None if args.front_of is None else asyncio.create_task(_watch_parent(args.front_of, stop))
    try:
        await stop.wait()
        log.info("Stopping: every room is saved.")
    finally:
        if watcher is not None:
            watcher.cancel()
        for front in fronts:
            if front.returncode is None:
                front.terminate()
        for front in fronts:
            await front.wait()
        if web is not None:
            await web.close()
        await server.close()


if __name__ == "__main__":  # a front started by ``--fronts``: python -m tui_common.server.cli PROG ARGS...
    sys.exit(serve_main(sys.argv[1], sys.argv[2:]))
