"""The plain text mode as a program on a pipe: ``printf '1\\n' ... | clear-ward --plain``
plays a whole game and exits 0, it starts without loading Textual, and an unexpected
error is one sentence and exit status 1, never a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import ClearWardPlain
from tui_common.plain.start import run

from .helpers import only_words, script, unwrap


def _command(name: str) -> list[str]:
    """The console script ``name`` beside this Python, else ``python -m`` its package."""
    script_path = Path(sys.executable).with_name(name)
    return [str(script_path)] if script_path.exists() else [sys.executable, "-m", name.replace("-", "_") + "_tui"]


@pytest.mark.parametrize("game, players", [("clear-ward", "Ann"), ("clinic", "Ann")])
def test_a_pipe_of_1s_plays_a_whole_game_and_exits_0(tmp_path, game, players):
    done = subprocess.run(
        [*_command(game), "--plain", "--players", players, "--seed", "7", "--data-dir", str(tmp_path)],
        input="1\n" * 3000, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "The game is over" in unwrap(done.stdout)  # lines are cut at 80 for braille displays
    only_words(done.stdout)
    assert (tmp_path / "last-game.json").exists()


def test_end_of_input_at_once_exits_0(tmp_path):
    done = subprocess.run(
        [*_command("clear-ward"), "--plain", "--players", "Ann,Bob", "--data-dir", str(tmp_path)],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("Nothing was played, so nothing was saved. Goodbye.")


@pytest.mark.parametrize("package", ["clear_ward_tui", "clinic_tui"])
def test_plain_mode_never_loads_textual(tmp_path, package):
    code = (
        "import io, sys\n"
        f"from {package}.__main__ import main\n"
        "sys.stdin = io.StringIO('1\\nboard\\nstatus\\nhand\\nrules 2\\nlook B2\\nlog\\n')\n"
        f"status = main(['--plain', '--players', 'Ann', '--seed', '3', '--data-dir', {str(tmp_path)!r}])\n"
        "print('TEXTUAL', sorted(m for m in sys.modules if m.split('.')[0] == 'textual'), status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("TEXTUAL [] 0")


def test_an_unexpected_error_is_one_sentence_and_exit_1(tmp_path, monkeypatch):
    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(ClearWardPlain, "bot_turn", broken)
    options = clear_ward_options(["--plain", "--players", "Ann,cpu:random", "--seed", "2", "--data-dir", str(tmp_path)])
    out = io.StringIO()
    status = run(ClearWardPlain, options, script("1"), out)
    assert status == 1
    last = unwrap(out.getvalue()).rstrip().splitlines()[-1]
    assert last == (f"Clear the Ward stopped because of an unexpected error. Your game was saved: clear-ward --plain"
                    f" --resume goes on from where you were. The details are in {tmp_path / 'crash.log'}.")
    assert "Traceback" not in out.getvalue()
    assert "RuntimeError: a bug" in (tmp_path / "crash.log").read_text()


def test_ctrl_c_saves_and_stops_with_status_130(tmp_path):
    answers = iter(["1"])

    def answer(prompt, said):
        for reply in answers:
            return reply
        raise KeyboardInterrupt

    from .helpers import Answering

    options = clear_ward_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    out = io.StringIO()
    status = run(ClearWardPlain, options, Answering(out, answer), out)
    assert status == 130
    assert out.getvalue().rstrip().endswith(
        "Interrupted.\nThe game is saved: clear-ward --plain --resume goes on with it. Goodbye.")
    from clear_ward_tui.autosave import load

    assert len(load(tmp_path / "autosave.json").actions) == 1
