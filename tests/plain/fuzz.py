"""Random lines typed into the plain text mode: the plain-mode half of the key fuzz
(``tests/keyfuzz.py`` drives the Textual apps). A seeded mix of numbers, commands,
half-words and junk (escape sequences, tabs, very long lines) goes to every prompt of
a game; the run fails on a traceback, an exit status other than 0, a drawing or
control character in what was said, or a game that never moved (numbers were typed,
yet no action was taken).

Long run (see docs/testing.md)::

    .venv/bin/python -m tests.plain.fuzz --lines 100000 --seeds 5
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time

import attrs

from .helpers import FORBIDDEN, play

TYPED = [
    "0", "-1", "99", "", "board", "board 2", "board main", "board 0", "look B2", "look a1 1", "look", "status",
    "hand", "log", "log 3", "time", "rules", "rules 2", "rules staff", "help", "help look", "list", "undo",
    "save", "save x", "yes", "no", "move", "move right", "hire", "build garden", "done", "end", "keep", "draw",
    "use", "select build", "take", "park", "remove", "?", "\t", "x" * 300, "\x1b[A", "1.", " 2 ",
    "undo", "undo", "ß", "\x00", "12345678901234567890", "save ../../etc/passwd", "log -5", "board 99",
]

#: (game, players, extra flags) the long run goes through, one after another.
SETUPS = [
    ("clear-ward", "Ann", ()),
    ("clear-ward", "Ann,Bob", ()),
    ("clear-ward", "Ann,cpu:greedy", ()),
    ("clear-ward", "Ann,Bob,cpu:random,cpu:strong", ()),
    ("clinic", "Ann", ()),
    ("clinic", "Ann,Bob", ()),
    ("clinic", "Ann,cpu:basic", ()),
    ("clinic", "Ann,Bob,cpu:random", ("--expansions", "blood,extinguishers,workaholics,zombies")),
    ("clinic", "Ann,cpu:basic", ("--expansions", "emergency")),
]

_ACTION_LINE = re.compile(r"^\d+\. ", re.M)


@attrs.define
class Run:
    """One game's run: lines typed, exit status, and what went wrong (empty: nothing)."""

    game: str
    players: str
    seed: int
    lines: int = 0
    status: int | None = None
    problems: list[str] = attrs.Factory(list)


def _entry(game: str):
    if game == "clear-ward":
        from clear_ward_tui.__main__ import options_from_args
        from clear_ward_tui.plain import main
    else:
        from clinic_tui.__main__ import options_from_args
        from clinic_tui.plain import main
    return options_from_args, main


def fuzz_plain(game: str, players: str, seed: int, lines: int, data_dir: str, extra: tuple[str, ...] = ()) -> Run:
    """Type up to ``lines`` random lines into one plain-mode game of ``game`` for
    ``players``; returns the :class:`Run` (``problems`` empty when nothing broke)."""
    rng = random.Random(f"plainfuzz:{game}:{players}:{seed}")
    run = Run(game, players, seed)
    numbers = [0]

    def answer(prompt: str, said: str) -> str | None:
        if run.lines >= lines:
            return None
        run.lines += 1
        if rng.random() < 0.4:
            return rng.choice(TYPED)
        numbers[0] += 1
        return str(rng.randint(1, 3))

    options_from_args, main = _entry(game)
    options = options_from_args(["--plain", "--players", players, "--seed", str(seed), "--data-dir", data_dir, *extra])
    try:
        run.status, out, _ = play(main, options, answer)
    except BaseException as err:  # noqa: BLE001 - a fuzz records whatever escapes
        run.problems.append(f"raised {type(err).__name__}: {err}")
        return run
    if run.status != 0:
        run.problems.append(f"exit status {run.status}")
    if "Traceback" in out or "unexpected error" in out:
        run.problems.append("a traceback was printed: " + out[out.find("Traceback"):][:400])
    bad = FORBIDDEN.search(out)
    if bad:
        run.problems.append(f"{bad.group()!r} was said: {out[max(0, bad.start() - 60):bad.start() + 20]!r}")
    if numbers[0] >= 20 and not _ACTION_LINE.search(out):
        run.problems.append("numbers were typed but no action list was ever offered")
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.plain.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=100_000, help="lines in all (default 100000)")
    parser.add_argument("--seeds", type=int, default=5, help="how many seeds (1..N), default 5")
    parser.add_argument("--per-game", type=int, default=400, help="lines per game before its input ends")
    args = parser.parse_args(argv)
    typed, failed, started = 0, [], time.monotonic()
    game_index = 0
    while typed < args.lines:
        seed = 1 + game_index // len(SETUPS) % args.seeds
        game, players, extra = SETUPS[game_index % len(SETUPS)]
        with tempfile.TemporaryDirectory() as folder:
            run = fuzz_plain(game, players, seed * 1000 + game_index, args.per_game, folder, extra)
        typed += run.lines
        game_index += 1
        if run.problems:
            failed.append(run)
            print(f"FAIL {game} [{players}] seed {run.seed}: " + "; ".join(run.problems), flush=True)
        if game_index % 25 == 0:
            print(f"{typed} lines, {game_index} games, {len(failed)} failed ({time.monotonic() - started:.0f} s)",
                  flush=True)
    print(f"== plain: {typed} lines in {game_index} games, {len(failed)} failed"
          f" ({time.monotonic() - started:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
