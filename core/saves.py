"""Saved games for both apps: a versioned JSON document, written atomically.

A save holds the game's options (seats, seed, extra options) and the list of actions
taken; the state is rebuilt by replaying them, and a snapshot of the last state, when
present, checks the replay. Everything goes through cattrs, never hand-rolled JSON.

Two versions guard a save: ``version``, the save *format* (``SAVE_VERSION``), and
``rules``, the *rules* version of the game that wrote it (``RULES_VERSIONS``). An
action log replays only under the rules it was played by, so a save of another rules
version is refused with a sentence saying so (``rules_refusal``), never replayed.

The file helpers here and in ``core.save_files`` (``write_atomic``, ``read_text``,
re-exported here) are the only code in ``core`` that touches files; they hold no rule. Reading never changes a file: a bad save is reported with
``SaveError`` (naming the file and the problem) and left exactly as it was.
"""

from __future__ import annotations

import os
from functools import cache
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from attrs import evolve, field
from core.model import frozen

# Each registered game's rules version by the save's ``game`` name (``Game.rules_version``)
# and which saves of an earlier one still replay: ``core.registry``. A save written
# before the field existed counts as rules version 1.
from core.registry import RULES_VERSIONS, still_replays, title_of
from core.errors import GameError
# the file side, re-exported: callers keep importing these from core.saves
from core.save_files import LEFT_AS_IT_WAS, MAX_SAVE_BYTES, SaveError, read_text, write_atomic  # noqa: F401

#: What the ``format`` field of every save says.
SAVE_FORMAT = "hospital-games-save"
#: The version this code writes and reads; older or newer saves are refused clearly.
SAVE_VERSION = 1

#: The most actions a save may hold (a 4-player Clinic game takes a few hundred).
MAX_ACTIONS = 10_000
#: Seeds are below this in size (``new_game`` takes any int; a 5,000-digit one is not a save's).
MAX_SEED = 2**63


@frozen
class Seat:
    """One seat of a saved game: the player's name and, for a computer player, its
    level (``None`` for a human)."""

    name: str
    computer: str | None = None


@frozen
class SaveGame:
    """A saved game.

    - ``game``: the registered game's name (``core.registry``).
    - ``seed``: the seed given to ``new_game``; ``seats``: who plays.
    - ``options``: the game's other setup options (e.g. ``{"starting_player": 1}``).
    - ``actions``: every action taken, as the game's tagged action data, in order.
    - ``snapshot``: the state after the last action, as the game's JSON, or ``None``.
    - ``saved_at``: ISO 8601 time of writing (UTC).
    - ``progress``: where the game stood, in a few words, for the list of saves;
      ``finished``: the game had ended (such a save is for the replay viewer).
    - ``rules``: the rules version of the game that wrote it (``RULES_VERSIONS``;
      written as ``"rules"``, 1 when absent).
    - ``clock``: seconds a timed game's clock had run (Clear the Ward's Night Shift),
      so a resumed game goes on from there; ``None`` when not timed or not started.
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
    clock: float | None = None
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
    import json  # here: a game's start reads and writes no save (issue 33)

    return json.dumps(_converter().unstructure(save), indent=1)


def loads(text: str, source: str = "save") -> SaveGame:
    """Read JSON text written by ``dumps``. Raises ``SaveError`` naming ``source`` when
    the text is not JSON, not a save, of another version, or malformed."""
    data = parse_json(text, source)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{source}: not a saved game of this program")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(
            f"{source}: saved by version {data.get('version')!r} of the save format; "
            f"this program reads version {SAVE_VERSION}"
        )
    seed, actions = data.get("seed"), data.get("actions", ())
    if not isinstance(seed, int) or isinstance(seed, bool) or not -MAX_SEED < seed < MAX_SEED:
        raise SaveError(f"{source}: the save is damaged (its seed is not a whole number below {MAX_SEED})")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise SaveError(f"{source}: the save is damaged (over {MAX_ACTIONS} actions)")
    try:
        return _converter().structure(data, SaveGame)
    except Exception as err:  # cattrs raises several kinds; all mean "malformed"
        raise SaveError(f"{source}: the save is damaged ({_first_problem(err)})") from None


def _first_problem(err: Exception) -> str:
    """The first thing cattrs found wrong, in words ("required field missing @ $.seed"
    becomes "seed: required field missing"), never an exception's class name."""
    import cattrs

    problems = cattrs.transform_error(err) if isinstance(err, cattrs.BaseValidationError) else []
    if not problems:
        return "a field is missing or of the wrong kind"
    what, _, where = problems[0].partition(" @ $")
    return f"{where.lstrip('.') or 'the whole save'}: {what}"


def parse_json(text: str, source: str = "save") -> Any:
    """``json.loads(text)``, with every way hostile text can fail it (bad JSON, nesting
    too deep for Python, a number of thousands of digits) raised as ``SaveError``."""
    import json

    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveError(f"{source}: not a saved game (corrupt or truncated JSON: {err.msg})") from None
    except RecursionError:
        raise SaveError(f"{source}: not a saved game (nested too deeply)") from None
    except ValueError as err:  # e.g. "Exceeds the limit (4300 digits) for integer string conversion"
        raise SaveError(f"{source}: not a saved game ({err})") from None


def rules_refusal(save: SaveGame, title: str, rules_version: int, source: str = "save") -> SaveError | None:
    """Why ``save`` cannot be replayed by a game of ``title`` that plays by
    ``rules_version``: a ``SaveError`` naming ``source`` when the save was played by
    other rules (its action log would not replay; ``still_replays`` names the older
    saves that do), else ``None``."""
    if save.rules < rules_version and not all(
        still_replays(save, version) for version in range(save.rules, rules_version)
    ):
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


