"""Finding the players' rules of a game at run time (no Textual: the plain text mode
reads them too; the rules screen is ``tui_common.rules``).

Each game keeps its rules for players as Markdown beside its code, ``rules.md`` in
the app's package (``clear_ward_tui/rules.md``, ``clinic_tui/rules.md``): the rulebook's
order and words of play, house rules marked. The developers' rules as implemented
are elsewhere (``docs/rules``) and are not shown in the game."""

from __future__ import annotations

import sys
from pathlib import Path

#: The file in each app's package that holds its rules for players.
RULES_NAME = "rules.md"


def package_of(obj: object) -> Path:
    """The folder of the package whose module defines ``obj``'s class (or ``obj``, a class)."""
    cls = obj if isinstance(obj, type) else type(obj)
    return Path(sys.modules[cls.__module__].__file__).resolve().parent


def rules_text(package_dir: Path, title: str) -> str:
    """The rules in ``package_dir`` as Markdown, or a short note saying they are missing."""
    try:
        return (package_dir / RULES_NAME).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return (
            f"# {title}\n\nThe rules were not found with this installation.\n"
            "Press **?** for the keys and a summary of the rules.\n"
        )
