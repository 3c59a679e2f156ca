"""The docs' examples run as written."""

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_api_example_plays_a_whole_game(capsys):
    text = (DOCS / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/api.md", "exec"), namespace)
    from core.clear_ward import is_over

    assert is_over(namespace["state"])
    out = capsys.readouterr().out
    assert "GameResult(" in out and "moves the Doctor" in out


def test_saves_example_runs_as_written(capsys):
    text = (DOCS / "api.md").read_text()
    block = text.split("## Saved games, undo and replay")[1]
    code = re.search(r"```python\n(.*?)```", block, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/api.md", "exec"), namespace)
    assert namespace["again"].states == namespace["record"].states
    assert "Ann, Bot (computer) · turn " in capsys.readouterr().out
