"""Finding the game's rules Markdown at run time (no Textual: the plain text mode reads
it too; the rules screen is ``tui_common.rules``)."""

from __future__ import annotations

from pathlib import Path


def rules_path(package_dir: Path, name: str) -> Path | None:
    """The rules Markdown file ``name``: shipped in the package (``<package>/docs``) if
    the build put it there, else the repository's ``docs/rules``; ``None`` if neither."""
    for candidate in (package_dir / "docs" / name, package_dir.parent / "docs" / "rules" / name):
        if candidate.is_file():
            return candidate
    return None


def rules_text(package_dir: Path, name: str, title: str) -> str:
    """The rules as Markdown, or a short note saying the file is missing."""
    fallback = (
        f"# {title}\n\nThe full rules file (`docs/rules/{name}`) was not found with this\n"
        "installation. Press **?** for the keys and a summary of the rules.\n"
    )
    path = rules_path(package_dir, name)
    if path is None:
        return fallback
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return fallback
