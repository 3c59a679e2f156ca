"""Hostile-client benchmark (not a test): the server's memory and another player's key
latency while clients attack it (issue 29).

The server runs as its own process (``clear-ward serve``) with one room of two players
(A0, B0), seated by SSH. A0 presses a cursor key every ``--pace`` seconds throughout and
the time to its screen's answer is measured; the server's RSS is sampled every 0.1 s.
The phases, one after another:

1. ``idle``: only the two players;
2. ``huge``: one client asks for a 65535×65535 window (``stty rows 65535 cols 65535;
   ssh ...``), reads its screen, then changes its window to 100000×100000;
3. ``paste``: that client pastes 100 KB, plain and bracketed, and one more client with a
   65535×65535 window never reads;
4. ``crowd``: 50 clients connect at once, each with a 65535×65535 window, sending
   3000 arrow keys, half of them never reading.

Goals: RSS within 2× idle; A0's key answered in under 1 s (p95) in every phase.
``--repo DIR`` runs another checkout's server (e.g. the code before the limits); the
server is killed if its RSS passes ``--rss-cap`` MB (the old code's 65535×65535 window
grew it without end), and the report says so.

Run: ``.venv/bin/python tests/benchmarks/server_hostile.py [--repo /work/main]``
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

from tests.benchmarks.server_load import Client, family, make_rooms, rss  # noqa: E402

HUGE = (65535, 65535)


class Hostile:
    """A client that asks for ``size``, sends what it is told and reads (or never reads)."""

    def __init__(self, name: str, size: tuple[int, int], reading: bool = True) -> None:
        self.name, self.size, self.reading = name, size, reading
        self.bytes = 0

    async def connect(self, port: int) -> Hostile:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, known_hosts=None,
                                           client_keys=None, preferred_auth="none,password",
                                           password=f"pw-{self.name}")  # a name's first password owns it
        if self.reading:
            self.process = await self.conn.create_process(term_type="xterm-256color", term_size=self.size,
                                                          encoding=None)
            asyncio.create_task(self._read())
        else:
            class Stalled(asyncssh.SSHClientSession):
                def connection_made(self, chan):
                    chan.pause_reading()

            self.chan, _ = await self.conn.create_session(Stalled, term_type="xterm-256color", term_size=self.size,
                                                          encoding=None)
        return self

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.bytes += len(data)
        except Exception:
            pass

    def send(self, data: bytes) -> None:
        try:
            (self.process.stdin.write if self.reading else self.chan.write)(data)
        except Exception:
            pass

    def resize(self, width: int, height: int) -> None:
        (self.process if self.reading else self.chan).change_terminal_size(width, height)

    def close(self) -> None:
        self.conn.close()


class Watch:
    """Samples the server's RSS (its processes together) every 0.1 s; kills it past the cap."""

    def __init__(self, server, cap_mb: float) -> None:
        self.server, self.cap = server, cap_mb * 1e6
        self.peak = 0
        self.killed = ""
        self.task = asyncio.create_task(self._run())

    def now(self) -> int:
        return sum(rss(pid) for pid in family(self.server.pid))

    async def _run(self) -> None:
        started = time.monotonic()
        while self.server.returncode is None:
            value = self.now()
            self.peak = max(self.peak, value)
            if value > self.cap and not self.killed:
                self.killed = f"killed at {value / 1e6:.0f} MB, {time.monotonic() - started:.1f} s into the run"
                self.server.kill()
            await asyncio.sleep(0.1)