def read_save(path: Path) -> SaveGame:
    """Read a save file without changing it; ``SaveError`` names the file and problem
    (see ``read_text`` for the checks made before reading)."""
    return loads(read_text(Path(path)), str(path))


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
#: Earlier finished games, newest first; with ``last-game.json`` the last ``KEEP_FINISHED``.
FINISHED_FOLDER = "finished"
KEEP_FINISHED = 10


@frozen
class SaveFolder:
    """Where one game keeps its saves, inside its user data folder:

    - ``autosave.json``: the game in progress, written after every action;
    - ``saves/<name>.json``: games the player saved under a name;
    - ``last-game.json``: the last finished game (for the replay viewer); when a game
      ends its autosave becomes this file, and the one before moves to
      ``finished/``, which keeps the 9 before it (``KEEP_FINISHED`` in all).
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
            self._file_away_last_game(save)
            write_atomic(self.last_game, dumps(save))
            self.autosave.unlink(missing_ok=True)
            return self.last_game
        write_atomic(self.autosave, dumps(save))
        return self.autosave

    def _file_away_last_game(self, save: SaveGame) -> None:
        """Move the previous finished game (not this one again) to ``finished/`` and keep
        only the newest ``KEEP_FINISHED - 1`` there."""
        try:
            previous = read_save(self.last_game)
        except SaveError:
            previous = None
        if not self.last_game.exists() or (
                previous is not None and (previous.seed, previous.actions, previous.seats)
                == (save.seed, save.actions, save.seats)):
            return
        older = self.folder / FINISHED_FOLDER
        older.mkdir(parents=True, exist_ok=True)
        stamp = datetime.fromtimestamp(_mtime(self.last_game)).strftime("%Y-%m-%d %H-%M-%S")
        _move_to_new(self.last_game, _unused(older / f"game {stamp}.json"))
        for stale in sorted(older.glob("*.json"), key=_mtime, reverse=True)[KEEP_FINISHED - 1:]:
            stale.unlink(missing_ok=True)

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
            kept = _unused(path.with_name(f"autosave-damaged-{stamp.replace(' ', '-')}.json"))
            _move_to_new(path, kept)
            return f"{err}. It was kept as {kept}."
        if previous.finished:
            return None
        players = " vs ".join(s.name for s in previous.seats)
        kept = _unused(self.named(f"{players} {stamp}"))
        kept.parent.mkdir(parents=True, exist_ok=True)  # pragma: no mutate (its parent, the folder, exists)
        _move_to_new(path, kept)
        progress = f", {previous.progress}" if previous.progress else ""
        return f"The game in progress before this one ({players}{progress}) was kept as {kept}: Continue lists it."

    def entries(self, game: tuple[str, str] | None = None) -> list[tuple[Path, SaveGame | SaveError]]:
        """Every save here, newest first: the autosave, the named saves, the last
        finished game; each read, or the error that says why it cannot be. ``game``:
        (save name, title) of the game wanted, e.g. ``(game.name, game.title)`` of a registered game; a save
        of another game, or of another rules version of this one (``RULES_VERSIONS``),
        is then given as such an error."""
        found = [*list_saves(self.folder / NAMED_FOLDER), *list_saves(self.folder / FINISHED_FOLDER)]
        for path in (self.autosave, self.last_game):
            if path.exists():
                try:
                    found.append((path, read_save(path)))
                except SaveError as err:
                    found.append((path, err))
        if game is not None:
            found = [(path, _for_game(path, save, *game)) for path, save in found]
        return sorted(found, key=lambda entry: _mtime(entry[0]), reverse=True)


def _unused(path: Path) -> Path:
    """``path``, or ``path`` with `` 2``, `` 3``... added to its name: one no file has."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem} {number}{path.suffix}")
    return candidate


def _move_to_new(source: Path, target: Path) -> None:
    """Move ``source`` to ``target`` without ever writing over a file already there
    (a hard link fails if ``target`` exists; where links are not allowed, rename after
    checking). Raises ``OSError`` (``FileExistsError``) and leaves ``source`` in place."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)


class Autosaver:
    """One game's autosave in ``folder`` after every action, and the promise that it
    never writes over another game's autosave: before its first write the autosave
    already there is set aside (``SaveFolder.set_aside``); if that fails (the saves
    folder cannot be written), this game is not autosaved at all.

    ``own``: the autosave is this game's already (it was resumed from it). ``problem``
    says why the game is not being saved (``None`` while all is well): the apps show it
    as one lasting mark, not a notice per action."""

    def __init__(self, folder: SaveFolder, *, own: bool = False) -> None:
        self.folder, self._checked = folder, own
        self.problem: str | None = None

    def keep(self, save: SaveGame) -> str | None:
        """Autosave ``save``. Returns a sentence to tell the player once (where another
        game's autosave went), else ``None``; never raises for a disk error."""
        said = None
        if not self._checked:
            try:
                said = self.folder.set_aside()
            except OSError as err:  # tried again after the next action
                self.problem = (f"Not saved: another game's autosave could not be set aside "
                                f"({err.strerror or err}); it is left as it was")
                return None
            self._checked = True
        try:
            self.folder.keep(save)
            self.problem = None
        except OSError as err:
            self.problem = f"Not saved: {err.strerror or err}"
        return said


def _for_game(path: Path, save: SaveGame | SaveError, game: str, title: str) -> SaveGame | SaveError:
    """``save`` if a game of ``game`` at its rules version can replay it, else the error."""
    if not isinstance(save, SaveGame):
        return save
    if save.game != game:
        return SaveError(f"{path}: a saved game of {title_of(save.game)}, not {title}")
    return rules_refusal(save, title, RULES_VERSIONS.get(game, 1), str(path)) or save


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
