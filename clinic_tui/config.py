"""Options of a Clinic session: the seats, the seed, sides, the solitaire goal, where
saves live and which save to open.

Kept free of Textual and of the engine so ``clinic --help`` and startup stay quick.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tui_common.cli import TableOptions, data_folder, parse_seats, seat_label, seat_token
from tui_common.glyphs import glyph_sets
from pathlib import Path

#: Computer levels offered (names of ``core.clinic.game.bots.BOTS``).
CPU_LEVELS = ("random", "basic", "strong")
#: The levels as the setup screen names them; ``cpu:easy`` etc. work on the command line too.
LEVEL_NAMES = {"random": "easy", "basic": "medium", "strong": "hard"}
#: Seconds a computer player pauses before each action, so people can follow it.
DEFAULT_CPU_DELAY = 0.5
#: Solitaire goals by short name -> ``SoloGoal`` member name (``core.clinic.game``).
GOALS = {
    "red-patients": "RED_PATIENTS",
    "three-hubs": "THREE_HUBS",
    "floor-3": "FLOOR_3",
    "no-waiting": "NO_WAITING",
    "red-doctors": "RED_DOCTORS",
}
GOAL_TEXT = {
    "red-patients": "treat 4 red patients",
    "three-hubs": "run 3 service hubs",
    "floor-3": "build on floor 3",
    "no-waiting": "end with no patient left waiting",
    "red-doctors": "train 2 red doctors",
    # The 911th Extension's goals (they replace the base goal and bring the ED along)
    "ed-full-board": "ED: build your whole emergency department board",
    "ed-dark-rooms": "ED: build 2 dark emergency rooms",
    "ed-light": "ED: treat 6 light emergency patients",
    "ed-dark": "ED: treat 4 dark emergency patients",
    "ed-medium": "ED: treat only medium emergency patients",
}
#: The 911th Extension's solitaire goals by short name -> ``EDGoal`` member name.
ED_GOALS = {
    "ed-full-board": "FULL_BOARD",
    "ed-dark-rooms": "DARK_ROOMS",
    "ed-light": "LIGHT_TREATED",
    "ed-dark": "DARK_TREATED",
    "ed-medium": "ONLY_MEDIUM",
}
DEFAULT_GOAL = "red-patients"
#: The expansions (four minis and The 911th Extension), by option name (``core.clinic.game.constants.EXPANSIONS``, kept
#: here so ``clinic --help`` needs no engine), with what each adds in one line.
EXPANSIONS = {
    "blood": "Blood Transfusion: staff give blood, nurses carry it to patients",
    "extinguishers": "Extinguishers: +1 time to walk in, +$3 a patient beside",
    "workaholics": "Workaholic Doctors: purple, $8, treat up to 4 alike",
    "zombies": "Zombies: 2 yellows alone turn zombie; it kills; a lab cures",
    "emergency": "The 911th Extension: an Emergency Department beside floor 0",
}
#: Environment variable naming the folder for saves (``--data-dir`` wins over it).
DATA_DIR_ENV = "CLINIC_DATA_DIR"


@dataclass(frozen=True)
class Seat:
    """One seat: a name, a computer level (None for a person), the expert side."""

    name: str
    cpu: str | None = None
    expert: bool = False
    side: str = "beginner"  # the player board side: "beginner" 4x3 or "expert" 3x3
    #: The name as typed when it was longer than ``tui_common.cli.MAX_NAME`` (then cut).
    cut_from: str | None = field(default=None, compare=False, repr=False)

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None

    def label(self) -> str:
        side = (" [expert, 3x3]" if self.side == "expert" else " [expert, 4x3]") if self.expert else ""
        return seat_label(self.name, self.cpu, LEVEL_NAMES) + side


@dataclass(frozen=True)
class Options(TableOptions):
    """Everything the app needs to start (``TableOptions``: the seats, seed, data folder
    — else ``$CLINIC_DATA_DIR`` — and how the game opens; paths as strings), and the
    solitaire goal, the expert sides and the mini-expansions."""

    seats: tuple[Seat, ...] = ()
    cpu_delay: float = DEFAULT_CPU_DELAY
    goal: str | None = None
    expert: bool = False
    expansions: tuple[str, ...] = ()  # --expansions blood,zombies (names of ``EXPANSIONS``)

    def with_game(self, seats: tuple[Seat, ...], seed: int | None, goal: str | None) -> Options:
        return replace(self, seats=seats, seed=seed, goal=goal)


def data_dir(options: Options) -> Path:
    """Where saves live: ``--data-dir``, else ``$CLINIC_DATA_DIR``, else the user data
    folder from platformdirs (``~/.local/share/clinic`` on Linux)."""
    return data_folder(options.data_dir, DATA_DIR_ENV, "clinic")


def parse_expansions(text: str) -> tuple[str, ...]:
    """``"blood,zombies"`` -> ``("blood", "zombies")`` (sorted, no repeats); ``""`` or
    ``"none"`` -> ``()``.  Raises ``ValueError`` naming an unknown one."""
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    if names == ["none"]:
        return ()
    unknown = [n for n in names if n not in EXPANSIONS]
    if unknown:
        raise ValueError(f"unknown expansion {unknown[0]!r}; choose from {', '.join(EXPANSIONS)}")
    return tuple(sorted(set(names)))


def parse_players(text: str, expert: bool = False) -> tuple[Seat, ...]:
    """``"Ann,Bob,cpu:basic"`` -> seats. ``cpu:LEVEL`` is a computer named after its
    level; ``NAME=cpu:LEVEL`` names it; a trailing ``+`` (``Ann+``) plays the expert
    side. ``expert`` gives every seat the expert side. Raises ``ValueError``."""
    def seat(token: str) -> Seat:
        pro = expert or token.endswith("+")
        token = token.rstrip("+").strip()
        if not token:
            raise ValueError(f"empty player name in {text!r}")
        name, cpu, cut_from = seat_token(token, CPU_LEVELS, LEVEL_NAMES)
        return Seat(name, cpu, pro, "expert" if pro else "beginner", cut_from=cut_from)

    return parse_seats(text, "Clinic", seat)


#: Marks that are never colour alone, (Unicode, ASCII); ``ASCII`` for plain terminals.
Glyphs, UNICODE, ASCII = glyph_sets(
    "Glyphs", working=("✓", "+"), idle=("✗", "x"), cursor=("▶", ">"), target=("◆", "*"), car=("▪", "c"),
    conveyor=("≡", "="), path=("·", "."), empty=("·", "."), turn=("▶", ">"),
)
