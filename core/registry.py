"""The game registry: what a game provides, and how the kit, the server, plain mode,
``simulate`` and saves find the games without knowing any of them by name.

A game is one ``Game`` value: its name (the save's ``game`` field) and title, its
seats, its computer levels, its setup options as the lobby types them
(``parse_options``), its engine (``new_record``, ``legal_actions``, ``apply_action``,
``player_view``, ``describe``), its bots by level (``make_bot``), its record codec
(``record_rules``, ``rules_version``) and, reached lazily through ``ui`` (a
``"module:attribute"`` path imported on first use), the Textual and plain-text parts
(``GameUI``). Nothing here imports a game: the games register themselves through Python
entry points of the group ``ENTRY_POINTS`` (``pyproject.toml``), loaded with
``importlib.metadata`` on the first look-up, like ``pyspiel.register_game`` /
``load_game``; a test (or a plug-in without a package) may ``register`` one directly.

A third game is a new package and one entry point: nothing in ``core`` or the kit
changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from attrs import field, frozen

#: The entry-point group each game registers its ``Game`` under (the name is the key).
ENTRY_POINTS = "hospital_games.games"


class OptionError(ValueError):
    """A room option the game does not take (unknown key, bad value); the message is a
    sentence to show the player as it is."""


@frozen
class SelectField:
    """A choice of one value among a few, shown by the lobby's new-room dialog as a
    drop-down: ``key`` is the option word (``side=VALUE``), ``choices`` (label, value),
    ``default`` the value that adds no word."""

    key: str
    choices: tuple[tuple[str, str], ...]
    default: str


@frozen
class FlagsField:
    """Several things switched on by check boxes, written ``key=a,b``: ``flags`` are
    (name, title, what it adds); a box's widget id is ``f"{prefix}-{name}"``."""

    key: str
    prefix: str
    flags: tuple[tuple[str, str, str], ...]


def lazy(path: str) -> Callable[..., Any]:
    """The function at ``"module:name"``, imported on its first call (so a game's
    ``Game`` value loads none of its engine until it is used)."""
    module, _, name = path.partition(":")
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{path}``, imported on first use."
    return call


@frozen
class Game:
    """One registered game; see the module docstring. Every callable is pure (or lazy):
    it imports what it needs when called, so listing the games loads no engine."""

    #: the save's ``game`` name, also the room's (e.g. ``clear-the-ward``)
    name: str
    title: str
    #: the console script (``clear-ward``), also accepted by ``find``
    command: str
    #: (fewest, most) seats
    seats: tuple[int, int]
    #: the computer levels, weakest first (the words easy, medium, hard name them)
    levels: tuple[str, ...]
    #: what the game calls a final score ("stars", "popularity")
    score_name: str
    #: rules version this code plays (``core.saves``: a save of another is refused)
    rules_version: int
    #: the game's ``RecordRules`` (``core.record``), imported on first use
    record_rules: Callable[[], Any]
    #: ``new_record(names, cpus, seed, options)``: the ``GameRecord`` of a new game with
    #: these seats (``cpus[i]``: a level or ``None``) and ``parse_options``' options
    new_record: Callable[..., Any]
    #: ``make_bot(level, seed)``: a computer player with ``choose(state)``
    make_bot: Callable[[str, int], Any]
    #: ``describe(before, action, after)``: the log line of an action
    describe: Callable[[Any, Any, Any], str]
    legal_actions: Callable[[Any], list]
    apply_action: Callable[[Any, Any], Any]
    is_over: Callable[[Any], bool]
    #: ``player_view(state, seat)``: what ``seat`` (``None``: a spectator) may see
    player_view: Callable[[Any, int | None], Any]
    #: ``match_game(players, seed)``: a bot-only match's deal, seat 0 starting
    match_game: Callable[[int, int], Any]
    #: ``result(state)``: (scores by seat, winning seats) of a finished game
    result: Callable[[Any], tuple[tuple[int, ...], tuple[int, ...]]]
    #: ``"module:attribute"`` of the game's ``GameUI`` (imported on first use)
    ui: str
    #: ``parse_option(options, key, value, seats)``: add the room option ``key=value``
    #: (lower-cased) to ``options`` for a game of ``seats`` seats; False for a key the
    #: game does not take; raises ``OptionError`` for a bad value, saying what is wrong
    parse_option: Callable[[dict, str, str, int], bool] = field(default=lambda options, key, value, seats: False)
    #: the option words a room's line shows (" (start 2)" of ``{"start": 1}``)
    options_words: Callable[[dict], list[str]] = field(default=lambda options: [])
    #: the options a room takes, as a refusal names them ("start=N")
    option_names: str = ""
    #: the lobby's one-line help of the options ("start=N, the first player")
    options_help: str = ""
    #: the lobby's fields of the options beyond the typed ones (called when drawn)
    lobby_fields: Callable[[], tuple[SelectField | FlagsField, ...]] = field(default=lambda: ())
    #: levels whose choices are slow enough for the server's worker process
    slow_levels: frozenset[str] = frozenset()
    #: ``still_replays(save, version)``: a save of an earlier rules version that today's
    #: rules replay unchanged (default: none does)
    still_replays: Callable[[Any, int], bool] = field(default=lambda save, version: False)
    #: the options of the server's daily deal room (one seat, the day's seed,
    #: ``core.daily``) as the lobby types them (``parse_option``; ``""``: the defaults);
    #: ``None``: the game has no daily deal on the server
    daily_options: str | None = None

    def load_ui(self) -> GameUI:
        """The game's ``GameUI`` (imports its app package)."""
        module, _, attribute = self.ui.partition(":")
        return getattr(importlib.import_module(module), attribute)


