"""Server load benchmark (not a test): N rooms × 2 SSH players (plus a computer seat
with ``--bots``), each player moving the ward cursor; reports key-to-screen latency
(p50/p95, first byte and complete frame) and the bytes sent per cursor move.

The server runs as its own process (``clear-ward serve``) on a fresh data folder whose
rooms are made beforehand; the players are asyncssh clients in this process that only
count bytes (no terminal emulation), so the measurement is the server's.

Run: ``.venv/bin/python tests/benchmarks/server_load.py --rooms 20 --moves 30 [--bots] [--workers N]``
(``--workers``: passed to the server; its CPU is then the front's and the workers' together.)
Goals (issue 17): p95 ≤ 100 ms with 20 rooms of 2 players on the 2-core machine; a
cursor move ≤ 2 KB (the ward widget's repaint is not this benchmark's to change).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

QUIET = 0.12  # seconds without a byte: the frame is complete
SCREEN_BYTES = 4000  # a game screen drawn in full is more than this


class Client:
    def __init__(self, name: str) -> None:
        self.name = name
        self.bytes = 0
        self.last = time.monotonic()
        self.arrived = asyncio.Event()

    async def connect(self, port: int, width: int, height: int) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None,
                                           client_keys=None, preferred_auth="password",
                                           password=f"pw-{self.name}")  # a name's first password owns it
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=(width, height),
                                                      encoding=None)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.bytes += len(data)
            self.last = time.monotonic()
            self.arrived.set()

    async def quiet(self, seconds: float = QUIET, limit: float = 10.0) -> None:
        start = time.monotonic()
        while time.monotonic() - self.last < seconds and time.monotonic() - start < limit:
            await asyncio.sleep(seconds / 4)

    async def key(self, data: bytes) -> tuple[float, float, int]:
        """Send a key; (seconds to the first byte, seconds to the complete frame, bytes)."""
        await self.quiet()
        before = self.bytes
        self.arrived.clear()
        sent = time.monotonic()
        self.process.stdin.write(data)
        try:
            await asyncio.wait_for(self.arrived.wait(), 5)
        except asyncio.TimeoutError:
            return 5.0, 5.0, 0
        first = time.monotonic() - sent
        await self.quiet()
        return first, self.last - sent, self.bytes - before


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes (0 where /proc is missing)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of process ``pid`` so far, in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def family(pid: int) -> list[int]:
    """``pid`` and every process below it (the server's worker processes)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        out.append(todo.pop())
        todo.extend(children.get(out[-1], ()))
    return out


def make_rooms(data_dir: Path, rooms: int, bots: bool, game: str = "clear-the-ward") -> None:
    from tui_common.server.hall import Hall
    from tui_common.server.store import Store

    hall = Hall(Store(data_dir / "rooms.sqlite3"), max_rooms=rooms + 1)
    for i in range(rooms):
        cpu = "greedy" if game == "clear-the-ward" else "basic"
        seats = f"A{i},B{i}" + (f",cpu:{cpu}" if bots else "")
        hall.create(game, seats, f"A{i}", seed=i)
    hall.store.close()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--moves", type=int, default=30, help="cursor moves per player")
    parser.add_argument("--bots", action="store_true", help="a computer seat in every room, playing on")
    parser.add_argument("--pace", type=float, default=0.5,
                        help="seconds between one player's keys, about a person's pace (default 0.5; 0: flat out)")
    parser.add_argument("--who", choices=("both", "one"), default="both",
                        help="both players of a room move the cursor, or only the first (whose turn it is)")
    parser.add_argument("--size", default="100x32", help="terminal size WxH (default 100x32)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile and write its statistics to FILE")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="the server's --workers (default: the server's own default)")
    parser.add_argument("--game", choices=("clear-the-ward", "clinic"), default="clear-the-ward",
                        help="the rooms' game (Clinic: the clinic cursor moves)")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    data = Path(tempfile.mkdtemp(prefix="server-bench-"))
    make_rooms(data, args.rooms, args.bots, args.game)
    env = dict(os.environ, HOSPITAL_SERVER_DATA_DIR=str(data))
    server = await asyncio.create_subprocess_exec(
        sys.executable, *(["-m", "cProfile", "-o", args.profile] if args.profile else []),
        "-m", "clear_ward_tui", "serve", "--port", "0", "--max-connections", str(2 * args.rooms + 5),
        "--per-address", str(2 * args.rooms + 5), "--max-rooms", str(args.rooms + 5),
        *(["--workers", str(args.workers)] if args.workers is not None else []), env=env, cwd=REPO,
        stderr=asyncio.subprocess.PIPE)
    line = b""
    while b"Serving on" not in line:
        line = await server.stderr.readline()
        if not line:
            print("the server did not start")
            return 1
    port = int(re.search(rb"port (\d+)", line).group(1))
    try:
        clients = [Client(f"{side}{i}") for i in range(args.rooms) for side in "AB"]
        started = time.monotonic()
        for client in clients:  # one after another, as people arrive
            await client.connect(port, width, height)
            await client.quiet(0.3)
            client.entered = client.bytes
            client.process.stdin.write(b"\r")  # the lobby: take my seat
        # Seated: every game screen drawn (a worker may still be opening games when the
        # front has seated everyone), then quiet.
        for _ in range(1200):
            if all(c.bytes - c.entered > SCREEN_BYTES for c in clients):
                break
            await asyncio.sleep(0.1)
        await asyncio.gather(*(c.quiet(0.8, 60) for c in clients))
        processes = family(server.pid)
        print(f"{len(clients)} players seated in {time.monotonic() - started:.1f} s; server memory "
              f"{sum(rss(pid) for pid in processes) / 1e6:.0f} MB in {len(processes)} processes; "
              f"load average {os.getloadavg()[0]:.1f}")

        async def moves(client: Client) -> list[tuple[float, float, int]]:
            import random

            out = []
            await asyncio.sleep(random.uniform(0, args.pace))
            for n in range(args.moves):
                began = time.monotonic()
                out.append(await client.key(b"\x1b[C" if n % 2 == 0 else b"\x1b[D"))
                await asyncio.sleep(max(0.0, args.pace - (time.monotonic() - began)))
            return out

        movers = clients if args.who == "both" else clients[::2]
        cpu_before = {pid: cpu_seconds(pid) for pid in processes}
        clock = time.monotonic()
        results = [r for rs in await asyncio.gather(*(moves(c) for c in movers)) for r in rs]
        silent = sum(1 for r in results if r[2] == 0)  # a key a dialog ignored (Clinic's own turn)
        results = [r for r in results if r[2] > 0] or [(5.0, 5.0, 0)]
        spent = {pid: cpu_seconds(pid) - cpu_before[pid] for pid in processes}
        cpu_share = sum(spent.values()) / (time.monotonic() - clock)
        firsts = sorted(r[0] * 1000 for r in results)
        frames = sorted(r[1] * 1000 for r in results)
        sizes = sorted(r[2] for r in results)

        def p(values, q):
            return values[min(len(values) - 1, int(q * len(values)))]

        print(f"{args.game}: rooms {args.rooms} × 2 players{' + a computer' if args.bots else ''}, {len(results)} cursor moves "
              f"by {len(movers)} players, a key every {args.pace} s each, terminal {width}x{height}")
        print(f"key to first byte: p50 {p(firsts, .5):.0f} ms, p95 {p(firsts, .95):.0f} ms")
        print(f"key to complete frame: p50 {p(frames, .5):.0f} ms, p95 {p(frames, .95):.0f} ms")
        print(f"server CPU while moving: {cpu_share * 100:.0f}% of one core, "
              f"{sum(spent.values()) / max(1, len(results)) * 1000:.1f} ms per move"
              + (f" (front {spent[server.pid] / max(1, len(results)) * 1000:.1f} ms)" if len(processes) > 1 else ""))
        print(f"load average after: {os.getloadavg()[0]:.1f}")
        if silent:
            print(f"({silent} keys changed nothing on screen, left out: a dialog was open)")
        print(f"bytes per cursor move: median {statistics.median(sizes):.0f}, p95 {p(sizes, .95)}, "
              f"max {sizes[-1]}")
        for client in clients:
            client.conn.close()
    finally:
        server.terminate()
        await server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
