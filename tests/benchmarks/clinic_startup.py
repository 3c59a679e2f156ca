"""Benchmarks (not tests) for the ``clinic`` app.

1. Startup: time to the first screen of ``clinic --players Ann,cpu:basic --seed 3`` at
   80x24 as a ratio against an empty Textual app, via ``../shared/tools/startup_ratio.py``
   (it waits for "Floor" and "Ann", on the left: the starting-car menu covers the main
   board at once; that frame is the board, the first a player acts on: see
   ``tests/tui/test_kit_startup.py``). Median of 5 interleaved with the empty app.
   Goal: ratio <= 1.5.
2. Build placement: the median time from a key press (a cursor move while placing a
   module) to the repainted board, in Pilot. Goal: <= 30 ms.
3. Instructions: the instructions each app runs from its start to its first frame
   (headless at 80x24, counted by valgrind's callgrind), both games' against the empty
   app's. Nearly deterministic (hash salts vary a little), unlike wall time on a shared
   machine; needs valgrind. The games start as their console scripts do (flags, then
   ``tui_common.startup``, then Textual), after one start that wrote their caches.

Run from anywhere, a worktree too:
``.venv/bin/python tests/benchmarks/clinic_startup.py [startup|keys|instructions] [--shared DIR]``.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: The shared tools sit beside the checkout (``../shared``); from a worktree one level
#: deeper, one more ``..``; else /work/shared, or ``--shared DIR`` (the folder holding tools/).
_SHARED = [REPO.parent / "shared", REPO.parent.parent / "shared", Path("/work/shared")]
if "--shared" in sys.argv:
    _at = sys.argv.index("--shared")
    _SHARED = [Path(sys.argv[_at + 1])]
    del sys.argv[_at:_at + 2]
TOOL = next((p / "tools" / "startup_ratio.py" for p in _SHARED if (p / "tools" / "startup_ratio.py").exists()),
            _SHARED[0] / "tools" / "startup_ratio.py")


CACHE = "/tmp/clinic-startup-pycache"


def startup() -> int:
    """With compiled bytecode, as after an install (``PYTHONDONTWRITEBYTECODE`` may be
    set in this environment; the bytecode goes to a private prefix, never into the
    repository), warmed by one run first."""
    python = sys.executable
    script = Path(python).with_name("clinic")
    env = ["env", f"PYTHONPYCACHEPREFIX={CACHE}", "PYTHONDONTWRITEBYTECODE="]
    command = [*env, str(script)] if script.exists() else [*env, python, "-m", "clinic_tui"]
    # as after a first game: bytecode compiled, and what a start keeps for the next
    # one written (the parsed stylesheets, attrs' code: tui_common.startup)
    warm = """import tui_common.dialogs
import asyncio
from tui_common import startup
startup.begin()
from clinic_tui.__main__ import options_from_args
from clinic_tui.app import ClinicApp
async def leave(pilot):  # after the start's end (tui_common.app.STARTUP_SECONDS)
    await asyncio.sleep(1.5)
    pilot.app.exit()
