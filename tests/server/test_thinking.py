"""The worker process for slow computer players starts while an app holds stderr
(found by playing a served game: a hard computer seat never moved)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_slow_choice_is_made_while_textual_captures_stderr():
    """In a fresh process (no resource tracker yet), stderr replaced as Textual's
    capture does (``fileno()`` is -1): the Thinker still starts its worker and answers."""
    script = textwrap.dedent("""
        import sys
        from core import registry
        from tui_common.server.thinking import Thinker

        class Captured:
            def write(self, text): return len(text)
            def flush(self): pass
            def fileno(self): return -1

        game = registry.get("clear-the-ward")
        record = game.new_record(("Ann", "Cy"), (None, "random"), 7, {})
        sys.stderr = Captured()
        thinker = Thinker()
        try:
            action, bot = thinker.submit(game.make_bot("random", 7), record.state).result(timeout=60)
        except Exception as err:
            print("failed:", err)
            raise SystemExit(1)
        thinker.close()
        print("legal" if action in game.legal_actions(record.state) else "illegal")
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "legal"
