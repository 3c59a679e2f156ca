"""Fast keys through SSH: the server half of the key fuzz (``tests/keyfuzz.py`` drives
the apps with Textual's Pilot, ``tests/plain/fuzz.py`` the plain text mode).

A server on 127.0.0.1 gets rooms of both games; real asyncssh clients with a pty take
the seats and type seeded bursts of keys as a terminal sends them (arrows, Enter,
Escape, Tab, letters, digits, Ctrl keys, function keys, and now and then raw garbage),
resize their windows, hang up and come back. Failures:

- **crash**: an app (lobby or seat) wrote ``crash.log``, or the server logged an error;
- **down**: a new client no longer gets the lobby within 20 s;
- **dead**: a connected client's screen did not change for 200 keys in a row.

Long run (see docs/testing.md)::

    .venv/bin/python -m tests.server.fuzz --keys 100000 --seeds 5
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from pathlib import Path

import attrs

from tests.server.client import Player

#: What a terminal sends for the keys a player types (bytes, as the pty delivers them).
KEY_BYTES = [
    b"\r", b"\r", b"\x1b", b"\t", b"\x1b[Z", b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1b[A", b"\x1b[C",
    b"\x1b[5~", b"\x1b[6~", b"\x1b[H", b"\x1b[F", b"\x7f", b" ", b"?", b"h", b"H", b"r", b"l", b"L", b"u", b"e",
    b"n", b"m", b"s", b"d", b"y", b"o", b"p", b"c", b"b", b"t", b"w", b"x", b"1", b"2", b"3", b"4", b"9", b"0",
    b"+", b"-", b"[", b"]", b"\x1aZ", b"\x10", b"\x0f", b"\x13", b"\x1bOP", b"\x1b[15~", b"\xc3\x9f",
]
#: Keys that leave a screen: quit (q), Ctrl+C, Ctrl+Q, Ctrl+D.
QUIT_BYTES = [b"q", b"\x03", b"\x11", b"\x04"]
SIZES = [(80, 24), (100, 30), (160, 50), (60, 20), (10, 5), (120, 40)]
DEAD_AFTER = 200
QUIT_CHANCE, RESIZE_CHANCE, GARBAGE_CHANCE, HANGUP_CHANCE = 0.01, 0.01, 0.005, 0.002

#: Rooms each run opens: (game, seats as typed in the lobby), the fuzzing players' names.
ROOMS = [
    ("clear-the-ward", "Ann,Bob"),
    ("clear-the-ward", "Ann,Bob,cpu:random"),
    ("clinic", "Ann,Bob"),
    ("clinic", "Ann,Bob,cpu:basic"),
]


@attrs.define
class Report:
    keys: int = 0
    rejoins: int = 0
    resizes: int = 0
    failures: list[str] = attrs.Factory(list)

    def summary(self) -> str:
        return (f"{self.keys} keys, {self.resizes} resizes, {self.rejoins} rejoins: "
                f"{len(self.failures)} failures")


class _Errors(logging.Handler):
    """Collects the server's errors (a connection or an app that failed)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


async def _lobby_answers(port: int, name: str) -> bool:
    probe = Player(name)
    try:
        await asyncio.wait_for(probe.connect(port), 20)
        await probe.wait_for("Rooms", timeout=20)
        return True
    except (AssertionError, OSError, asyncio.TimeoutError):
        return False
    finally:
        await probe.close()


