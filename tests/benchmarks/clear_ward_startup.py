"""Startup benchmark (not a test): time to first screen of ``clear-ward`` with a seed, as
a ratio against an empty Textual app, via ``../shared/tools/startup_ratio.py``.

Run from anywhere: ``.venv/bin/python tests/benchmarks/clear_ward_startup.py``.
Goal: ratio <= 1.25.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / ".." / "shared" / "tools" / "startup_ratio.py"


def main() -> int:
    python = sys.executable
    script = Path(python).with_name("clear-ward")
    command = [str(script)] if script.exists() else [python, "-m", "clear_ward_tui"]
    args = [python, str(TOOL), python, "80x24", "Ann,Bob", "--", *command, "--players", "Ann,Bob", "--seed", "7"]
    done = subprocess.run(args, cwd=REPO, capture_output=True, text=True)
    ratio = [line for line in done.stdout.splitlines() if line.startswith("startup ratio")]
    print(ratio[0] if ratio else done.stdout + done.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
