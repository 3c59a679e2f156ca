"""Finding the full rules text (``docs/rules/clinic.md``) at run time."""

from __future__ import annotations

from pathlib import Path

RULES_NAME = "clinic.md"

FALLBACK = """\
# Clinic: Deluxe Edition

The full rules file (`docs/rules/clinic.md`) was not found with this
installation. Press **?** for the keys and a summary of the rules.
"""


ROUND_NAME = "clinic-round.md"


def rules_path(name: str = RULES_NAME) -> Path | None:
    """A rules Markdown file: shipped in the package (``clinic_tui/docs``) if the build
    put it there, else the repository's ``docs/rules``; ``None`` if neither exists."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "docs" / name, here.parent / "docs" / "rules" / name):
        if candidate.is_file():
            return candidate
    return None


def rules_text() -> str:
    """``docs/rules/clinic.md`` (one clinic) followed by ``clinic-round.md`` (the
    round), or a short note saying they are missing."""
    parts = []
    for name in (RULES_NAME, ROUND_NAME):
        path = rules_path(name)
        if path is None:
            continue
        try:
            parts.append(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return "\n\n".join(parts) if parts else FALLBACK
