"""Fast-typing key fuzz of both apps: random keys at full speed, resizes, every screen.

Drives the real apps with Textual's Pilot, posting each key straight to the driver with
no idle wait between keys (like a burst from ``tmux send-keys`` or a flaky SSH link), and
counts three kinds of failure:

- **crash**: an unhandled exception in the app;
- **dead state**: a screen where, for ``DEAD_AFTER`` keys in a row, nothing but a quit
  key changes what is drawn (not while the terminal is too small, where that is the
  point);
- **hang**: one key that takes longer than ``HANG_SECONDS`` to be handled.

Each failure is recorded with its app, setup, seed and key index; the key stream is a
function of the seed alone, so ``--seed S --setup N --keys K`` replays it.

Short fixed-seed runs are part of the test suite (``tests/tui/test_key_fuzz.py``); the
long run is a command (``docs/testing.md``)::

    python -m tests.keyfuzz --app both --keys 100000 --seeds 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual import events

def suite_keys(default: int) -> int:
    """How many keys a fuzz test of the default suite sends: ``default`` times the
    environment's ``FUZZ_SCALE`` (1 unless set; ``FUZZ_SCALE=3`` for the longer runs the
    suite had before it was made to fit in 6 minutes, docs/testing.md "Suite time")."""
    return max(1, round(default * float(os.environ.get("FUZZ_SCALE", "1"))))


#: A screen is dead when this many keys in a row (quit keys aside) change nothing drawn.
DEAD_AFTER = 200
#: One key that takes longer than this to be handled counts as a hang.
HANG_SECONDS = 15.0
#: Every 40 keys the fuzz waits for the app to catch up (computer players may play whole
#: games meanwhile); a wait longer than this counts as a hang.
CATCH_UP_SECONDS = 120.0
#: Sizes the terminal is resized to now and then (the first is the smallest playable).
SIZES = [(80, 24), (100, 30), (160, 50), (120, 36), (70, 20), (80, 24)]

_CHARS = {"space": " ", "enter": "\r", "question_mark": "?", "left_square_bracket": "[",
          "right_square_bracket": "]", "escape": "\x1b", "tab": "\t", "backspace": "\x7f",
          "full_stop": ".", "comma": ",", "plus": "+", "minus": "-", "slash": "/"}

#: Every key a player might press, weighted towards the keys that play and close.
COMMON_KEYS = [
    *["up", "down", "left", "right"] * 4, *["enter"] * 10, *["escape"] * 5, "space", "space",
    "tab", "shift+tab", "pageup", "pagedown", "home", "end", "backspace", "delete",
    "question_mark", "r", "u", "ctrl+z", "ctrl+s", "ctrl+o", "ctrl+p", "ctrl+c",
    *"abcdefghijklmnoprstuvwxyz", *"0123456789", "y", "y", "n", "n",
    "left_square_bracket", "right_square_bracket", "full_stop", "comma", "plus", "minus", "slash",
    "f1", "ctrl+l", "ctrl+t",
]
#: Quit keys: they may end the app (then a new one starts), so they are rare (Escape on
#: the setup screen and Ctrl+C quit too).
QUIT_KEYS = ["ctrl+q", "q"]
QUIT_CHANCE = 0.003
#: The chance of a resize before a key.
RESIZE_CHANCE = 0.004


@dataclass
class Failure:
    kind: str  # "crash", "dead" or "hang"
    app: str
    setup: str
    seed: int
    key_index: int
    detail: str
    recent: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.kind} in {self.app} [{self.setup}] seed {self.seed} at key {self.key_index}: "
                f"{self.detail}\n    last keys: {' '.join(self.recent)}")


@dataclass
class Report:
    keys: int = 0
    apps_started: int = 0
    quits: int = 0
    resizes: int = 0
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: Report) -> None:
        self.keys += other.keys
        self.apps_started += other.apps_started
        self.quits += other.quits
        self.resizes += other.resizes
        self.failures += other.failures

    def count(self, kind: str) -> int:
        return sum(1 for f in self.failures if f.kind == kind)

    def summary(self) -> str:
        return (f"{self.keys} keys, {self.apps_started} app runs ({self.quits} quit by a key), "
                f"{self.resizes} resizes: {self.count('crash')} crashes, {self.count('dead')} dead states, "
                f"{self.count('hang')} hangs")


# -- the two apps ---------------------------------------------------------------------

#: Setups per app: a seats string, or None for the setup screen.
SETUPS = {
    "clear-ward": [None, "Ann", "Ann,Bob", "Ann,cpu:greedy", "cpu:random,cpu:greedy,cpu:random", "Ann,Bob,Cy,Di"],
    "clinic": [None, "Ann", "Ann,Bob", "Ann,cpu:basic", "cpu:random,cpu:basic,cpu:random,cpu:basic", "Ann,Bob,cpu:random"],
    # Clinic with every expansion on (the four minis and The 911th Extension's ED).
    "clinic-expansions": ["Ann,cpu:basic", "Ann,Bob", "cpu:random,cpu:basic,cpu:random,cpu:basic"],
}


def make_app(app: str, seats: str | None, seed: int, data_dir: Path):
    """A fresh app of ``app`` for ``seats`` (None: the setup screen), no computer pause,
    saves in ``data_dir``."""
    if app == "clear-ward":
        from clear_ward_tui.app import ClearWardApp
        from clear_ward_tui.config import Options, parse_players

        seat_list = parse_players(seats) if seats else ()
        return ClearWardApp(Options(seats=seat_list, seed=seed, cpu_delay=0, show_clock=False, data_dir=data_dir))
    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options, parse_players

    from core.clinic.game.constants import EXPANSIONS

    os.environ["CLINIC_DATA_DIR"] = str(data_dir)
    seat_list = parse_players(seats) if seats else ()
    expansions = tuple(EXPANSIONS) if app == "clinic-expansions" else ()
    return ClinicApp(Options(seats=seat_list, seed=seed, cpu_delay=0, expansions=expansions))


def screen_text(app) -> str:
    """What the current screen draws, as plain text."""
    try:
        strips = app.screen._compositor.render_strips()
    except Exception:  # a screen mid-change has no layout yet: nothing to compare
        return ""
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def _too_small(app) -> bool:
    return type(app.screen).__name__ == "TooSmallScreen"


async def _catch_up(pilot, since: float) -> None:
    """Wait for the app to handle every pending message. Pilot gives up after its own
    30 s (a busy machine and a computer player's long turn can take that); only
    ``CATCH_UP_SECONDS`` in all counts as a hang."""
    from textual.pilot import WaitForScreenTimeout

    while True:
        try:
            await pilot.pause()
            return
        except WaitForScreenTimeout:
            if time.monotonic() - since > CATCH_UP_SECONDS:
                raise


async def _resize(pilot, size: tuple[int, int]) -> None:
    """Resize the terminal, then catch up as after any burst of keys."""
    from textual.pilot import WaitForScreenTimeout

    started = time.monotonic()
    try:
        await pilot.resize_terminal(*size)
    except WaitForScreenTimeout:
        await _catch_up(pilot, started)


def _describe(app) -> str:
    """What a dead state looks like from inside: the screen stack, the focus, the dialog."""
    screen = app.screen
    lines = [f"    stack: {[type(s).__name__ for s in app.screen_stack]}; focused: {app.focused!r}",
             f"    dialog closed: {getattr(screen, '_dialog_closed', None)}; is current: {screen.is_current}"]
    title = getattr(screen, "title_text", None)
    if title:
        lines.append(f"    title: {title!r}; choices: {len(getattr(screen, 'choices', []))}")
    return "\n".join(lines)


async def _send(app, key: str) -> None:
    char = key if len(key) == 1 else _CHARS.get(key)
    app._driver.send_message(events.Key(key, char))
    for _ in range(6):
        await asyncio.sleep(0)


async def fuzz_app(app_name: str, setup_index: int, seed: int, keys: int,
                   data_dir: Path | None = None, on_key: Callable[[int], None] | None = None) -> Report:
    """Type ``keys`` random keys (stream fixed by ``seed``) into ``app_name`` started with
    setup number ``setup_index``; a quit starts a fresh app and the keys go on."""
    seats = SETUPS[app_name][setup_index]
    label = seats or "setup screen"
    rng = random.Random(f"keyfuzz:{app_name}:{setup_index}:{seed}")
    report = Report()
    own_dir = data_dir is None
    tmp = tempfile.TemporaryDirectory() if own_dir else None
    folder = Path(tmp.name) if tmp else data_dir
    try:
        while report.keys < keys and not any(f.kind in ("crash", "hang") for f in report.failures):
            app = make_app(app_name, seats, seed + report.apps_started, folder)
            report.apps_started += 1
            recent: list[str] = []
            try:
                await _run_one(app, app_name, label, seed, rng, keys, report, recent, on_key)
            except Exception as err:  # the app raised: a crash (or did not catch up: a hang)
                from textual.pilot import WaitForScreenTimeout

                kind = "hang" if isinstance(err, WaitForScreenTimeout) else "crash"
                tb = traceback.format_exception(err)
                report.failures.append(Failure(kind, app_name, label, seed, report.keys,
                                               f"{type(err).__name__}: {err}\n" + "".join(tb[-14:]), recent[-20:]))
    finally:
        if tmp:
            tmp.cleanup()
    return report


async def _run_one(app, app_name, label, seed, rng, keys, report, recent, on_key) -> None:
    """Type into one running app until ``report.keys`` reaches ``keys``, the app quits,
    or a dead state is found; a crash raises."""
    size = SIZES[0]
    sent = report.keys
    async with app.run_test(size=size) as pilot:
        await _catch_up(pilot, time.monotonic())
        last_text, last_change = screen_text(app), sent
        small_until = -1
        while sent < keys:
            if not app.is_running:
                report.quits += 1
                return
            if rng.random() < RESIZE_CHANCE:  # resize now and then (too small included)
                size = rng.choice(SIZES)
                report.resizes += 1
                await _resize(pilot, size)
                small_until = sent + 30 if size[0] < 80 or size[1] < 24 else -1
            elif small_until >= 0 and sent > small_until:
                size = SIZES[0]
                await _resize(pilot, size)
                small_until = -1
            key = rng.choice(QUIT_KEYS) if rng.random() < QUIT_CHANCE else rng.choice(COMMON_KEYS)
            recent.append(key)
            del recent[:-40]
            started = time.monotonic()
            await _send(app, key)
            sent = report.keys = sent + 1
            took = time.monotonic() - started
            if on_key:
                on_key(sent)
            if sent % 40 == 0:  # let the app catch up (computer turns included: not a hang)
                waited = time.monotonic()
                await _catch_up(pilot, waited)
                if time.monotonic() - waited > CATCH_UP_SECONDS:
                    took = time.monotonic() - waited
            if took > HANG_SECONDS:
                report.failures.append(Failure("hang", app_name, label, seed, sent, f"{key} took {took:.1f} s",
                                               recent[-20:]))
            if app._exception is not None:
                raise app._exception
            if key in QUIT_KEYS or _too_small(app) or sent % 10:
                if key in QUIT_KEYS or _too_small(app):
                    last_change = sent
                continue
            text = screen_text(app)
            if text != last_text:
                last_text, last_change = text, sent
            elif sent - last_change >= DEAD_AFTER and not _waiting_for_computer(app):
                report.failures.append(Failure(
                    "dead", app_name, label, seed, sent,
                    f"{type(app.screen).__name__} unchanged for {sent - last_change} keys\n{_describe(app)}",
                    recent[-20:]))
                return  # a fresh app for the rest of the keys
        await pilot.pause()


def _waiting_for_computer(app) -> bool:
    """A computer seat is thinking: keys are rightly ignored meanwhile."""
    for screen in app.screen_stack:
        if getattr(screen, "is_cpu_turn", False):
            return True
    return False


async def run(apps: list[str], keys: int, seeds: list[int], log=print) -> Report:
    """``keys`` keys per app, spread over every setup and the given seeds."""
    total = Report()
    for app_name in apps:
        runs = [(s, i) for s in seeds for i in range(len(SETUPS[app_name]))]
        # Every key asked for is typed: the first runs take one more when it does not divide.
        per_run, extra = divmod(keys, len(runs))
        app_report = Report()
        for k, (seed, index) in enumerate(runs):
            t0 = time.monotonic()
            rep = await fuzz_app(app_name, index, seed, max(1, per_run + (k < extra)))
            app_report.add(rep)
            log(f"{app_name} [{SETUPS[app_name][index] or 'setup screen'}] seed {seed}: {rep.summary()}"
                f" ({time.monotonic() - t0:.0f} s)")
            for failure in rep.failures:
                log(f"  {failure}")
        log(f"== {app_name}: {app_report.summary()}")
        total.add(app_report)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.keyfuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--app", choices=[*SETUPS, "both"], default="both",
                        help="both: clear-ward and clinic; clinic-expansions: Clinic with every expansion")
    parser.add_argument("--keys", type=int, default=100_000, help="keys per app (default 100000)")
    parser.add_argument("--seeds", type=int, default=5, help="how many seeds (1..N), default 5")
    parser.add_argument("--seed", type=int, help="one seed only (to replay a failure)")
    parser.add_argument("--setup", type=int, help="one setup only, by its number in SETUPS")
    args = parser.parse_args(argv)
    apps = ["clear-ward", "clinic"] if args.app == "both" else [args.app]
    if args.setup is not None:
        seeds = [args.seed if args.seed is not None else 1]
        report = Report()
        for app_name in apps:
            rep = asyncio.run(fuzz_app(app_name, args.setup, seeds[0], args.keys))
            print(rep.summary())
            for failure in rep.failures:
                print(f"  {failure}")
            report.add(rep)
    else:
        seeds = [args.seed] if args.seed is not None else list(range(1, args.seeds + 1))
        t0 = time.monotonic()
        report = asyncio.run(run(apps, args.keys, seeds))
        print(f"total: {report.summary()} in {time.monotonic() - t0:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
