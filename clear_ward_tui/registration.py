"""Clear the Ward as a registered game (``core.registry``): its entry point in
``pyproject.toml`` names ``GAME``. Importing this module loads no engine and no
Textual: every part is imported when first used."""

from __future__ import annotations

from typing import Any

from core.registry import Game, OptionError, lazy


def new_record(names: list[str], cpus: list[str | None], seed: int, options: dict[str, Any]):
    """The ``GameRecord`` of a new game with these seats; ``options``: ``start`` (the
    starting seat, 0 for the first; ``None``: drawn)."""
    from core.clear_ward.game_record import RULES
    from core.record import GameRecord
    from core.saves import Seat

    seats = [Seat(n, c) for n, c in zip(names, cpus)]
    return GameRecord.new(RULES, seed, seats, {"starting_player": options.get("start")})


def parse_option(options: dict, key: str, value: str, seats: int) -> bool:
    """``start=N``: the starting seat, 1 for the first (stored 0-based)."""
    if key != "start":
        return False
    if not value.isdigit() or not 1 <= int(value) <= seats:
        raise OptionError(f"start: choose a seat from 1 to {seats}")
    options["start"] = int(value) - 1
    return True


def options_words(options: dict) -> list[str]:
    return [f"start {options['start'] + 1}"] if options.get("start") is not None else []


def record_rules():
    from core.clear_ward.game_record import RULES

    return RULES


def match_game(players: int, seed: int):
    from core.clear_ward import new_game

    return new_game(players, seed, starting_player=0)


def result(state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from core.clear_ward.scoring import result as scored

    found = scored(state)
    return tuple(found.scores), tuple(found.winners)


class WardUI:
    """Clear the Ward's parts for people (``core.registry.GameUI``)."""

    def table_options(self, names, cpus, seed, data_dir):
        from clear_ward_tui.config import Options, Seat

        return Options(seats=tuple(Seat(n, c) for n, c in zip(names, cpus)), seed=seed, data_dir=data_dir)

    def app(self, options, *, seating=None):
        from clear_ward_tui.app import ClearWardApp

        return ClearWardApp(options, seating=seating)

    def game_screen(self, options, record, seating, source):
        from clear_ward_tui.screens.game import GameScreen

        return GameScreen(options, record=record, seating=seating)

    def replay_screen(self, options, record, source):
        from clear_ward_tui.screens.replay import ReplayScreen

        return ReplayScreen(options, record, source, closes_app=True)

    def plain_game(self):
        from clear_ward_tui.plain import ClearWardPlain

        return ClearWardPlain

    def preload(self) -> None:
        import clear_ward_tui.app  # noqa: F401
        import clear_ward_tui.screens.game  # noqa: F401
        import clear_ward_tui.screens.game_over  # noqa: F401
        import clear_ward_tui.screens.replay  # noqa: F401


UI = WardUI()

GAME = Game(
    name="clear-the-ward",
    title="Clear the Ward",
    command="clear-ward",
    seats=(1, 4),
    levels=("random", "greedy", "strong"),
    score_name="stars",
    # 2: issue 30 (``core.clear_ward.game_record.RULES_VERSION``, the same number); a
    # version-1 game of two or more players replays the same.
    rules_version=2,
    still_replays=lambda save, version: version == 1 and len(save.seats) > 1,
    record_rules=record_rules,
    new_record=new_record,
    make_bot=lazy("core.clear_ward.bots:make_bot"),
    describe=lazy("core.clear_ward:describe"),
    legal_actions=lazy("core.clear_ward:legal_actions"),
    apply_action=lazy("core.clear_ward:apply_action"),
    is_over=lazy("core.clear_ward:is_over"),
    player_view=lazy("core.clear_ward:player_view"),
    match_game=match_game,
    result=result,
    ui="clear_ward_tui.registration:UI",
    parse_option=parse_option,
    options_words=options_words,
    option_names="start=N",
    options_help="start=N, the first player",
    slow_levels=frozenset({"strong"}),
    daily_options="",  # the Night Shift as ``clear-ward daily`` deals it: no option
)
