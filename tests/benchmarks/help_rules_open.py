"""Benchmark (not a test): how long help (?) and the rules (r) take to open in a game
of each app, headless in Pilot at 80x24 (issue 30). Goal: each shows something at once
and its text within 300 ms, the first time and again after closing.

Two cases, each in a new process (as a player's first ``?`` or ``r``): "early", the
key pressed before the app has rendered the texts ahead (``TableApp.prepare_texts``,
``PREPARE_SECONDS`` after it starts; here it never does), then closed and opened again;
and "settled", the key pressed once the app has rendered them (a player who looks at
the board a moment first).

Measured: from the key press to the first frame that shows the screen (its loading line
or its text: "shown"), and to the first frame with the text itself ("text"). Wall time
on a shared machine varies: compare runs made one after the other.

Run from anywhere: ``.venv/bin/python tests/benchmarks/help_rules_open.py [rounds]``.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: a phrase of each screen's text, seen once it is drawn (None: the help's first heading,
#: which in Clinic is the rules of the phase being played, above its keys)
EXPECT = {
    ("clinic", "question_mark"): None, ("clinic", "r"): "builds and runs a clinic",
    ("clear-ward", "question_mark"): None, ("clear-ward", "r"): "Satyre Hospital",
}
#: seconds after which a screen that never shows its text counts as failed
GIVE_UP = 20.0


def first_heading(screen) -> str | None:
    """The first heading of a help dialog's Markdown text (None: not a help dialog)."""
    text = getattr(screen, "text", None)
    if not isinstance(text, str):
        return None
    return next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")), None)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def make(game: str, folder: str):
    if game == "clinic":
        from clinic_tui.app import ClinicApp
        from clinic_tui.config import Options, parse_players

        return ClinicApp(Options(seats=parse_players("Ann,cpu:basic"), seed=3, cpu_delay=0, data_dir=folder))
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options, parse_players

    return ClearWardApp(Options(seats=parse_players("Ann,cpu:greedy"), seed=3, data_dir=folder))


async def settle(app) -> None:
    """Wait until the app has rendered the help and the rules ahead."""
    from tui_common.app import PREPARE_SECONDS

    await asyncio.sleep(PREPARE_SECONDS)
    while any(w.group == "prepare-texts" and not w.is_finished for w in app.workers):
        await asyncio.sleep(0.02)


async def measure(game: str, key: str, rounds: int, settled: bool) -> list[tuple[float, float]]:
    from tui_common.app import TableApp
    from tui_common.dialogs import ChoiceDialog

    if not settled:
        TableApp.prepare_texts = lambda app: None  # the key comes before it would run

    times = []
    with tempfile.TemporaryDirectory() as folder:
        app = make(game, folder)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(10):
                await pilot.pause()
            while isinstance(app.screen, ChoiceDialog):
                await pilot.press("escape")
                await pilot.pause()
            game_screen = app.screen
            if settled:
                await settle(app)
            for _ in range(rounds):
                start = time.perf_counter()
                app.simulate_key(key)  # not pilot.press: it waits until the app is idle
                shown = None
                while True:
                    await asyncio.sleep(0.005)  # the app runs meanwhile (pause would wait for it)
                    if app.screen is not game_screen and app.screen.is_mounted and shown is None:
                        shown = time.perf_counter() - start
                    phrase = EXPECT[game, key] or first_heading(app.screen)
                    if phrase and phrase in screen_text(app):
                        break
                    if time.perf_counter() - start > GIVE_UP:
                        raise SystemExit(f"{game} {key}: no text after {GIVE_UP} s")
                times.append((shown, time.perf_counter() - start))
                await pilot.press("escape")
                while app.screen is not game_screen:
                    await pilot.pause()
    return times


def main() -> None:
    sys.path.insert(0, str(REPO))
    rounds = sys.argv[1] if len(sys.argv) > 1 else "3"
    if len(sys.argv) > 2:  # one case, in this process: rounds case game key
        settled, game, key = sys.argv[2] == "settled", sys.argv[3], sys.argv[4]
        times = asyncio.run(measure(game, key, int(rounds), settled))
        listed = ", ".join(f"{shown * 1000:.0f}/{text * 1000:.0f}" for shown, text in times)
        print(f"{sys.argv[2]:7} {game:10} {'?' if key == 'question_mark' else key}: shown/text ms: {listed}")
        return
    for case in ("early", "settled"):
        for game, key in EXPECT:
            subprocess.run([sys.executable, __file__, rounds, case, game, key], check=True)


if __name__ == "__main__":
    main()
