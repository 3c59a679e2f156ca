"""Engine messages put in players' words before the apps show them.

Both engines raise ``IllegalActionError`` with a developer's head, e.g.
``Illegal action 'end turn': Turn Structure: now you must move the Doctor`` or
``Illegal action 'done' for seat 0 in the move phase: only an action in progress can
be done``. Players see one sentence instead: what is not allowed and why, with the
rule's name first when the engine gives one."""

from __future__ import annotations

import re

_HEAD = re.compile(
    r"Illegal action (?:'(?P<what>[^']*)'|\"(?P<what2>[^\"]*)\"|\S+)"
    r"(?: for seat \d+ in the [\w ]+? phase)?: (?P<rest>.*)",
    re.S,
)
#: A rule's rulebook name at the start of a reason ("Turn Structure: ...").
_RULE = re.compile(r"(?P<rule>[A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}): (?P<why>.+)", re.S)


def in_players_words(message: str) -> str:
    """``message`` without the engine's developer head, as one sentence:
    ``"End turn is not allowed (Turn Structure): now you must move the Doctor."``.
    A message without that head is returned as it was (with a full stop)."""
    found = _HEAD.fullmatch(message.strip())
    if found is None:
        return _sentence(message)
    what = found["what"] or found["what2"]
    rest = found["rest"].strip()
    rule = _RULE.fullmatch(rest)
    named, why = (f" ({rule['rule']})", rule["why"]) if rule else ("", rest)
    if what:
        return _sentence(f"{what} is not allowed{named}: {why}")
    return _sentence(f"Not allowed{named}: {why}")


def _sentence(text: str) -> str:
    text = text.strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def reason_in_words(message: str) -> str:
    """Only the reason of an engine's message, as a player's sentence: no action
    name, no rule name (``"Illegal action 'move person 2 to ...': Move: white doctor 2
    is already at floor 0 B3"`` -> ``"Not possible: white doctor 2 is already at
    floor 0 B3."``). A message without the engine's head is returned as a sentence."""
    found = _HEAD.fullmatch(message.strip())
    if found is None:
        return _sentence(message)
    rest = found["rest"].strip()
    rule = _RULE.fullmatch(rest)
    why = rule["why"] if rule else rest
    return _sentence(f"Not possible: {why}")
