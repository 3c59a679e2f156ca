"""Finding the full rules text (``docs/rules/clinic.md``) at run time."""

from __future__ import annotations

from pathlib import Path

RULES_NAME = "clinic.md"

FALLBACK = """\
# Clinic: Deluxe Edition

The full rules file (`docs/rules/clinic.md`) was not found with this
installation. Press **?** for the keys and a summary of the rules.
"""


def rules_path(name: str = RULES_NAME) -> Path | None:
    """A rules Markdown file: shipped in the package (``clinic_tui/docs``) if the build
    put it there, else the repository's ``docs/rules``; ``None`` if neither exists."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "docs" / name, here.parent / "docs" / "rules" / name):
        if candidate.is_file():
            return candidate
    return None


def rules_text() -> str:
    """``docs/rules/clinic.md`` (one clinic, then the game round), or a short note
    saying it is missing."""
    path = rules_path()
    if path is None:
        return FALLBACK
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return FALLBACK
