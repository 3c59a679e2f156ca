"""Asking in steps: a decision with more actions than a braille display or a listener
can hold (``LIMIT``) is offered as groups first (the staff card, then its target; who
is hired, then where), each group opened by its number.

Each action has a *path*: the labels of the groups it belongs to, coarsest first
(``("use the Consultant Opinion", "row 2")``), given by the game
(``PlainGame.steps``). ``menu`` turns a set of actions into at most ``LIMIT`` lines
when it can: it groups by the first label that splits them, and cuts what still
does not fit into runs of ``LIMIT``.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from tui_common.plain.text import counted

#: The most lines one list says (about what a listener keeps in mind, and a screenful of braille).
LIMIT = 12


@frozen
class Entry:
    """One numbered line of a list: one action (``indexes`` of one) or a group of them
    (``label`` says what they share)."""

    indexes: tuple[int, ...]
    label: str = ""

    @property
    def group(self) -> bool:
        return len(self.indexes) > 1


@frozen
class Menu:
    """What is being listed: ``indexes`` of the actions, the ``depth`` of labels used
    so far, the ``heading`` said above the list, and the ``prefix`` every line of it
    shares (a group's label: its lines say only what follows it)."""

    indexes: tuple[int, ...]
    depth: int
    heading: str
    prefix: str = ""


def menu(indexes: Sequence[int], paths: Sequence[Sequence[str]], depth: int = 0) -> tuple[list[Entry], int]:
    """The lines listing the actions ``indexes`` (``paths[i]``: action ``i``'s group
    labels), and the depth of labels they were grouped by. ``LIMIT`` actions or fewer
    are listed one a line; more are grouped by the first label (from ``depth`` on)
    that splits them in two or more groups; a group of one is listed as its action.
    With no such label, runs of ``LIMIT`` actions are the groups."""
    indexes = list(indexes)
    if len(indexes) <= LIMIT:
        return [Entry((i,)) for i in indexes], depth
    deepest = max((len(paths[i]) for i in indexes), default=0)
    while depth < deepest:
        groups: dict[str, list[int]] = {}
        for i in indexes:
            label = paths[i][depth] if depth < len(paths[i]) else f"\x00{i}"  # its own line
            groups.setdefault(label, []).append(i)
        if len(groups) > 1:
            return [Entry(tuple(members), "" if label.startswith("\x00") or len(members) == 1 else label)
                    for label, members in groups.items()], depth
        depth += 1
    runs = [indexes[k:k + LIMIT] for k in range(0, len(indexes), LIMIT)]
    return [Entry(tuple(run), f"choices {k * LIMIT + 1} to {k * LIMIT + len(run)} of this list")
            for k, run in enumerate(runs)], depth


def entry_line(entry: Entry, words: Sequence[str], prefix: str = "") -> str:
    """``"use the Locum: 16 choices"`` for a group; the action's words for one action;
    either without ``prefix`` (the label of the group it is listed in, said above)."""
    text = f"{entry.label}: {counted(len(entry.indexes), 'choice')}" if entry.group else words[entry.indexes[0]]
    if prefix and text.startswith(prefix) and text[len(prefix):len(prefix) + 1] in (" ", ",", ":"):
        rest = text[len(prefix):].lstrip(",: ")
        return rest or text
    return text


def cell_steps(label: str, cells: Sequence[str]) -> tuple[str, ...]:
    """Group labels for an action aimed at ward or clinic spaces named like ``"D4"``:
    ``label``, then the row of the (first) space, then the first space itself."""
    if not cells:
        return (label,)
    first = cells[0]
    if len(cells) == 1:
        return (label, f"{label}, row {first[1:]}")
    return (label, f"{label}, first space in row {first[1:]}", f"{label}, first space {first}")


__all__ = ["LIMIT", "Entry", "Menu", "cell_steps", "entry_line", "menu"]
