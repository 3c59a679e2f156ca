"""Finding the full rules text (``docs/rules/clear-the-ward.md``) at run time."""

from __future__ import annotations

from pathlib import Path

RULES_NAME = "clear-the-ward.md"

FALLBACK = """\
# Clear the Ward

The full rules file (`docs/rules/clear-the-ward.md`) was not found with this
installation. Press **?** for the keys and a summary of the rules.
"""


def rules_path() -> Path | None:
    """The rules Markdown: shipped in the package (``clear_ward_tui/docs``) if the build
    put it there, else the repository's ``docs/rules``; ``None`` if neither exists."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "docs" / RULES_NAME, here.parent / "docs" / "rules" / RULES_NAME):
        if candidate.is_file():
            return candidate
    return None


def rules_text() -> str:
    """The rules as Markdown, or a short note saying they are missing."""
    path = rules_path()
    if path is None:
        return FALLBACK
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return FALLBACK
