"""Saved games for both apps: a versioned JSON document, written atomically.

A save holds the game's options (seats, seed, extra options) and the list of actions
taken; the state is rebuilt by replaying them, and a snapshot of the last state, when
present, checks the replay. Everything goes through cattrs, never hand-rolled JSON.

Two versions guard a save: ``version``, the save *format* (``SAVE_VERSION``), and
``rules``, the *rules* version of the game that wrote it (``RULES_VERSIONS``). An
action log replays only under the rules it was played by, so a save of another rules
version is refused with a sentence saying so (``rules_refusal``), never replayed.

The file helpers at the bottom are the only code in ``core`` that touches files; they
hold no rule. Reading never changes a file: a bad save is reported with
``SaveError`` (naming the file and the problem) and left exactly as it was.
"""

from __future__ import annotations

import json
import os
from functools import cache
import tempfile
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attrs import evolve, field, frozen

from core.errors import GameError

#: What the ``format`` field of every save says.
SAVE_FORMAT = "hospital-games-save"
#: The version this code writes and reads; older or newer saves are refused clearly.
SAVE_VERSION = 1
#: Each game's rules version, by the save's ``game`` name: the one place to raise it
#: when a rules change makes older action logs replay differently (or not at all).
#: A save written before the field existed counts as rules version 1.
#: Clinic 2: issue 11 (secret tiles, free movement, own choices, Admin in round 6).
RULES_VERSIONS = MappingProxyType({"clear-the-ward": 1, "clinic": 2})


class SaveError(GameError):
    """A save that cannot be used: missing, unreadable, corrupt, of another version, or
    holding an action that is illegal on replay. The message names the file."""


#: Said to the player after every message about a save that could not be used.
LEFT_AS_IT_WAS = "The file was left as it was."


@frozen
class Seat:
    """One seat of a saved game: the player's name and, for a computer player, its
    level (``None`` for a human)."""

    name: str
    computer: str | None = None


@frozen
class SaveGame:
    """A saved game.

    - ``game``: ``"clear-the-ward"`` or ``"clinic"``.
    - ``seed``: the seed given to ``new_game``; ``seats``: who plays.
    - ``options``: the game's other setup options (e.g. ``{"starting_player": 1}``).
    - ``actions``: every action taken, as the game's tagged action data, in order.
    - ``snapshot``: the state after the last action, as the game's JSON, or ``None``.
    - ``saved_at``: ISO 8601 time of writing (UTC).
    - ``progress``: where the game stood, in a few words, for the list of saves;
      ``finished``: the game had ended (such a save is for the replay viewer).
    - ``rules``: the rules version of the game that wrote it (``RULES_VERSIONS``;
      written as ``"rules"``, 1 when absent).
    """

    game: str
    seed: int
    seats: tuple[Seat, ...]
    actions: tuple[dict[str, Any], ...] = ()
    options: dict[str, Any] = field(factory=dict)
    snapshot: str | None = None
    saved_at: str = ""
    progress: str = ""
    finished: bool = False
    rules: int = 1
    format: str = SAVE_FORMAT
    version: int = SAVE_VERSION


@cache
def _converter():
    """The cattrs JSON converter, made on first use (keeps cattrs out of startup)."""
    from cattrs.preconf.json import make_converter

    return make_converter()