class GameUI(Protocol):
    """A game's parts for people, reached through ``Game.load_ui`` so that ``core`` never
    imports an app."""

    def table_options(self, names: list[str], cpus: list[str | None], seed: int, data_dir) -> Any:
        """The app's options for a game already dealt elsewhere (a room): seats and seed."""

    def app(self, options: Any, *, seating: Any = None) -> Any:
        """The game's Textual app (``tui_common.app.TableApp``); ``seating`` (a
        ``tui_common.seating.Seating``) opens the game of a shared table instead of setup."""

    def game_screen(self, options: Any, record: Any, seating: Any, source: str) -> Any:
        """The game's Textual game screen playing on from ``record`` at ``seating``;
        ``source`` names where the record came from ("room #3") for the log."""

    def replay_screen(self, options: Any, record: Any, source: str) -> Any:
        """The replay viewer of a finished ``record``; leaving it closes the app."""

    def plain_game(self) -> type:
        """The game's plain-text presenter (a ``tui_common.plain.PlainGame`` subclass)."""

    def preload(self) -> None:
        """Import the app and its screens now (a server worker, before its first game)."""


_registered: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> None:
    """Add ``game`` (or replace the one of its name)."""
    _registered[game.name] = game


def unregister(name: str) -> None:
    """Remove the game ``name`` (tests); no error if it is not there."""
    _registered.pop(name, None)


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from importlib.metadata import entry_points  # on first use: it costs a game's startup

    for point in entry_points(group=ENTRY_POINTS):
        if point.name in _registered:
            continue
        game = point.load()
        if isinstance(game, Game):
            _registered.setdefault(game.name, game)


def games() -> Mapping[str, Game]:
    """Every registered game by name, in the order registered (the installed games'
    entry points first). Raises ``LookupError`` when none is installed."""
    _load_entry_points()
    if not _registered:
        raise LookupError(f"no game is registered: reinstall the package (entry points {ENTRY_POINTS!r})")
    return dict(_registered)


def get(name: str) -> Game:
    """The game of save/room name ``name``. Raises ``KeyError`` with a sentence naming
    the games there are."""
    known = games()
    if name not in known:
        raise KeyError(f"unknown game {name!r}; choose from {', '.join(known)}")
    return known[name]


def find(name: str) -> Game:
    """The game named ``name`` or run by the console script ``name`` (``clear-ward``).
    Raises ``KeyError`` like ``get``."""
    for game in games().values():
        if name in (game.name, game.command):
            return game
    return get(name)


# -- saves: each game's rules version (core.saves) -----------------------------------------


class _RulesVersions(Mapping):
    """Each registered game's rules version by the save's ``game`` name: each game's
    ``Game.rules_version`` (``core.registry``), the one place to raise it when a rules
    change makes older action logs replay differently (or not at all). A save written
    before the field existed counts as rules version 1."""

    def __getitem__(self, name: str) -> int:
        try:
            return get(name).rules_version
        except KeyError:
            raise KeyError(name) from None

    def __iter__(self):
        return iter(games())

    def __len__(self) -> int:
        return len(games())


RULES_VERSIONS: Mapping[str, int] = _RulesVersions()


def still_replays(save: Any, version: int) -> bool:
    """Whether today's rules of ``save``'s game still replay ``save``, a game of the
    earlier rules ``version`` unchanged (its ``Game.still_replays``; an unknown game:
    no)."""
    try:
        game = get(save.game)
    except (KeyError, LookupError):
        return False
    return bool(game.still_replays(save, version))


def title_of(name: str) -> str:
    """The title of the registered game named ``name`` (its ``title``: "Clear the
    Ward"), for sentences about a save of another game; an unknown name (or no game
    installed) as it is."""
    try:
        return get(name).title
    except (KeyError, LookupError):
        return name
