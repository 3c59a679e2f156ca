"""Clinic as a registered game (``core.registry``): its entry point in
``pyproject.toml`` names ``GAME``. Importing this module loads no engine and no
Textual: every part is imported when first used."""

from __future__ import annotations

from typing import Any

from core.registry import FlagsField, Game, OptionError, SelectField, lazy

#: Clinic's player board sides as a room names them (the setup screen's three): the
#: beginner side with its fixed first clinic, the expert rules on the 4x3 side, and the
#: expert rules on the 3x3 side (``3x3`` is another name for ``expert``) ->
#: (expert rules?, side).
SIDES = {"beginner": (False, "beginner"), "expert-4x3": (True, "beginner"),
         "expert": (True, "expert"), "3x3": (True, "expert"), "expert-3x3": (True, "expert")}
#: The sides as the lobby offers them (label, option value).
SIDE_CHOICES = (("Beginner (4x3)", "beginner"), ("Expert, 4x3 side", "expert-4x3"), ("Expert, 3x3 side", "expert"))


def new_record(names: list[str], cpus: list[str | None], seed: int, options: dict[str, Any]):
    """The ``GameRecord`` of a new game with these seats; ``options``: ``goal`` (the
    solitaire goal), ``sides`` (one a seat, ``SIDES`` keys) and ``expansions``."""
    from clinic_tui.config import Options, Seat
    from clinic_tui.saving import new_record as clinic_record

    sides = [SIDES[side] for side in options.get("sides") or ["beginner"] * len(names)]
    seats = tuple(Seat(n, c, expert, side) for n, c, (expert, side) in zip(names, cpus, sides))
    return clinic_record(Options(seats=seats, goal=options.get("goal"),
                                 expansions=tuple(options.get("expansions") or ())), seed)


def parse_option(options: dict, key: str, value: str, seats: int) -> bool:
    """``goal=NAME`` (the solitaire goal, one seat only), ``side=SIDE`` (every seat's
    player board, or one side a seat separated by commas) and ``expansions=NAMES`` (the
    mini-expansions of ``core.clinic.expansions``, or ``none``)."""
    if key == "goal":
        from clinic_tui.config import GOALS

        if value not in GOALS:
            raise OptionError(f"goal: choose from {', '.join(GOALS)}")
        if seats != 1:
            raise OptionError("goal: a solitaire goal needs exactly one seat")
        options["goal"] = value
    elif key in ("side", "sides"):
        sides = [v.strip() for v in value.split(",") if v.strip()]
        unknown = [v for v in sides if v not in SIDES]
        if unknown or not sides:
            raise OptionError("side: choose from beginner, expert-4x3, expert (the 3x3 side)")
        if len(sides) == 1:
            sides *= seats
        if len(sides) != seats:
            raise OptionError(f"side: one side for every seat, or {seats} sides separated by commas")
        options["sides"] = ["expert" if v in ("3x3", "expert-3x3") else v for v in sides]
    elif key in ("expansions", "expansion"):
        from core.clinic.expansions import MODULES

        names = [v.strip() for v in value.split(",") if v.strip()]
        names = [] if names == ["none"] else names
        unknown = [v for v in names if v not in MODULES]
        if unknown:
            raise OptionError(f"expansions: {unknown[0]!r} is not one; choose from {', '.join(MODULES)}")
        options["expansions"] = sorted(set(names) | set(options.get("expansions", ())))
    else:
        return False
    return True


def options_words(options: dict) -> list[str]:
    words = [f"goal {options['goal']}"] if options.get("goal") else []
    sides = options.get("sides") or ()
    if any(side != "beginner" for side in sides):
        words.append(sides[0] if len(set(sides)) == 1 else "sides " + "/".join(sides))
    return words + list(options.get("expansions") or ())


def lobby_fields():
    """The board side and the mini-expansions (each expansion's title and what it adds)."""
    from core.clinic.expansions import all_expansions

    return (SelectField("side", SIDE_CHOICES, "beginner"),
            FlagsField("expansions", "expansion", tuple((e.name, e.title, e.description) for e in all_expansions())))


def record_rules():
    from core.clinic.game.game_record import RULES

    return RULES


def match_game(players: int, seed: int):
    from core.clinic.game import new_game

    return new_game(players, seed, turn_order=list(range(players)))


def result(state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Scores and winners; a solitaire with a goal is won only when its goal is met
    (as Clear the Ward's lost Night Shift has no winner)."""
    from core.clinic.game import scores, winners
    from core.clinic.game.end import goal_met, goal_status

    won = tuple(winners(state))
    if len(state.players) == 1 and goal_status(state) is not None and not goal_met(state):
        won = ()
    return tuple(scores(state)), won


class ClinicUI:
    """Clinic's parts for people (``core.registry.GameUI``)."""

    def table_options(self, names, cpus, seed, data_dir):
        from clinic_tui.config import Options, Seat

        return Options(seats=tuple(Seat(n, c) for n, c in zip(names, cpus)), seed=seed,
                       data_dir=None if data_dir is None else str(data_dir))

    def app(self, options, *, seating=None):
        from clinic_tui.app import ClinicApp

        return ClinicApp(options, seating=seating)

    def game_screen(self, options, record, seating, source):
        from clinic_tui.screens.game import GameScreen

        return GameScreen(options, record=record, source=source if record.actions else None, seating=seating)

    def replay_screen(self, options, record, source):
        from clinic_tui.screens.replay import ReplayScreen

        class TableReplay(ReplayScreen):
            """The replay of a finished room: q closes the app (back to the lobby)."""

            def action_back(self) -> None:
                self.app.exit()

        return TableReplay(options, record, source)

    def plain_game(self):
        from clinic_tui.plain import ClinicPlain

        return ClinicPlain

    def preload(self) -> None:
        import clinic_tui.app  # noqa: F401
        import clinic_tui.screens.game  # noqa: F401
        import clinic_tui.screens.game_over  # noqa: F401
        import clinic_tui.screens.replay  # noqa: F401


UI = ClinicUI()

GAME = Game(
    name="clinic",
    title="Clinic",
    command="clinic",
    seats=(1, 4),
    levels=("random", "basic", "strong"),
    score_name="popularity",
    # 2: issue 11 (secret tiles, free movement, own choices, Admin in round 6);
    # ``core.clinic.game.game_record.RULES_VERSION``, the same number.
    rules_version=2,
    record_rules=record_rules,
    new_record=new_record,
    make_bot=lazy("core.clinic.game.bots:make_bot"),
    describe=lazy("core.clinic.game.narration:describe"),
    legal_actions=lazy("core.clinic.game:legal_actions"),
    apply_action=lazy("core.clinic.game:apply_action"),
    is_over=lazy("core.clinic.game:is_over"),
    player_view=lazy("core.clinic.game.view:player_view"),
    match_game=match_game,
    result=result,
    ui="clinic_tui.registration:UI",
    parse_option=parse_option,
    options_words=options_words,
    option_names="goal=NAME, side=SIDE, expansions=NAMES",
    options_help="goal=NAME alone, side=S,S one a seat",
    lobby_fields=lobby_fields,
    daily_options="goal=red-patients",  # the solitaire of ``clinic daily`` (config.DEFAULT_GOAL)
)