async def keys(player: Client, seconds: float, pace: float) -> list[float]:
    """``player`` presses a cursor key every ``pace`` s for ``seconds``: the latencies
    (s to the complete frame; 5 s: no answer)."""
    out, n, end = [], 0, time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.monotonic()
        out.append((await player.key(b"\x1b[C" if n % 2 == 0 else b"\x1b[D"))[1])
        n += 1
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))
    return out


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose server runs (default: this one)")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of A0's keys a phase (default 8)")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between A0's keys (default 0.5)")
    parser.add_argument("--crowd", type=int, default=50, help="clients of the crowd phase (default 50)")
    parser.add_argument("--rss-cap", type=float, default=3000, help="MB: the server is killed beyond (default 3000)")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="server-hostile-"))
    make_rooms(data, 1, False)
    env = dict(os.environ, HOSPITAL_SERVER_DATA_DIR=str(data), PYTHONPATH=str(args.repo))
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "clear_ward_tui", "serve", "--port", "0", "--max-connections", str(args.crowd + 10),
        "--per-address", str(args.crowd + 10), env=env, cwd=args.repo, stderr=asyncio.subprocess.PIPE)
    line = b""
    while b"Serving on" not in line:
        line = await server.stderr.readline()
        if not line:
            print("the server did not start")
            return 1
    port = int(re.search(rb"port (\d+)", line).group(1))
    watch = Watch(server, args.rss_cap)
    rows: list[tuple[str, int, list[float]]] = []
    hostile: list[Hostile] = []

    async def phase(name: str, attack=None) -> None:
        watch.peak = watch.now()
        task = asyncio.create_task(attack()) if attack else None
        latencies: list[float] = []
        try:
            latencies = await keys(a0, args.seconds, args.pace)
            if task is not None:
                await asyncio.wait_for(task, 30)
        finally:
            rows.append((name, watch.peak, latencies or [5.0]))

    try:
        a0, b0 = Client("A0"), Client("B0")
        for player in (a0, b0):
            await player.connect(port, 100, 32)
            await player.quiet(0.3)
            player.process.stdin.write(b"\r")
        await asyncio.gather(a0.quiet(1.0, 30), b0.quiet(1.0, 30))
        await phase("idle: two players")

        async def huge() -> None:
            client = await Hostile("H0", HUGE).connect(port)
            hostile.append(client)
            await asyncio.sleep(2)
            client.resize(100000, 100000)

        await phase(f"huge: a {HUGE[0]}×{HUGE[1]} window, then 100000×100000", huge)

        async def paste() -> None:
            client = hostile[0]
            client.send(b"j" * 100_000)
            await asyncio.sleep(1)
            client.send(b"\x1b[200~" + b"Z" * 100_000 + b"\x1b[201~")
            hostile.append(await Hostile("H1", HUGE, reading=False).connect(port))

        await phase("paste: 100 KB plain and bracketed; a client never reading", paste)

        async def crowd() -> None:
            clients = await asyncio.gather(*(Hostile(f"C{i}", HUGE, reading=i % 2 == 0).connect(port)
                                             for i in range(args.crowd)), return_exceptions=True)
            for client in clients:
                if isinstance(client, Hostile):
                    hostile.append(client)
                    client.send(b"\x1b[B" * 3000)

        await phase(f"crowd: {args.crowd} clients at once, each {HUGE[0]}×{HUGE[1]}, 3000 keys", crowd)
    except (OSError, asyncssh.Error, asyncio.TimeoutError) as err:
        print(f"stopped: {err!r}")
    finally:
        for client in hostile:
            client.close()
        if server.returncode is None:
            server.terminate()
        try:
            await asyncio.wait_for(server.wait(), 10)
        except asyncio.TimeoutError:  # its event loop is stuck (a huge window, before the limits)
            print("the server did not stop within 10 s of SIGTERM: killed")
            server.kill()
            await server.wait()
        watch.task.cancel()
    idle = rows[0][1] if rows else 0
    print(f"server: {args.repo}; load average {os.getloadavg()[0]:.1f}")
    for name, peak, latencies in rows:
        ms = sorted(x * 1000 for x in latencies)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"{name}: RSS peak {peak / 1e6:.0f} MB ({peak / max(1, idle):.2f}× idle); A0's key: "
              f"p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms, {len(ms)} keys")
    if watch.killed:
        print(f"the server was {watch.killed}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
