"""Clear the Ward's game screen stands on the kit's ``TableScreen`` (issue 31): at most
two base classes, no ancestor from ``clear_ward_tui/screens`` and no mixin defined
there; autosave, undo, the seats' eyes and the Night Shift clock are collaborators."""

from __future__ import annotations

import ast
from pathlib import Path

import clear_ward_tui.screens
from tui_common.table_screen import TableScreen


def test_the_game_screen_is_a_table_screen_with_two_bases_at_most_and_the_screens_define_no_mixin():
    from clear_ward_tui.screens.game import GameScreen

    assert issubclass(GameScreen, TableScreen)
    assert len(GameScreen.__bases__) <= 2, GameScreen.__bases__
    # none of the screen's ancestors comes from clear_ward_tui/screens (the old mixins did)
    assert [c for c in GameScreen.__mro__[1:] if c.__module__.startswith("clear_ward_tui.screens")] == []
    folder = Path(clear_ward_tui.screens.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                assert not node.name.endswith("Mixin"), f"{path.name} defines {node.name}"
