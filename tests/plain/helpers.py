"""Driving the plain text mode from a test: a stdin that reads what the game last said
(its prompt) and answers it, and checks on what was said."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

#: Characters a terminal would act on or draw: escape and other controls, box drawing,
#: block elements, geometric shapes, arrows, stars.
FORBIDDEN = re.compile("[\x00-\x09\x0b-\x1f\x7f\u2190-\u21ff\u2500-\u25ff\u2600-\u27bf]")


class Answering(io.TextIOBase):
    """A stdin for ``run``: each ``readline`` looks at what the game wrote since the
    last one and returns ``answer(prompt, said)`` (``None``: the end of the input)."""

    def __init__(self, out: io.StringIO, answer: Callable[[str, str], str | None]) -> None:
        self.out, self.answer = out, answer
        self.seen = 0
        self.asked: list[tuple[str, str]] = []

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        text = self.out.getvalue()
        said, self.seen = text[self.seen:], len(text)
        prompt = said.rsplit("\n", 1)[-1]
        said = unwrap(said)
        self.asked.append((prompt, said))
        reply = self.answer(prompt, said)
        return "" if reply is None else reply + "\n"


def always(reply: str, limit: int = 5000) -> Callable[[str, str], str | None]:
    """Answer ``reply`` to every decision and Enter to a "press Enter"; after ``limit``
    lines, the end of the input."""
    count = [0]

    def answer(prompt: str, said: str) -> str | None:
        count[0] += 1
        if count[0] > limit:
            return None
        return "" if prompt.startswith("Press Enter") else reply

    return answer


def script(*lines: str) -> Callable[[str, str], str | None]:
    """Answer these lines in turn, then end the input."""
    queue = list(lines)
    return lambda prompt, said: queue.pop(0) if queue else None


def unwrap(text: str) -> str:
    """``text`` with each line cut to 80 characters joined again (a line starting with
    ``GOES_ON`` goes on from the line before)."""
    from tui_common.plain.text import GOES_ON

    return re.sub("\n" + GOES_ON + "(?=\\S)", " ", text)


#: A prompt, after which the line typed is shown (the player's line, not the game's).
_PROMPT = re.compile(r"^(?:[^\n]*, (?:choose 1 to \d+|type 1): |Press Enter: |Players: |Replace\? )")


def within_80(text: str) -> None:
    """Every line said fits a braille display of 80 cells."""
    long = [line for line in text.splitlines()
            if len(line) > 80 and " " in line.strip() and not _PROMPT.match(line)]
    assert not long, f"{len(long)} lines longer than 80 characters, e.g. {long[0]!r}"


def play(main, options, answer) -> tuple[int, str, Answering]:
    """Run a game's plain ``main`` with ``answer`` as the player; (exit status, all
    that was said with long lines joined again (``unwrap``), the stdin with the
    prompts it saw). Every line said fits in 80 characters."""
    out = io.StringIO()
    stdin = Answering(out, answer)
    status = main(options, stdin=stdin, stdout=out)
    within_80(out.getvalue())
    return status, unwrap(out.getvalue()), stdin


def only_words(text: str) -> None:
    """Nothing but words: no escape sequence, no control, no drawing character."""
    bad = FORBIDDEN.search(text)
    assert bad is None, f"{bad.group()!r} at {bad.start()}: {text[max(0, bad.start() - 60):bad.start() + 20]!r}"
    assert "\x1b" not in text


def said_in_order(out: str, expected: list[str]) -> int:
    """How many of ``expected`` (whole lines) were said, in that order."""
    lines = out.splitlines()
    i = 0
    for line in lines:
        if i < len(expected) and line == expected[i]:
            i += 1
    return i
