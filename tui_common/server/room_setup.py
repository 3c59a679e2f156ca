"""What a room's creator types, checked: its seats (``parse_seats``), options
(``parse_options``) and invited names (``parse_invited``), and a player name made safe
to draw (``clean_name``). Each raises ``RoomError`` with a sentence saying what is wrong
(docs/server.md, "Rooms")."""

from __future__ import annotations

import re
from typing import Any

from core import registry
from tui_common.levels import LEVEL_WORDS
from tui_common.server.names import name_key, same_name
from tui_common.server.rooms import RoomError, SeatSpec, game_of

#: Names one private room may invite at most.
MAX_INVITED = 12


def parse_invited(text: str) -> tuple[str, ...]:
    """The invited names of a private room from what the creator typed: names separated
    by commas (or spaces), each cleaned like a login name (``clean_name``), repeats
    dropped. Raises ``RoomError`` for more than ``MAX_INVITED`` names."""
    names: list[str] = []
    for raw in re.split(r"[,\s]+", text or ""):
        kept = "".join(ch for ch in raw if ch.isprintable()).strip()
        if not kept:
            continue
        name = clean_name(kept)
        if not any(same_name(name, other) for other in names):
            names.append(name)
    if len(names) > MAX_INVITED:
        raise RoomError(f"invite at most {MAX_INVITED} names to one room")
    return tuple(names)


def parse_seats(game: str, text: str, creator: str) -> tuple[SeatSpec, ...]:
    """The seats of a new room from what the creator typed: comma-separated ``me``
    (the creator), ``open`` (any person who joins), ``cpu:LEVEL``, or a person's name
    (kept for them). Raises ``RoomError`` saying what is wrong."""
    found = game_of(game)
    title, (low, high) = found.title, found.seats
    seats: list[SeatSpec] = []
    for raw in text.split(","):
        token = " ".join(raw.split())
        if not token:
            raise RoomError("an empty seat: separate the seats with commas, e.g. me,open,cpu:medium")
        lower = token.lower()
        if lower.startswith("cpu:"):
            level = lower[4:].strip()
            level = dict(zip(LEVEL_WORDS, found.levels)).get(level, level)  # cpu:hard
            if level not in found.levels:
                raise RoomError(f"unknown computer level {level!r}; choose from {', '.join(LEVEL_WORDS)}")
            seats.append(SeatSpec(None, level))
        elif lower == "me":
            seats.append(SeatSpec(creator))
        elif lower == "open":
            seats.append(SeatSpec())
        else:
            seats.append(SeatSpec(clean_name(token)))
    if not low <= len(seats) <= high:
        raise RoomError(f"{title} is for {low}-{high} players, not {len(seats)}")
    named = [name_key(s.name) for s in seats if s.name and not s.is_cpu]
    if len(named) != len(set(named)):
        raise RoomError("two seats for the same name")
    return tuple(seats)


def _option_words(text: str) -> list[str]:
    """``"side=expert, expansions=blood,zombies"`` -> ``["side=expert",
    "expansions=blood,zombies"]``: options are split at spaces, and at commas that start
    another ``key=`` (a value may list several things with commas)."""
    return [w for w in re.split(r"\s+|,(?=\s*[a-z0-9_-]+\s*=)", text.strip()) if w.strip(" ,")]


def parse_options(game: str, text: str, seats: int) -> dict[str, Any]:
    """A new room's options from the lobby, the same as a local game's setup: words
    ``key=value`` that the game parses (``Game.parse_option``; e.g. Clear the Ward's
    ``start=N``, Clinic's ``goal=``, ``side=`` and ``expansions=``). Empty: the defaults.
    Raises ``RoomError`` saying what is wrong."""
    found = game_of(game)
    options: dict[str, Any] = {}
    for raw in _option_words(text):
        key, _, value = raw.strip(" ,").partition("=")
        key, value = key.strip().lower(), value.strip(" ,").lower()
        try:
            known = found.parse_option(options, key, value, seats)
        except registry.OptionError as err:
            raise RoomError(str(err)) from None
        if not known:
            raise RoomError(f"unknown option {raw!r}; {found.title} takes {found.option_names or 'no options'}")
    return options


def clean_name(text: str, limit: int = 14) -> str:
    """A player name safe to draw: printable characters only (escape codes and other
    control characters dropped), spaces squeezed, at most ``limit`` characters. Raises
    ``RoomError`` when nothing is left."""
    kept = "".join(ch for ch in text if ch.isprintable())
    name = " ".join(kept.split())[:limit].strip()
    if not name:
        raise RoomError("a player's name needs a letter or a digit")
    return name
