"""Startup benchmark (not a test): time to the BOARD of ``clear-ward --players Ann,Bob
--seed 7`` at 80x24 ("Turn 1" on screen: the first frame a player can act on; the
loading screen "Dealing the ward for Ann, Bob…" does not count), as the median of 5 runs
interleaved with an empty Textual app, via the shared tools' ``startup_ratio.py``.

Run from anywhere, a worktree too:
``.venv/bin/python tests/benchmarks/clear_ward_startup.py [--shared DIR]``
(``DIR``: the shared folder holding ``tools/``; found beside the checkout, one level up,
or at /work/shared). Goal: ratio <= 1.25.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CACHE = "/tmp/clear-ward-startup-pycache"


def shared_tool(shared: str | None) -> Path:
    """``tools/startup_ratio.py`` of the shared folder: ``shared`` if given, else beside
    the checkout, one level up (a worktree), or /work/shared."""
    places = [Path(shared)] if shared else [REPO.parent / "shared", REPO.parent.parent / "shared",
                                            Path("/work/shared")]
    for place in places:
        if (place / "tools" / "startup_ratio.py").exists():
            return place / "tools" / "startup_ratio.py"
    raise SystemExit(f"startup_ratio.py not found in {', '.join(map(str, places))}: pass --shared DIR")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", help="the shared folder (holding tools/startup_ratio.py)")
    args = parser.parse_args(argv)
    tool = shared_tool(args.shared)
    python = sys.executable
    script = Path(python).with_name("clear-ward")
    # compiled bytecode, as after an install, in a private prefix (never in the repository)
    env = ["env", f"PYTHONPYCACHEPREFIX={CACHE}", "PYTHONDONTWRITEBYTECODE="]
    command = [*env, str(script)] if script.exists() else [*env, python, "-m", "clear_ward_tui"]
    # as after a first game: bytecode compiled, and what a start keeps for the next
    # one written (the parsed stylesheets, attrs' code: tui_common.startup)
    warm = """import asyncio
from tui_common import startup
startup.begin()
from clear_ward_tui.__main__ import options_from_args
from clear_ward_tui.app import ClearWardApp
async def leave(pilot):  # after the start's end (tui_common.app.STARTUP_SECONDS)
    await asyncio.sleep(1.5)
    pilot.app.exit()
ClearWardApp(options_from_args(['--players', 'Ann,Bob', '--seed', '7', '--data-dir', '/tmp/clear-ward-startup-data'])).run(headless=True, size=(80, 24), auto_pilot=leave)
"""
    subprocess.run([*env, python, "-c", warm], cwd=REPO, check=True)
    run = [python, str(tool), python, "80x24", "Turn 1", "--", *command,
           "--players", "Ann,Bob", "--seed", "7", "--data-dir", "/tmp/clear-ward-startup-data"]
    done = subprocess.run(run, cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "STARTUP_GOAL": "1.25"})
    ratio = [line for line in done.stdout.splitlines() if line.startswith("startup ratio")]
    print(ratio[0] if ratio else done.stdout + done.stderr)
    print(f"machine load (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