async def fuzz_server(room_index: int, seed: int, keys: int, data_dir: Path) -> Report:
    """Type ``keys`` keys (in all, split between the room's two players) into room
    ``ROOMS[room_index]`` on a fresh server keeping its data in ``data_dir``."""
    from tui_common.server.ssh import GameServer

    game, seats = ROOMS[room_index]
    rng = random.Random(f"serverfuzz:{room_index}:{seed}")
    report = Report()
    errors = _Errors()
    logger = logging.getLogger("hospital_games.server")
    logger.addHandler(errors)
    server = GameServer(data_dir, port=0, cpu_delay=0)
    await server.start()
    players: dict[str, Player] = {}
    last_screen: dict[str, tuple[str, int]] = {}

    async def seat(name: str) -> None:
        player = Player(name, *rng.choice(SIZES[:4]))
        await player.connect(server.port)
        await player.wait_for("Rooms", timeout=20)
        await player.press("enter", pause=0.1)  # the first room: this run's
        players[name] = player
        last_screen[name] = (player.text(), report.keys)

    try:
        server.hall.create(game, seats, "Ann", seed=seed)
        for name in ("Ann", "Bob"):
            await seat(name)
        while report.keys < keys and not report.failures:
            name = rng.choice(sorted(players))
            player = players[name]
            if player.closed.is_set() or rng.random() < HANGUP_CHANCE:  # gone, or hangs up: back again
                await player.close()
                report.rejoins += 1
                await seat(name)
                continue
            roll = rng.random()
            if roll < RESIZE_CHANCE:
                player.resize(*rng.choice(SIZES))
                report.resizes += 1
            elif roll < RESIZE_CHANCE + GARBAGE_CHANCE:
                player.send(bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))))
            else:
                burst = [rng.choice(QUIT_BYTES) if rng.random() < QUIT_CHANCE else rng.choice(KEY_BYTES)
                         for _ in range(rng.randint(1, 12))]
                player.send(b"".join(burst))
                report.keys += len(burst)
                if any(b in QUIT_BYTES for b in burst):
                    last_screen[name] = ("", report.keys)
            await player.wait_quiet(quiet=0.05, timeout=5)
            if (server.data_dir / "crash.log").exists() or errors.records:
                crash_log = server.data_dir / "crash.log"
                text = crash_log.read_text()[-1500:] if crash_log.exists() else ""
                report.failures.append(f"crash in {game} [{seats}] seed {seed} at key {report.keys}:\n"
                                       + "\n".join(errors.records)[-1500:] + text)
                break
            shown, since = last_screen[name]
            now = player.text()
            if now != shown:
                last_screen[name] = (now, report.keys)
            elif report.keys - since >= DEAD_AFTER * 2 and player.width >= 80 and player.height >= 24:
                # both players' keys count, so twice the Textual fuzz's 200
                report.failures.append(f"dead in {game} [{seats}] seed {seed} at key {report.keys}: "
                                       f"{name}'s screen unchanged for {report.keys - since} keys:\n{now}")
        if not report.failures and not await _lobby_answers(server.port, "Probe"):
            report.failures.append(f"down in {game} [{seats}] seed {seed} at key {report.keys}: "
                                   "a new client got no lobby")
    finally:
        for player in players.values():
            await player.close()
        await server.close()
        logger.removeHandler(errors)
    return report


async def run(keys: int, seeds: int, log=print) -> Report:
    total = Report()
    runs = [(s, i) for s in range(1, seeds + 1) for i in range(len(ROOMS))]
    for seed, index in runs:
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            rep = await fuzz_server(index, seed, max(1, keys // len(runs)), Path(folder))
        log(f"server {ROOMS[index]} seed {seed}: {rep.summary()} ({time.monotonic() - started:.0f} s)")
        for failure in rep.failures:
            log("  " + failure)
        total.keys += rep.keys
        total.rejoins += rep.rejoins
        total.resizes += rep.resizes
        total.failures += rep.failures
    log(f"== server: {total.summary()}")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.server.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=100_000, help="keys in all (default 100000)")
    parser.add_argument("--seeds", type=int, default=5, help="how many seeds (1..N), default 5")
    args = parser.parse_args(argv)
    # the apps redirect sys.stdout while they run (several at once here): write past them
    report = asyncio.run(run(args.keys, args.seeds, log=lambda line: print(line, file=sys.__stdout__, flush=True)))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
