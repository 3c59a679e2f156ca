"""The server's cost per key, in one process, without SSH (not a test): seated sessions
of a shared table, each a real game app on the server's own driver (``ChannelDriver``)
writing to a terminal that counts bytes, and a cursor key fed as the SSH channel feeds
it. Prints the CPU time per cursor move of one session, the bytes per move, and the
memory per seated session (tracemalloc: Python's allocations of the sessions opened
after the first, divided by their number).

Run: ``.venv/bin/python tests/benchmarks/server_key_cost.py [--moves 200] [--sessions 10]
[--game clear-the-ward|clinic] [--size 100x32] [--profile FILE] [--sample]`` (``--profile``:
the moves under cProfile, statistics to FILE, the top printed; ``--sample``: under
pyinstrument, if installed). Instructions per move, not spoiled by the machine's load:
``valgrind --tool=callgrind`` of a run with ``--moves 200 --sessions 0`` less one with
``--moves 0 --sessions 0``, over 200. The load benchmark
(``server_load.py``) measures the same through SSH, with many players at once.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

#: Right, left: the ward's cursor (Clinic's clinic cursor) steps and comes back.
KEYS = ("\x1b[C", "\x1b[D")


def say(text: str) -> None:
    """Print past Textual's capture of ``sys.stdout`` while apps run."""
    print(text, file=sys.__stdout__, flush=True)


class Session:
    """One seated player: the game app of ``seat`` on a ``ChannelDriver``."""

    def __init__(self, room, seat: int, name: str, size: tuple[int, int]) -> None:
        from tui_common.server.driver import Terminal
        from tui_common.server.table import game_app

        self.written = 0
        self.term = Terminal(self._write, size)
        self.app = game_app(room, seat, name)
        self.task = None

    def _write(self, data: bytes) -> None:
        self.written += len(data)

    async def start(self) -> None:
        from tui_common.server.driver import run_app

        self.task = asyncio.ensure_future(run_app(self.app, self.term))
        await settle(self, 0.5)

    async def key(self, data: str) -> int:
        """Feed ``data`` as typed; the bytes it drew."""
        before = self.written
        self.term.last_input = time.monotonic()
        self.term.feed(data.encode())
        await settle(self)
        return self.written - before

    async def stop(self) -> None:
        self.term.hang_up()
        if self.task is not None:
            await asyncio.wait_for(self.task, 10)


async def settle(session: Session, quiet: float = 0.05, limit: float = 10.0) -> None:
    """Until ``session`` has written nothing for ``quiet`` seconds."""
    start, last, seen = time.monotonic(), time.monotonic(), session.written
    while time.monotonic() - start < limit:
        await asyncio.sleep(quiet / 5)
        if session.written != seen:
            seen, last = session.written, time.monotonic()
        elif time.monotonic() - last >= quiet:
            return


def make_room(data_dir: Path, game: str, seats: int):
    from tui_common.server.hall import Hall
    from tui_common.server.store import Store

    hall = Hall(Store(data_dir / "rooms.sqlite3"), max_rooms=seats + 5)
    names = [f"A{i}" for i in range(seats)]
    return hall.create(game, ",".join(names), names[0], seed=1), names


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=10, help="seated sessions opened for the memory figure")
    parser.add_argument("--game", choices=("clear-the-ward", "clinic"), default="clear-the-ward")
    parser.add_argument("--size", default="100x32")
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--sample", action="store_true", help="the moves under pyinstrument (if installed), printed")
    parser.add_argument("--where", type=int, default=0, metavar="N",
                        help="also print the N biggest holders of a session's memory by traceback (8 frames)")
    args = parser.parse_args()
    size = tuple(map(int, args.size.split("x")))
    data = Path(tempfile.mkdtemp(prefix="key-cost-"))
    room, names = make_room(data, args.game, 2)
    first = Session(room, 0, names[0], size)
    await first.start()
    await asyncio.sleep(1.5)  # the help and rules rendered ahead (TableApp.prepare_texts)
    await settle(first, 0.3)
    for n in range(10):  # warm up
        await first.key(KEYS[n % 2])
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    sampler = None
    if args.sample:
        from pyinstrument import Profiler

        sampler = Profiler(interval=0.0005, async_mode="disabled")
        sampler.start()
    sizes = []
    cpu, wall = time.process_time(), time.monotonic()
    for n in range(args.moves):
        sizes.append(await first.key(KEYS[n % 2]))
    spent, wall = time.process_time() - cpu, time.monotonic() - wall
    if profiler is not None:
        import pstats

        profiler.disable()
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile, stream=sys.__stdout__).sort_stats("cumulative").print_stats(40)
    if sampler is not None:
        sampler.stop()
        say(sampler.output_text(unicode=True, color=False, show_all=False))
    idle = time.process_time()
    await asyncio.sleep(1.0)
    idle = time.process_time() - idle
    sizes = sorted(sizes) or [0]
    say(f"{args.game}, {size[0]}x{size[1]}: {args.moves} cursor moves of one seated session")
    moves = max(1, args.moves)
    say(f"CPU per cursor move: {spent / moves * 1000:.2f} ms (process CPU / moves), "
        f"{(spent - idle * wall) / moves * 1000:.2f} ms without the idle process's "
        f"{idle * 1000:.0f} ms a second (the benchmark's polling, the apps' timers)")
    say(f"bytes per move: median {sizes[len(sizes) // 2]}, max {sizes[-1]}")

    if not args.sessions:
        await first.stop()
        return 0
    # memory: sessions of one room (alternating its two seats, as the players of a table)
    gc.collect()
    tracemalloc.start(8 if args.where else 1)
    base = tracemalloc.get_traced_memory()[0]
    sessions = []
    for i in range(args.sessions):
        seat = (i + 1) % 2
        session = Session(room, seat, names[seat], size)
        await session.start()
        sessions.append(session)
    await asyncio.sleep(1.5)  # their help and rules rendered ahead
    for session in sessions:
        await session.key(KEYS[0])
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    say(f"memory per seated session: {held / args.sessions / 1e6:.2f} MB (tracemalloc, {args.sessions} sessions)")
    for stat in snapshot.statistics("filename")[:12]:
        say(f"  {stat.size / args.sessions / 1e3:8.0f} kB  {stat.traceback[0].filename}")
    for stat in snapshot.statistics("traceback")[:args.where]:
        say(f"{stat.size / args.sessions / 1e3:8.0f} kB")
        for frame in stat.traceback.format(most_recent_first=True)[::2]:
            say(f"      {frame.strip()}")
    for session in [first, *sessions]:
        await session.stop()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
