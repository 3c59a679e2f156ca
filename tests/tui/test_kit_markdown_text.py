"""``tui_common.markdown_text``: long Markdown rendered once per section and width, the
first screenful handed over before the rest, rendered ahead (issue 30)."""

from __future__ import annotations

import pytest

from tui_common import markdown_text
from tui_common.markdown_text import prepare, render_markdown, rendered

TEXT = "# Title\n\nIntro.\n\n" + "\n\n".join(f"## Part {i}\n\n" + "word " * 60 for i in range(8))


@pytest.fixture
def counted(monkeypatch):
    """The sections Rich renders, in order (``_render_section`` counted)."""
    done = []
    real = markdown_text._render_section

    def render(part, width):
        done.append(part.splitlines()[0])
        return real(part, width)

    monkeypatch.setattr(markdown_text, "_CACHE", {})
    monkeypatch.setattr(markdown_text, "_render_section", render)
    return done


def test_a_text_is_rendered_once_per_width_and_its_headings_point_at_their_lines(counted):
    lines, headings = render_markdown(TEXT, 40)
    assert len(counted) == 9
    assert [head for _, head, _ in headings] == ["Title"] + [f"Part {i}" for i in range(8)]
    for _, head, line in headings:
        assert head in lines[line].text or head in lines[line + 1].text
    assert render_markdown(TEXT, 40) == (lines, headings) and len(counted) == 9  # kept
    assert rendered(TEXT, 40) == (lines, headings)
    assert rendered(TEXT, 50) is None and len(counted) == 9  # another width: not rendered by rendered()
    render_markdown(TEXT, 50)
    assert len(counted) == 18


def test_texts_that_share_sections_render_only_what_differs(counted):
    """Clinic's help is one text per phase: the keys, marks and saves are rendered once."""
    from clinic_tui.screens.help import HelpScreen

    render_markdown(HelpScreen("build").text, 74)
    before = len(counted)
    render_markdown(HelpScreen("hire").text, 74)
    assert counted[before:] == ["## Hire"]


def test_the_first_screenful_is_handed_over_before_the_rest(counted):
    firsts = []
    lines, _ = render_markdown(TEXT, 40, start=lambda got: firsts.append((len(counted), got)), start_lines=10)
    assert len(firsts) == 1
    sections_then, first = firsts[0]
    assert len(first) >= 10 and first == lines[:len(first)]
    assert sections_then < len(counted)  # before the last sections were rendered


def test_prepare_renders_ahead(counted):
    prepare([(TEXT, 30), ("# Other\n\ntext", 30), ("ignored", 0)])
    assert rendered(TEXT, 30) is not None and rendered("# Other\n\ntext", 30) is not None
    assert "ignored" not in counted  # width 0: not shown anywhere, not rendered