def dumps(save: SaveGame) -> str:
    """The save as JSON text (stamped with the current time if it has none)."""
    if not save.saved_at:
        save = evolve(save, saved_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    return json.dumps(_converter().unstructure(save), indent=1)


def loads(text: str, source: str = "save") -> SaveGame:
    """Read JSON text written by ``dumps``. Raises ``SaveError`` naming ``source`` when
    the text is not JSON, not a save, of another version, or malformed."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveError(f"{source}: not a saved game (corrupt or truncated JSON: {err.msg})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{source}: not a saved game of this program")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(
            f"{source}: saved by version {data.get('version')!r} of the save format; "
            f"this program reads version {SAVE_VERSION}"
        )
    try:
        return _converter().structure(data, SaveGame)
    except Exception as err:  # cattrs raises several kinds; all mean "malformed"
        raise SaveError(f"{source}: the save is damaged ({type(err).__name__})") from None


def rules_refusal(save: SaveGame, title: str, rules_version: int, source: str = "save") -> SaveError | None:
    """Why ``save`` cannot be replayed by a game of ``title`` that plays by
    ``rules_version``: a ``SaveError`` naming ``source`` when the save was played by
    other rules (its action log would not replay), else ``None``."""
    if save.rules < rules_version:
        return SaveError(
            f"{source}: saved by an earlier rules version of {title} ({save.rules}); this version "
            f"plays by rules version {rules_version}, so the game cannot be replayed"
        )
    if save.rules > rules_version:
        return SaveError(
            f"{source}: saved by a later rules version of {title} ({save.rules}); this version "
            f"plays by rules version {rules_version}: a newer version of the program is needed"
        )
    return None


def replay(
    save: SaveGame,
    start: Callable[[SaveGame], Any],
    apply: Callable[[Any, Any], Any],
    decode_action: Callable[[dict], Any],
    encode_state: Callable[[Any], str] | None = None,
    source: str = "save",
) -> list[Any]:
    """Rebuild the states of a saved game: ``[start(save), after action 1, ...]``.

    ``start`` makes the first state from the save's options; ``apply`` is the game's
    ``apply_action``; ``decode_action`` reads one action's data. Raises ``SaveError``
    naming the first action that is malformed or illegal on replay, or a snapshot that
    does not match the replayed state (a tampered save).
    """
    try:
        states = [start(save)]
    except Exception as err:  # any failure to set up from the options: a damaged save
        raise SaveError(f"{source}: the game's options are invalid ({err!r})") from None
    for number, data in enumerate(save.actions, start=1):
        try:
            action = decode_action(data)
        except Exception:  # cattrs structure errors of every kind
            raise SaveError(f"{source}: action {number} is not a valid action") from None
        try:
            states.append(apply(states[-1], action))
        except (GameError, ValueError) as err:
            raise SaveError(f"{source}: action {number} ({action}) is illegal on replay: {err}") from None
        except Exception as err:  # a decodable action the rules cannot even look at
            raise SaveError(f"{source}: action {number} ({action}) cannot be replayed ({err!r})") from None
    if encode_state is not None and save.snapshot is not None:
        if encode_state(states[-1]) != save.snapshot:
            raise SaveError(f"{source}: the saved state does not match its actions (tampered save)")
    return states


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or ``kill -9`` at any moment leaves
    either the old file or the new one, never a broken one: a temporary file in the
    same folder, flushed and fsynced, then renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def read_save(path: Path) -> SaveGame:
    """Read a save file without changing it; ``SaveError`` names the file and problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path}: cannot be read ({err.__class__.__name__})") from None
    return loads(text, str(path))


def list_saves(folder: Path) -> Sequence[tuple[Path, SaveGame | SaveError]]:
    """Every ``*.json`` save in ``folder``, newest first, each read or its error (an
    unreadable folder lists nothing rather than failing)."""
    try:
        found = sorted(Path(folder).glob("*.json"), key=_mtime, reverse=True) if Path(folder).is_dir() else []
    except OSError:
        return []
    entries: list[tuple[Path, SaveGame | SaveError]] = []
    for path in found:
        try:
            entries.append((path, read_save(path)))
        except SaveError as err:
            entries.append((path, err))
    return entries


