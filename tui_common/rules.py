"""The rules screen (r): the game's rules Markdown in a viewer, found at run time."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer


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


class RulesScreen(Screen[None]):
    """Scroll with the arrow keys / PgUp / PgDn; t toggles the contents; Esc closes.
    The text is the app's ``rules_markdown()``."""

    ABOVE_ALL = True  # nothing the game opens is drawn over it (TableApp.push_screen)
    BINDINGS = [
        Binding("escape,q,r", "close", "Close", id="rules.close"),
        Binding("t", "toc", "Contents", id="rules.toc"),
    ]

    _rules_closed = False

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(self.app.rules_markdown(), show_table_of_contents=False, id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        found = self.query(MarkdownViewer)
        if found:
            found.first().focus()

    def action_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        if self.is_current and not self._rules_closed:
            self._rules_closed = True
            self.dismiss(None)