ClinicApp(options_from_args(['--players', 'Ann,cpu:basic', '--seed', '3'])).run(headless=True, size=(80, 24), auto_pilot=leave)
"""
    subprocess.run([*env, python, "-c", warm], cwd=REPO, check=True)
    args = [python, str(TOOL), python, "80x24", "Floor,Ann", "--", *command,
            "--players", "Ann,cpu:basic", "--seed", "3"]
    import os

    done = subprocess.run(args, cwd=REPO, capture_output=True, text=True, env={**os.environ, "STARTUP_GOAL": "1.5"})
    ratio = [line for line in done.stdout.splitlines() if line.startswith("startup ratio")]
    print(ratio[0] if ratio else done.stdout + done.stderr)
    print(f"machine load (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return done.returncode


async def _placement_keys(presses: int = 60) -> list[float]:
    sys.path.insert(0, str(REPO))
    from textual import events

    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options, parse_players
    from clinic_tui.widgets.clinic_view import ClinicView
    from core.clinic.game import Phase, apply_action, new_game
    from core.clinic.game.bots import make_bot

    state = new_game(["Ann", "Basic bot"], 3)
    bots = [make_bot("basic", 100), make_bot("basic", 101)]
    while not (state.phase is Phase.BUILD and state.current == 0):
        state = apply_action(state, bots[state.current].choose(state))
    app = ClinicApp(Options(seats=parse_players("Ann,cpu:basic"), seed=3, cpu_delay=0), state=state)
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # the first component: placement with every legal space shown
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(ClinicView)
        painted: list[float] = []
        refresh = screen._compositor_refresh

        def timed_refresh() -> None:  # the screen's repaint of changed regions
            refresh()
            painted.append(time.perf_counter())

        screen._compositor_refresh = timed_refresh
        for i in range(presses):
            key = ("right", "down", "left", "up")[i % 4]
            before = view.picture
            painted.clear()
            start = time.perf_counter()
            app._driver.send_message(events.Key(key, None))
            while view.picture is before:
                await asyncio.sleep(0)
            changed = time.perf_counter()
            while not painted or painted[-1] < changed:
                await asyncio.sleep(0.0005)
            times.append(painted[-1] - start)
            await pilot.pause()
    return times


def keys() -> int:
    times = asyncio.run(_placement_keys())
    median = statistics.median(times) * 1000
    print(f"build placement: median key-to-repaint {median:.1f} ms over {len(times)} presses (goal <= 30 ms)")
    return 0 if median <= 30 else 1


#: The apps ``first_frame`` starts: package, app class, flags (no save is written
#: before a move, so the data folder is a temporary one).
APPS = {
    "clear_ward": ("clear_ward_tui", "ClearWardApp", ["--players", "Ann,Bob", "--seed", "3"]),
    "clinic": ("clinic_tui", "ClinicApp", ["--players", "Ann,cpu:basic", "--seed", "3"]),
}


def first_frame(which: str, keep: bool = False) -> None:
    """Run ``which`` ("clear_ward", "clinic" or "empty") headless at 80x24 and leave
    the process at its first frame (a game: its game screen's). A game starts as its
    console script does: its flags read, then ``tui_common.startup.begin``, then
    Textual. ``keep``: first write what a start keeps for the next one (the code and
    stylesheet caches), as a game played before would have."""
    import os
    import tempfile

    sys.path.insert(0, str(REPO))
    if which != "empty":
        import importlib

        package, app_class, flags = APPS[which]
        main = importlib.import_module(f"{package}.__main__")
        from tui_common import startup

        startup.begin()
    from textual.app import App

    shown = App._display

    def display(app, screen, renderable) -> None:
        shown(app, screen, renderable)
        if renderable is not None and (which == "empty" or type(screen).__name__ == "GameScreen"):
            if keep and which != "empty":
                from tui_common import css_cache

                startup.end()
                css_cache.save()
            os._exit(0)

    App._display = display
    if which == "empty":
        from textual.widgets import Footer, Header, Static

        class Empty(App):  # as ../shared/tools/empty_app.py
            def compose(self):
                yield Header()
                yield Static("EMPTY-READY")
                yield Footer()

        app = Empty()
    else:
        data = Path(tempfile.gettempdir()) / f"{which}-startup-data"
        app_type = getattr(importlib.import_module(f"{package}.app"), app_class)
        app = app_type(main.options_from_args([*flags, "--data-dir", str(data)]))
    app.run(headless=True, size=(80, 24))
    os._exit(1)  # no frame


def instructions() -> int:
    """Instructions to the first frame: each game's and the empty app's, and their
    ratios (each game after one start that wrote its caches, as after a first game)."""
    import os
    import re

    env = {**os.environ, "PYTHONPYCACHEPREFIX": CACHE, "PYTHONDONTWRITEBYTECODE": ""}
    counts = {}
    for which in ("empty", "clear_ward", "clinic"):
        run = [sys.executable, __file__, "_first", which]
        subprocess.run([*run, "keep"], env=env, check=True)  # bytecode and caches written
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *run],
                              env=env, capture_output=True, text=True, check=True)
        counts[which] = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
    empty = counts["empty"]
    print(f"instructions to the first frame: empty Textual app {empty / 1e6:,.0f} M; "
          + "; ".join(f"{which} {counts[which] / 1e6:,.0f} M (ratio {counts[which] / empty:.2f})"
                      for which in ("clear_ward", "clinic")))
    return 0


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "both"
    if which == "_first":
        first_frame(sys.argv[2], keep=sys.argv[3:] == ["keep"])
    if which == "instructions":
        sys.exit(instructions())
    code = 0
    if which in ("startup", "both"):
        code |= startup()
    if which in ("keys", "both"):
        code |= keys()
    sys.exit(code)