def summary(save: SaveGame) -> str:
    """One line naming a save for a list of saved games: the players (computer players
    marked), where the game stood and when it was saved (local time, to the minute)."""
    players = ", ".join(s.name + (" (computer)" if s.computer else "") for s in save.seats)
    when = save.saved_at
    try:
        when = datetime.fromisoformat(save.saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        pass
    parts = [players, save.progress or f"{len(save.actions)} actions", when]
    return " · ".join(p for p in parts if p)


def save_file_name(name: str) -> str:
    """The file name for a save the player named (``"Ann vs Bob!"`` ->
    ``"Ann-vs-Bob.json"``): letters, digits, ``-`` and ``_`` kept, runs of anything else
    made one ``-``. Raises ``SaveError`` when nothing usable is left."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_" else " " for ch in name.strip())
    stem = "-".join(cleaned.split())[:60]
    if not stem:
        raise SaveError(f"{name!r}: a save name needs at least one letter or digit")
    return f"{stem}.json"


#: File names inside a game's data folder (see ``SaveFolder``).
AUTOSAVE_NAME = "autosave.json"
LAST_GAME_NAME = "last-game.json"
NAMED_FOLDER = "saves"


@frozen
class SaveFolder:
    """Where one game keeps its saves, inside its user data folder:

    - ``autosave.json``: the game in progress, written after every action;
    - ``saves/<name>.json``: games the player saved under a name;
    - ``last-game.json``: the last finished game (for the replay viewer); when a game
      ends its autosave becomes this file.
    """

    folder: Path = field(converter=Path)

    @property
    def autosave(self) -> Path:
        return self.folder / AUTOSAVE_NAME

    @property
    def last_game(self) -> Path:
        return self.folder / LAST_GAME_NAME

    def named(self, name: str) -> Path:
        """The file of a save the player named (``SaveError`` for an unusable name)."""
        return self.folder / NAMED_FOLDER / save_file_name(name)

    def keep(self, save: SaveGame) -> Path:
        """Autosave ``save`` atomically; a finished game goes to ``last-game.json`` and
        the autosave is removed. Returns the file written (``OSError`` if the disk
        refuses)."""
        if save.finished:
            write_atomic(self.last_game, dumps(save))
            self.autosave.unlink(missing_ok=True)
            return self.last_game
        write_atomic(self.autosave, dumps(save))
        return self.autosave

    def set_aside(self) -> str | None:
        """Before a new game first writes the autosave, the game already there is not
        written over: an unfinished one moves to ``saves/<players> <time>.json`` (the
        Continue list shows it); one that cannot be read is renamed
        ``autosave-damaged-<time>.json``, its bytes kept. Returns a sentence saying
        where it went, or ``None`` when there was nothing to keep (no autosave, or a
        finished game's). Raises ``OSError`` if the disk refuses."""
        path = self.autosave
        if not path.exists():
            return None
        stamp = datetime.now().strftime("%Y-%m-%d %H-%M-%S")
        try:
            previous = read_save(path)
        except SaveError as err:
            kept = path.with_name(f"autosave-damaged-{stamp.replace(' ', '-')}.json")
            os.replace(path, kept)
            return f"{err}. It was kept as {kept}."
        if previous.finished:
            return None
        players = " vs ".join(s.name for s in previous.seats)
        kept = self.named(f"{players} {stamp}")
        kept.parent.mkdir(parents=True, exist_ok=True)  # pragma: no mutate (its parent, the folder, exists)
        os.replace(path, kept)
        progress = f", {previous.progress}" if previous.progress else ""
        return f"The game in progress before this one ({players}{progress}) was kept as {kept}: Continue lists it."

    def entries(self, game: tuple[str, str] | None = None) -> list[tuple[Path, SaveGame | SaveError]]:
        """Every save here, newest first: the autosave, the named saves, the last
        finished game; each read, or the error that says why it cannot be. ``game``:
        (save name, title) of the game wanted, e.g. ``("clinic", "Clinic")``; a save
        of another game, or of another rules version of this one (``RULES_VERSIONS``),
        is then given as such an error."""
        found = [*list_saves(self.folder / NAMED_FOLDER)]
        for path in (self.autosave, self.last_game):
            if path.exists():
                try:
                    found.append((path, read_save(path)))
                except SaveError as err:
                    found.append((path, err))
        if game is not None:
            found = [(path, _for_game(path, save, *game)) for path, save in found]
        return sorted(found, key=lambda entry: _mtime(entry[0]), reverse=True)


def _for_game(path: Path, save: SaveGame | SaveError, game: str, title: str) -> SaveGame | SaveError:
    """``save`` if a game of ``game`` at its rules version can replay it, else the error."""
    if not isinstance(save, SaveGame):
        return save
    if save.game != game:
        return SaveError(f"{path}: a saved game of {save.game}, not {title}")
    return rules_refusal(save, title, RULES_VERSIONS.get(game, 1), str(path)) or save


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
